package endpoint_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/router"
)

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
	for _, a := range endpointtest.FrontEnds() {
		runs.Store(0)
		e := newEndpoint(t, endpointtest.Build(t, r), key.Verifier(), endpoint.WithReplayGuard(replay.NewMemoryGuard(0)))
		req := endpointtest.Signed(key, interactiontest.Command("ping").JSON())
		if got := a.Do(e, req); got.Status != 200 {
			t.Fatalf("%s: first %d %s", a.Name, got.Status, got.Body)
		}
		got := a.Do(e, req)
		if got.Status != 409 || got.Body != `{"message":"interaction already received"}` {
			t.Errorf("%s: the copy was answered %d %s, want 409", a.Name, got.Status, got.Body)
		}
		if n := runs.Load(); n != 1 {
			t.Errorf("%s: the handler ran %d times", a.Name, n)
		}
		// Without a guard, the copy is served again: the guard is opt-in.
		plain := newEndpoint(t, endpointtest.Build(t, r), key.Verifier())
		if got := a.Do(plain, req); got.Status != 200 {
			t.Errorf("%s: without a guard %d", a.Name, got.Status)
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
	e := newEndpoint(t, endpointtest.Bot(t, &log), key.Verifier(), endpoint.WithReplayGuard(failingGuard{}))
	for _, a := range endpointtest.FrontEnds() {
		if got := a.Do(e, endpointtest.Signed(key, interactiontest.Command("ping").JSON())); got.Status != 200 {
			t.Errorf("%s: %d %s", a.Name, got.Status, got.Body)
		}
	}
	if !strings.Contains(log.String(), "store unreachable") {
		t.Errorf("the failure is not logged: %s", log.String())
	}
}

// expiryRecorder is a guard in memory that keeps the expiry it was asked
// to remember the last id until.
type expiryRecorder struct {
	*replay.MemoryGuard
	mu      sync.Mutex
	expires time.Time
}

func (g *expiryRecorder) Claim(ctx context.Context, id interaction.Snowflake, expires time.Time) (bool, error) {
	g.mu.Lock()
	g.expires = expires
	g.mu.Unlock()
	return g.MemoryGuard.Claim(ctx, id, expires)
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
			g := &expiryRecorder{MemoryGuard: replay.NewMemoryGuard(0)}
			e := newEndpoint(t, endpointtest.Bot(t, nil), key.Verifier(interaction.WithTimestampWindow(tc.window)), endpoint.WithReplayGuard(g))
			body := interactiontest.Command("ping").JSON()
			at := time.Now().Add(-tc.ago).Truncate(time.Second)
			sig, ts := key.SignAt(body, at)
			got := endpointtest.FrontEnds()[0].Do(e, endpointtest.Call{Method: "POST", Body: body, Headers: map[string]string{
				endpoint.HeaderSignature: sig, endpoint.HeaderTimestamp: ts,
			}})
			if got.Status != 200 {
				t.Fatalf("%d %s", got.Status, got.Body)
			}
			if want := at.Add(tc.window + replay.ClockAllowance); !g.expires.Equal(want) {
				t.Errorf("the guard remembers the id until %v after it was signed, want %v",
					g.expires.Sub(at), want.Sub(at))
			}
		})
	}
}
