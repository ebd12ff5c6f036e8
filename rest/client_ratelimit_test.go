package rest_test

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/rest"
)

// The tests that judge a Client on the real clock by how short a wait
// is, by the 429s of requests sent at once, or by what an attempt of a
// fraction of a second gets done, do not run in parallel: they run
// first, by themselves, so that no other test of the package stretches
// their steps. The package's other tests run in parallel.

// TestClientWaitsForBucket: with two requests a window, the client reads
// the headers and waits for the window to end instead of meeting a 429.
func TestClientWaitsForBucket(t *testing.T) {
	const window = 300 * time.Millisecond
	s := apitest.StartEmulator(t, emulator.Config{RateLimit: emulator.RateLimit{Requests: 2, Window: window}})
	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	ctx := context.Background()
	start := time.Now()
	for range 5 {
		if _, err := c.ListCommands(ctx, s.ApplicationID, command.Global, false); err != nil {
			t.Fatal(err)
		}
	}
	elapsed := time.Since(start)
	if got := rec.Statuses(); len(got) != 5 || rec.CountStatus(http.StatusTooManyRequests) != 0 {
		t.Errorf("statuses %v, want 5 answers and no 429", got)
	}
	if elapsed < 2*window-50*time.Millisecond {
		t.Errorf("5 requests at 2 a window took %v, want at least two windows", elapsed)
	}

	// Another guild's bucket is counted apart: no wait for it.
	start = time.Now()
	if _, err := c.ListCommands(ctx, s.ApplicationID, command.InGuild(s.GuildID), false); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > window/2 {
		t.Errorf("a request on another bucket waited %v", d)
	}
}

// TestClientWaitsConcurrently: callers sharing a bucket do not all spend
// its last request.
func TestClientWaitsConcurrently(t *testing.T) {
	s := apitest.StartEmulator(t, emulator.Config{RateLimit: emulator.RateLimit{Requests: 2, Window: 200 * time.Millisecond}})
	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	ctx := context.Background()
	// The first answer teaches the client the bucket.
	if _, err := c.ListCommands(ctx, s.ApplicationID, command.Global, false); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			if _, err := c.ListCommands(ctx, s.ApplicationID, command.Global, false); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := rec.CountStatus(http.StatusTooManyRequests); n != 0 {
		t.Errorf("%d answers were 429", n)
	}
}

func TestClientRidesOutRateLimit(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	const after = 200 * time.Millisecond
	s.InjectFault(emulator.Fault{Route: "commands", Kind: emulator.FaultRateLimit, RetryAfter: after})
	start := time.Now()
	if _, err := c.ListCommands(context.Background(), s.ApplicationID, command.Global, false); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < after {
		t.Errorf("retried after %v, want retry_after %v honoured", d, after)
	}
	if got := rec.Statuses(); len(got) != 2 || got[0] != http.StatusTooManyRequests || got[1] != http.StatusOK {
		t.Errorf("statuses %v, want [429 200]", got)
	}
}

// TestClientGlobalRateLimit: a global 429 on one route holds requests on
// every other route until it ends.
func TestClientGlobalRateLimit(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	recorded := make(limitTold, 1)
	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken), rest.WithRateLimitStore(recorded, nil))
	const after = 300 * time.Millisecond
	s.InjectFault(emulator.Fault{Route: "commands", Kind: emulator.FaultRateLimit, RetryAfter: after, Global: true})
	limited := make(chan time.Time, 1)
	rec.OnAnswer = func(r apitest.Sent) {
		if r.Status == http.StatusTooManyRequests {
			limited <- r.At
		}
	}
	ctx := context.Background()
	done := make(chan error, 1)
	go func() {
		_, err := c.ListCommands(ctx, s.ApplicationID, command.Global, false)
		done <- err
	}()
	at := <-limited
	// The answer reaches the client after the transport: the next request
	// goes once the client has recorded the limit.
	<-recorded
	if _, err := c.CurrentUser(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	for _, r := range rec.All() {
		if r.Path == "/v10/users/@me" && r.At.Sub(at) < after-20*time.Millisecond {
			t.Errorf("/users/@me sent %v after the global 429, want at least %v", r.At.Sub(at), after)
		}
	}
}

// limitTold is a shared store of rate limits that stores nothing and is
// sent a token for each 429 the Client records, once the Client has
// recorded it in its own state, which decides alone: Take fails, as a
// shared store that is down does.
type limitTold chan struct{}

var errNoStore = errors.New("no store: the Client's own state decides")

func (limitTold) Take(context.Context, rest.RateLimitRequest) (time.Duration, error) {
	return 0, errNoStore
}

func (limitTold) Record(context.Context, rest.RateLimitRequest, rest.RateLimitAnswer) error {
	return nil
}

func (l limitTold) Limited(context.Context, rest.RateLimitRequest, bool, time.Duration) error {
	select {
	case l <- struct{}{}:
	default:
	}
	return nil
}

func TestClientRetriesServerErrors(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	s.InjectFault(emulator.Fault{Route: "commands", Kind: emulator.FaultServerError, Count: 2, Status: http.StatusBadGateway})
	if _, _, err := c.CreateCommand(context.Background(), s.ApplicationID, command.Global, ping("ping")); err != nil {
		t.Fatal(err)
	}
	if got := rec.Statuses(); len(got) != 3 || got[2] != http.StatusCreated {
		t.Errorf("statuses %v, want two 502 then 201", got)
	}
}

func TestClientGivesUpOnServerErrors(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken), rest.WithRetries(2))
	s.InjectFault(emulator.Fault{Route: "commands", Kind: emulator.FaultServerError, Count: 5})
	_, err := c.ListCommands(context.Background(), s.ApplicationID, command.Global, false)
	var ae *rest.APIError
	if !errors.As(err, &ae) || ae.Status != http.StatusInternalServerError || !ae.Retryable() {
		t.Fatalf("err = %v, want a retryable 500", err)
	}
	if n := len(rec.All()); n != 3 {
		t.Errorf("%d requests, want 3 (one and two retries)", n)
	}
}

func TestClientRetriesDroppedConnection(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	s.InjectFault(emulator.Fault{Route: "commands", Kind: emulator.FaultDrop, Count: 2})
	// A PUT with a body: the body must be sent whole again.
	got, err := c.OverwriteCommands(context.Background(), s.ApplicationID, command.Global, []command.Command{ping("ping")})
	if err != nil || len(got) != 1 {
		t.Fatalf("OverwriteCommands = %v, %v", got, err)
	}
	if st := rec.Statuses(); len(st) != 3 || st[0] != 0 || st[1] != 0 || st[2] != http.StatusOK {
		t.Errorf("statuses %v, want two dropped then 200", st)
	}
}

func TestClientCancelWhileWaiting(t *testing.T) {
	s := apitest.StartEmulator(t, emulator.Config{})
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	s.InjectFault(emulator.Fault{Route: "commands", Kind: emulator.FaultRateLimit, RetryAfter: 5 * time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := c.ListCommands(ctx, s.ApplicationID, command.Global, false)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the context's", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("returned after %v", d)
	}

	// Waiting for a bucket the client knows is exhausted ends with the
	// context too, before anything is sent.
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	if _, err := c.ListCommands(ctx, s.ApplicationID, command.Global, false); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}
