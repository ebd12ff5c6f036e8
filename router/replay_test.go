package router_test

import (
	"bytes"
	"context"
	"errors"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
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

// TestAnEndpointWithAGuardServesAnInteractionOnce: the same signed request
// sent twice within the window is dispatched once; the copy is a 409.
func TestAnEndpointWithAGuardServesAnInteractionOnce(t *testing.T) {
	key := interactiontest.NewKey("replay")
	var runs atomic.Int32
	r := router.New(router.DispatchOnly())
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		runs.Add(1)
		return interaction.Reply("pong"), nil
	})
	for _, a := range adapters {
		runs.Store(0)
		e := router.NewEndpoint(build(t, r), key.Verifier(), router.WithReplayGuard(router.NewMemoryReplayGuard(0)))
		req := signed(key, interactiontest.Command("ping").JSON())
		if got := a.do(e, req); got.status != 200 {
			t.Fatalf("%s: first %d %s", a.name, got.status, got.body)
		}
		got := a.do(e, req)
		if got.status != 409 || got.body != `{"message":"interaction already received"}` {
			t.Errorf("%s: the copy was answered %d %s, want 409", a.name, got.status, got.body)
		}
		if n := runs.Load(); n != 1 {
			t.Errorf("%s: the handler ran %d times", a.name, n)
		}
		// Without a guard, the copy is served again: the guard is opt-in.
		plain := router.NewEndpoint(build(t, r), key.Verifier())
		if got := a.do(plain, req); got.status != 200 {
			t.Errorf("%s: without a guard %d", a.name, got.status)
		}
	}
}

// failingGuard is a guard whose store is down.
type failingGuard struct{}

func (failingGuard) Claim(context.Context, interaction.Snowflake, time.Time) (bool, error) {
	return false, errors.New("store unreachable")
}

// TestAGuardThatFailsDoesNotStopTheBot: the request is served, and the
// failure logged.
func TestAGuardThatFailsDoesNotStopTheBot(t *testing.T) {
	key := interactiontest.NewKey("replay")
	var log bytes.Buffer
	e := router.NewEndpoint(testBot(t, &log), key.Verifier(), router.WithReplayGuard(failingGuard{}))
	for _, a := range adapters {
		if got := a.do(e, signed(key, interactiontest.Command("ping").JSON())); got.status != 200 {
			t.Errorf("%s: %d %s", a.name, got.status, got.body)
		}
	}
	if !strings.Contains(log.String(), "store unreachable") {
		t.Errorf("the failure is not logged: %s", log.String())
	}
}

// TestMemoryReplayGuardEvictsTheFirstToExpire: with expiries out of order
// (endpoints of different windows sharing a guard), a full guard forgets
// what expired, then the id that expires first, never a live one before
// it; and memory stays within the capacity however often ids come back.
func TestMemoryReplayGuardEvictsTheFirstToExpire(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	g := router.NewMemoryReplayGuard(3)
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

// expiryRecorder is a guard in memory that keeps the expiry it was asked
// to remember the last id until.
type expiryRecorder struct {
	*router.MemoryReplayGuard
	mu      sync.Mutex
	expires time.Time
}

func (g *expiryRecorder) Claim(ctx context.Context, id interaction.Snowflake, expires time.Time) (bool, error) {
	g.mu.Lock()
	g.expires = expires
	g.mu.Unlock()
	return g.MemoryReplayGuard.Claim(ctx, id, expires)
}

// TestAGuardRemembersAnIDAsLongAsACopyCanVerify: until the signed
// timestamp is a window old, and the clock allowance more; not counted
// from when the request arrived, which would keep a request signed
// long ago for too long.
func TestAGuardRemembersAnIDAsLongAsACopyCanVerify(t *testing.T) {
	key := interactiontest.NewKey("replay")
	for _, tc := range []struct {
		name   string
		window time.Duration
		ago    time.Duration
	}{
		{"a request signed now", interaction.DefaultTimestampWindow, 0},
		{"a request signed four minutes ago", interaction.DefaultTimestampWindow, 4 * time.Minute},
		{"a request signed a minute ago, with a window of two", 2 * time.Minute, time.Minute},
		{"a request signed ahead of the clock", interaction.DefaultTimestampWindow, -time.Minute},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &expiryRecorder{MemoryReplayGuard: router.NewMemoryReplayGuard(0)}
			e := router.NewEndpoint(testBot(t, nil), key.Verifier(interaction.WithTimestampWindow(tc.window)), router.WithReplayGuard(g))
			body := interactiontest.Command("ping").JSON()
			at := time.Now().Add(-tc.ago).Truncate(time.Second)
			sig, ts := key.Signer.Sign(body, at)
			got := adapters[0].do(e, call{method: "POST", body: body, headers: map[string]string{
				router.HeaderSignature: sig, router.HeaderTimestamp: ts,
			}})
			if got.status != 200 {
				t.Fatalf("%d %s", got.status, got.body)
			}
			if want := at.Add(tc.window + router.ReplayClockAllowance); !g.expires.Equal(want) {
				t.Errorf("the guard remembers the id until %v after it was signed, want %v",
					g.expires.Sub(at), want.Sub(at))
			}
		})
	}
}

// TestMemoryReplayGuardOfTheDefaultCapacityGuardsItsStatedRate replays
// 100,000 distinct interactions received at DefaultReplayRate a second,
// every copy while it still verifies: none may be served twice.
func TestMemoryReplayGuardOfTheDefaultCapacityGuardsItsStatedRate(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	g := router.NewMemoryReplayGuard(0)
	g.SetClock(clock.now)
	ctx := context.Background()
	const n = 100_000
	step := time.Second / router.DefaultReplayRate
	start := clock.t
	remember := interaction.DefaultTimestampWindow + router.ReplayClockAllowance
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
	if got, want := router.ReplayCapacityFor(router.DefaultReplayRate, 0), router.DefaultReplayCapacity; got != want {
		t.Errorf("ReplayCapacityFor(DefaultReplayRate) = %d, want DefaultReplayCapacity %d", got, want)
	}
}

// BenchmarkMemoryReplayGuardClaim claims new ids as a busy replica does,
// and reports the memory each id remembered takes.
func BenchmarkMemoryReplayGuardClaim(b *testing.B) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	g := router.NewMemoryReplayGuard(0)
	g.SetClock(clock.now)
	ctx := context.Background()
	step := time.Second / router.DefaultReplayRate
	remember := interaction.DefaultTimestampWindow + router.ReplayClockAllowance
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
