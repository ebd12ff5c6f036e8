package interaction_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// BenchmarkDecode decodes the typical slash command,
// testdata/slash_mod_ban.json, as the router does: into an Interaction the
// caller holds, which the router allocates with the rest of the request's
// state, and which is not counted here.
func BenchmarkDecode(b *testing.B) {
	body := readFixture(b, "slash_mod_ban.json")
	ix := new(interaction.Interaction)
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if err := interaction.Decode(body, ix); err != nil {
			b.Fatal(err)
		}
	}
}
