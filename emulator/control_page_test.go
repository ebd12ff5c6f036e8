package emulator_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// The lists of the control API are paged by snowflake, as the service's
// own lists are: without a query, the newest page; with before, the page
// before an id; with after, the page after it; each oldest first.
func TestTheListsOfInteractionsArePaged(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{Activities: true})
	launch := func() {
		t.Helper()
		if status, res := invoke(t, s, "/_emulator/invoke", `{"guild":"`+s.GuildID.String()+`","command":"Launch","type":4}`); status != 200 || !res.Launched {
			t.Fatalf("launching: %d %+v", status, res)
		}
	}
	var ids []interaction.Snowflake
	for i, content := range []string{"one", "two", "three", "four", "five"} {
		ids = append(ids, replied(t, s, rl, content).ID)
		if i%2 == 0 {
			launch() // the launches are listed apart
		}
	}
	idsOf := func(recs []keptRecord) []interaction.Snowflake {
		out := []interaction.Snowflake{}
		for _, r := range recs {
			out = append(out, r.Interaction.ID)
		}
		return out
	}
	for _, c := range []struct {
		query string
		want  []interaction.Snowflake
	}{
		{"", ids},
		{"?limit=2", ids[3:]},
		{"?limit=2&before=" + ids[3].String(), ids[1:3]},
		{"?before=" + ids[1].String(), ids[:1]},
		{"?before=" + ids[0].String(), nil},
		{"?limit=2&after=" + ids[1].String(), ids[2:4]},
		{"?after=" + ids[4].String(), nil},
		{"?after=1&limit=1000", ids},
	} {
		got := idsOf(keptInteractions(t, s, c.query))
		if want := append([]interaction.Snowflake{}, c.want...); !slices.Equal(got, want) {
			t.Errorf("GET /_emulator/interactions%s: %v, want %v", c.query, got, want)
		}
	}
	var launches []keptRecord
	s.control(t, "GET", "/_emulator/launches?limit=2", nil, 200, &launches)
	// Launched after the third interaction and after the fifth.
	if len(launches) != 2 || launches[0].Interaction.ID < ids[2] || launches[0].Interaction.ID > ids[3] || launches[1].Interaction.ID < ids[4] {
		t.Errorf("the newest two launches: %+v", launches)
	}
	for _, query := range []string{"limit=0", "limit=1001", "limit=ten", "before=x", "after=-1", "before=1&after=2"} {
		status, raw := control(t, s.controlURL, "GET", "/_emulator/interactions?"+query, "")
		if status != 400 || !strings.Contains(string(raw), `"invalid_input"`) {
			t.Errorf("?%s: %d %.200s, want 400 invalid_input", query, status, raw)
		}
	}
}
