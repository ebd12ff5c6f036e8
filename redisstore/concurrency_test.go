package redisstore_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/concurrency"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/internal/redistest"
	"github.com/switchboard-go/switchboard/redisstore"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/storetest"
)

// TestConcurrencyLimitsKeepTheContract checks the store by the server's
// clock, as it runs, and by a clock the checks move, given to its
// scripts, which checks the leases to the millisecond without waiting.
func TestConcurrencyLimitsKeepTheContract(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	t.Run("by the server's clock", func(t *testing.T) {
		t.Parallel()
		storetest.TestConcurrencyStore(t, func(t *testing.T) storetest.Handles[concurrency.Store] {
			p := newPrefix()
			return storetest.Handles[concurrency.Store]{A: redisstore.NewConcurrencyLimits(srv.Client(t), p), B: redisstore.NewConcurrencyLimits(srv.Client(t), p)}
		})
	})
	t.Run("by a clock the checks move", func(t *testing.T) {
		t.Parallel()
		storetest.TestConcurrencyStore(t, func(t *testing.T) storetest.Handles[concurrency.Store] {
			p := newPrefix()
			clock := storetest.NewClock()
			a, b := redisstore.NewConcurrencyLimits(srv.Client(t), p), redisstore.NewConcurrencyLimits(srv.Client(t), p)
			a.SetClock(clock.Now)
			b.SetClock(clock.Now)
			return storetest.Handles[concurrency.Store]{A: a, B: b, Clock: clock}
		})
	})
}

// exportReplica is one replica's router: /export runs once at a time in
// a guild, across the replicas that share store's Redis, until release
// is closed; started hears of each run.
func exportReplica(t *testing.T, store *redisstore.ConcurrencyLimits, started chan<- struct{}, release <-chan struct{}) *router.Mux {
	t.Helper()
	r := router.New(router.DispatchOnly())
	r.Use(concurrency.New(concurrency.PerGuild, 2, concurrency.WithStore(store)))
	r.Command("export", func(ctx context.Context, _ *router.Request) (interaction.Response, error) {
		started <- struct{}{}
		select {
		case <-release:
			return interaction.Reply("exported"), nil
		case <-ctx.Done():
			return interaction.Response{}, ctx.Err()
		}
	})
	return endpointtest.Build(t, r)
}

// TestReplicasSharingRedisHoldTheLimitTogether: of n+1 runs at once over
// three replicas, each with a client of its own, n run and one is
// refused; once they return, the slots are free on every replica.
func TestReplicasSharingRedisHoldTheLimitTogether(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	p := newPrefix()
	const n = 2
	started, release := make(chan struct{}, 10), make(chan struct{})
	var replicas []*router.Mux
	for range 3 {
		replicas = append(replicas, exportReplica(t, redisstore.NewConcurrencyLimits(srv.Client(t), p), started, release))
	}
	answers := make(chan string, n+1)
	var wg sync.WaitGroup
	for i := range n + 1 {
		wg.Go(func() {
			resp, err := replicas[i%len(replicas)].Dispatch(context.Background(), interactiontest.Command("export").Interaction())
			if err != nil {
				t.Error(err)
			}
			answers <- resp.Message.Content
		})
	}
	for range n {
		<-started
	}
	if a := <-answers; a != "This command is already running; try again when it finishes." {
		t.Fatalf("of %d runs at once over three replicas, the one past the limit was answered %q", n+1, a)
	}
	close(release)
	wg.Wait()
	for range n {
		if a := <-answers; a != "exported" {
			t.Errorf("a run within the limit was answered %q", a)
		}
	}
	// Every slot is free again, on each replica.
	for _, m := range replicas {
		if resp, _ := m.Dispatch(context.Background(), interactiontest.Command("export").Interaction()); resp.Message.Content != "exported" {
			t.Errorf("after the runs returned, a run was answered %q", resp.Message.Content)
		}
		<-started
	}
}

// TestADeadReplicasSlotsOnRedisComeFreeWithTheirLeases: the slots a
// replica took and never released, as when it died mid-run, hold the
// other replicas back until their leases end, by the clock the scripts
// are given.
func TestADeadReplicasSlotsOnRedisComeFreeWithTheirLeases(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	p := newPrefix()
	clock := storetest.NewClock()
	dead := redisstore.NewConcurrencyLimits(srv.Client(t), p)
	dead.SetClock(clock.Now)
	ctx := context.Background()
	key := "max2:command:export:guild:" + interactiontest.GuildID.String()
	for range 2 {
		if _, ok, err := dead.Acquire(ctx, key, 2, concurrency.DefaultLease); !ok || err != nil {
			t.Fatalf("the dead replica took no slot: %v", err)
		}
	}
	live := redisstore.NewConcurrencyLimits(srv.Client(t), p)
	live.SetClock(clock.Now)
	started, release := make(chan struct{}, 10), make(chan struct{})
	close(release)
	m := exportReplica(t, live, started, release)
	for _, step := range []struct {
		advance time.Duration
		want    string
	}{
		{0, "This command is already running; try again when it finishes."},
		{concurrency.DefaultLease - time.Millisecond, "This command is already running; try again when it finishes."},
		{time.Millisecond, "exported"},
	} {
		clock.Advance(step.advance)
		resp, err := m.Dispatch(ctx, interactiontest.Command("export").Interaction())
		if err != nil || resp.Message.Content != step.want {
			t.Errorf("after %v more, answered %q, %v; want %q", step.advance, resp.Message.Content, err, step.want)
		}
	}
}

// TestAConcurrencyKeyExpiresWithItsLastLease: Redis holds a key no longer
// than its last lease, by the server's clock.
func TestAConcurrencyKeyExpiresWithItsLastLease(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	c := srv.Client(t)
	s := redisstore.NewConcurrencyLimits(c, "bot1:")
	ctx := context.Background()
	if _, _, err := s.Acquire(ctx, "export:guild:1", 2, time.Minute); err != nil {
		t.Fatal(err)
	}
	token, _, err := s.Acquire(ctx, "export:guild:1", 2, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	ttl, err := c.PTTL(ctx, "bot1:concurrency:export:guild:1").Result()
	if err != nil || ttl <= 50*time.Second || ttl > time.Minute {
		t.Errorf("the key lives %v (%v), want up to the last lease's minute", ttl, err)
	}
	if ok, err := s.Renew(ctx, "export:guild:1", token, 2*time.Minute); !ok || err != nil {
		t.Fatalf("Renew: %v, %v", ok, err)
	}
	if ttl, _ := c.PTTL(ctx, "bot1:concurrency:export:guild:1").Result(); ttl <= 110*time.Second || ttl > 2*time.Minute {
		t.Errorf("renewed to two minutes, the key lives %v", ttl)
	}
}
