package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/emulator"
)

// Whatever a body of /api/invoke holds, it is read into an invocation or
// refused as the client refuses input, and the names of picked
// suggestions kept are names a choice may have.
func FuzzInvocationBodies(f *testing.F) {
	for _, seed := range []string{
		`{"command":"weather","options":[{"name":"city","value":"parma","shown":"Parma"}]}`,
		`{"command":"poll","options":[{"name":"size","value":2,"shown":"Large"},{"name":"n","value":1.5}]}`,
		`{"command":"weather","options":[{"name":"city","value":{"filename":"a.png","size":1},"shown":""}]}`,
		`{"line":"/greet name:Ada"}`,
		`{"line":"/greet","options":[{"name":"x","value":"y"}]}`,
		`{"command":"x","options":[{"name":"x","value":null,"shown":"é"}]}`,
	} {
		f.Add([]byte(seed))
	}
	emu, err := emulator.New(emulator.Config{})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { emu.Close() })
	h := NewHandler(emu, Config{})
	f.Fuzz(func(t *testing.T, body []byte) {
		var in invocationJSON
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if dec.Decode(&in) != nil {
			return
		}
		inv, err := h.invocation(in, false)
		var refusal *emulator.InvocationError
		if err != nil {
			if !errors.As(err, &refusal) {
				t.Fatalf("%s: %v, not a refusal", body, err)
			}
			return
		}
		if in.Line == "" && len(inv.Options) != len(in.Options) {
			t.Fatalf("%s: %d options read of %d", body, len(inv.Options), len(in.Options))
		}
		for _, o := range in.Options {
			if utf8.RuneCountInString(o.Shown) > maxChoiceName {
				t.Fatalf("%s: a name of %d characters accepted", body, utf8.RuneCountInString(o.Shown))
			}
		}
		h.keepPicks(inv, in)
	})
}
