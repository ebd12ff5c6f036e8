package emulator

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// The emulator writes <, >, & and the line and paragraph separators as
// they are, and every other escape as encoding/json does.
func TestJSONIsWrittenWithoutHTMLEscapes(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   any
		want string
	}{
		{"a mention", map[string]string{"content": "hi <@1> & <#2>"}, `{"content":"hi <@1> & <#2>"}`},
		{"the separators", "a\u2028b\u2029c", "\"a\u2028b\u2029c\""},
		{"a backslash before what looks like an escape", `\u003c`, `"\\u003c"`},
		{"quotes and control characters", "\"\n\x01", `"\"\n\u0001"`},
		{"no escapes at all", []int{1, 2}, `[1,2]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := marshalJSON(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

// Whatever a string holds, the JSON written reads back to it, and has
// none of the escapes the service does not make.
func FuzzUnescapeHTML(f *testing.F) {
	for _, s := range []string{"<a href=\"x\">&amp;</a>", "\u2028\u2029", `\u003c\\u003e`, "\xff<", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := json.Marshal(map[string]string{s: s})
		if err != nil {
			t.Skip()
		}
		out := unescapeHTML(b)
		if !json.Valid(out) {
			t.Fatalf("not JSON: %q from %q", out, b)
		}
		var back, want map[string]string
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatal(err)
		}
		json.Unmarshal(b, &want)
		for k, v := range want {
			if back[k] != v {
				t.Fatalf("read back %q, want %q", back[k], v)
			}
		}
		for _, e := range []string{`\u003c`, `\u003e`, `\u0026`, `\u2028`, `\u2029`} {
			// A backslash written as \\ may precede the letters.
			if bytes.Contains(bytes.ReplaceAll(out, []byte(`\\`), nil), []byte(e)) {
				t.Fatalf("%s left in %q", e, out)
			}
		}
	})
}

// The bytes signed and sent to the bot, and the API's answers, are
// written as the service writes them: a bot that verifies a body it
// re-serialized accepts an interaction that mentions someone.
func TestWhatIsSignedAndAnsweredHasNoHTMLEscapes(t *testing.T) {
	w := startOASWorld(t)
	mention := "<@" + w.s.Member.String() + "> & \u2028"
	res, err := w.s.Invoke(context.Background(), Invocation{Guild: w.s.GuildID, Command: "every", Options: []Arg{{"text", mention}}})
	mustOK(t, res, err)
	if !bytes.Contains(res.Body, []byte(`"value":"`+mention+`"`)) {
		t.Errorf("the interaction sent escapes what the service does not: %s", res.Body)
	}
	if !bytes.Equal(w.bot.lastOf(t, interaction.TypeApplicationCommand), res.Body) {
		t.Errorf("the bot received other bytes than those sent")
	}
	res = w.answered(t)
	a := w.anon(t, "GET", w.webhook(t, res)+"/messages/@original", "")
	if !bytes.Contains(a.body, []byte(`"content":"Vote, <@`)) {
		t.Errorf("the API's answer escapes what the service does not: %s", a.body)
	}
}
