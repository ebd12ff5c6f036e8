package concurrency_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/concurrency"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
)

// gate holds the runs of the handlers it makes until the test lets them
// go: each run tells started when it has begun, and returns when release
// is closed.
type gate struct {
	started chan string
	release chan struct{}
}

func newGate() *gate {
	return &gate{started: make(chan string, 100), release: make(chan struct{})}
}

// handler returns a handler that answers name once the gate is open.
func (g *gate) handler(name string) router.HandlerFunc {
	return func(ctx context.Context, _ *router.Request) (interaction.Response, error) {
		g.started <- name
		select {
		case <-g.release:
		case <-ctx.Done():
			return interaction.Response{}, ctx.Err()
		}
		return interaction.Reply(name), nil
	}
}

// open lets every run held, and every run to come, return.
func (g *gate) open() { close(g.release) }

// outcome is what a run through a Mux came to.
type outcome struct {
	resp interaction.Response
	err  error
}

// refused reports whether the run was answered with the limit's
// refusal, failing t if that refusal is not ephemeral.
func (o outcome) refused(t *testing.T) bool {
	t.Helper()
	if !strings.Contains(o.resp.Message.Content, "already running") {
		return false
	}
	if o.resp.Message.Flags&interaction.FlagEphemeral == 0 {
		t.Errorf("the refusal %q is not ephemeral", o.resp.Message.Content)
	}
	return true
}

// dispatcher is one replica's router, built.
type dispatcher interface {
	Dispatch(ctx context.Context, ix *interaction.Interaction) (interaction.Response, error)
}

// runAll dispatches each interaction on its own goroutine, through the
// Mux of its number among ms, and returns a channel of their outcomes.
func runAll(ms []dispatcher, ixs ...*interactiontest.Builder) <-chan outcome {
	out := make(chan outcome, len(ixs))
	var wg sync.WaitGroup
	for i, b := range ixs {
		ix := b.Interaction()
		m := ms[i%len(ms)]
		wg.Go(func() {
			resp, err := m.Dispatch(context.Background(), ix)
			out <- outcome{resp, err}
		})
	}
	return out
}

// otherUser is a builder of b's interaction from another member of the
// same guild.
func otherUser(b *interactiontest.Builder) *interactiontest.Builder {
	return b.InGuild(interactiontest.GuildID, interaction.Member{User: interaction.User{ID: interactiontest.UserID + 1, Username: "bob"}})
}

// keyRecorder is a store that keeps the keys it was asked to acquire.
type keyRecorder struct {
	concurrency.Store
	mu   sync.Mutex
	keys []string
}

func (s *keyRecorder) Acquire(ctx context.Context, key string, n int, lease time.Duration) (string, bool, error) {
	s.mu.Lock()
	s.keys = append(s.keys, key)
	s.mu.Unlock()
	return s.Store.Acquire(ctx, key, n, lease)
}

// Keys returns the keys asked for so far.
func (s *keyRecorder) Keys() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.keys)
}
