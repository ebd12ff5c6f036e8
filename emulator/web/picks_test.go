package web

import (
	"strconv"
	"testing"
)

// The picks kept are the latest pickLimit: the oldest goes first, and a
// value picked again is renamed where it is.
func TestPicksKeepTheLatest(t *testing.T) {
	key := func(i int) pickKey {
		return pickKey{user: 1, command: "weather", option: "city", value: strconv.Quote("c" + strconv.Itoa(i))}
	}
	p := newPicks()
	for i := range pickLimit {
		p.keep(key(i), "City "+strconv.Itoa(i))
	}
	p.keep(key(1), "City one") // renamed, not added
	p.keep(key(pickLimit), "The newest")
	tests := []struct {
		key  pickKey
		want string // "" when forgotten
	}{
		{key(0), ""},
		{key(1), "City one"},
		{key(2), "City 2"},
		{key(pickLimit - 1), "City " + strconv.Itoa(pickLimit-1)},
		{key(pickLimit), "The newest"},
		{pickKey{user: 2, command: "weather", option: "city", value: `"c2"`}, ""},
	}
	for _, tt := range tests {
		got, ok := p.name(tt.key)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("%+v: %q %v, want %q", tt.key, got, ok, tt.want)
		}
	}
	if n := len(p.names); n != pickLimit {
		t.Errorf("%d picks kept, want %d", n, pickLimit)
	}
}
