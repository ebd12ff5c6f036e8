package expiry_test

import (
	"slices"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/internal/expiry"
)

type entry struct {
	expiry.Entry
	name string
}

func TestTheFirstToExpireComesFirst(t *testing.T) {
	at := func(s int) time.Time { return time.Unix(int64(s), 0) }
	var h expiry.Heap[*entry]
	a, b, c, d := &entry{name: "a"}, &entry{name: "b"}, &entry{name: "c"}, &entry{name: "d"}
	for i, e := range []*entry{a, b, c, d} {
		e.Expires = at(10 + i)
		h.Push(e)
	}
	a.Expires = at(20) // a now expires last
	h.Fix(a)
	h.Remove(c)
	if got := h.First().name; got != "b" {
		t.Fatalf("first = %s, want b", got)
	}
	var dropped []string
	h.PopExpired(at(13), func(e *entry) { dropped = append(dropped, e.name) })
	if !slices.Equal(dropped, []string{"b", "d"}) || h.Len() != 1 {
		t.Fatalf("dropped %v, %d left; want [b d] and a left", dropped, h.Len())
	}
	if got := h.Pop().name; got != "a" || h.Len() != 0 {
		t.Fatalf("popped %s, %d left", got, h.Len())
	}
}
