package playground

import "testing"

func TestLastWordKeepsAQuotedValueWhole(t *testing.T) {
	for _, tt := range []struct{ line, want string }{
		{"/weather city:Par", "city:Par"},
		{`/weather city:"New Yo`, `city:"New Yo`},
		{`/say text:"a \" b" n:`, "n:"},
		{`/say text:"a \" b`, `text:"a \" b`},
		{"/mod ", ""},
		{"/ping", "/ping"},
	} {
		if got := lastWord(tt.line); got != tt.want {
			t.Errorf("lastWord(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}
