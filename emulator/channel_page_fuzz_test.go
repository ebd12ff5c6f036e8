package emulator

import (
	"slices"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// A page of messages is a run of the channel's, in order, of at most the
// limit, on the side of its anchor the query asks for.
func FuzzMessagePage(f *testing.F) {
	f.Add(uint8(10), uint8(3), uint8(0), uint64(0))
	f.Add(uint8(10), uint8(3), uint8(1), uint64(5))
	f.Add(uint8(10), uint8(4), uint8(2), uint64(7))
	f.Add(uint8(0), uint8(1), uint8(3), uint64(2))
	f.Fuzz(func(t *testing.T, n, limit, kind uint8, anchor uint64) {
		if limit == 0 || limit > maxMessagePage {
			return
		}
		var ids []interaction.Snowflake
		for i := range int(n) {
			ids = append(ids, interaction.Snowflake(2*i+1))
		}
		q := messageQuery{limit: int(limit)}
		a := interaction.Snowflake(anchor)
		switch kind % 4 {
		case 1:
			q.before = a
		case 2:
			q.after = a
		case 3:
			q.around = a
		}
		if a == 0 {
			q.before, q.after, q.around = 0, 0, 0
		}
		got := q.page(ids)
		if len(got) > int(limit) {
			t.Fatalf("%d messages past the limit %d", len(got), limit)
		}
		if len(got) > 0 {
			i := slices.Index(ids, got[0])
			if i < 0 || !slices.Equal(ids[i:i+len(got)], got) {
				t.Fatalf("not a run of the channel's: %v of %v", got, ids)
			}
		}
		for _, id := range got {
			if q.before != 0 && id >= q.before || q.after != 0 && id <= q.after {
				t.Fatalf("%v on the wrong side of the anchor (%+v)", id, q)
			}
		}
		if q.around == 0 && q.after == 0 && q.before == 0 && len(got) != min(len(ids), int(limit)) {
			t.Fatalf("the newest page has %d of %d", len(got), len(ids))
		}
	})
}
