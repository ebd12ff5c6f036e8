package rest

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"
)

// TestLimiterForgetsStaleBuckets: buckets made per interaction token do
// not pile up, and no bucket that may still hold back a request is lost.
func TestLimiterForgetsStaleBuckets(t *testing.T) {
	t.Parallel()
	answer := &http.Response{Header: http.Header{
		"X-Ratelimit-Bucket":      {"webhook"},
		"X-Ratelimit-Limit":       {"5"},
		"X-Ratelimit-Remaining":   {"4"},
		"X-Ratelimit-Reset-After": {"1"},
	}}
	const route = "GET /webhooks/{app}/{token}/messages/{message}"
	// fill gives l n buckets whose window, a second long, reset ago.
	fill := func(l *MemoryRateLimitStore, prefix string, n int, ago time.Duration) {
		for i := range n {
			l.buckets["webhook@"+prefix+strconv.Itoa(i)] = &bucket{limit: 5, reset: time.Now().Add(-ago), window: time.Second}
		}
	}
	for _, tc := range []struct {
		name  string
		stale int           // buckets whose window ended over a window ago
		live  int           // buckets whose window ended less than a window ago
		want  int           // buckets after one more answer
		ago   time.Duration // how long ago the live ones reset
	}{
		{name: "a few stale buckets are left alone", stale: 10, want: 11},
		{name: "stale buckets are forgotten once there are many", stale: minSweep, want: 1},
		{name: "a bucket reset less than a window ago is kept", stale: minSweep - 3, live: 3, ago: 100 * time.Millisecond, want: 4},
		{name: "a bucket in its window is kept", stale: minSweep - 3, live: 3, ago: -time.Second, want: 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := newLimiter().local
			l.routes[route] = "webhook"
			fill(l, "stale", tc.stale, 3*time.Second)
			fill(l, "live", tc.live, tc.ago)
			l.Record(context.Background(), RateLimitRequest{Route: route, Major: "new"}, readAnswer(answer.Header))
			if len(l.buckets) != tc.want {
				t.Errorf("%d buckets, want %d", len(l.buckets), tc.want)
			}
			if l.buckets["webhook@new"] == nil {
				t.Error("the answer's bucket is missing")
			}
		})
	}

	t.Run("the next look waits until the buckets have doubled", func(t *testing.T) {
		l := newLimiter().local
		l.routes[route] = "webhook"
		fill(l, "live", minSweep, -time.Second)
		l.Record(context.Background(), RateLimitRequest{Route: route, Major: "new"}, readAnswer(answer.Header)) // looks, and forgets nothing
		fill(l, "stale", minSweep-2, 3*time.Second)
		l.Record(context.Background(), RateLimitRequest{Route: route, Major: "newer"}, readAnswer(answer.Header))
		if n := len(l.buckets); n != 2*minSweep {
			t.Errorf("%d buckets after an answer short of twice as many, want %d", n, 2*minSweep)
		}
		l.Record(context.Background(), RateLimitRequest{Route: route, Major: "newest"}, readAnswer(answer.Header))
		if n := len(l.buckets); n != minSweep+3 {
			t.Errorf("%d buckets after the buckets doubled, want %d", n, minSweep+3)
		}
	})
}
