package ident

import "testing"

func TestValidFollowsTheRuleOfAPartsName(t *testing.T) {
	tests := []struct {
		s    string
		want bool
	}{
		{"", false},
		{"id", true},
		{"_", true},
		{"_x9", true},
		{"Poll2", true},
		{"9lives", false},
		{"with-dash", false},
		{"with space", false},
		{"a:b", false},
		{"café", false},
		{"{id}", false},
	}
	for _, tt := range tests {
		if got := Valid(tt.s); got != tt.want {
			t.Errorf("Valid(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

func FuzzValid(f *testing.F) {
	for _, s := range []string{"", "id", "9", "a-b", "_Z_9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !Valid(s) {
			return
		}
		// A valid name is ASCII, starts with no digit and holds none of
		// the characters that delimit a pattern.
		for i := 0; i < len(s); i++ {
			if s[i] >= 0x80 || s[i] == ':' || s[i] == '{' || s[i] == '}' {
				t.Fatalf("Valid(%q) passed byte %q", s, s[i])
			}
		}
		if '0' <= s[0] && s[0] <= '9' {
			t.Fatalf("Valid(%q) passed a leading digit", s)
		}
	})
}
