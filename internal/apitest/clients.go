package apitest

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/rest"
)

// ClientsSharingLimits checks a rest.RateLimitStore as replicas use it,
// beside the checks of its contract (storetest.TestRateLimitStore),
// which leave the Client out: two Clients of one bot whose limits are
// kept in the store open returns send, at once, more requests than a
// bucket of the emulator allows, and meet no 429; two Clients that keep
// their own limits, as replicas without a store do, meet some. The
// emulator keeps to the real clock, so the store must too.
func ClientsSharingLimits(t *testing.T, open func(t *testing.T) (a, b rest.RateLimitStore)) {
	const window = 300 * time.Millisecond
	// run sends one request with the first Client, which teaches it the
	// bucket, then four with each at once, and returns how many answers
	// were 429 and how long the whole took.
	run := func(t *testing.T, a, b []rest.ClientOption) (limited int, took time.Duration) {
		s := StartEmulator(t, emulator.Config{RateLimit: emulator.RateLimit{Requests: 3, Window: window}})
		ca, recA := NewClient(t, s, rest.BotToken(s.BotToken), a...)
		cb, recB := NewClient(t, s, rest.BotToken(s.BotToken), b...)
		ctx := context.Background()
		list := func(c *rest.Client) {
			if _, err := c.ListCommands(ctx, s.ApplicationID, command.Global, false); err != nil {
				t.Error(err)
			}
		}
		start := time.Now()
		list(ca)
		if len(b) == 0 {
			// Apart, each learns the bucket from an answer of its own.
			list(cb)
		}
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() { list(ca) })
			wg.Go(func() { list(cb) })
		}
		wg.Wait()
		// The answers each holds for its store are recorded before the
		// test, and the store, end.
		for _, c := range []*rest.Client{ca, cb} {
			if err := c.FlushRateLimits(ctx); err != nil {
				t.Error(err)
			}
		}
		return recA.CountStatus(http.StatusTooManyRequests) + recB.CountStatus(http.StatusTooManyRequests), time.Since(start)
	}

	t.Run("two clients sharing the store meet no 429", func(t *testing.T) {
		sa, sb := open(t)
		limited, took := run(t,
			[]rest.ClientOption{rest.WithRateLimitStore(sa, func(err error) { t.Error(err) })},
			[]rest.ClientOption{rest.WithRateLimitStore(sb, func(err error) { t.Error(err) })})
		if limited != 0 {
			t.Errorf("%d answers were 429", limited)
		}
		// Nine requests at three a window span three windows.
		if took < 2*window-50*time.Millisecond {
			t.Errorf("nine requests at three a window took %v, want at least two windows", took)
		}
	})

	t.Run("two clients keeping their own limits meet 429s", func(t *testing.T) {
		if limited, _ := run(t, nil, nil); limited == 0 {
			t.Error("no answer was 429: the check above proves nothing")
		}
	})
}
