package endpoint_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/storecall"
)

// hangingStore is a cooldown store and a replay guard that never answers:
// each call waits for its context to end. It keeps how long the last
// call's context allowed it, from when it was called; zero for a context
// without a deadline.
type hangingStore struct {
	mu      sync.Mutex
	allowed time.Duration
}

func (s *hangingStore) wait(ctx context.Context) error {
	called := time.Now()
	d, ok := ctx.Deadline()
	s.mu.Lock()
	s.allowed = 0
	if ok {
		s.allowed = d.Sub(called)
	}
	s.mu.Unlock()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(10 * time.Second):
		return errors.New("hangingStore: the call was never given up")
	}
}

func (s *hangingStore) Use(ctx context.Context, _ string, _ int, _ time.Duration) (time.Duration, error) {
	return 0, s.wait(ctx)
}

func (s *hangingStore) Claim(ctx context.Context, _ interaction.Snowflake, _ time.Time) (bool, error) {
	return false, s.wait(ctx)
}

func (s *hangingStore) lastAllowed() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.allowed
}

// TestACooldownBoundsEachCallToItsStore: under a context without a
// deadline, as fasthttp gives, the store is called with one that ends
// after the store's timeout, and the use is let through when it ends.
func TestACooldownBoundsEachCallToItsStore(t *testing.T) {
	for _, tc := range []struct {
		name    string
		opts    []storecall.Option
		timeout time.Duration
	}{
		{"by default the call ends after DefaultStoreTimeout", nil, storecall.DefaultTimeout},
		{"StoreTimeout sets how long a call may take", []storecall.Option{storecall.WithTimeout(20 * time.Millisecond)}, 20 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				st := new(hangingStore)
				r := router.New(router.DispatchOnly())
				r.Use(cooldown.New(cooldown.PerUser, 1, time.Minute, cooldown.WithStore(st, tc.opts...)))
				r.Command("ping", endpointtest.Reply("pong"))
				m := endpointtest.Build(t, r)
				resp, err := m.Dispatch(context.Background(), interactiontest.Command("ping").Interaction())
				if err != nil || resp.Message.Content != "pong" {
					t.Fatalf("answered %q, %v; want the handler's", resp.Message.Content, err)
				}
				if d := st.lastAllowed(); d <= 0 || d > tc.timeout {
					t.Errorf("the store's call was allowed %v, want at most %v", d, tc.timeout)
				}
			})
		})
	}
}

// TestAReplayGuardCallNeverOutlastsTheAnswerDeadline: the guard's call
// ends after its timeout, or the answer margin before the service stops
// waiting when that is sooner, and the request is served.
func TestAReplayGuardCallNeverOutlastsTheAnswerDeadline(t *testing.T) {
	key := interactiontest.NewKey("replay")
	for _, tc := range []struct {
		name  string
		guard []storecall.Option
		opts  []endpoint.Option
		// within is the longest the call may take.
		within time.Duration
	}{
		{"the call ends after DefaultStoreTimeout",
			nil, nil, storecall.DefaultTimeout},
		{"a timeout past the answer deadline ends at the deadline",
			[]storecall.Option{storecall.WithTimeout(time.Second)},
			[]endpoint.Option{endpoint.WithResponseDeadline(300 * time.Millisecond), endpoint.WithAnswerMargin(200 * time.Millisecond)},
			100 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				var log bytes.Buffer
				st := new(hangingStore)
				opts := append([]endpoint.Option{endpoint.WithReplayGuard(st, tc.guard...)}, tc.opts...)
				e := newEndpoint(t, endpointtest.Bot(t, &log), key.Verifier(), opts...)
				if got := endpointtest.FrontEnds()[0].Do(e, endpointtest.Signed(key, interactiontest.Command("ping").JSON())); got.Status != 200 {
					t.Fatalf("%d %s, want the request served", got.Status, got.Body)
				}
				if d := st.lastAllowed(); d <= 0 || d > tc.within {
					t.Errorf("the guard's call was allowed %v, want at most %v", d, tc.within)
				}
				if !strings.Contains(log.String(), "the replay guard failed; serving the request") {
					t.Errorf("the timeout is not logged: %s", log.String())
				}
			})
		})
	}
}

// flakyStore is a cooldown store that fails while down is set, and
// otherwise allows every use.
type flakyStore struct {
	down  atomic.Bool
	calls atomic.Int32
}

func (s *flakyStore) Use(context.Context, string, int, time.Duration) (time.Duration, error) {
	s.calls.Add(1)
	if s.down.Load() {
		return 0, errors.New("store unreachable")
	}
	return 0, nil
}

// TestAStoreThatKeepsFailingIsLeftAloneForAWhile: after as many failures
// in a row as the breaker allows, the store is not called, and that is
// logged once; after the pause one call tries it again, and once it
// answers every use calls it again.
func TestAStoreThatKeepsFailingIsLeftAloneForAWhile(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const pause = 100 * time.Millisecond
		var log endpointtest.LogBuffer
		st := new(flakyStore)
		st.down.Store(true)
		r := router.New(router.DispatchOnly(), router.WithLogger(zerolog.New(&log)))
		r.Use(cooldown.New(cooldown.PerUser, 1, time.Minute, cooldown.WithStore(st, storecall.WithBreaker(3, pause))))
		r.Command("ping", endpointtest.Reply("pong"))
		m := endpointtest.Build(t, r)
		ping := func(n int) {
			t.Helper()
			for range n {
				resp, err := m.Dispatch(context.Background(), interactiontest.Command("ping").Interaction())
				if err != nil || resp.Message.Content != "pong" {
					t.Fatalf("answered %q, %v; want the handler's", resp.Message.Content, err)
				}
			}
		}
		ping(10)
		if n := st.calls.Load(); n != 3 {
			t.Errorf("the store was called %d times for 10 uses, want 3: once per failure until the breaker opens", n)
		}
		if n := strings.Count(log.String(), "failed too many times in a row"); n != 1 {
			t.Errorf("the pause is logged %d times, want once:\n%s", n, log.String())
		}

		time.Sleep(pause + 20*time.Millisecond)
		ping(5)
		if n := st.calls.Load(); n != 4 {
			t.Errorf("after the pause, with the store still down, it was called %d times in all, want 4: one try", n)
		}
		if n := strings.Count(log.String(), "failed too many times in a row"); n != 1 {
			t.Errorf("a failed try logs the pause again: %d times", n)
		}

		st.down.Store(false)
		time.Sleep(pause + 20*time.Millisecond)
		ping(5)
		if n := st.calls.Load(); n != 9 {
			t.Errorf("once the store answers again it was called %d times in all, want 9: for every use", n)
		}
		if !strings.Contains(log.String(), "the store answers again") {
			t.Errorf("that the store answers again is not logged:\n%s", log.String())
		}
	})
}

// brokenStore is a cooldown store whose calls all fail at once.
type brokenStore struct{}

func (brokenStore) Use(context.Context, string, int, time.Duration) (time.Duration, error) {
	return 0, errors.New("brokenStore: down")
}

// OnStoreFailure is told of every call that does not count, and why: a
// store that fails, one that does not answer in time, and the calls
// skipped while a store that kept failing is paused.
func TestOnStoreFailureIsToldOfEachCallThatDidNotCount(t *testing.T) {
	for _, tc := range []struct {
		name string
		st   cooldown.Store
		want []string
	}{
		{"a store that fails", brokenStore{}, []string{"cooldown error", "cooldown error", "cooldown paused", "cooldown paused"}},
		{"a store that does not answer", new(hangingStore), []string{"cooldown timeout", "cooldown timeout", "cooldown paused", "cooldown paused"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var mu sync.Mutex
			var told []string
			record := storecall.WithOnFailure(func(store string, why storecall.Failure) {
				mu.Lock()
				told = append(told, store+" "+string(why))
				mu.Unlock()
			})
			r := router.New(router.DispatchOnly())
			r.Use(cooldown.New(cooldown.PerUser, 1, time.Minute, cooldown.WithStore(tc.st,
				record, storecall.WithTimeout(10*time.Millisecond), storecall.WithBreaker(2, time.Minute))))
			r.Command("ping", endpointtest.Reply("pong"))
			m := endpointtest.Build(t, r)
			for range 4 {
				resp, err := m.Dispatch(context.Background(), interactiontest.Command("ping").Interaction())
				if err != nil || resp.Message.Content != "pong" {
					t.Fatalf("answered %q, %v; want the handler's", resp.Message.Content, err)
				}
			}
			mu.Lock()
			defer mu.Unlock()
			if strings.Join(told, ", ") != strings.Join(tc.want, ", ") {
				t.Errorf("told %q, want %q", told, tc.want)
			}
		})
	}
}
