package concurrency_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/concurrency"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// askings is a store that tells of every Acquire it is asked.
type askings struct {
	concurrency.Store
	asked chan string
}

func (s askings) Acquire(ctx context.Context, key string, n int, lease time.Duration) (string, bool, error) {
	token, ok, err := s.Store.Acquire(ctx, key, n, lease)
	s.asked <- key
	return token, ok, err
}

// TestARunThatWaitsRunsOnceASlotIsFree: a run past the limit asks again
// until the run holding the slot returns, and then runs.
func TestARunThatWaitsRunsOnceASlotIsFree(t *testing.T) {
	store := askings{Store: concurrency.NewMemoryStore(), asked: make(chan string, 1000)}
	g := newGate()
	var runs atomic.Int32
	r := router.New(router.DispatchOnly())
	r.Use(concurrency.New(concurrency.PerGuild, 1, concurrency.WithStore(store), concurrency.WithWait(time.Minute)))
	r.Command("export", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		runs.Add(1)
		return g.handler("exported")(ctx, req)
	})
	m := endpointtest.Build(t, r)
	first := runAll([]dispatcher{m}, interactiontest.Command("export"))
	<-g.started
	<-store.asked
	second := runAll([]dispatcher{m}, otherUser(interactiontest.Command("export")))
	// Refused once, it asks again: it waits.
	<-store.asked
	<-store.asked
	if n := runs.Load(); n != 1 {
		t.Fatalf("%d runs while one held the slot", n)
	}
	g.open()
	for _, out := range []<-chan outcome{first, second} {
		if o := <-out; o.resp.Message.Content != "exported" {
			t.Errorf("answered %q, %v; want the handler's", o.resp.Message.Content, o.err)
		}
	}
}

// TestAWaitEndsWithItsBoundOrTheContexts: a run that finds no slot within
// its wait, or before its handler's context ends, is refused.
func TestAWaitEndsWithItsBoundOrTheContexts(t *testing.T) {
	for _, tc := range []struct {
		name string
		wait time.Duration
		ctx  func() (context.Context, context.CancelFunc)
	}{
		{"the wait's bound", 20 * time.Millisecond, func() (context.Context, context.CancelFunc) { return context.Background(), func() {} }},
		{"the context's deadline, before the wait's", time.Hour, func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 100*time.Millisecond)
		}},
		{"the context canceled", time.Hour, func() (context.Context, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			return ctx, cancel
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGate()
			defer g.open()
			r := router.New(router.DispatchOnly())
			r.Use(concurrency.New(concurrency.PerUser, 1, concurrency.WithWait(tc.wait)))
			r.Command("export", g.handler("exported"))
			m := endpointtest.Build(t, r)
			runAll([]dispatcher{m}, interactiontest.Command("export"))
			<-g.started
			ctx, cancel := tc.ctx()
			defer cancel()
			resp, err := m.Dispatch(ctx, interactiontest.Command("export").Interaction())
			if o := (outcome{resp, err}); !o.refused(t) {
				t.Errorf("answered %q, %v; want the refusal", resp.Message.Content, err)
			}
		})
	}
}

// exportBot is a bot whose /export runs one at a time in a guild, until
// g lets it return.
func exportBot(t *testing.T, g *gate, opts ...concurrency.Option) *switchboardtest.Bot {
	r := router.New()
	r.Use(concurrency.New(concurrency.PerGuild, 1, opts...))
	r.Command("export", g.handler("Exported 1,024 rows."), router.Description("Export the scores"))
	return switchboardtest.New(t, r, switchboardtest.WithResponseWindow(500*time.Millisecond))
}

// TestARunHoldsItsSlotWhileItsAnswerIsDeferred: served by an endpoint, a
// run the endpoint deferred still holds its slot: another member's run
// is refused, privately, until the first has answered.
func TestARunHoldsItsSlotWhileItsAnswerIsDeferred(t *testing.T) {
	g := newGate()
	bot := exportBot(t, g)
	first := bot.Command("/export")
	if !first.Message().Loading() {
		t.Fatalf("the first run's answer is not deferred:\n%s", first)
	}
	second := bot.Command("/export", switchboardtest.As(bot.Moderator))
	second.Shows("already running")
	if !second.Ephemeral() {
		t.Errorf("the refusal is not ephemeral:\n%s", second)
	}
	g.open()
	first.Wait().Shows("Exported 1,024 rows.")
	bot.Command("/export", switchboardtest.As(bot.Moderator)).Shows("Exported 1,024 rows.")
}

// TestARunThatWaitsPastTheWindowIsDeferred: a run that waits for a slot
// longer than the service waits for an answer is deferred, and runs once
// the slot is free.
func TestARunThatWaitsPastTheWindowIsDeferred(t *testing.T) {
	g := newGate()
	bot := exportBot(t, g, concurrency.WithWait(time.Minute))
	first := bot.Command("/export")
	second := bot.Command("/export", switchboardtest.As(bot.Admin))
	if !second.Message().Loading() {
		t.Fatalf("the waiting run's answer is not deferred:\n%s", second)
	}
	g.open()
	first.Wait().Shows("Exported 1,024 rows.")
	second.Wait().Shows("Exported 1,024 rows.")
}
