package command

import (
	"fmt"
	"regexp"
	"testing"
	"unicode"
	"unicode/utf8"
)

// slashNamePattern is the service's pattern for slash names, in the
// notation of package regexp, which spells \p{sc=Deva} as \p{Devanagari}.
var slashNamePattern = regexp.MustCompile(`^[-_'\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// TestSlashNameRuneMatchesThePattern holds slashNameRune to the pattern
// on every rune, a quarter of them in each of four subtests run in
// parallel: the million matches are the test's whole time.
func TestSlashNameRuneMatchesThePattern(t *testing.T) {
	t.Parallel()
	const quarter = (unicode.MaxRune + 1) / 4
	for lo := rune(0); lo <= unicode.MaxRune; lo += quarter {
		hi := min(lo+quarter-1, unicode.MaxRune)
		t.Run(fmt.Sprintf("%U to %U", lo, hi), func(t *testing.T) {
			t.Parallel()
			var buf [utf8.UTFMax]byte
			for r := lo; r <= hi; r++ {
				if !utf8.ValidRune(r) {
					continue
				}
				if got, want := slashNameRune(r), slashNamePattern.Match(utf8.AppendRune(buf[:0], r)); got != want {
					t.Errorf("slashNameRune(%U %q) = %v, the pattern says %v", r, r, got, want)
				}
			}
		})
	}
}

func TestSlashNameCheckMatchesThePattern(t *testing.T) {
	names := []string{
		"", "a", "ping", "don't", "a-b_c", "生日", "नमस्ते", "สวัสดี", "ß", "ǆ",
		"12345678901234567890123456789012", "123456789012345678901234567890123",
		"éééééééééééééééééééééééééééééééé", "ééééééééééééééééééééééééééééééééé",
		"a b", "a.b", "a\x00", "😀", "a\u200d", "\u0301", "\u0e31",
	}
	for _, name := range names {
		c := slashNameRule.check(name)
		lengthOK := slashNameRule.min <= c.n && c.n <= slashNameRule.max
		if got, want := !c.badUTF8 && lengthOK && c.badRune < 0, slashNamePattern.MatchString(name); got != want {
			t.Errorf("check(%q) passes the pattern: %v, want %v", name, got, want)
		}
	}
}

func FuzzSlashNameCheck(f *testing.F) {
	for _, s := range []string{"ping", "Ping", "生日", "a b", "नमस्ते", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		c := slashNameRule.check(name)
		if !utf8.ValidString(name) {
			if !c.badUTF8 {
				t.Fatalf("check(%q) misses bad UTF-8", name)
			}
			return
		}
		lengthOK := 1 <= c.n && c.n <= 32
		if got, want := lengthOK && c.badRune < 0, slashNamePattern.MatchString(name); got != want {
			t.Fatalf("check(%q) passes the pattern: %v, want %v", name, got, want)
		}
		lower := true
		for _, r := range name {
			if unicode.ToLower(r) != r {
				lower = false
			}
		}
		if c.upper == lower {
			t.Fatalf("check(%q).upper = %v", name, c.upper)
		}
	})
}
