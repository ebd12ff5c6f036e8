package jsonscan_test

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/internal/jsonscan"
)

func isPlain(c byte) bool { return c >= 0x20 && c < 0x80 && c != '"' && c != '\\' }

// TestPlainEndAndPlainBytes puts each byte value at each position of the
// first three words after each start offset: PlainBytes must stop at the
// first byte that is not plain text, and PlainEnd there too or, when fewer
// than eight bytes remain, anywhere before it past the bytes it read.
func TestPlainEndAndPlainBytes(t *testing.T) {
	for start := range 9 {
		for pos := range 24 {
			for c := range 256 {
				for _, tail := range []int{0, 3, 12} {
					b := []byte(strings.Repeat("a", start+pos+1+tail))
					b[start+pos] = byte(c)
					want := start
					for want < len(b) && isPlain(b[want]) {
						want++
					}
					if got := jsonscan.PlainBytes(b, start); got != want {
						t.Fatalf("PlainBytes(%q, %d) = %d; want %d", b, start, got, want)
					}
					got := jsonscan.PlainEnd(b, start)
					if got > want || got < want && len(b)-got >= 8 {
						t.Fatalf("PlainEnd(%q, %d) = %d; first stop at %d", b, start, got, want)
					}
				}
			}
		}
	}
}
