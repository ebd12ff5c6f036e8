package emulator

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// The decoder of the control API's bodies takes any bytes without
// panicking, accepts only UTF-8, and what it accepts, written back as
// JSON, reads the same.
func FuzzControlBodies(f *testing.F) {
	for _, seed := range []string{
		`{"user":"1","locale":"fr","message":"2","channel":"3","button":"Yes"}`,
		`{"select":"colour","values":["r","Blue"]}`,
		`{"select":"who","values":[]}`,
		`{"modal":"feedback","fields":{"Name":"Ada"},"values":{"colour":["b"]},"files":{"proof":[{"filename":"a.png","size":3}]}}`,
		`{"user":12,"button":"x"}`,
		`{"buton":"Yes"}`,
		`{"values":null,"fields":{}}`,
		`{"guild":"2","command":"mod ban","type":1,"options":[{"name":"user","value":"3"},{"name":"days","value":3}],"target":"4"}`,
		`{"command":"echo","options":[{"name":"file","value":{"filename":"a.png","size":3}},{"name":"on","value":true}]}`,
		`{"line":"/mod ban user:@bob reason:spam","focused":"reason","locale":"fr"}`,
		`{"route":"commands","count":2,"kind":"rate_limit","retry_after":1.5,"global":false}`,
		`{"user":"1","guild":"2","scopes":["bot","applications.commands"]}`,
		`{"sku_id":"3","user_id":"1","guild_id":"2","type":8,"starts_at":"2026-01-01T00:00:00Z","ends_at":"2026-02-01T00:00:00+01:00","consumed":false}`,
		`{"ends_at":"2026-02-01T00:00:00Z"}`,
		"{\"locale\":\"fr\xff\"}",
		`{} {}`,
		`{}}`,
		`[]`,
		``,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		readsTheSame[clickJSON](t, body)
		readsTheSame[chooseJSON](t, body)
		readsTheSame[submitJSON](t, body)
		readsTheSame[invocationJSON](t, body)
		readsTheSame[faultJSON](t, body)
		readsTheSame[installJSON](t, body)
		readsTheSame[entitlementJSON](t, body)
		readsTheSame[entitlementEndJSON](t, body)
	})
}

// readsTheSame checks that a body decodeControl accepts as a T is UTF-8,
// and that the T it reads, written back as JSON, reads the same.
func readsTheSame[T any](t *testing.T, body []byte) {
	t.Helper()
	var v T
	if decodeControl(body, &v) != nil {
		return
	}
	if !utf8.Valid(body) {
		t.Fatalf("accepted %q as a %T, which is not UTF-8", body, v)
	}
	once := encode(t, v)
	var again T
	if err := decodeControl(once, &again); err != nil {
		t.Fatalf("%T %s does not read back: %v", v, once, err)
	}
	if twice := encode(t, again); !bytes.Equal(twice, once) {
		t.Fatalf("%T %s read back as %s", v, once, twice)
	}
}

func encode(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestTheDecoderOfControlBodiesSaysWhatItRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       string // in the error; empty for none
	}{
		{"every field it has", `{"user":"1","guild":"2","channel":"3","locale":"fr","command":"echo","type":1,` +
			`"options":[{"name":"text","value":"hi"}],"target":"4","focused":"text","line":""}`, ""},
		{"a field it does not have", `{"comand":"echo"}`, `unknown field "comand"`},
		{"a field of an option it does not have", `{"command":"echo","options":[{"name":"text","vaule":"hi"}]}`, `unknown field "vaule"`},
		{"bytes that are not UTF-8", "{\"command\":\"ec\xffho\"}", "not UTF-8 at byte 14"},
		{"a locale that is not UTF-8", "{\"locale\":\"fr\xc3\"}", "not UTF-8 at byte 13"},
		{"a second value", `{"command":"echo"} {}`, "more after the JSON value"},
		{"a stray brace", `{"command":"echo"}}`, "more after the JSON value"},
		{"no value", ``, "EOF"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var in invocationJSON
			err := decodeControl([]byte(tc.body), &in)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("err = %v, want one saying %q", err, tc.want)
			}
		})
	}
}
