package jsonscan_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/internal/jsonscan"
)

// stringEnd is StringEnd written one byte at a time, as the grammar reads:
// the reference the word-at-a-time scan must agree with.
func stringEnd(b []byte, i int) (end int, special bool, ok bool) {
	for i < len(b) {
		c := b[i]
		switch {
		case c == '"':
			return i, special, true
		case c == '\\':
			special = true
			if i+1 >= len(b) {
				return 0, false, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) {
					return 0, false, false
				}
				for _, h := range b[i+2 : i+6] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return 0, false, false
					}
				}
				i += 6
			default:
				return 0, false, false
			}
		case c < 0x20:
			return 0, false, false
		default:
			if c >= 0x80 {
				special = true
			}
			i++
		}
	}
	return 0, false, false
}

func checkStringEnd(t *testing.T, b []byte, i int) {
	t.Helper()
	end, special, err := jsonscan.StringEnd(b, i)
	wantEnd, wantSpecial, ok := stringEnd(b, i)
	if ok != (err == nil) || ok && (end != wantEnd || special != wantSpecial) {
		t.Errorf("StringEnd(%q, %d) = %d, %v, %v; want %d, %v, ok=%v", b, i, end, special, err, wantEnd, wantSpecial, ok)
	}
	if err != nil && !errors.Is(err, jsonscan.ErrSyntax) {
		t.Errorf("StringEnd(%q, %d) error %v is not ErrSyntax", b, i, err)
	}
}

// TestStringEndFindsEveryStopByteInEveryLane puts each byte that stops the
// scan at each position of the first two eight-byte words, after each
// start offset, with the string closed at each distance after it: the
// word-at-a-time scan must agree with the byte-at-a-time grammar each time.
func TestStringEndFindsEveryStopByteInEveryLane(t *testing.T) {
	stops := []string{
		`"`, `\"`, `\\`, `\/`, `\n`, `\u00e9`, `\uD83D`, `\x`, `\u12`, `\u12G4`, `\`,
		"\x00", "\x01", "\x1f", "\x7f", "\x80", "\xc3\xa9", "\xff", " ", "!", "#", "[", "\xe2\x80\xa8",
	}
	for start := 0; start < 4; start++ {
		for pos := 0; pos < 16; pos++ {
			for _, stop := range stops {
				for tail := 0; tail < 10; tail++ {
					var b strings.Builder
					b.WriteString(strings.Repeat("x", start))
					b.WriteString(strings.Repeat("a", pos))
					b.WriteString(stop)
					b.WriteString(strings.Repeat("b", tail))
					b.WriteString(`"`)
					// Bytes after the string, which a word read may take in.
					b.WriteString(`,"next\"":1`)
					checkStringEnd(t, []byte(b.String()), start)
					// And the same string cut before its end.
					s := b.String()
					for cut := start; cut < len(s) && cut < start+pos+len(stop)+tail+1; cut++ {
						checkStringEnd(t, []byte(s[:cut]), start)
					}
				}
			}
		}
	}
}

func TestStringEndAtTheEdges(t *testing.T) {
	tests := []struct {
		in      string
		i       int
		end     int
		special bool
		ok      bool
	}{
		{`"`, 0, 0, false, true},
		{``, 0, 0, false, false},
		{`abc`, 0, 0, false, false},
		{`abcdefgh`, 0, 0, false, false},
		{`abcdefgh"`, 0, 8, false, true},
		{`abcdefghijklmnop"`, 0, 16, false, true},
		{`abcdefghijklmnop`, 0, 0, false, false},
		{`"x"`, 1, 2, false, true},
		{`x"`, 5, 0, false, false},
		{`\u00e9"`, 0, 6, true, true},
		{`\u00e`, 0, 0, false, false},
		{`"\"`, 0, 0, false, true},
		{`\""`, 0, 2, true, true},
		{"é\"", 0, 2, true, true},
		{"abcdefg\xc3\xa9abcdefgh\"", 0, 17, true, true},
		// The quote ends the string even when bytes before it need no
		// decoding and bytes after it would.
		{"abcdefg\"\\x\x00", 0, 7, false, true},
	}
	for _, tt := range tests {
		end, special, err := jsonscan.StringEnd([]byte(tt.in), tt.i)
		if (err == nil) != tt.ok || tt.ok && (end != tt.end || special != tt.special) {
			t.Errorf("StringEnd(%q, %d) = %d, %v, %v; want %d, %v, ok=%v", tt.in, tt.i, end, special, err, tt.end, tt.special, tt.ok)
		}
		checkStringEnd(t, []byte(tt.in), tt.i)
	}
}

// TestStringEndOverEveryShortString compares the two scans over every string
// of up to four bytes from an alphabet of the bytes that matter.
func TestStringEndOverEveryShortString(t *testing.T) {
	alphabet := []byte{'a', '"', '\\', 'u', '0', 'n', 0x01, 0x7f, 0x80, 0xff}
	var rec func(prefix []byte)
	rec = func(prefix []byte) {
		// Pad to beyond one word so that the word scan runs too.
		for _, pad := range []int{0, 5, 9} {
			b := append([]byte(strings.Repeat("p", pad)), prefix...)
			checkStringEnd(t, b, 0)
			checkStringEnd(t, append(b, '"'), 0)
		}
		if len(prefix) == 4 {
			return
		}
		for _, c := range alphabet {
			rec(append(prefix[:len(prefix):len(prefix)], c))
		}
	}
	rec(nil)
}

func ExampleStringEnd() {
	b := []byte(`"caf\u00e9",1`)
	end, special, err := jsonscan.StringEnd(b, 1)
	fmt.Println(end, special, err, string(b[1:end]))
	// Output: 10 true <nil> caf\u00e9
}
