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

	gojson "github.com/goccy/go-json"
	"github.com/goccy/go-json/jsontext"
	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/signer"
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
	f.Add([]byte(`{"id":"1","type":3,"data":{"custom_id":"c","component_type":2},"guild":{"id":"3","locale":"fr","features":["COMMUNITY"]},"message":` + sentMessage + `}`))
	for _, b := range []*interactiontest.Builder{
		interactiontest.Button("poll:7:yes"),
		interactiontest.Select("colour", "red", "blue"),
		interactiontest.Component("who", interaction.ComponentUserSelect).SelectedUser(interaction.User{ID: 9, Username: "u"}, &interaction.Member{}),
		interactiontest.ModalSubmit("report").TextInput("title", "t").RowTextInput("d", "").ModalSelect("k", "a").
			FileUpload("f", interaction.Attachment{ID: 8, Filename: "a.png"}),
		interactiontest.ModalSubmit("order").RadioGroup("size", "m").RadioGroup("colour", "").CheckboxGroup("extras").
			CheckboxGroup("toppings", "basil", "olive").Checkbox("terms", true).Checkbox("news", false).
			ModalUsers("who", []interaction.User{{ID: 9, Username: "u"}}, nil).ModalRoles("role", interaction.Role{ID: 10, Name: "r"}).
			ModalChannels("where", interaction.Channel{ID: 11, Type: interaction.ChannelGuildText}),
	} {
		f.Add(b.JSON())
	}
}

// FuzzDecode checks that no body makes Decode panic, that its errors are of
// the two kinds, and that a decoded interaction can be used: routed, its
// resolved data looked up under every id it holds, and encoded.
func FuzzDecode(f *testing.F) {
	addDecodeSeeds(f)
	fixture := readFixture(f, "slash_mod_ban.json")
	f.Fuzz(func(t *testing.T, body []byte) {
		ix, err := decodeBody(body)
		if err != nil {
			if !errors.Is(err, interaction.ErrMalformed) && !errors.Is(err, interaction.ErrUnknownType) {
				t.Fatalf("error %v is neither ErrMalformed nor ErrUnknownType", err)
			}
			if ix != nil {
				t.Fatal(err)
			}
			return
		}
		if ix.ID == 0 {
			t.Fatal("Decode accepted an interaction without an id")
		}
		switch ix.Type {
		case interaction.TypePing:
		case interaction.TypeMessageComponent, interaction.TypeModalSubmit:
			if ix.Data.CustomID == "" {
				t.Fatalf("Decode accepted a %v without a custom_id", ix.Type)
			}
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
		for c := range ix.Data.Inputs {
			if found, ok := ix.Data.Submitted(c.CustomID); !ok || found.CustomID != c.CustomID {
				t.Fatalf("Submitted(%q) = %+v, %v; Inputs gave %+v", c.CustomID, found, ok, c)
			}
		}
		if ix.Message != nil {
			for _, c := range ix.Message.Components {
				c.ComponentType()
			}
		}
		ix.Invoker()
		exerciseResolved(ix)

		// Decoding into an Interaction that held another gives the same.
		reused := interaction.Interaction{Token: "stale", Member: interaction.LazyOf(interaction.Member{Nick: "stale"})}
		err = interaction.Decode(body, &reused)
		if err == nil {
			// Read as ix was, so that both have built the index of
			// their resolved data.
			exerciseResolved(&reused)
		}
		if err != nil || !reflect.DeepEqual(*ix, reused) {
			t.Fatalf("Decode into a used Interaction = %v; differs from Decode into a new one", err)
		}

		// Nothing decoded refers to the body, nor to the decoder's buffers,
		// which the next decode reuses.
		before := snapshot(ix)
		for i := range body {
			body[i] = 'x'
		}
		if _, err := decodeBody(fixture); err != nil {
			t.Fatal(err)
		}
		if after := snapshot(ix); !reflect.DeepEqual(before, after) {
			for k, v := range before {
				if after[k] != v {
					t.Errorf("%s changed from %q to %q", k, v, after[k])
				}
			}
			t.Fatal("reusing the body changed the interaction")
		}

		enc, err := json.Marshal(ix)
		if err != nil {
			t.Fatalf("a decoded interaction does not encode: %v", err)
		}
		if _, err := decodeBody(enc); err != nil {
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
	for _, v := range ix.Data.Values {
		if id, err := interaction.ParseSnowflake(v); err == nil {
			ids = append(ids, id)
		}
	}
	var groups map[string]map[string]json.RawMessage
	_ = json.Unmarshal(r.Raw(), &groups) // what does not decode has no ids
	for _, entries := range groups {
		for k := range entries {
			if id, err := interaction.ParseSnowflake(k); err == nil {
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

// FuzzDecodeDifferential holds Decode, which decodes with
// github.com/goccy/go-json/v2, to encoding/json: what both accept must
// decode to the same interaction, and neither may accept what the other
// refuses, but for the leniencies of encoding/json that Decode does without.
func FuzzDecodeDifferential(f *testing.F) {
	addDecodeSeeds(f)
	f.Fuzz(func(t *testing.T, body []byte) { checkAgreesWithEncodingJSON(t, body) })
}

// checkAgreesWithEncodingJSON decodes body with Decode and with
// encoding/json, and fails t if they disagree. It reports whether the two
// decoded interactions were compared.
func checkAgreesWithEncodingJSON(t *testing.T, body []byte) bool {
	t.Helper()
	got, err := decodeBody(body)
	want, refErr := decodeWithEncodingJSON(body)
	if err == nil && refErr != nil {
		// encoding/json hands a time.Time the bytes of a timestamp, escapes
		// and all, where Decode reads the text they stand for: the
		// reference reads the body with its strings unescaped.
		if unescaped, ferr := jsontext.AppendFormat(nil, body); ferr == nil {
			want, refErr = decodeWithEncodingJSON(unescaped)
		}
	}
	switch {
	case err != nil && refErr != nil:
		return false
	case err == nil && refErr != nil:
		t.Fatalf("Decode(%q) accepted what encoding/json refuses: %v", body, refErr)
	case err != nil:
		if lenientOnly(body) {
			return false
		}
		t.Fatalf("Decode(%q) = %v; encoding/json accepts it", body, err)
	}
	if foldedNames(body) {
		// encoding/json read a member whose name matches a field only
		// ignoring case, which Decode skips.
		return false
	}
	cp, gotOK := view(got)
	ref, refOK := viewRef(want, false)
	if gotOK && !refOK {
		ref, refOK = viewRef(want, true)
	}
	if gotOK != refOK {
		if refOK && lazyLenientOnly(got) {
			return false
		}
		t.Fatalf("Decode(%q): the lazy objects decode %v; with encoding/json, %v", body, gotOK, refOK)
	}
	if !gotOK {
		// Both refuse a lazy object: what each decoded before it stopped
		// is no result to compare.
		cp.Channel, cp.Member, ref.Channel, ref.Member = nil, nil, nil, nil
	}
	gotRaw, wantRaw := normalize(&cp), normalize(&ref)
	if formatted(gotRaw) != formatted(wantRaw) {
		t.Fatalf("Decode(%q): resolved data differs:\nDecode        %s\nencoding/json %s", body, gotRaw, wantRaw)
	}
	if !reflect.DeepEqual(cp, ref) {
		t.Fatalf("Decode(%q) and encoding/json disagree:\nDecode\n%s\nencoding/json\n%s", body, dump(&cp), dump(&ref))
	}
	return true
}

// decodeWithEncodingJSON decodes body with encoding/json and makes the
// checks Decode makes.
func decodeWithEncodingJSON(body []byte) (*interaction.Interaction, error) {
	ix := new(interaction.Interaction)
	if err := json.Unmarshal(body, ix); err != nil {
		return nil, err
	}
	return ix, checkAsDecodeDoes(ix)
}

// formatted returns b compact, with its strings escaped only where JSON
// needs it, or b itself when it is not valid JSON, so that two forms of one
// document compare equal.
func formatted(b []byte) string {
	out, err := jsontext.AppendFormat(nil, b)
	if err != nil {
		return string(b)
	}
	return string(out)
}

// checkAsDecodeDoes makes the checks Decode makes of a decoded interaction,
// and sets the command type it defaults.
func checkAsDecodeDoes(ix *interaction.Interaction) error {
	switch ix.Type {
	case interaction.TypePing, interaction.TypeMessageComponent, interaction.TypeModalSubmit:
	case interaction.TypeApplicationCommand, interaction.TypeApplicationCommandAutocomplete:
		if ix.Data.Name == "" {
			return errors.New("a command without a name")
		}
		if ix.Data.Type == 0 {
			ix.Data.Type = interaction.CommandChatInput
		}
	default:
		return errors.New("an unknown type")
	}
	if ix.ID == 0 {
		return errors.New("no id")
	}
	if optionDepth(ix.Data.Options) > 3 {
		return errors.New("options nested deeper than group, subcommand, option")
	}
	return nil
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

// lenient are the leniencies of encoding/json that Decode does without, as
// options of goccy/go-json/v2: invalid UTF-8, in the bytes or the escapes
// of a string; duplicate names; names that match a field only ignoring case;
// timestamps that RFC 3339 does not allow but package time reads.
func lenient() jsonv2.Options {
	return jsonv2.JoinOptions(
		jsontext.AllowInvalidUTF8(true),
		jsontext.AllowDuplicateNames(true),
		jsonv2.MatchCaseInsensitiveNames(true),
		gojson.MatchCaseSensitiveDelimiter(true),
		gojson.ParseTimeWithLooseRFC3339(true),
	)
}

// lenientOnly reports whether body is an interaction only by a leniency of
// encoding/json that Decode does without.
func lenientOnly(body []byte) bool {
	var ix interaction.Interaction
	return jsonv2.Unmarshal(body, &ix, lenient()) == nil && checkAsDecodeDoes(&ix) == nil
}

// lazyLenientOnly reports whether the channel and the member of ix decode
// with the leniencies of encoding/json that Lazy does without.
func lazyLenientOnly(ix *interaction.Interaction) bool {
	var c interaction.Channel
	var m interaction.Member
	return (ix.Channel.IsZero() || jsonv2.Unmarshal(ix.Channel.Raw(), &c, lenient()) == nil) &&
		(ix.Member.IsZero() || jsonv2.Unmarshal(ix.Member.Raw(), &m, lenient()) == nil)
}

// foldedNames reports whether body has a member whose name is the name of a
// field of an Interaction, or of an object it holds, only ignoring case.
func foldedNames(body []byte) bool {
	known := jsonNames()
	dec := jsontext.NewDecoder(bytes.NewReader(body), jsontext.AllowInvalidUTF8(true), jsontext.AllowDuplicateNames(true))
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			return false
		}
		if tok.Kind() != '"' {
			continue
		}
		if kind, n := dec.StackIndex(dec.StackDepth()); kind != '{' || n%2 == 0 {
			continue // a value, not a name
		}
		name := tok.String()
		for k := range known {
			if k != name && strings.EqualFold(k, name) {
				return true
			}
		}
	}
}

// jsonNames returns the JSON names of the fields of an Interaction and of
// every object it holds.
func jsonNames() map[string]bool {
	names := map[string]bool{}
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			walk(t.Elem())
			return
		case reflect.Struct:
		default:
			return
		}
		if seen[t] || reflect.PointerTo(t).Implements(reflect.TypeFor[json.Unmarshaler]()) {
			// Seen, or decoded by its own method rather than by names.
			return
		}
		seen[t] = true
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" {
				name = f.Name
			}
			names[name] = true
			walk(f.Type)
		}
	}
	for _, v := range []any{interaction.Interaction{}, interaction.Member{}, interaction.Channel{}, interaction.ResolvedData{}} {
		walk(reflect.TypeOf(v))
	}
	return names
}

// FuzzVerify checks that Verify never panics and that only the signature
// the key makes for a timestamp and body verifies.
func FuzzVerify(f *testing.F) {
	s := signer.New(testKey)
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
