package replay_test

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/storetest"
)

func TestMemoryGuardKeepsTheContract(t *testing.T) {
	storetest.TestReplayGuard(t, func(*testing.T) storetest.Handles[replay.Guard] {
		clock := storetest.NewClock()
		g := replay.NewMemoryGuard(0)
		g.SetClock(clock.Now)
		return storetest.Handles[replay.Guard]{A: g, B: g, Clock: clock}
	})
}

type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

func TestMemoryGuardServesEachInteractionOnce(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	g := replay.NewMemoryGuard(0)
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

func TestMemoryGuardStaysWithinItsCapacity(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	g := replay.NewMemoryGuard(100)
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

func TestMemoryGuardLetsOneOfManyConcurrentClaimsWin(t *testing.T) {
	g := replay.NewMemoryGuard(0)
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

// TestMemoryGuardEvictsTheFirstToExpire: with expiries out of order
// (endpoints of different windows sharing a guard), a full guard forgets
// what expired, then the id that expires first, never a live one before
// it; and memory stays within the capacity however often ids come back.
func TestMemoryGuardEvictsTheFirstToExpire(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	g := replay.NewMemoryGuard(3)
	g.SetClock(clock.now)
	ctx := context.Background()
	g.Claim(ctx, 1, clock.t.Add(10*time.Minute))
	g.Claim(ctx, 2, clock.t.Add(time.Second))
	g.Claim(ctx, 3, clock.t.Add(time.Second))
	clock.t = clock.t.Add(2 * time.Second) // 2 and 3 have expired
	if first, _ := g.Claim(ctx, 4, clock.t.Add(time.Minute)); !first {
		t.Fatal("4 is not first")
	}
	if first, _ := g.Claim(ctx, 1, clock.t.Add(10*time.Minute)); first {
		t.Error("1, still live, was forgotten for ids that had expired")
	}
	if g.Evicted() != 0 {
		t.Errorf("Evicted = %d, want 0: only expired ids were dropped", g.Evicted())
	}
	// Full of live ids: the one that expires first goes.
	g.Claim(ctx, 5, clock.t.Add(5*time.Minute))
	g.Claim(ctx, 6, clock.t.Add(time.Hour))
	if first, _ := g.Claim(ctx, 4, clock.t.Add(time.Minute)); !first {
		t.Error("4, the first to expire, was kept over later ones")
	}
	if first, _ := g.Claim(ctx, 1, clock.t.Add(10*time.Minute)); first {
		t.Error("1 was evicted before 5, which expires sooner")
	}
	// Ids that come back after expiring do not pile up.
	for i := range 10_000 {
		clock.t = clock.t.Add(time.Minute)
		g.Claim(ctx, interaction.Snowflake(100+i%2), clock.t.Add(time.Second))
		if g.Len() > 3 {
			t.Fatalf("holds %d ids, more than its capacity", g.Len())
		}
	}
}

// TestMemoryGuardOfTheDefaultCapacityGuardsItsStatedRate replays
// 100,000 distinct interactions received at DefaultRate a second,
// every copy while it still verifies: none may be served twice.
func TestMemoryGuardOfTheDefaultCapacityGuardsItsStatedRate(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	g := replay.NewMemoryGuard(0)
	g.SetClock(clock.now)
	ctx := context.Background()
	const n = 100_000
	step := time.Second / replay.DefaultRate
	start := clock.t
	remember := interaction.DefaultTimestampWindow + replay.ClockAllowance
	for i := range n {
		clock.t = start.Add(time.Duration(i) * step)
		if first, _ := g.Claim(ctx, interaction.Snowflake(i+1), clock.t.Add(remember)); !first {
			t.Fatalf("interaction %d is not first", i+1)
		}
	}
	// The copies come as late as each can: just before its window ends.
	twice := 0
	for i := range n {
		received := start.Add(time.Duration(i) * step)
		clock.t = received.Add(interaction.DefaultTimestampWindow - time.Second)
		if first, _ := g.Claim(ctx, interaction.Snowflake(i+1), received.Add(remember)); first {
			twice++
		}
	}
	if twice > 0 || g.Evicted() > 0 {
		t.Errorf("%d of %d copies were served a second time; %d ids evicted", twice, n, g.Evicted())
	}
	if got, want := replay.CapacityFor(replay.DefaultRate, 0), replay.DefaultCapacity; got != want {
		t.Errorf("CapacityFor(DefaultRate) = %d, want DefaultCapacity %d", got, want)
	}
}

// BenchmarkMemoryGuardClaim claims new ids as a busy replica does,
// and reports the memory each id remembered takes.
func BenchmarkMemoryGuardClaim(b *testing.B) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	g := replay.NewMemoryGuard(0)
	g.SetClock(clock.now)
	ctx := context.Background()
	step := time.Second / replay.DefaultRate
	remember := interaction.DefaultTimestampWindow + replay.ClockAllowance
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for i := range b.N {
		clock.t = clock.t.Add(step)
		g.Claim(ctx, interaction.Snowflake(i+1), clock.t.Add(remember))
	}
	b.StopTimer()
	runtime.GC()
	runtime.ReadMemStats(&after)
	if n := g.Len(); n > 10_000 {
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(n), "bytes/id")
	}
	runtime.KeepAlive(g)
}
