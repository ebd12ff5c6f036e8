package storetest

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/rest"
)

// TestRateLimitStore checks a rest.RateLimitStore against its contract,
// on the stores open returns, a new one for each check:
//
//   - on a route never answered, one request goes and the others wait a
//     moment at a time, until its answer tells the limit, or about a
//     second when no answer comes;
//   - a route answered without counts is not held;
//   - a bucket grants no more than it has left, across both handles, and
//     the others wait until it resets;
//   - routes that share a bucket share its count, and other major ids
//     of the bucket count apart, from the limit it last told;
//   - a bucket that has reset grants its whole limit again, then waits
//     a window;
//   - within a window the lower count stands, and a late answer of the
//     last window neither reopens the bucket nor moves its reset back,
//     but still tells the limit;
//   - a 429 closes the bucket, or with global every request under the
//     global limit and no other, for the time it asks, at most
//     rest.MaxRetryAfter, and says so past it (rest.ErrRetryAfterTooLong);
//   - under a global rate, no sliding second, across both handles,
//     holds more requests than the rate.
//
// When both handles are rest.BatchingRateLimitStores, it also checks
// Batch: the answers are recorded in order, then the request taken; the
// first request on a bucket nothing is known of, and it alone, is a
// probe; an answer's reset counts from when it arrived.
func TestRateLimitStore(t *testing.T, open func(t *testing.T) Handles[rest.RateLimitStore]) {
	t.Helper()
	ctx := context.Background()
	list := rest.RateLimitRequest{Route: "GET /applications/{app}/commands", Major: "1", Global: true}
	take := func(t *testing.T, s rest.RateLimitStore, r rest.RateLimitRequest) time.Duration {
		t.Helper()
		wait, err := s.Take(ctx, r)
		if err != nil {
			t.Fatalf("Take(%s): %v", r.Route, err)
		}
		return wait
	}
	record := func(t *testing.T, s rest.RateLimitStore, r rest.RateLimitRequest, a rest.RateLimitAnswer) {
		t.Helper()
		if err := s.Record(ctx, r, a); err != nil {
			t.Fatalf("Record(%s): %v", r.Route, err)
		}
	}
	// takeMany takes n requests at once, alternately on a and b, and
	// returns how many were granted and the longest wait of the others.
	takeMany := func(t *testing.T, a, b rest.RateLimitStore, r rest.RateLimitRequest, n int) (granted int, longest time.Duration) {
		t.Helper()
		var count atomic.Int32
		var mu sync.Mutex
		var wg sync.WaitGroup
		for i := range n {
			s := a
			if i%2 == 1 {
				s = b
			}
			wg.Go(func() {
				wait, err := s.Take(ctx, r)
				if err != nil {
					t.Error(err)
					return
				}
				if wait == 0 {
					count.Add(1)
					return
				}
				mu.Lock()
				longest = max(longest, wait)
				mu.Unlock()
			})
		}
		wg.Wait()
		return int(count.Load()), longest
	}

	t.Run("a route never answered lets one request through until its answer tells the limit", func(t *testing.T) {
		h := open(t)
		a, b := h.A, h.B
		granted, longest := takeMany(t, a, b, list, 6)
		if granted != 1 {
			t.Errorf("%d of 6 requests granted on a route never answered, want 1", granted)
		}
		if longest <= 0 || longest > 100*time.Millisecond {
			t.Errorf("the others wait up to %v, want a moment, to ask again", longest)
		}
		record(t, a, list, rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 5, Remaining: 4, ResetAfter: time.Minute})
		if granted, _ := takeMany(t, a, b, list, 6); granted != 4 {
			t.Errorf("%d of 6 requests granted once the answer told 4 left, want 4", granted)
		}
	})

	t.Run("a route answered without counts is not held", func(t *testing.T) {
		h := open(t)
		a, b := h.A, h.B
		if wait := take(t, a, list); wait != 0 {
			t.Fatalf("the first request waits %v", wait)
		}
		record(t, a, list, rest.RateLimitAnswer{})
		if granted, _ := takeMany(t, a, b, list, 6); granted != 6 {
			t.Errorf("%d of 6 requests granted, want all", granted)
		}
	})

	t.Run("a request that gets no answer holds the others a moment only", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		a, b := h.A, h.B
		if wait := take(t, a, list); wait != 0 {
			t.Fatalf("the first request waits %v", wait)
		}
		start := tl.now()
		for {
			wait := take(t, b, list)
			if wait == 0 {
				break
			}
			if tl.since(start) > 5*time.Second {
				t.Fatal("the route is still held after 5s")
			}
			tl.sleep(wait)
		}
		if held := tl.since(start); held < 50*time.Millisecond || held > 2*time.Second {
			t.Errorf("the route was held %v after a request without answer, want a moment, up to 2s", held)
		}
	})

	t.Run("a new major of a known bucket is held to the limit the bucket last told", func(t *testing.T) {
		h := open(t)
		a, b := h.A, h.B
		record(t, a, list, rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 3, Remaining: 2, ResetAfter: time.Minute})
		other := list
		other.Major = "2"
		granted, longest := takeMany(t, a, b, other, 8)
		if granted != 3 {
			t.Errorf("%d of 8 requests granted on new major ids of a bucket of 3, want 3", granted)
		}
		if longest <= 0 || longest > time.Minute {
			t.Errorf("the others wait up to %v, want up to the window, a minute", longest)
		}
		if wait := take(t, a, list); wait != 0 {
			t.Errorf("the first major ids, with 2 left, wait %v", wait)
		}
	})

	t.Run("a new major of a bucket that reports no counts is not held", func(t *testing.T) {
		h := open(t)
		a, b := h.A, h.B
		record(t, a, list, rest.RateLimitAnswer{Bucket: "abc"})
		other := list
		other.Major = "2"
		if wait := take(t, a, other); wait != 0 {
			t.Fatalf("the first request waits %v", wait)
		}
		record(t, a, other, rest.RateLimitAnswer{Bucket: "abc"})
		if granted, _ := takeMany(t, a, b, other, 6); granted != 6 {
			t.Errorf("%d of 6 requests granted, want all", granted)
		}
	})

	t.Run("a bucket grants no more than it has left, across both handles", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		a, b := h.A, h.B
		recorded := tl.now()
		record(t, a, list, rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 5, Remaining: 5, ResetAfter: 2 * time.Second})
		granted, longest := takeMany(t, a, b, list, 20)
		if granted != 5 {
			t.Errorf("%d of 20 requests granted from a bucket of 5", granted)
		}
		waitsFor(t, tl, "the others, until the reset,", longest, 2*time.Second, recorded)
	})

	t.Run("routes that share a bucket share its count", func(t *testing.T) {
		h := open(t)
		a, b := h.A, h.B
		create := rest.RateLimitRequest{Route: "POST /applications/{app}/commands", Major: "1", Global: true}
		record(t, a, list, rest.RateLimitAnswer{Bucket: "shared", Counted: true, Limit: 2, Remaining: 1, ResetAfter: time.Minute})
		record(t, a, create, rest.RateLimitAnswer{Bucket: "shared"})
		if wait := take(t, b, create); wait != 0 {
			t.Fatalf("the last request of the bucket waits %v", wait)
		}
		if wait := take(t, b, list); wait == 0 {
			t.Error("another route of the bucket was granted a request it does not have")
		}
		guild := list
		guild.Major = "1/2"
		if wait := take(t, b, guild); wait != 0 {
			t.Errorf("the bucket of other major ids waits %v", wait)
		}
	})

	t.Run("a bucket that has reset grants its whole limit again, then waits a window", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		a, b := h.A, h.B
		// The requests after the reset must come within a window: a long
		// one, so that a loaded machine does not outlast it.
		const window = time.Second
		record(t, a, list, rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 3, Remaining: 0, ResetAfter: window})
		wait := take(t, b, list)
		if wait <= 0 || wait > window {
			t.Fatalf("an empty bucket waits %v, want up to %v", wait, window)
		}
		tl.sleep(wait + 10*time.Millisecond)
		reopened := tl.now()
		granted, longest := takeMany(t, a, b, list, 6)
		if granted != 3 {
			t.Errorf("%d of 6 requests granted after the reset, want the limit, 3", granted)
		}
		// The new window began with the first request after the reset.
		waitsFor(t, tl, "the others, a window,", longest, window, reopened)
	})

	t.Run("within a window the lower count stands", func(t *testing.T) {
		h := open(t)
		a, b := h.A, h.B
		record(t, a, list, rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 5, Remaining: 2, ResetAfter: time.Minute})
		// An answer sent earlier, arriving late.
		record(t, b, list, rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 5, Remaining: 4, ResetAfter: time.Minute})
		if granted, _ := takeMany(t, a, b, list, 6); granted != 2 {
			t.Errorf("%d requests granted, want 2", granted)
		}
	})

	t.Run("a late answer of the last window neither reopens the bucket nor moves its reset back", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		a, b := h.A, h.B
		// Every step below must come within the window: a long one, so
		// that a loaded machine does not outlast it.
		const window = time.Second
		record(t, a, list, rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 5, Remaining: 0, ResetAfter: window})
		tl.sleep(take(t, b, list) + 10*time.Millisecond)
		// The new window the store assumes begins with the whole limit.
		assumed := tl.now()
		if granted, _ := takeMany(t, a, b, list, 8); granted != 5 {
			t.Fatalf("%d of 8 requests granted after the reset, want the limit, 5", granted)
		}
		// The answer to a request sent just before the reset arrives now,
		// counting the window that ended.
		record(t, a, list, rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 5, Remaining: 3, ResetAfter: 20 * time.Millisecond})
		if granted, _ := takeMany(t, a, b, list, 5); granted != 0 {
			t.Errorf("%d requests granted by the late answer, want none", granted)
		}
		tl.sleep(50 * time.Millisecond)
		granted, longest := takeMany(t, a, b, list, 5)
		tl.within(t, assumed, window)
		if granted != 0 {
			t.Errorf("%d requests granted once the late answer's reset passed, want none", granted)
		}
		waitsFor(t, tl, "the others, until the reset of the window the store assumed,", longest, window, assumed)
	})

	t.Run("a late answer of the last window still tells the limit", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		a, b := h.A, h.B
		const window = time.Second
		recorded := tl.now()
		record(t, a, list, rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 5, Remaining: 4, ResetAfter: window})
		record(t, a, list, rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 2, Remaining: 1, ResetAfter: 10 * time.Millisecond})
		granted, _ := takeMany(t, a, b, list, 8)
		tl.within(t, recorded, window)
		if granted != 4 {
			t.Fatalf("%d of 8 requests granted, want the 4 left", granted)
		}
		tl.sleep(window + 10*time.Millisecond)
		if granted, _ := takeMany(t, a, b, list, 8); granted != 2 {
			t.Errorf("%d of 8 requests granted in the next window, want the limit the late answer told, 2", granted)
		}
	})

	t.Run("a 429 closes the bucket for the time it asks", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		a, b := h.A, h.B
		record(t, a, list, rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 5, Remaining: 4, ResetAfter: 50 * time.Millisecond})
		limited := tl.now()
		if err := a.Limited(ctx, list, false, 300*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		waitsFor(t, tl, "after a 429 asking 300ms, a request's", take(t, b, list), 300*time.Millisecond, limited)
		other := rest.RateLimitRequest{Route: "GET /users/@me", Global: true}
		if wait := take(t, b, other); wait != 0 {
			t.Errorf("another bucket waits %v", wait)
		}
	})

	t.Run("a 429 asking more than MaxRetryAfter holds for MaxRetryAfter, and says so", func(t *testing.T) {
		h := open(t)
		a, b := h.A, h.B
		if err := a.Limited(ctx, list, false, 1000*time.Hour); !errors.Is(err, rest.ErrRetryAfterTooLong) {
			t.Errorf("Limited(1000h) = %v, want ErrRetryAfterTooLong", err)
		}
		if wait := take(t, b, list); wait <= rest.MaxRetryAfter-time.Minute || wait > rest.MaxRetryAfter {
			t.Errorf("the bucket waits %v, want MaxRetryAfter, %v", wait, rest.MaxRetryAfter)
		}
		if err := a.Limited(ctx, list, true, 1000*time.Hour); !errors.Is(err, rest.ErrRetryAfterTooLong) {
			t.Errorf("global Limited(1000h) = %v, want ErrRetryAfterTooLong", err)
		}
		me := rest.RateLimitRequest{Route: "GET /users/@me", Global: true}
		if wait := take(t, b, me); wait <= rest.MaxRetryAfter-time.Minute || wait > rest.MaxRetryAfter {
			t.Errorf("a request under the global limit waits %v, want MaxRetryAfter, %v", wait, rest.MaxRetryAfter)
		}
		if err := a.Limited(ctx, list, false, rest.MaxRetryAfter); err != nil {
			t.Errorf("Limited(MaxRetryAfter) = %v, want no error", err)
		}
	})

	t.Run("a global 429 holds every request under the global limit and no other", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		a, b := h.A, h.B
		limited := tl.now()
		if err := a.Limited(ctx, list, true, 300*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		me := rest.RateLimitRequest{Route: "GET /users/@me", Global: true}
		wait := take(t, b, me)
		tl.within(t, limited, 300*time.Millisecond)
		waitsFor(t, tl, "after a global 429 asking 300ms, a request under the global limit's", wait, 300*time.Millisecond, limited)
		followUp := rest.RateLimitRequest{Route: "POST /webhooks/{app}/{token}", Major: "1/abc"}
		if wait := take(t, b, followUp); wait != 0 {
			t.Errorf("a follow-up, outside the global limit, waits %v", wait)
		}
	})

	t.Run("no sliding second holds more requests under the global rate than it says", func(t *testing.T) {
		h := open(t)
		tl := timeline{h.Clock}
		a, b := h.A, h.B
		counted := rest.RateLimitRequest{Route: "GET /users/@me", Global: true, GlobalRate: 10}
		// A bucket with room to spare, so that only the global rate
		// holds requests back.
		record(t, a, counted, rest.RateLimitAnswer{Bucket: "me", Counted: true, Limit: 100, Remaining: 100, ResetAfter: time.Minute})
		firstBegan := tl.now()
		if granted, _ := takeMany(t, a, b, counted, 5); granted != 5 {
			t.Fatalf("%d of the first 5 requests granted at 10 a second", granted)
		}
		first := tl.now() // every one of the first five was sent before
		tl.sleep(600 * time.Millisecond)
		second := tl.now()
		granted, _ := takeMany(t, a, b, counted, 10)
		// Past a second after the first batch began, some of it may be
		// out of the last second.
		tl.within(t, firstBegan, time.Second)
		if granted != 5 {
			t.Fatalf("%d of 10 requests granted %v after the first 5, want the 5 left", granted, second.Sub(first))
		}
		secondSent := tl.now()
		// A second after the first five, those of the second batch are
		// still within the last second.
		tl.sleep(first.Add(time.Second + 10*time.Millisecond).Sub(tl.now()))
		third := tl.now()
		granted, longest := takeMany(t, a, b, counted, 10)
		// Likewise the second batch, a second after it began.
		tl.within(t, second, time.Second)
		if granted != 5 {
			t.Errorf("%d of 10 requests granted once the first 5 were a second old, want 5: a sliding second would hold %d", granted, 5+granted)
		}
		// The others wait until the second batch is a second old.
		if hi := secondSent.Add(time.Second).Sub(third) + 20*time.Millisecond; longest <= 0 || longest > hi {
			t.Errorf("the others wait up to %v, want until a second after the second batch, at most %v", longest, hi)
		}
	})

	t.Run("the global rate grants as many requests a second as it says, across both handles", func(t *testing.T) {
		h := open(t)
		a, b := h.A, h.B
		counted := list
		counted.GlobalRate = 10
		// A bucket with room to spare, so that only the global rate
		// holds requests back.
		record(t, a, counted, rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 100, Remaining: 100, ResetAfter: time.Minute})
		granted, longest := takeMany(t, a, b, counted, 30)
		if granted != 10 {
			t.Errorf("%d of 30 requests granted at 10 a second", granted)
		}
		if longest <= 0 || longest > time.Second {
			t.Errorf("the others wait up to %v, want until the second ends", longest)
		}
		followUp := rest.RateLimitRequest{Route: "POST /webhooks/{app}/{token}", Major: "1/abc", GlobalRate: 10}
		if wait := take(t, a, followUp); wait != 0 {
			t.Errorf("a follow-up, outside the global limit, waits %v", wait)
		}
	})

	batchingRateLimits(t, func(t *testing.T) (Handles[rest.BatchingRateLimitStore], bool) {
		h := open(t)
		a, batchA := h.A.(rest.BatchingRateLimitStore)
		b, batchB := h.B.(rest.BatchingRateLimitStore)
		return Handles[rest.BatchingRateLimitStore]{A: a, B: b, Clock: h.Clock}, batchA && batchB
	})
}

// batchingRateLimits checks the Batch of a rest.BatchingRateLimitStore,
// on the stores open returns.
func batchingRateLimits(t *testing.T, open func(t *testing.T) (h Handles[rest.BatchingRateLimitStore], ok bool)) {
	t.Helper()
	ctx := context.Background()
	list := rest.RateLimitRequest{Route: "GET /applications/{app}/commands", Major: "1", Global: true}
	batch := func(t *testing.T, s rest.BatchingRateLimitStore, answers []rest.PendingAnswer, r *rest.RateLimitRequest) (time.Duration, bool) {
		t.Helper()
		wait, probe, err := s.Batch(ctx, answers, r)
		if err != nil {
			t.Fatalf("Batch: %v", err)
		}
		return wait, probe
	}

	t.Run("Batch: the answers are recorded in order, then the request taken", func(t *testing.T) {
		h, ok := open(t)
		if !ok {
			t.Skip("the store does not batch")
		}
		a, b := h.A, h.B
		answers := []rest.PendingAnswer{
			{Request: list, Answer: rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 5, Remaining: 4, ResetAfter: time.Minute}},
			// Of the same window, later: the lower count stands.
			{Request: list, Answer: rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 5, Remaining: 3, ResetAfter: time.Minute}},
		}
		if wait, probe := batch(t, a, answers, &list); wait != 0 || probe {
			t.Fatalf("the request waits %v, probe %v; want taken, no probe", wait, probe)
		}
		granted := 0
		for range 4 {
			if wait, _ := batch(t, b, nil, &list); wait == 0 {
				granted++
			}
		}
		if granted != 2 {
			t.Errorf("%d requests granted after 3 left and one taken, want 2", granted)
		}
	})

	t.Run("Batch: the first request on a bucket nothing is known of, and it alone, is a probe", func(t *testing.T) {
		h, ok := open(t)
		if !ok {
			t.Skip("the store does not batch")
		}
		a, b := h.A, h.B
		if wait, probe := batch(t, a, nil, &list); wait != 0 || !probe {
			t.Fatalf("the first request waits %v, probe %v; want taken, a probe", wait, probe)
		}
		if wait, probe := batch(t, b, nil, &list); wait == 0 || probe {
			t.Errorf("the second request waits %v, probe %v; want a wait, no probe", wait, probe)
		}
		answered := []rest.PendingAnswer{{Request: list, Answer: rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 5, Remaining: 4, ResetAfter: time.Minute}}}
		if wait, probe := batch(t, b, answered, &list); wait != 0 || probe {
			t.Errorf("once answered, a request waits %v, probe %v; want taken, no probe", wait, probe)
		}
	})

	t.Run("Batch: an answer's reset counts from when it arrived", func(t *testing.T) {
		h, ok := open(t)
		if !ok {
			t.Skip("the store does not batch")
		}
		tl := timeline{h.Clock}
		a, b := h.A, h.B
		aged := []rest.PendingAnswer{{
			Request: list,
			Answer:  rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 5, Remaining: 0, ResetAfter: time.Second},
			Age:     600 * time.Millisecond,
		}}
		// The answer arrived no earlier than the call that recorded it
		// began.
		recorded := tl.now()
		if wait, probe := batch(t, a, aged, nil); wait != 0 || probe {
			t.Errorf("recording alone answered a wait of %v, probe %v", wait, probe)
		}
		wait, _ := batch(t, b, nil, &list)
		waitsFor(t, tl, "the bucket's, the 400ms left of its second,", wait, 400*time.Millisecond, recorded)
	})
}
