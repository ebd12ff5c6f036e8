package rest_test

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/storetest"
)

func TestMemoryRateLimitStoreKeepsTheContract(t *testing.T) {
	t.Parallel()
	storetest.TestRateLimitStore(t, func(*testing.T) storetest.Handles[rest.RateLimitStore] {
		clock := storetest.NewClock()
		s := rest.NewMemoryRateLimitStore()
		s.SetClock(clock.Now)
		return storetest.Handles[rest.RateLimitStore]{A: s, B: s, Clock: clock}
	})
}

func TestClientsSharingAMemoryStoreMeetNo429(t *testing.T) {
	apitest.ClientsSharingLimits(t, func(*testing.T) (a, b rest.RateLimitStore) {
		s := rest.NewMemoryRateLimitStore()
		return s, s
	})
}

// failingStore is a shared store that is down.
type failingStore struct{}

var errDown = errors.New("store unreachable")

func (failingStore) Take(context.Context, rest.RateLimitRequest) (time.Duration, error) {
	return 0, errDown
}

func (failingStore) Record(context.Context, rest.RateLimitRequest, rest.RateLimitAnswer) error {
	return errDown
}

func (failingStore) Limited(context.Context, rest.RateLimitRequest, bool, time.Duration) error {
	return errDown
}

// TestAClientWhoseStoreFailsWaitsByWhatItSaw: the errors are reported,
// and the Client still waits for the buckets it learned itself.
func TestAClientWhoseStoreFailsWaitsByWhatItSaw(t *testing.T) {
	const window = 300 * time.Millisecond
	s := apitest.StartEmulator(t, emulator.Config{RateLimit: emulator.RateLimit{Requests: 2, Window: window}})
	var failures atomic.Int32
	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken), rest.WithRateLimitStore(failingStore{}, func(err error) {
		if errors.Is(err, errDown) {
			failures.Add(1)
		}
	}))
	start := time.Now()
	for range 5 {
		if _, err := c.ListCommands(context.Background(), s.ApplicationID, command.Global, false); err != nil {
			t.Fatal(err)
		}
	}
	if n := rec.CountStatus(http.StatusTooManyRequests); n != 0 {
		t.Errorf("%d answers were 429", n)
	}
	if d := time.Since(start); d < 2*window-50*time.Millisecond {
		t.Errorf("5 requests at 2 a window took %v, want at least two windows", d)
	}
	if failures.Load() < 10 {
		t.Errorf("%d failures reported, want one for each take and each record", failures.Load())
	}
}

// TestClientKeepsToItsGlobalRate: requests on buckets of their own still
// wait for the global count.
func TestClientKeepsToItsGlobalRate(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken), rest.WithGlobalRateLimit(10))
	ctx := context.Background()
	start := time.Now()
	for range 11 {
		if _, err := c.CurrentUser(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if d := time.Since(start); d < time.Second-50*time.Millisecond {
		t.Errorf("11 requests at 10 a second took %v, want at least a second", d)
	}
}
