package router_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
)

type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

func TestMemoryReplayGuardServesEachInteractionOnce(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	g := router.NewMemoryReplayGuard(0)
	g.SetClock(clock.now)
	ctx := context.Background()
	claim := func(id interaction.Snowflake, ttl time.Duration) bool {
		t.Helper()
		first, err := g.Claim(ctx, id, clock.t.Add(ttl))
		if err != nil {
			t.Fatal(err)
		}
		return first
	}
	if !claim(1, time.Minute) {
		t.Fatal("the first claim of 1 is not first")
	}
	if claim(1, time.Minute) {
		t.Fatal("a second claim of 1 within its time is first")
	}
	if !claim(2, time.Minute) {
		t.Fatal("another id is not first")
	}
	clock.t = clock.t.Add(time.Minute)
	if !claim(1, time.Minute) {
		t.Error("1 is still remembered after it expired")
	}
	if g.Len() != 1 {
		t.Errorf("Len = %d, want 1: the expired ids are forgotten", g.Len())
	}
}

func TestMemoryReplayGuardStaysWithinItsCapacity(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	g := router.NewMemoryReplayGuard(100)
	g.SetClock(clock.now)
	ctx := context.Background()
	for id := interaction.Snowflake(1); id <= 1000; id++ {
		clock.t = clock.t.Add(time.Millisecond)
		if first, _ := g.Claim(ctx, id, clock.t.Add(time.Hour)); !first {
			t.Fatalf("id %d not first", id)
		}
		if g.Len() > 100 {
			t.Fatalf("holds %d ids, more than its capacity", g.Len())
		}
	}
	if g.Evicted() != 900 {
		t.Errorf("Evicted = %d, want 900", g.Evicted())
	}
	// The newest are remembered, the oldest pushed out.
	if first, _ := g.Claim(ctx, 1000, clock.t.Add(time.Hour)); first {
		t.Error("the newest id was forgotten")
	}
	if first, _ := g.Claim(ctx, 1, clock.t.Add(time.Hour)); !first {
		t.Error("the oldest id was kept past the capacity")
	}
}

func TestMemoryReplayGuardLetsOneOfManyConcurrentClaimsWin(t *testing.T) {
	g := router.NewMemoryReplayGuard(0)
	var wins atomic.Int32
	var wg sync.WaitGroup
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if first, _ := g.Claim(context.Background(), 42, time.Now().Add(time.Minute)); first {
				wins.Add(1)
			}
		}()
	}
	wg.Wait()
	if wins.Load() != 1 {
		t.Errorf("%d claims won, want 1", wins.Load())
	}
}
