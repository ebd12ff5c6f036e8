package rest_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/rest"
)

// batchingStore is a shared store that batches, kept in memory, which
// keeps a line for each call it gets: "take", "record", "limited", or
// "batch N" for a Batch of N answers, followed by "+take" when it takes
// a request too.
type batchingStore struct {
	s  *rest.MemoryRateLimitStore
	mu sync.Mutex
	// log holds a line for each call; answers the answers batched.
	log     []string
	answers []rest.PendingAnswer
	// flushed is sent each Batch that takes no request.
	flushed chan []rest.PendingAnswer
}

func newBatchingStore() *batchingStore {
	return &batchingStore{s: rest.NewMemoryRateLimitStore(), flushed: make(chan []rest.PendingAnswer, 16)}
}

func (b *batchingStore) note(line string) {
	b.mu.Lock()
	b.log = append(b.log, line)
	b.mu.Unlock()
}

func (b *batchingStore) calls() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return strings.Join(b.log, ", ")
}

func (b *batchingStore) Take(ctx context.Context, r rest.RateLimitRequest) (time.Duration, error) {
	b.note("take")
	return b.s.Take(ctx, r)
}

func (b *batchingStore) Record(ctx context.Context, r rest.RateLimitRequest, a rest.RateLimitAnswer) error {
	b.note("record")
	return b.s.Record(ctx, r, a)
}

func (b *batchingStore) Limited(ctx context.Context, r rest.RateLimitRequest, global bool, after time.Duration) error {
	b.note("limited")
	return b.s.Limited(ctx, r, global, after)
}

func (b *batchingStore) Batch(ctx context.Context, answers []rest.PendingAnswer, r *rest.RateLimitRequest) (time.Duration, bool, error) {
	line := fmt.Sprintf("batch %d", len(answers))
	if r != nil {
		line += "+take"
	}
	b.mu.Lock()
	b.log = append(b.log, line)
	b.answers = append(b.answers, answers...)
	b.mu.Unlock()
	if r == nil {
		b.flushed <- answers
	}
	return b.s.Batch(ctx, answers, r)
}

// TestAClientRecordsAnAnswerWithItsNextRequest: the answers a Client
// records in a store that batches go with the Take of its next request,
// one call a request; but those others wait for go at once: the answer
// to the first request on a bucket nothing was known of, the answer that
// leaves its bucket empty, and every answer held before a 429.
// WithRecordDelay(0) records each at once, as for any other store.
func TestAClientRecordsAnAnswerWithItsNextRequest(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		limit int
		delay time.Duration
		// fault is a 429 the service answers the third request with;
		// the calls after the 429, waits for the bucket's reset, are
		// not checked.
		fault bool
		want  string
	}{
		{"the answers held go with the next request", 100, time.Hour, false,
			"batch 0+take, batch 1, batch 0+take, batch 1+take, batch 1"},
		{"the answer that leaves its bucket empty goes at once", 3, time.Hour, false,
			"batch 0+take, batch 1, batch 0+take, batch 1+take, batch 1"},
		{"the answers held go before a 429", 100, time.Hour, true,
			"batch 0+take, batch 1, batch 0+take, batch 1+take, batch 1, limited"},
		{"without a delay each answer goes at once", 100, 0, false,
			"take, record, take, record, take, record"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A window no run outlasts, but after a 429, whose bucket stays
			// closed until its reset.
			window := time.Minute
			if tc.fault {
				window = 300 * time.Millisecond
			}
			s := apitest.StartEmulator(t, emulator.Config{RateLimit: emulator.RateLimit{Requests: tc.limit, Window: window}})
			st := newBatchingStore()
			c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken),
				rest.WithRateLimitStore(st, func(err error) { t.Error(err) }), rest.WithRecordDelay(tc.delay))
			ctx := context.Background()
			for i := range 3 {
				if i == 2 && tc.fault {
					s.InjectFault(emulator.Fault{Route: "commands", Kind: emulator.FaultRateLimit, RetryAfter: 10 * time.Millisecond})
				}
				if _, err := c.ListCommands(ctx, s.ApplicationID, command.Global, false); err != nil {
					t.Fatal(err)
				}
			}
			if err := c.FlushRateLimits(ctx); err != nil {
				t.Fatal(err)
			}
			got := st.calls()
			if tc.fault {
				got = got[:min(len(got), len(tc.want))]
			}
			if got != tc.want {
				t.Errorf("the store was called:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestAnAnswerHeldIsRecordedAfterTheDelay: with no request to carry it,
// an answer is recorded on its own after the delay, its reset counted
// from when it arrived.
func TestAnAnswerHeldIsRecordedAfterTheDelay(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{RateLimit: emulator.RateLimit{Requests: 100, Window: time.Minute}})
	st := newBatchingStore()
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken),
		rest.WithRateLimitStore(st, func(err error) { t.Error(err) }), rest.WithRecordDelay(time.Millisecond))
	ctx := context.Background()
	for range 2 {
		if _, err := c.ListCommands(ctx, s.ApplicationID, command.Global, false); err != nil {
			t.Fatal(err)
		}
	}
	// The first answer, to a probe, went at once; the second waits for
	// the timer.
	for i := range 2 {
		select {
		case answers := <-st.flushed:
			if len(answers) != 1 || !answers[0].Answer.Counted || answers[0].Age < 0 {
				t.Errorf("flush %d recorded %+v, want one answer with its counts", i+1, answers)
			}
			if i == 1 && answers[0].Age < time.Millisecond {
				t.Errorf("the answer held is recorded %v after it arrived, want the delay at least", answers[0].Age)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("flush %d never came; the store was called: %s", i+1, st.calls())
		}
	}
}
