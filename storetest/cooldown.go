package storetest

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/cooldown"
)

// TestCooldownStore checks a cooldown.Store against its contract, on the
// stores open returns, a new one for each check:
//
//   - a key allows as many uses as asked within the period, and then
//     counts nothing and returns how long until the earliest of them
//     leaves the period;
//   - once that wait has passed, a use is allowed again, and not a
//     moment before; a use allowed is counted;
//   - a refused use does not push the wait back;
//   - the period slides with each use, rather than starting over;
//   - keys are counted apart: users, scopes, routes;
//   - both handles count together, as replicas sharing the store do;
//   - of many uses at once, on both handles, exactly as many as allowed
//     are counted.
func TestCooldownStore(t *testing.T, open func(t *testing.T) Handles[cooldown.Store]) {
	t.Helper()
	ctx := context.Background()
	use := func(t *testing.T, s cooldown.Store, key string, uses int, period time.Duration) time.Duration {
		t.Helper()
		wait, err := s.Use(ctx, key, uses, period)
		if err != nil {
			t.Fatalf("Use(%q, %d, %v): %v", key, uses, period, err)
		}
		return wait
	}

	t.Run("a key allows as many uses as asked, then says how long to wait", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		period := tl.period(time.Minute, 2*time.Second)
		start := tl.now()
		for i := range 3 {
			if wait := use(t, h.A, "k", 3, period); wait != 0 {
				t.Fatalf("use %d of 3 waits %v", i+1, wait)
			}
		}
		waitsFor(t, tl, "the fourth use's", use(t, h.B, "k", 3, period), period, start)
	})

	t.Run("a use is allowed once the wait has passed, not before", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		period := tl.period(time.Minute, 150*time.Millisecond)
		start := tl.now()
		use(t, h.A, "k", 1, period)
		wait := use(t, h.B, "k", 1, period)
		tl.within(t, start, period)
		if wait <= 0 {
			t.Fatal("a second use within the period was allowed")
		}
		if tl.moved() {
			tl.sleep(wait - time.Millisecond)
			if w := use(t, h.A, "k", 1, period); w <= 0 || w > time.Millisecond {
				t.Fatalf("a millisecond before the wait it said ends, a use waits %v, want up to 1ms", w)
			}
			tl.sleep(time.Millisecond)
		} else {
			tl.sleep(wait + 10*time.Millisecond)
		}
		allowed := tl.now()
		if w := use(t, h.B, "k", 1, period); w != 0 {
			t.Fatalf("once the wait it said has passed, a use still waits %v", w)
		}
		// A zero wait counts the use: the next waits a period from it.
		waitsFor(t, tl, "the use after it,", use(t, h.A, "k", 1, period), period, allowed)
	})

	t.Run("a refused use does not push the wait back", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		period := tl.period(time.Minute, 300*time.Millisecond)
		start := tl.now()
		use(t, h.A, "k", 1, period)
		tl.sleep(period / 3)
		use(t, h.A, "k", 1, period) // refused
		wait := use(t, h.B, "k", 1, period)
		tl.within(t, start, period)
		waitsFor(t, tl, "after a refused use, the", wait, period, start)
	})

	t.Run("the period slides with each use", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		period := tl.period(time.Minute, 400*time.Millisecond)
		first := tl.now()
		use(t, h.A, "k", 2, period)
		tl.sleep(period / 2)
		second := tl.now()
		use(t, h.A, "k", 2, period)
		// The first use leaves the period half a period from now, the
		// second a whole period: the next use waits for the first only.
		wait := use(t, h.B, "k", 2, period)
		tl.within(t, first, period)
		waitsFor(t, tl, "the third use, until the first leaves the period,", wait, period, first)
		tl.sleep(wait + 10*time.Millisecond)
		if w := use(t, h.A, "k", 2, period); w != 0 {
			t.Fatalf("once the first use left the period, a use waits %v", w)
		}
		w := use(t, h.B, "k", 2, period)
		tl.within(t, second, period)
		if w <= 0 {
			t.Error("a use was allowed with two uses in the period")
		}
	})

	t.Run("keys are counted apart", func(t *testing.T) {
		h := open(t)
		use(t, h.A, "command:ping:user:1", 1, time.Minute)
		for _, key := range []string{
			"command:ping:user:2",    // another user
			"command:pong:user:1",    // another command
			"command:ping:guild:1",   // another scope
			"5/1m0s:command:ping:u1", // another cooldown's
		} {
			if wait := use(t, h.B, key, 1, time.Minute); wait != 0 {
				t.Errorf("a use of %q waits %v after one of command:ping:user:1", key, wait)
			}
		}
	})

	t.Run("two handles on the store count together", func(t *testing.T) {
		h := open(t)
		use(t, h.A, "k", 2, time.Minute)
		use(t, h.B, "k", 2, time.Minute)
		if wait := use(t, h.A, "k", 2, time.Minute); wait <= 0 {
			t.Error("a third use was allowed on the first handle")
		}
		if wait := use(t, h.B, "k", 2, time.Minute); wait <= 0 {
			t.Error("a third use was allowed on the second handle")
		}
	})

	t.Run("of many uses at once, exactly as many as allowed are counted", func(t *testing.T) {
		h := open(t)
		var allowed atomic.Int32
		race(40, func(i int) {
			wait, err := pick(h, i).Use(ctx, "k", 5, time.Minute)
			if err != nil {
				t.Error(err)
			}
			if wait == 0 {
				allowed.Add(1)
			}
		})
		if n := allowed.Load(); n != 5 {
			t.Errorf("%d of 40 uses allowed, want 5", n)
		}
	})
}
