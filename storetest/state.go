package storetest

import (
	"bytes"
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/state"
)

// TestStateStore checks a state.Store against its contract, on the
// stores open returns, a new one for each check:
//
//   - a state added by one handle is read by the other;
//   - a key is not found until it is added;
//   - a key held is not added again, and keeps its value;
//   - the states of kinds apart do not meet;
//   - the claim of a state taken (state.Kind.OnceHandler), under a key of
//     three parts, is a key of its own;
//   - Replace changes a state held and adds none;
//   - Take returns a state once, and its key may be added again;
//   - values of any bytes, up to state.MaxValueSize, come back whole;
//   - a store keeps a copy of what it is given;
//   - of many adds of one key at once, on both handles, one adds it, and
//     of many takes of one state, one finds it;
//   - a state is never read after its time to live, from the add or the
//     last replace, and one expired is not replaced.
func TestStateStore(t *testing.T, open func(t *testing.T) Handles[state.Store]) {
	t.Helper()
	ctx := context.Background()
	add := func(t *testing.T, s state.Store, key, value string, ttl time.Duration) bool {
		t.Helper()
		added, err := s.Add(ctx, key, []byte(value), ttl)
		if err != nil {
			t.Fatalf("Add(%q): %v", key, err)
		}
		return added
	}
	replace := func(t *testing.T, s state.Store, key, value string, ttl time.Duration) bool {
		t.Helper()
		replaced, err := s.Replace(ctx, key, []byte(value), ttl)
		if err != nil {
			t.Fatalf("Replace(%q): %v", key, err)
		}
		return replaced
	}
	get := func(t *testing.T, s state.Store, key string) (string, bool) {
		t.Helper()
		v, found, err := s.Get(ctx, key)
		if err != nil {
			t.Fatalf("Get(%q): %v", key, err)
		}
		return string(v), found
	}
	take := func(t *testing.T, s state.Store, key string) (string, bool) {
		t.Helper()
		v, found, err := s.Take(ctx, key)
		if err != nil {
			t.Fatalf("Take(%q): %v", key, err)
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
		if v, found := take(t, h.B, "cart:k1"); found {
			t.Errorf("Take of a key never added = %q", v)
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
		if _, found := take(t, h.A, "cart:k1"); !found {
			t.Fatal("Take did not find the state")
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
		if replace(t, h.A, "cart:k1", "new", time.Minute) {
			t.Fatal("Replace of a key not held replaced it")
		}
		gone(t, h.B, "cart:k1")
		add(t, h.A, "cart:k1", "old", time.Minute)
		if !replace(t, h.B, "cart:k1", "new", time.Minute) {
			t.Fatal("Replace of a key held did not replace it")
		}
		want(t, h.A, "cart:k1", "new")
	})

	t.Run("take returns a state once", func(t *testing.T) {
		h := open(t)
		add(t, h.A, "cart:k1", "paid", time.Minute)
		if v, found := take(t, h.B, "cart:k1"); !found || v != "paid" {
			t.Fatalf("Take = %q, %v; want the state", v, found)
		}
		if v, found := take(t, h.A, "cart:k1"); found {
			t.Errorf("a second Take = %q; want no state", v)
		}
		gone(t, h.A, "cart:k1")
		if !add(t, h.A, "cart:k1", "again", time.Minute) {
			t.Error("a key taken could not be added again")
		}
	})

	t.Run("values of any bytes, up to MaxValueSize, come back whole", func(t *testing.T) {
		h := open(t)
		for i, v := range [][]byte{
			[]byte(`{"note":"é ✓ \u0000 \"quoted\""}`),
			{0, 1, 2, 0xff, 0xfe, '\n', '\r'},
			{},
			bytes.Repeat([]byte("0123456789abcdef"), state.MaxValueSize/16),
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
		if _, err := h.A.Replace(ctx, "cart:k2", b, time.Minute); err != nil {
			t.Fatal(err)
		}
		copy(b, "123")
		want(t, h.B, "cart:k2", "xyz")
	})

	t.Run("of many adds of one key at once, one adds it", func(t *testing.T) {
		h := open(t)
		var added atomic.Int32
		race(16, func(i int) {
			if ok, err := pick(h, i).Add(ctx, "cart:k1", []byte("x"), time.Minute); err != nil {
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
		race(16, func(i int) {
			if _, ok, err := pick(h, i).Take(ctx, "cart:k1"); err != nil {
				t.Error(err)
			} else if ok {
				found.Add(1)
			}
		})
		if n := found.Load(); n != 1 {
			t.Errorf("%d takes of one state found it, want 1", n)
		}
	})

	// On the real clock, a state is surely held before its time to live
	// has passed since just before the call that kept it, and surely
	// gone once it has passed since just after.
	t.Run("a state expires when its time to live ends", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		ttl := tl.period(time.Minute, 200*time.Millisecond)
		before := tl.now()
		add(t, h.A, "cart:k1", "x", ttl)
		after := tl.now()
		if tl.moved() {
			tl.sleep(ttl - time.Millisecond)
			want(t, h.B, "cart:k1", "x")
			tl.sleep(time.Millisecond)
		} else {
			tl.within(t, before, ttl/2)
			want(t, h.B, "cart:k1", "x")
			tl.sleep(ttl - tl.since(after) + 20*time.Millisecond)
		}
		gone(t, h.B, "cart:k1")
		if _, found := take(t, h.A, "cart:k1"); found {
			t.Error("Take found a state that expired")
		}
		if !add(t, h.A, "cart:k1", "y", time.Minute) {
			t.Error("the key of a state that expired could not be added again")
		}
	})

	t.Run("a state replaced lives its new time to live, and one expired is not brought back", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		ttl := tl.period(time.Minute, 300*time.Millisecond)
		margin := tl.period(0, 20*time.Millisecond)
		before := tl.now()
		add(t, h.A, "cart:k1", "x", ttl)
		added := tl.now()
		tl.sleep(ttl * 2 / 3)
		replacing := tl.now()
		tl.within(t, before, ttl)
		if !replace(t, h.B, "cart:k1", "y", ttl) {
			tl.within(t, before, ttl)
			t.Fatal("Replace of a state held did not replace it")
		}
		replaced := tl.now()
		// Past the time the add gave it, within the one the replace did.
		tl.sleep(ttl - tl.since(added) + margin)
		tl.within(t, replacing, ttl)
		want(t, h.A, "cart:k1", "y")
		tl.sleep(ttl - tl.since(replaced) + margin)
		gone(t, h.A, "cart:k1")
		if replace(t, h.B, "cart:k1", "z", ttl) {
			t.Error("Replace of a state that expired replaced it")
		}
		gone(t, h.A, "cart:k1")
	})
}
