package concurrency_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/concurrency"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/storetest"
)

// timers stand for time.AfterFunc: the test fires what was scheduled.
type timers struct {
	mu      sync.Mutex
	pending []*timer
}

type timer struct {
	d       time.Duration
	f       func()
	stopped bool
}

func (ts *timers) after(d time.Duration, f func()) func() bool {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	tm := &timer{d: d, f: f}
	ts.pending = append(ts.pending, tm)
	return func() bool {
		ts.mu.Lock()
		defer ts.mu.Unlock()
		was := !tm.stopped
		tm.stopped = true
		return was
	}
}

// fire runs the one timer pending, as if its time had come, and returns
// how long it was scheduled after.
func (ts *timers) fire(t *testing.T) time.Duration {
	t.Helper()
	ts.mu.Lock()
	var live []*timer
	for _, tm := range ts.pending {
		if !tm.stopped {
			live = append(live, tm)
		}
	}
	ts.pending = nil
	for _, tm := range live {
		tm.stopped = true
	}
	ts.mu.Unlock()
	if len(live) != 1 {
		t.Fatalf("%d renewals scheduled, want 1", len(live))
	}
	live[0].f()
	return live[0].d
}

// live returns how many timers are scheduled and not stopped.
func (ts *timers) live() int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	n := 0
	for _, tm := range ts.pending {
		if !tm.stopped {
			n++
		}
	}
	return n
}

// exportKey is the key of /export under a limit of one per user.
var exportKey = "max1:command:export:user:" + interactiontest.UserID.String()

// TestARunRenewsItsLeaseWhileItRuns follows one run's lease on a clock
// the test moves: renewed every third of it, the slot stays the run's
// past the first lease; once renewals stop, as when the replica died,
// the slot is free a lease later, and the run, were it alive, is told.
func TestARunRenewsItsLeaseWhileItRuns(t *testing.T) {
	clock := storetest.NewClock()
	store := concurrency.NewMemoryStore()
	store.SetClock(clock.Now)
	var ts timers
	var log endpointtest.LogBuffer
	g := newGate()
	r := router.New(router.DispatchOnly(), router.WithLogger(zerolog.New(&log)))
	r.Use(concurrency.New(concurrency.PerUser, 1, concurrency.WithStore(store),
		concurrency.WithLease(30*time.Second), concurrency.WithAfter(ts.after)))
	r.Command("export", g.handler("exported"))
	m := endpointtest.Build(t, r)
	out := runAll([]dispatcher{m}, interactiontest.Command("export"))
	<-g.started
	ctx := context.Background()
	taken := func() bool {
		t.Helper()
		token, ok, err := store.Acquire(ctx, exportKey, 1, time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			store.Release(ctx, exportKey, token)
		}
		return !ok
	}

	clock.Advance(10 * time.Second)
	if d := ts.fire(t); d != 10*time.Second {
		t.Errorf("the renewal was scheduled %v after the slot was taken, want a third of the lease", d)
	}
	clock.Advance(10 * time.Second)
	ts.fire(t)
	clock.Advance(15 * time.Second) // 35s: past the first lease, within the renewed one
	if !taken() {
		t.Fatal("the slot was free past the first lease though the run renewed it")
	}
	// No renewal for a whole lease: the slot is free, as a dead
	// replica's would be.
	clock.Advance(20 * time.Second) // 55s, the renewed lease's end
	if taken() {
		t.Fatal("the slot was kept past its lease without a renewal")
	}
	token, _, _ := store.Acquire(ctx, exportKey, 1, time.Minute)
	ts.fire(t)
	if !strings.Contains(log.String(), "a run's lease ended while it ran") {
		t.Errorf("the run that lost its lease is not logged:\n%s", log.String())
	}
	if n := ts.live(); n != 0 {
		t.Errorf("%d renewals scheduled after the lease was lost, want none", n)
	}
	g.open()
	<-out
	// The run's release leaves the other holder's slot alone.
	if !taken() {
		t.Error("the run's release freed the slot another had taken")
	}
	store.Release(ctx, exportKey, token)
}

// TestARunThatReturnsStopsRenewing: the renewal scheduled is stopped when
// the handler returns, and one that fires meanwhile does nothing.
func TestARunThatReturnsStopsRenewing(t *testing.T) {
	store := concurrency.NewMemoryStore()
	var ts timers
	g := newGate()
	r := router.New(router.DispatchOnly())
	r.Use(concurrency.New(concurrency.PerUser, 1, concurrency.WithStore(store), concurrency.WithAfter(ts.after)))
	r.Command("export", g.handler("exported"))
	m := endpointtest.Build(t, r)
	out := runAll([]dispatcher{m}, interactiontest.Command("export"))
	<-g.started
	ts.mu.Lock()
	pending := ts.pending[0]
	ts.mu.Unlock()
	g.open()
	<-out
	if n := ts.live(); n != 0 {
		t.Errorf("%d renewals still scheduled after the run returned", n)
	}
	pending.f() // a renewal that fired as the run returned
	if n := ts.live(); n != 0 || store.Len() != 0 {
		t.Errorf("a late renewal scheduled %d more and left %d keys", n, store.Len())
	}
}

// TestADeadHoldersSlotComesFreeWhenItsLeaseEnds: a slot taken by a
// replica that died, never released, holds the runs back for its lease
// and no longer.
func TestADeadHoldersSlotComesFreeWhenItsLeaseEnds(t *testing.T) {
	clock := storetest.NewClock()
	store := concurrency.NewMemoryStore()
	store.SetClock(clock.Now)
	r := router.New(router.DispatchOnly())
	r.Use(concurrency.New(concurrency.PerUser, 1, concurrency.WithStore(store)))
	r.Command("export", endpointtest.Reply("exported"))
	m := endpointtest.Build(t, r)
	if _, ok, _ := store.Acquire(context.Background(), exportKey, 1, concurrency.DefaultLease); !ok {
		t.Fatal("the dead replica's slot was not taken")
	}
	for _, step := range []struct {
		advance time.Duration
		want    string
	}{
		{0, "This command is already running; try again when it finishes."},
		{concurrency.DefaultLease - time.Millisecond, "This command is already running; try again when it finishes."},
		{time.Millisecond, "exported"},
	} {
		clock.Advance(step.advance)
		resp, err := endpointtest.Dispatch(t, m, interactiontest.Command("export"))
		if err != nil || resp.Message.Content != step.want {
			t.Errorf("%v after the slot was taken, answered %q, %v; want %q", clock.Now(), resp.Message.Content, err, step.want)
		}
	}
}
