package jsonw_test

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/internal/jsonw"
)

// strings that need care, each in a sentence so that the text around an
// escape is copied too.
var tricky = []string{
	"",
	"plain ASCII",
	`"quoted" and \backslashed\ and /slashed/`,
	"<script>alert('x')</script> & friends",
	"control \x00 \x01 \x07 \x08 \x0b \x0c \x0e \x1f bytes",
	"\b\f\n\r\t",
	"delete \x7f is printable in JSON",
	"é 😀 日本語 ñ",
	"line\u2028separator\u2029paragraph",
	"\u2027\u202a neighbours of the separators",
	"invalid \xff byte",
	"truncated \xe2\x82 rune",
	"an encoded surrogate \xed\xa0\x80",
	"overlong \xc0\xaf slash",
	"beyond U+10FFFF \xf4\x90\x80\x80",
	"\ufffd is already the replacement character",
	"\xff",
	"\x00",
	"<",
	strings.Repeat("long ", 100) + "<end>",
}

func TestAppendStringWritesWhatEncodingJSONWrites(t *testing.T) {
	for _, s := range tricky {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		got := jsonw.AppendString([]byte("prefix:"), s)
		if string(got) != "prefix:"+string(want) {
			t.Errorf("AppendString(%q) = %s; encoding/json writes %s", s, got[len("prefix:"):], want)
		}
	}
}

func TestAppendStringRoundTripsValidText(t *testing.T) {
	for _, s := range tricky {
		b := jsonw.AppendString(nil, s)
		var back string
		if err := json.Unmarshal(b, &back); err != nil {
			t.Errorf("AppendString(%q) = %s: %v", s, b, err)
			continue
		}
		if utf8.ValidString(s) && back != s {
			t.Errorf("AppendString(%q) decodes to %q", s, back)
		}
	}
}

func TestAppendStringAllocatesOnlyToGrow(t *testing.T) {
	buf := make([]byte, 0, 1024)
	s := tricky[3] + tricky[4] + tricky[10]
	if n := testing.AllocsPerRun(10, func() { buf = jsonw.AppendString(buf[:0], s) }); n != 0 {
		t.Errorf("AppendString into a large enough buffer allocates %v times", n)
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range tricky {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := jsonw.AppendString(nil, s); string(got) != string(want) {
			t.Errorf("AppendString(%q) = %s; encoding/json writes %s", s, got, want)
		}
	})
}
