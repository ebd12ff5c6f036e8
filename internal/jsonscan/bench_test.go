package jsonscan_test

import (
	"os"
	"testing"

	"github.com/switchboard-go/switchboard/internal/jsonscan"
)

// fixture returns the typical slash command the interaction package
// decodes: the objects Decode skips are most of its bytes.
func fixture(b *testing.B) []byte {
	b.Helper()
	body, err := os.ReadFile("../../interaction/testdata/slash_mod_ban.json")
	if err != nil {
		b.Fatal(err)
	}
	return body
}

// BenchmarkSkip passes over the whole fixture, value by value, as a
// decoder that keeps none of it would.
func BenchmarkSkip(b *testing.B) {
	body := fixture(b)
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if end, err := jsonscan.Skip(body, 0); err != nil || jsonscan.SkipSpace(body, end) != len(body) {
			b.Fatal(end, err)
		}
	}
}

// BenchmarkStringEnd finds the end of every string of the fixture.
func BenchmarkStringEnd(b *testing.B) {
	body := fixture(b)
	var starts []int
	for i := 0; i < len(body); i++ {
		if body[i] == '"' {
			end, _, err := jsonscan.StringEnd(body, i+1)
			if err != nil {
				b.Fatal(err)
			}
			starts = append(starts, i+1)
			i = end
		}
	}
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		for _, i := range starts {
			if _, _, err := jsonscan.StringEnd(body, i); err != nil {
				b.Fatal(err)
			}
		}
	}
}
