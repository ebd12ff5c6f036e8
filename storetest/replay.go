package storetest

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/replay"
)

// TestReplayGuard checks a replay.Guard against its contract, on the
// guards open returns, a new one for each check:
//
//   - the first claim of an interaction is first, and every later one,
//     on either handle, is not;
//   - interactions are claimed apart;
//   - an interaction is remembered until the time it was claimed until,
//     and forgotten then: a claim after that time is first again;
//   - of many claims of one interaction at once, on both handles,
//     exactly one is first.
//
// The times given to Claim are read from h.Clock when there is one, and
// from the real clock otherwise.
func TestReplayGuard(t *testing.T, open func(t *testing.T) Handles[replay.Guard]) {
	t.Helper()
	ctx := context.Background()
	claim := func(t *testing.T, g replay.Guard, id interaction.Snowflake, expires time.Time) bool {
		t.Helper()
		first, err := g.Claim(ctx, id, expires)
		if err != nil {
			t.Fatalf("Claim(%v): %v", id, err)
		}
		return first
	}

	t.Run("the first claim is first and the others are not, on either handle", func(t *testing.T) {
		h := open(t)
		expires := timeline{h.Clock}.now().Add(time.Minute)
		if !claim(t, h.A, 1, expires) {
			t.Fatal("the first claim is not first")
		}
		if claim(t, h.A, 1, expires) {
			t.Error("a second claim on the same handle is first")
		}
		if claim(t, h.B, 1, expires) {
			t.Error("a claim on the other handle is first")
		}
	})

	t.Run("interactions are claimed apart", func(t *testing.T) {
		h := open(t)
		expires := timeline{h.Clock}.now().Add(time.Minute)
		claim(t, h.A, 1409623486150135808, expires)
		for _, id := range []interaction.Snowflake{1409623486150135809, 1, 1<<63 - 1} {
			if !claim(t, h.B, id, expires) {
				t.Errorf("interaction %v is not first after a claim of another", id)
			}
		}
	})

	t.Run("an interaction is remembered until it expires, and then may be claimed anew", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		ttl := tl.period(time.Minute, 150*time.Millisecond)
		claimed := tl.now()
		claim(t, h.A, 1, claimed.Add(ttl))
		// A copy, claimed again until the same time (it carries the
		// same signed timestamp), is not first until then.
		if tl.moved() {
			tl.sleep(ttl - time.Millisecond)
			if claim(t, h.B, 1, claimed.Add(ttl)) {
				t.Fatal("a millisecond before it expires, a claim is first")
			}
			tl.sleep(time.Millisecond)
		} else {
			// Late in its time, so that a guard that forgets early is
			// caught.
			tl.sleep(ttl*2/3 - tl.since(claimed))
			if claim(t, h.B, 1, claimed.Add(ttl)) && tl.since(claimed) < ttl {
				t.Fatal("before it expires, a claim is first")
			}
			tl.sleep(ttl - tl.since(claimed) + 50*time.Millisecond)
		}
		// A claim that is not first changes nothing: asking again is
		// harmless.
		var anew time.Time
		if !tl.eventually(func() bool { anew = tl.now(); return claim(t, h.B, 1, anew.Add(ttl)) }) {
			t.Error("once its time has passed, a claim is not first")
		}
		if claim(t, h.A, 1, tl.now().Add(ttl)) && tl.since(anew) < ttl {
			t.Error("the claim anew is not remembered")
		}
	})

	t.Run("of many claims at once, exactly one is first", func(t *testing.T) {
		h := open(t)
		expires := timeline{h.Clock}.now().Add(time.Minute)
		var firsts atomic.Int32
		race(32, func(i int) {
			first, err := pick(h, i).Claim(ctx, 42, expires)
			if err != nil {
				t.Error(err)
			}
			if first {
				firsts.Add(1)
			}
		})
		if n := firsts.Load(); n != 1 {
			t.Errorf("%d of 32 claims were first, want 1", n)
		}
	})
}
