package storetest

import (
	"context"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/concurrency"
)

// TestConcurrencyStore checks a concurrency.Store against its contract,
// on the stores open returns, a new one for each check:
//
//   - a key gives as many slots as asked, each with a token of its own,
//     and then refuses;
//   - a released slot is free again; releasing a slot no longer held
//     does nothing;
//   - a slot whose lease has ended is free, as when its holder died, and
//     not a moment before;
//   - a renewed lease lasts from its renewal; a lease that ended, or a
//     slot released, is not renewed, and renewing it takes no slot;
//   - keys are counted apart;
//   - both handles count together, as replicas sharing the store do, and
//     a slot taken on one is renewed and released on the other;
//   - of many acquisitions at once, on both handles, exactly as many as
//     there are slots succeed, and every token is unique.
func TestConcurrencyStore(t *testing.T, open func(t *testing.T) Handles[concurrency.Store]) {
	t.Helper()
	ctx := context.Background()
	acquire := func(t *testing.T, s concurrency.Store, key string, n int, lease time.Duration) (string, bool) {
		t.Helper()
		token, ok, err := s.Acquire(ctx, key, n, lease)
		if err != nil {
			t.Fatalf("Acquire(%q, %d, %v): %v", key, n, lease, err)
		}
		if ok && token == "" {
			t.Fatalf("Acquire(%q, %d, %v) took a slot with an empty token", key, n, lease)
		}
		return token, ok
	}
	renew := func(t *testing.T, s concurrency.Store, key, token string, lease time.Duration) bool {
		t.Helper()
		ok, err := s.Renew(ctx, key, token, lease)
		if err != nil {
			t.Fatalf("Renew(%q, %q, %v): %v", key, token, lease, err)
		}
		return ok
	}
	release := func(t *testing.T, s concurrency.Store, key, token string) {
		t.Helper()
		if err := s.Release(ctx, key, token); err != nil {
			t.Fatalf("Release(%q, %q): %v", key, token, err)
		}
	}

	t.Run("a key gives as many slots as asked, then refuses", func(t *testing.T) {
		h := open(t)
		seen := map[string]bool{}
		for i := range 3 {
			token, ok := acquire(t, pick(h, i), "k", 3, time.Minute)
			if !ok {
				t.Fatalf("slot %d of 3 refused", i+1)
			}
			if seen[token] {
				t.Fatalf("slot %d has the token %q of another", i+1, token)
			}
			seen[token] = true
		}
		if _, ok := acquire(t, h.A, "k", 3, time.Minute); ok {
			t.Error("a fourth slot of 3 was given")
		}
	})

	t.Run("a released slot is free again", func(t *testing.T) {
		h := open(t)
		first, _ := acquire(t, h.A, "k", 1, time.Minute)
		if _, ok := acquire(t, h.B, "k", 1, time.Minute); ok {
			t.Fatal("a second slot of 1 was given")
		}
		release(t, h.B, "k", first)
		second, ok := acquire(t, h.B, "k", 1, time.Minute)
		if !ok {
			t.Fatal("the slot released was not given again")
		}
		// The first holder releasing again, or a token never given,
		// frees nothing.
		release(t, h.A, "k", first)
		release(t, h.A, "k", "no such token")
		release(t, h.A, "another key", second)
		if _, ok := acquire(t, h.A, "k", 1, time.Minute); ok {
			t.Error("a slot released twice, or by a token not its own, was freed")
		}
	})

	t.Run("a slot whose lease has ended is free, not before", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		lease := tl.period(time.Minute, 300*time.Millisecond)
		start := tl.now()
		acquire(t, h.A, "k", 1, lease)
		if tl.moved() {
			tl.sleep(lease - time.Millisecond)
		}
		_, ok := acquire(t, h.B, "k", 1, lease)
		tl.within(t, start, lease)
		if ok {
			t.Fatal("a slot was given while another's lease lasted")
		}
		tl.sleep(lease)
		if !tl.eventually(func() bool { _, ok := acquire(t, h.B, "k", 1, lease); return ok }) {
			t.Error("the slot of a holder that never renewed nor released was not given once its lease ended")
		}
	})

	t.Run("a renewed lease lasts from its renewal", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		lease := tl.period(time.Minute, 400*time.Millisecond)
		start := tl.now()
		token, _ := acquire(t, h.A, "k", 1, lease)
		tl.sleep(lease / 2)
		renewed := tl.now()
		ok := renew(t, h.B, "k", token, lease)
		tl.within(t, start, lease)
		if !ok {
			t.Fatal("a lease that lasted was not renewed")
		}
		// Past the first lease's end, within the renewed one.
		tl.sleep(lease*3/4 - (tl.now().Sub(renewed)))
		_, ok = acquire(t, h.A, "k", 1, lease)
		tl.within(t, renewed, lease)
		if ok {
			t.Fatal("a slot was given past the first lease's end though it was renewed")
		}
		tl.sleep(lease / 2)
		// Once another run has the slot, the lease surely ended: renewing
		// it fails, and does not take the slot back.
		var other string
		if !tl.eventually(func() bool { var ok bool; other, ok = acquire(t, h.B, "k", 1, lease); return ok }) {
			t.Fatal("the slot was not given once the renewed lease ended")
		}
		if renew(t, h.A, "k", token, lease) {
			t.Error("a lease that ended was renewed")
		}
		release(t, h.B, "k", other)
		if _, ok := acquire(t, h.A, "k", 1, lease); !ok {
			t.Error("renewing a lease that ended took the slot back")
		}
	})

	t.Run("a released slot is not renewed", func(t *testing.T) {
		h := open(t)
		token, _ := acquire(t, h.A, "k", 2, time.Minute)
		release(t, h.A, "k", token)
		if renew(t, h.B, "k", token, time.Minute) {
			t.Error("a released slot was renewed")
		}
		acquire(t, h.A, "k", 2, time.Minute)
		if _, ok := acquire(t, h.B, "k", 2, time.Minute); !ok {
			t.Error("renewing a released slot took it back")
		}
	})

	t.Run("keys are counted apart", func(t *testing.T) {
		h := open(t)
		acquire(t, h.A, "max1:command:export:guild:1", 1, time.Minute)
		for _, key := range []string{
			"max1:command:export:guild:2",   // another guild
			"max1:command:import:guild:1",   // another command
			"max1:command:export:user:1",    // another scope
			"max2:command:export:guild:1",   // another limit's
			"export:guild:1",                // a bucket's
			"max1:command:export:guild:1:x", // a longer key
		} {
			if _, ok := acquire(t, h.B, key, 1, time.Minute); !ok {
				t.Errorf("%q refused after a slot of max1:command:export:guild:1 was taken", key)
			}
		}
	})

	t.Run("of many acquisitions at once, exactly as many as there are slots succeed", func(t *testing.T) {
		h := open(t)
		var got atomic.Int32
		race(40, func(i int) {
			_, ok, err := pick(h, i).Acquire(ctx, "k", 5, time.Minute)
			if err != nil {
				t.Error(err)
			}
			if ok {
				got.Add(1)
			}
		})
		if n := got.Load(); n != 5 {
			t.Errorf("%d of 40 acquisitions succeeded, want 5", n)
		}
	})

	t.Run("every token is unique, whichever handle gave it", func(t *testing.T) {
		h := open(t)
		var mu sync.Mutex
		seen := map[string]int{}
		race(40, func(i int) {
			token, ok, err := pick(h, i).Acquire(ctx, "k"+strconv.Itoa(i%4), 100, time.Minute)
			if err != nil || !ok {
				t.Errorf("Acquire: %v, %v", ok, err)
				return
			}
			mu.Lock()
			seen[token]++
			mu.Unlock()
		})
		if len(seen) != 40 {
			t.Errorf("40 slots were given %d tokens", len(seen))
		}
	})
}
