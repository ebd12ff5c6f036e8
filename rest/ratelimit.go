package rest

import (
	"context"
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// limiter keeps the rate limits the service reported, so that a request
// waits rather than be sent into a bucket the service would refuse it from.
//
// The service names a limit by the X-RateLimit-Bucket header; routes that
// share a limit share the bucket id. It counts a bucket separately for each
// top-level resource in the path (here the application and the guild), so a
// bucket's state is kept per (bucket, major ids). A route's bucket is only
// known once the service answered on it; until then requests go out.
//
// Time here is the real clock: the waits are real waits whatever clock the
// Client judges tokens by. X-RateLimit-Reset-After is relative, so reading
// it needs no agreement between the clocks of client and service; the
// absolute X-RateLimit-Reset is used only when it is missing.
type limiter struct {
	mu      sync.Mutex
	routes  map[string]string  // route → bucket id
	buckets map[string]*bucket // bucket id + "@" + major ids → state
	// global is when a global limit the service reported ends; every
	// request under it waits for it.
	global time.Time
	// sweepAt is how many buckets there may be before forget looks for
	// stale ones.
	sweepAt int
}

type bucket struct {
	limit     int // requests a window; 0 when unknown
	remaining int
	reset     time.Time
	// window is the longest wait until a reset seen for the bucket, close
	// to the length of its window.
	window time.Duration
}

func newLimiter() *limiter {
	return &limiter{routes: map[string]string{}, buckets: map[string]*bucket{}}
}

// key returns the state key of route's bucket, the route itself while its
// bucket is unknown. The caller holds l.mu.
func (l *limiter) key(route, major string) string {
	if id, ok := l.routes[route]; ok {
		return id + "@" + major
	}
	return route + "@" + major
}

// wait blocks until a request on route may be sent: until a global limit
// ends, and while its bucket has no requests left, until the bucket
// resets. It takes one request from the bucket, so that callers sharing
// the bucket do not all go at once on its last one.
func (l *limiter) wait(ctx context.Context, route, major string) error {
	for {
		l.mu.Lock()
		now := time.Now()
		var until time.Time
		if underGlobalLimit(route) {
			until = l.global
		}
		b := l.buckets[l.key(route, major)]
		if b != nil && now.Before(b.reset) && b.remaining <= 0 && b.reset.After(until) {
			until = b.reset
		}
		if !now.Before(until) {
			if b != nil {
				b.take(now)
			}
			l.mu.Unlock()
			return nil
		}
		l.mu.Unlock()
		if err := sleepCtx(ctx, until.Sub(now)); err != nil {
			return err
		}
	}
}

// update records the limit headers of an answer on route.
func (l *limiter) update(route, major string, resp *http.Response) {
	h := resp.Header
	id := h.Get("X-RateLimit-Bucket")
	remaining, errRemaining := strconv.Atoi(h.Get("X-RateLimit-Remaining"))
	reset, okReset := resetTime(h)
	l.mu.Lock()
	defer l.mu.Unlock()
	if id != "" {
		l.routes[route] = id
	}
	if errRemaining != nil || !okReset {
		return
	}
	limit, _ := strconv.Atoi(h.Get("X-RateLimit-Limit"))
	key := l.key(route, major)
	b := l.buckets[key]
	if b == nil {
		l.forget(time.Now())
		b = &bucket{}
		l.buckets[key] = b
	}
	b.record(limit, remaining, reset)
}

// minSweep is the number of buckets below which forget does not look.
const minSweep = 1024

// forget drops the buckets whose window ended more than a window ago,
// once there are many. The limits of webhooks are counted per interaction
// token, so a bot that follows up its interactions makes a bucket for
// each; kept, they would pile up for as long as the Client lives. A bucket
// that old has reset, so forgetting it loses only the size of its window,
// which the next answer on it reports again. Looking again only when the
// buckets have doubled keeps the cost of a new bucket constant. The caller
// holds l.mu.
func (l *limiter) forget(now time.Time) {
	if len(l.buckets) < max(l.sweepAt, minSweep) {
		return
	}
	for key, b := range l.buckets {
		if now.Sub(b.reset) > b.window {
			delete(l.buckets, key)
		}
	}
	l.sweepAt = 2 * len(l.buckets)
}

// take counts a request about to be sent. Once the bucket has reset, the
// service's new window is assumed to have begun with the full limit, and
// to last as long as the last one, until an answer says otherwise; without
// that, every caller waiting for the reset would go at once.
func (b *bucket) take(now time.Time) {
	if !now.Before(b.reset) {
		if b.limit <= 0 {
			return
		}
		b.remaining, b.reset = b.limit, now.Add(b.window)
	}
	b.remaining--
}

// record takes in the state an answer reported. Answers of one window may
// arrive out of order, and the requests still in flight are already taken
// from remaining, so within a window the lower count stands, and the later
// reset: a window the client assumed began when it sent, the service's
// when the request arrived.
func (b *bucket) record(limit, remaining int, reset time.Time) {
	if limit > 0 {
		b.limit = limit
	}
	b.window = max(b.window, time.Until(reset))
	if reset.Before(b.reset.Add(b.window/2)) && b.reset.Before(reset.Add(b.window/2)) {
		b.remaining = min(b.remaining, remaining)
		if reset.After(b.reset) {
			b.reset = reset
		}
		return
	}
	b.remaining, b.reset = remaining, reset
}

// resetTime reads when the bucket of an answer resets.
func resetTime(h http.Header) (time.Time, bool) {
	if after, err := strconv.ParseFloat(h.Get("X-RateLimit-Reset-After"), 64); err == nil {
		return time.Now().Add(seconds(after)), true
	}
	if at, err := strconv.ParseFloat(h.Get("X-RateLimit-Reset"), 64); err == nil {
		sec, frac := math.Modf(at)
		return time.Unix(int64(sec), int64(frac*1e9)), true
	}
	return time.Time{}, false
}

// rateLimitBody is the body of a 429.
type rateLimitBody struct {
	Message    string  `json:"message"`
	RetryAfter float64 `json:"retry_after"`
	Global     bool    `json:"global"`
}

// limited records a 429 on route: the route's bucket, or with a global
// limit every route, is closed for the time the answer asks. The body's
// retry_after is in seconds with a fraction; the Retry-After header,
// whole seconds, is the fallback.
func (l *limiter) limited(route, major string, resp *http.Response, body []byte) {
	var rl rateLimitBody
	_ = json.Unmarshal(body, &rl)
	after := seconds(rl.RetryAfter)
	if rl.RetryAfter <= 0 {
		if s, err := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64); err == nil {
			after = seconds(s)
		}
	}
	if after <= 0 {
		// A 429 that names no wait still means "not now".
		after = 100 * time.Millisecond
	}
	global := rl.Global || strings.EqualFold(resp.Header.Get("X-RateLimit-Global"), "true")
	until := time.Now().Add(after)
	l.mu.Lock()
	defer l.mu.Unlock()
	if global {
		if until.After(l.global) {
			l.global = until
		}
		return
	}
	key := l.key(route, major)
	b := l.buckets[key]
	if b == nil {
		b = &bucket{}
		l.buckets[key] = b
	}
	b.remaining = 0
	if until.After(b.reset) {
		b.reset = until
	}
}

// seconds converts a count of seconds with a fraction to a Duration.
func seconds(s float64) time.Duration {
	if s <= 0 || math.IsNaN(s) {
		return 0
	}
	if s > math.MaxInt64/float64(time.Second) {
		return math.MaxInt64
	}
	return time.Duration(s * float64(time.Second))
}
