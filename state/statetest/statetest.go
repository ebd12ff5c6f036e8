// Package statetest checks that a state.Store keeps its contract, for
// the stores of package state and redisstore and for a store of one's
// own: a state added is read back by every handle on the store, a key is
// added once, replaced only while held, and taken once, however many
// replicas try at once, and a state is never read after it expires. The
// claim of a state taken (see state.Kind.OnceHandler), under a key of
// three parts, is kept as any other.
package statetest

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/state"
)

// Handles are two handles on one empty store, as two replicas of a bot
// hold them (the same value twice for a store in memory), and, when the
// store's clock can be moved, Advance, which moves it forward.
type Handles struct {
	A, B state.Store
	// Advance moves the clock the store expires states by forward by d;
	// nil for a store whose clock is not the test's, such as a server's,
	// whose expiry the checks then leave out.
	Advance func(d time.Duration)
}

// Check runs the checks of the contract on the stores open returns, one
// empty store a check.
func Check(t *testing.T, open func(t *testing.T) Handles) {
	ctx := context.Background()
	add := func(t *testing.T, s state.Store, key, value string, ttl time.Duration) bool {
		t.Helper()
		added, err := s.Add(ctx, key, []byte(value), ttl)
		if err != nil {
			t.Fatalf("Add(%q): %v", key, err)
		}
		return added
	}
	get := func(t *testing.T, s state.Store, key string) (string, bool) {
		t.Helper()
		v, found, err := s.Get(ctx, key)
		if err != nil {
			t.Fatalf("Get(%q): %v", key, err)
		}
		return string(v), found
	}
	want := func(t *testing.T, s state.Store, key, value string) {
		t.Helper()
		if v, found := get(t, s, key); !found || v != value {
			t.Errorf("Get(%q) = %q, %v; want %q", key, v, found, value)
		}
	}
	gone := func(t *testing.T, s state.Store, key string) {
		t.Helper()
		if v, found := get(t, s, key); found {
			t.Errorf("Get(%q) = %q; want no state", key, v)
		}
	}

	t.Run("a state added by one handle is read by the other", func(t *testing.T) {
		h := open(t)
		if !add(t, h.A, "cart:k1", `{"items":3}`, time.Minute) {
			t.Fatal("Add of a new key did not add it")
		}
		want(t, h.B, "cart:k1", `{"items":3}`)
		want(t, h.A, "cart:k1", `{"items":3}`)
	})

	t.Run("a key is not found until it is added", func(t *testing.T) {
		h := open(t)
		gone(t, h.A, "cart:k1")
		if v, found, err := h.B.Take(ctx, "cart:k1"); err != nil || found {
			t.Errorf("Take of a key never added = %q, %v, %v", v, found, err)
		}
	})

	t.Run("a key held is not added again, and keeps its value", func(t *testing.T) {
		h := open(t)
		add(t, h.A, "cart:k1", "first", time.Minute)
		if add(t, h.B, "cart:k1", "second", time.Minute) {
			t.Error("Add of a key held added it again")
		}
		want(t, h.A, "cart:k1", "first")
	})

	t.Run("kinds apart do not meet", func(t *testing.T) {
		h := open(t)
		add(t, h.A, "cart:k1", "cart", time.Minute)
		if !add(t, h.A, "wizard:k1", "wizard", time.Minute) {
			t.Fatal("a key of another kind was taken for the cart's")
		}
		want(t, h.B, "cart:k1", "cart")
		want(t, h.B, "wizard:k1", "wizard")
	})

	t.Run("the claim of a state taken is a key of its own, apart from the state's", func(t *testing.T) {
		h := open(t)
		add(t, h.A, "cart:k1", "paid", time.Minute)
		if v, found, err := h.A.Take(ctx, "cart:k1"); err != nil || !found {
			t.Fatalf("Take = %q, %v, %v; want the state", v, found, err)
		}
		// OnceHandler's claim: the state's key, a colon and the id of
		// the interaction that took it.
		if !add(t, h.A, "cart:k1:1409623486150135808", "paid", 15*time.Minute) {
			t.Fatal("Add of the claim of a state taken did not add it")
		}
		want(t, h.B, "cart:k1:1409623486150135808", "paid")
		gone(t, h.B, "cart:k1:1409623486150135809")
		gone(t, h.B, "cart:k1")
	})

	t.Run("replace changes a state held, and adds none", func(t *testing.T) {
		h := open(t)
		replaced, err := h.A.Replace(ctx, "cart:k1", []byte("new"), time.Minute)
		if err != nil || replaced {
			t.Fatalf("Replace of a key not held = %v, %v; want false", replaced, err)
		}
		gone(t, h.B, "cart:k1")
		add(t, h.A, "cart:k1", "old", time.Minute)
		replaced, err = h.B.Replace(ctx, "cart:k1", []byte("new"), time.Minute)
		if err != nil || !replaced {
			t.Fatalf("Replace of a key held = %v, %v; want true", replaced, err)
		}
		want(t, h.A, "cart:k1", "new")
	})

	t.Run("take returns a state once", func(t *testing.T) {
		h := open(t)
		add(t, h.A, "cart:k1", "paid", time.Minute)
		v, found, err := h.B.Take(ctx, "cart:k1")
		if err != nil || !found || string(v) != "paid" {
			t.Fatalf("Take = %q, %v, %v; want the state", v, found, err)
		}
		if v, found, err := h.A.Take(ctx, "cart:k1"); err != nil || found {
			t.Errorf("a second Take = %q, %v, %v; want no state", v, found, err)
		}
		gone(t, h.A, "cart:k1")
		if !add(t, h.A, "cart:k1", "again", time.Minute) {
			t.Error("a key taken could not be added again")
		}
	})

	t.Run("values of any bytes come back whole", func(t *testing.T) {
		h := open(t)
		for i, v := range [][]byte{
			[]byte(`{"note":"é ✓ \u0000 \"quoted\""}`),
			{0, 1, 2, 0xff, 0xfe, '\n', '\r'},
			bytes.Repeat([]byte("0123456789abcdef"), 64<<10/16), // 64 KiB
		} {
			key := "blob:" + strings.Repeat("k", i+1)
			if added, err := h.A.Add(ctx, key, v, time.Minute); err != nil || !added {
				t.Fatalf("Add of value %d: %v, %v", i, added, err)
			}
			got, found, err := h.B.Get(ctx, key)
			if err != nil || !found || !bytes.Equal(got, v) {
				t.Errorf("value %d came back as %d bytes (%v, %v), want %d", i, len(got), found, err, len(v))
			}
		}
	})

	t.Run("a store keeps a copy of what it is given", func(t *testing.T) {
		h := open(t)
		b := []byte("abc")
		if _, err := h.A.Add(ctx, "cart:k2", b, time.Minute); err != nil {
			t.Fatal(err)
		}
		copy(b, "xyz") // the caller reuses its buffer
		want(t, h.B, "cart:k2", "abc")
	})

	t.Run("of many adds of one key at once, one adds it", func(t *testing.T) {
		h := open(t)
		var added atomic.Int32
		race(func(i int) {
			s := h.A
			if i%2 == 1 {
				s = h.B
			}
			if ok, err := s.Add(ctx, "cart:k1", []byte("x"), time.Minute); err != nil {
				t.Error(err)
			} else if ok {
				added.Add(1)
			}
		})
		if n := added.Load(); n != 1 {
			t.Errorf("%d adds of one key succeeded, want 1", n)
		}
	})

	t.Run("of many takes of one state at once, one finds it", func(t *testing.T) {
		h := open(t)
		add(t, h.A, "cart:k1", "paid", time.Minute)
		var found atomic.Int32
		race(func(i int) {
			s := h.A
			if i%2 == 1 {
				s = h.B
			}
			if _, ok, err := s.Take(ctx, "cart:k1"); err != nil {
				t.Error(err)
			} else if ok {
				found.Add(1)
			}
		})
		if n := found.Load(); n != 1 {
			t.Errorf("%d takes of one state found it, want 1", n)
		}
	})

	t.Run("a state expires when its time to live ends", func(t *testing.T) {
		h := open(t)
		if h.Advance == nil {
			t.Skip("the store's clock is not the test's")
		}
		add(t, h.A, "cart:k1", "x", time.Minute)
		h.Advance(time.Minute - time.Millisecond)
		want(t, h.B, "cart:k1", "x")
		h.Advance(time.Millisecond)
		gone(t, h.B, "cart:k1")
		if _, found, _ := h.A.Take(ctx, "cart:k1"); found {
			t.Error("Take found a state that expired")
		}
		if !add(t, h.A, "cart:k1", "y", time.Minute) {
			t.Error("the key of a state that expired could not be added again")
		}
	})

	t.Run("a state replaced lives its new time to live, and one expired is not brought back", func(t *testing.T) {
		h := open(t)
		if h.Advance == nil {
			t.Skip("the store's clock is not the test's")
		}
		add(t, h.A, "cart:k1", "x", time.Minute)
		h.Advance(50 * time.Second)
		if ok, err := h.B.Replace(ctx, "cart:k1", []byte("y"), time.Minute); err != nil || !ok {
			t.Fatalf("Replace = %v, %v", ok, err)
		}
		h.Advance(50 * time.Second) // 100s after the add, 50s after the replace
		want(t, h.A, "cart:k1", "y")
		h.Advance(10 * time.Second)
		gone(t, h.A, "cart:k1")
		if ok, err := h.B.Replace(ctx, "cart:k1", []byte("z"), time.Minute); err != nil || ok {
			t.Errorf("Replace of a state that expired = %v, %v; want false", ok, err)
		}
		gone(t, h.A, "cart:k1")
	})
}

// race calls f from 16 goroutines at once, each given its number.
func race(f func(i int)) {
	const n = 16
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
