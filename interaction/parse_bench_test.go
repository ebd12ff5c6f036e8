package interaction

import (
	"os"
	"testing"
)

// BenchmarkParse measures the parser alone on the typical slash command:
// no allocation, no copy out of the body.
func BenchmarkParse(b *testing.B) {
	body, err := os.ReadFile("testdata/slash_mod_ban.json")
	if err != nil {
		b.Fatal(err)
	}
	var s storage
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		s.nOptions = 0
		s.ix = Interaction{}
		p := parser{b: body, spare: &s}
		p.interaction(&s.ix)
		if p.end() != nil {
			b.Fatal(p.err)
		}
	}
}
