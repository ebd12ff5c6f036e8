package storetest

import (
	"sync"
	"testing"
	"time"
)

// Handles are two handles on one new, empty store, as two replicas of a
// bot hold them: the same value twice for a store in memory, two clients
// for a store on a server.
type Handles[S any] struct {
	A, B S
	// Clock, when not nil, is the clock the store reads the time from;
	// the checks move it rather than wait. Nil for a store whose clock
	// the test cannot move, such as a server's: the checks then wait
	// for the time to pass.
	Clock *Clock
}

// Clock is a clock a test moves by hand, for a store that reads the time
// from a function: give the store c.Now. It is safe for concurrent use.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a clock that reads the present time until it is
// moved.
func NewClock() *Clock { return &Clock{now: time.Now()} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// timeline is the time of the checks on one store: its Clock, or the
// real clock.
type timeline struct{ clock *Clock }

// moved reports whether the store's clock is one the checks move.
func (tl timeline) moved() bool { return tl.clock != nil }

func (tl timeline) now() time.Time {
	if tl.clock != nil {
		return tl.clock.Now()
	}
	return time.Now()
}

// sleep lets d pass: at once on a clock the checks move.
func (tl timeline) sleep(d time.Duration) {
	if d <= 0 {
		return
	}
	if tl.clock != nil {
		tl.clock.Advance(d)
		return
	}
	time.Sleep(d)
}

func (tl timeline) since(t time.Time) time.Duration { return tl.now().Sub(t) }

// settle is how long, on the real clock, the checks give a store on a
// server past a time it was told to forget something at: the command
// that set it may have reached the server late on a loaded machine, and
// a time to live counts from its arrival.
const settle = 5 * time.Second

// eventually reports whether ok holds: at once on a clock the checks
// move; on the real clock, as soon as it does, asking again until
// settle has passed.
func (tl timeline) eventually(ok func() bool) bool {
	if ok() {
		return true
	}
	if tl.clock != nil {
		return false
	}
	for end := time.Now().Add(settle); time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
		if ok() {
			return true
		}
	}
	return false
}

// slack is how far a wait a store returns may fall short of what the
// checks computed: nothing on a clock they move; on the real clock, a
// moment, for the clock of a store in another process.
func (tl timeline) slack() time.Duration {
	if tl.clock != nil {
		return 0
	}
	return 20 * time.Millisecond
}

// period returns d on a clock the checks move, where no time is waited
// out, and short, a fraction of a second, on the real clock.
func (tl timeline) period(d, short time.Duration) time.Duration {
	if tl.clock != nil {
		return d
	}
	return short
}

// within skips t when d or more has passed since mark on the real
// clock: the steps that follow judge the store by a time they must come
// within, which a loaded machine has outlasted. On a clock the checks
// move, only they move it, so a check is never skipped there: one that
// moved it too far is wrong, and fails.
func (tl timeline) within(t *testing.T, mark time.Time, d time.Duration) {
	t.Helper()
	took := tl.since(mark)
	if took < d {
		return
	}
	if tl.clock != nil {
		t.Fatalf("storetest: the check moved the clock %v, past the %v its steps must fit in", took, d)
	}
	t.Skipf("the steps took %v, past the %v they must fit in", took, d)
}
