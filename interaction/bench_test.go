package interaction

import (
	"os"
	"testing"
)

func BenchmarkDecode(b *testing.B) {
	body, err := os.ReadFile("testdata/slash_mod_ban.json")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if _, err := Decode(body); err != nil {
			b.Fatal(err)
		}
	}
}
