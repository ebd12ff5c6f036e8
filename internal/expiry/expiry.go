// Package expiry orders the entries of a bounded store by when they
// expire, so that the store drops the expired ones, and the one that
// expires first when it is full, without scanning every entry.
package expiry

import (
	"container/heap"
	"time"
)

// Entry is what an entry of a store embeds to be kept in a Heap: when it
// expires, and its place in the heap.
type Entry struct {
	// Expires is when the entry expires. Changed while the entry is in
	// a heap, it is followed by the heap's Fix.
	Expires time.Time
	index   int
}

func (e *Entry) expiry() *Entry { return e }

// Item is a pointer to a store's entry, which embeds Entry.
type Item interface{ expiry() *Entry }

// Heap holds entries, the first to expire first. Its zero value is
// empty. It is not safe for concurrent use: the store's lock guards it.
type Heap[E Item] struct{ items items[E] }

// Len returns how many entries the heap holds.
func (h *Heap[E]) Len() int { return len(h.items) }

// First returns the entry that expires first; the heap must not be
// empty.
func (h *Heap[E]) First() E { return h.items[0] }

// Push adds e.
func (h *Heap[E]) Push(e E) { heap.Push(&h.items, e) }

// Pop removes and returns the entry that expires first; the heap must not
// be empty.
func (h *Heap[E]) Pop() E { return heap.Pop(&h.items).(E) }

// Remove removes e, which the heap holds.
func (h *Heap[E]) Remove(e E) { heap.Remove(&h.items, e.expiry().index) }

// Fix puts e, which the heap holds, in its place after its Expires
// changed.
func (h *Heap[E]) Fix(e E) { heap.Fix(&h.items, e.expiry().index) }

// PopExpired removes the entries that have expired at now, the first to
// expire first, and calls dropped with each.
func (h *Heap[E]) PopExpired(now time.Time, dropped func(E)) {
	for len(h.items) > 0 && !h.items[0].expiry().Expires.After(now) {
		dropped(h.Pop())
	}
}

// items is the container/heap of a Heap.
type items[E Item] []E

func (s items[E]) Len() int           { return len(s) }
func (s items[E]) Less(i, j int) bool { return s[i].expiry().Expires.Before(s[j].expiry().Expires) }
func (s items[E]) Swap(i, j int) {
	s[i], s[j] = s[j], s[i]
	s[i].expiry().index, s[j].expiry().index = i, j
}
func (s *items[E]) Push(x any) {
	e := x.(E)
	e.expiry().index = len(*s)
	*s = append(*s, e)
}
func (s *items[E]) Pop() any {
	old := *s
	e := old[len(old)-1]
	var zero E
	old[len(old)-1] = zero
	*s = old[:len(old)-1]
	return e
}
