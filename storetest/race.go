package storetest

import (
	"sync"
	"testing"
	"time"
)

// race calls f from n goroutines let go at once, each given its number.
func race(n int, f func(i int)) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			f(i)
		})
	}
	close(start)
	wg.Wait()
}

// pick returns h.A for even i and h.B for odd, so that callers at once
// use both handles.
func pick[S any](h Handles[S], i int) S {
	if i%2 == 1 {
		return h.B
	}
	return h.A
}

// waitsFor fails t unless wait is what is left of d since mark: at most
// d, and at least d less the time since mark and the timeline's slack.
// The bound comes from what was measured, so a loaded machine, which
// makes every step later, cannot fail it.
func waitsFor(t *testing.T, tl timeline, what string, wait, d time.Duration, mark time.Time) {
	t.Helper()
	if lo := d - tl.since(mark) - tl.slack(); wait <= 0 || wait > d || wait < lo {
		t.Errorf("%s wait %v, want what is left of %v, at least %v", what, wait, d, lo)
	}
}
