package storetest

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/replay"
)

// ReplayGuards checks a replay.Guard. open returns two handles on
// one empty guard.
func ReplayGuards(t *testing.T, open func(t *testing.T) (a, b replay.Guard)) {
	ctx := context.Background()
	claim := func(t *testing.T, g replay.Guard, id interaction.Snowflake, ttl time.Duration) bool {
		t.Helper()
		first, err := g.Claim(ctx, id, time.Now().Add(ttl))
		if err != nil {
			t.Fatalf("Claim(%v): %v", id, err)
		}
		return first
	}

	t.Run("the first claim wins and the others do not, on either handle", func(t *testing.T) {
		a, b := open(t)
		if !claim(t, a, 1, time.Minute) {
			t.Fatal("the first claim is not first")
		}
		if claim(t, a, 1, time.Minute) {
			t.Error("a second claim on the same handle is first")
		}
		if claim(t, b, 1, time.Minute) {
			t.Error("a claim on the other handle is first")
		}
		if !claim(t, b, 2, time.Minute) {
			t.Error("another id is not first")
		}
	})

	t.Run("an id is forgotten once it expires", func(t *testing.T) {
		a, b := open(t)
		claim(t, a, 1, 100*time.Millisecond)
		time.Sleep(150 * time.Millisecond)
		if !claim(t, b, 1, time.Minute) {
			t.Error("an expired id is still remembered")
		}
	})

	t.Run("of many claims at once, exactly one wins", func(t *testing.T) {
		a, b := open(t)
		var wins atomic.Int32
		var wg sync.WaitGroup
		for i := range 32 {
			g := a
			if i%2 == 1 {
				g = b
			}
			wg.Go(func() {
				first, err := g.Claim(ctx, 42, time.Now().Add(time.Minute))
				if err != nil {
					t.Error(err)
				}
				if first {
					wins.Add(1)
				}
			})
		}
		wg.Wait()
		if n := wins.Load(); n != 1 {
			t.Errorf("%d claims won, want 1", n)
		}
	})
}
