package storetest

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/cooldown"
)

// Cooldowns checks a cooldown.Store. open returns two handles on one
// empty store.
func Cooldowns(t *testing.T, open func(t *testing.T) (a, b cooldown.Store)) {
	ctx := context.Background()
	use := func(t *testing.T, s cooldown.Store, key string, uses int, period time.Duration) time.Duration {
		t.Helper()
		wait, err := s.Use(ctx, key, uses, period)
		if err != nil {
			t.Fatalf("Use(%q): %v", key, err)
		}
		return wait
	}

	t.Run("it allows as many uses as the cooldown does, then says how long to wait", func(t *testing.T) {
		s, _ := open(t)
		const period = 2 * time.Second
		for i := range 3 {
			if wait := use(t, s, "k", 3, period); wait != 0 {
				t.Fatalf("use %d of 3 waits %v", i+1, wait)
			}
		}
		wait := use(t, s, "k", 3, period)
		if wait <= period-time.Second || wait > period {
			t.Errorf("the fourth use waits %v, want a little under %v", wait, period)
		}
	})

	t.Run("a use is allowed again once the period has passed", func(t *testing.T) {
		s, _ := open(t)
		const period = 150 * time.Millisecond
		use(t, s, "k", 1, period)
		wait := use(t, s, "k", 1, period)
		if wait <= 0 {
			t.Fatal("a second use within the period was allowed")
		}
		time.Sleep(wait + 10*time.Millisecond)
		if wait := use(t, s, "k", 1, period); wait != 0 {
			t.Errorf("after the wait it said, a use still waits %v", wait)
		}
	})

	t.Run("a refused use does not push the wait back", func(t *testing.T) {
		s, _ := open(t)
		const period = 300 * time.Millisecond
		start := time.Now()
		use(t, s, "k", 1, period)
		time.Sleep(100 * time.Millisecond)
		use(t, s, "k", 1, period) // refused
		wait := use(t, s, "k", 1, period)
		if end := time.Since(start) + wait; end > period+50*time.Millisecond {
			t.Errorf("after refused uses the wait ends %v after the first use, want %v", end, period)
		}
	})

	t.Run("the period slides with each use", func(t *testing.T) {
		s, _ := open(t)
		const period = 400 * time.Millisecond
		use(t, s, "k", 2, period)
		time.Sleep(200 * time.Millisecond)
		use(t, s, "k", 2, period)
		// The first use leaves the period 200ms from now, the second
		// 400ms: the next use waits for the first only.
		wait := use(t, s, "k", 2, period)
		if wait <= 0 || wait > 250*time.Millisecond {
			t.Fatalf("the third use waits %v, want until the first leaves the period, about 200ms", wait)
		}
		time.Sleep(wait + 10*time.Millisecond)
		if w := use(t, s, "k", 2, period); w != 0 {
			t.Fatalf("once the first use left, a use waits %v", w)
		}
		if w := use(t, s, "k", 2, period); w <= 0 {
			t.Error("a use was allowed with two uses in the period")
		}
	})

	t.Run("keys are counted apart", func(t *testing.T) {
		s, _ := open(t)
		use(t, s, "command:ping:user:1", 1, time.Minute)
		if wait := use(t, s, "command:ping:user:2", 1, time.Minute); wait != 0 {
			t.Errorf("another user's use waits %v", wait)
		}
		if wait := use(t, s, "command:pong:user:1", 1, time.Minute); wait != 0 {
			t.Errorf("the same user's use of another command waits %v", wait)
		}
	})

	t.Run("two handles on the store count together", func(t *testing.T) {
		a, b := open(t)
		use(t, a, "k", 2, time.Minute)
		use(t, b, "k", 2, time.Minute)
		if wait := use(t, a, "k", 2, time.Minute); wait <= 0 {
			t.Error("a third use was allowed on the first handle")
		}
		if wait := use(t, b, "k", 2, time.Minute); wait <= 0 {
			t.Error("a third use was allowed on the second handle")
		}
	})

	t.Run("of many uses at once, exactly as many as allowed get through", func(t *testing.T) {
		a, b := open(t)
		var allowed atomic.Int32
		var wg sync.WaitGroup
		for i := range 40 {
			s := a
			if i%2 == 1 {
				s = b
			}
			wg.Go(func() {
				wait, err := s.Use(ctx, "k", 5, time.Minute)
				if err != nil {
					t.Error(err)
				}
				if wait == 0 {
					allowed.Add(1)
				}
			})
		}
		wg.Wait()
		if n := allowed.Load(); n != 5 {
			t.Errorf("%d of 40 uses allowed, want 5", n)
		}
	})
}
