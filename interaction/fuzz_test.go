package interaction_test

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/jsonscan"
)

// addDecodeSeeds gives a fuzzer the payloads of the table tests and the
// fixture, and the malformed bodies, to mutate.
func addDecodeSeeds(f *testing.F) {
	f.Add(readFixture(f, "slash_mod_ban.json"))
	for _, tt := range decodeCases(f) {
		f.Add([]byte(tt.body))
	}
	for _, tt := range malformedBodies {
		if len(tt.body) < 4096 {
			f.Add([]byte(tt.body))
		}
	}
	f.Add([]byte(`{"id":"1","type":2,"data":{"name":"x","resolved":` + resolvedJSON + `}}`))
	f.Add([]byte(`{"\u0069d":"7","type":1,"member":{"joined_at":"2024-01-02T03:04:05\u002e5Z"},"context":12}`))
}

// FuzzDecode checks that no body makes Decode panic, that its errors are of
// the two kinds, and that a decoded interaction can be used: routed, its
// resolved data looked up under every id it holds, and encoded.
func FuzzDecode(f *testing.F) {
	addDecodeSeeds(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		ix, err := interaction.Decode(body)
		if err != nil {
			if !errors.Is(err, interaction.ErrMalformed) && !errors.Is(err, interaction.ErrUnknownType) {
				t.Fatalf("error %v is neither ErrMalformed nor ErrUnknownType", err)
			}
			if ix != nil {
				t.Fatal("Decode returned an interaction with its error")
			}
			return
		}
		if ix.ID == 0 {
			t.Fatal("Decode accepted an interaction without an id")
		}
		switch ix.Type {
		case interaction.TypePing, interaction.TypeMessageComponent, interaction.TypeModalSubmit:
		case interaction.TypeApplicationCommand, interaction.TypeApplicationCommandAutocomplete:
			if ix.Data.Name == "" || ix.Data.Type == 0 {
				t.Fatalf("Decode accepted a command without a name or type: %+v", ix.Data)
			}
		default:
			t.Fatalf("Decode accepted type %v", ix.Type)
		}

		ix.Data.Route()
		ix.Data.Path()
		ix.Data.Focused()
		exerciseResolved(ix)

		// Decoding into a Buffer or a caller's Interaction gives the same.
		var buf interaction.Buffer
		ix2, err := buf.Decode(body)
		if err != nil {
			t.Fatalf("Buffer.Decode failed where Decode did not: %v", err)
		}
		var ix3 interaction.Interaction
		if err := interaction.DecodeInto(body, &ix3); err != nil {
			t.Fatalf("DecodeInto failed where Decode did not: %v", err)
		}
		if !reflect.DeepEqual(ix, ix2) || !reflect.DeepEqual(ix, &ix3) {
			t.Fatal("Decode, Buffer.Decode and DecodeInto disagree")
		}

		// Nothing decoded refers to the body.
		before := snapshot(ix)
		for i := range body {
			body[i] = 'x'
		}
		if after := snapshot(ix); !reflect.DeepEqual(before, after) {
			for k, v := range before {
				if after[k] != v {
					t.Errorf("%s changed from %q to %q", k, v, after[k])
				}
			}
			t.Fatal("overwriting the body changed the interaction")
		}

		enc, err := json.Marshal(ix)
		if err != nil {
			t.Fatalf("a decoded interaction does not encode: %v", err)
		}
		if _, err := interaction.Decode(enc); err != nil {
			t.Fatalf("a decoded interaction encodes to %s, which does not decode: %v", enc, err)
		}
	})
}

// exerciseResolved looks up every id the resolved data holds, under every
// kind, and every id the options and target name.
func exerciseResolved(ix *interaction.Interaction) {
	r := ix.Data.Resolved
	ids := []interaction.Snowflake{0, ix.Data.TargetID}
	var walk func([]interaction.OptionData)
	walk = func(opts []interaction.OptionData) {
		for _, o := range opts {
			if id, ok := o.Value.Snowflake(); ok {
				ids = append(ids, id)
			}
			walk(o.Options)
		}
	}
	walk(ix.Data.Options)
	groups := jsonscan.NewObject(r.Raw())
	for _, g, ok := groups.Next(); ok; _, g, ok = groups.Next() {
		entries := jsonscan.NewObject(g)
		for k, _, ok := entries.Next(); ok; k, _, ok = entries.Next() {
			if id, err := interaction.ParseSnowflake(string(k)); err == nil {
				ids = append(ids, id)
			}
		}
	}
	for _, id := range ids {
		r.User(id)
		r.Member(id)
		r.Role(id)
		r.Channel(id)
		r.Message(id)
		r.Attachment(id)
		r.RawMessage(id)
	}
	r.Decode()
}

// FuzzDecodeDifferential holds the hand-written decoder to a general one:
// whatever github.com/goccy/go-json/v2 decodes into an Interaction through
// its struct tags and methods, and is an interaction Decode accepts, Decode
// must decode to the same values.
func FuzzDecodeDifferential(f *testing.F) {
	addDecodeSeeds(f)
	f.Fuzz(func(t *testing.T, body []byte) { checkAgreesWithGoccy(t, body) })
}

// checkAgreesWithGoccy decodes body with both decoders and fails t if
// goccy/go-json/v2 produces an interaction Decode refuses or decodes
// otherwise. It reports whether the body was compared.
func checkAgreesWithGoccy(t *testing.T, body []byte) bool {
	t.Helper()
	var want interaction.Interaction
	if err := jsonv2.Unmarshal(body, &want); err != nil {
		// goccy v2, like encoding/json/v2, refuses duplicate keys and
		// invalid UTF-8 anywhere, where Decode takes the last of
		// duplicates and only checks the strings it reads. Those inputs
		// have no reference result.
		return false
	}
	if want.Type < interaction.TypePing || want.Type > interaction.TypeModalSubmit || want.ID == 0 {
		return false
	}
	isCommand := want.Type == interaction.TypeApplicationCommand || want.Type == interaction.TypeApplicationCommandAutocomplete
	if isCommand && want.Data.Name == "" {
		return false
	}
	if optionDepth(want.Data.Options) > 3 {
		// Decode refuses options nested deeper than group, subcommand,
		// option: no command has that shape.
		return false
	}
	if isCommand && want.Data.Type == 0 {
		want.Data.Type = interaction.CommandChatInput
	}

	got, err := interaction.Decode(body)
	if err != nil {
		t.Fatalf("Decode(%s) failed where goccy/go-json/v2 did not: %v", body, err)
	}
	cp, gotOK := view(got)
	ref, refOK := viewRef(&want)
	if !refOK {
		// The reference cannot decode a lazy object's fields: there is
		// nothing to compare them with.
		return false
	}
	if !gotOK {
		t.Fatalf("Decode(%s): a lazy object does not decode where goccy/go-json/v2 decodes it", body)
	}
	gotRaw, wantRaw := normalize(&cp), normalize(&ref)
	if compact(gotRaw) != compact(wantRaw) {
		t.Fatalf("Decode(%s): resolved data differs:\nDecode %s\nv2     %s", body, gotRaw, wantRaw)
	}
	if !reflect.DeepEqual(cp, ref) {
		t.Fatalf("Decode(%s) and goccy/go-json/v2 disagree:\nDecode\n%s\nv2\n%s", body, dump(&cp), dump(&ref))
	}
	return true
}

func optionDepth(opts []interaction.OptionData) int {
	if opts == nil {
		return 0
	}
	deepest := 0
	for _, o := range opts {
		deepest = max(deepest, optionDepth(o.Options))
	}
	return deepest + 1
}

// FuzzVerify checks that Verify never panics and that only the signature
// the key makes for a timestamp and body verifies.
func FuzzVerify(f *testing.F) {
	s := interaction.NewSigner(testKey)
	body := []byte(`{"id":"1","type":1}`)
	sig, ts := s.Sign(body, signedAt)
	f.Add([]byte(sig), []byte(ts), body)
	f.Add([]byte(strings.ToUpper(sig)), []byte(ts), body)
	f.Add([]byte(sig), []byte(ts), append(bytes.Clone(body), ' '))
	f.Add([]byte(sig[:127]), []byte(ts), body)
	f.Add([]byte("g"+sig[1:]), []byte(ts), body)
	f.Add([]byte(sig), []byte("99999999999999999999"), body)
	f.Add([]byte(sig), []byte("-1"), body)
	f.Add([]byte(""), []byte(""), []byte(""))
	f.Add(bytes.Repeat([]byte("0"), 128), []byte("0"), []byte{})

	strict := newTestVerifier(f, fixedClock(signedAt))
	open := newTestVerifier(f, interaction.WithTimestampWindow(0))
	f.Fuzz(func(t *testing.T, sig, ts, body []byte) {
		// Ed25519 signatures are deterministic: the key's signature of a
		// timestamp and body is the only one that may verify.
		genuine := false
		if raw, err := hex.DecodeString(string(sig)); err == nil && len(ts) > 0 {
			genuine = bytes.Equal(raw, ed25519.Sign(testKey, append(bytes.Clone(ts), body...)))
		}
		for name, v := range map[string]*interaction.Verifier{"with a window": strict, "without a window": open} {
			err := v.Verify(sig, ts, body)
			if err == nil && !genuine {
				t.Fatalf("%s: Verify(%q, %q, %q) accepted a signature the key did not make", name, sig, ts, body)
			}
			if err != nil && !errors.Is(err, interaction.ErrBadSignature) && !errors.Is(err, interaction.ErrMissingSignature) && !errors.Is(err, interaction.ErrStaleTimestamp) {
				t.Fatalf("%s: Verify error %v is not a signature error", name, err)
			}
		}
		if genuine {
			if err := open.Verify(sig, ts, body); err != nil {
				t.Fatalf("Verify refused the key's own signature: %v", err)
			}
		}
	})
}
