package rest

import (
	"context"
	"encoding/json"
	"fmt"
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
// It keeps them in a MemoryRateLimitStore of its own and, given one
// (WithRateLimitStore), in a store that replicas share, which then decides
// every wait. A shared store that fails is reported and the Client's own
// state decides instead, as it would for a bot of one replica: every
// answer is recorded in both, so that the Client's own state is as fresh
// as what it saw itself.
//
// Time here is the real clock: the waits are real waits whatever clock the
// Client judges tokens by. X-RateLimit-Reset-After is relative, so reading
// it needs no agreement between the clocks of client and service; the
// absolute X-RateLimit-Reset is used only when it is missing.
type limiter struct {
	local  *MemoryRateLimitStore
	shared RateLimitStore
	// batch is shared when it records answers along with a Take, and
	// is not in memory; nil otherwise.
	batch BatchingRateLimitStore
	// onError is told the errors of the shared store; nil drops them.
	onError func(error)
	// globalRate is how many requests a second the global limit allows,
	// 0 when the Client keeps no count (WithGlobalRateLimit).
	globalRate int
	// recordDelay is how long an answer is held for batch, 0 for none
	// (WithRecordDelay).
	recordDelay time.Duration

	// mu guards the answers held for batch, and the timer that records
	// them when no request comes to carry them.
	mu    sync.Mutex
	held  []heldAnswer
	timer *time.Timer
	armed bool
	// flushing is held while the answers held are recorded on their
	// own, so that FlushRateLimits returns once they are.
	flushing sync.Mutex
}

// heldAnswer is an answer to record in the shared store, and when it
// arrived.
type heldAnswer struct {
	r       RateLimitRequest
	a       RateLimitAnswer
	arrived time.Time
}

// maxHeld bounds how many answers are held: so many are recorded at once.
const maxHeld = 64

func newLimiter() *limiter {
	return &limiter{local: NewMemoryRateLimitStore(), recordDelay: DefaultRecordDelay}
}

func (l *limiter) request(route, major string) RateLimitRequest {
	return RateLimitRequest{Route: route, Major: major, Global: underGlobalLimit(route), GlobalRate: l.globalRate}
}

// batching reports whether answers are held, to be recorded with the
// next request's Take.
func (l *limiter) batching() bool { return l.batch != nil && l.recordDelay > 0 }

// wait blocks until a request on route may be sent: until a global limit
// ends, and while its bucket has no requests left, until the bucket
// resets. It takes one request from the bucket, so that callers sharing
// the bucket do not all go at once on its last one. It reports whether
// the request is the one the shared store let through on a bucket
// nothing is known of, whose answer the others wait for (update).
func (l *limiter) wait(ctx context.Context, route, major string) (probe bool, err error) {
	r := l.request(route, major)
	for {
		wait, probe, err := l.take(ctx, r)
		if err != nil {
			return false, err
		}
		if wait <= 0 {
			return probe, nil
		}
		if err := sleepCtx(ctx, wait); err != nil {
			return false, err
		}
	}
}

// take takes a request from the shared store, with the answers held for
// it, or from the Client's own state when there is none or it fails.
// Its error is the context's.
func (l *limiter) take(ctx context.Context, r RateLimitRequest) (wait time.Duration, probe bool, err error) {
	if l.shared != nil {
		if l.batching() {
			wait, probe, err = l.batch.Batch(ctx, l.release(), &r)
		} else {
			wait, err = l.shared.Take(ctx, r)
		}
		if err == nil {
			return wait, probe, nil
		}
		if ctx.Err() != nil {
			return 0, false, ctx.Err()
		}
		l.failed(err)
	}
	wait, err = l.local.Take(ctx, r)
	return wait, false, err
}

// update records the limit headers of an answer on route; probe says
// others wait for it (wait).
func (l *limiter) update(route, major string, resp *http.Response, probe bool) {
	a := readAnswer(resp.Header)
	r := l.request(route, major)
	// The caller may give up now that it has its answer; what the answer
	// says of the bucket is for every caller, so it is recorded whatever
	// becomes of the caller's context.
	ctx := context.Background()
	l.local.Record(ctx, r, a)
	if l.shared == nil {
		return
	}
	if !l.batching() {
		l.failed(l.shared.Record(ctx, r, a))
		return
	}
	if !l.hold(r, a, probe) {
		l.flush(ctx)
	}
}

// hold holds an answer for the next request's Take, and reports whether
// it may wait: not the answer others wait for, that of the request let
// through on a bucket nothing was known of (probe) or of a bucket left
// with no request, nor one past maxHeld. It starts the timer that
// records the answers held when no request comes for them.
func (l *limiter) hold(r RateLimitRequest, a RateLimitAnswer, probe bool) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.held = append(l.held, heldAnswer{r: r, a: a, arrived: time.Now()})
	if probe || (a.Counted && a.Remaining <= 0) || len(l.held) >= maxHeld {
		return false
	}
	if !l.armed {
		l.armed = true
		if l.timer == nil {
			l.timer = time.AfterFunc(l.recordDelay, l.flushHeld)
		} else {
			l.timer.Reset(l.recordDelay)
		}
	}
	return true
}

// release returns the answers held, aged to now, and holds none.
func (l *limiter) release() []PendingAnswer {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.held) == 0 {
		return nil
	}
	now := time.Now()
	out := make([]PendingAnswer, len(l.held))
	for i, h := range l.held {
		out[i] = PendingAnswer{Request: h.r, Answer: h.a, Age: now.Sub(h.arrived)}
	}
	clear(l.held)
	l.held = l.held[:0]
	return out
}

// flush records the answers held, if any, in a call of their own, and
// returns the store's error, which it has reported.
func (l *limiter) flush(ctx context.Context) error {
	l.flushing.Lock()
	defer l.flushing.Unlock()
	answers := l.release()
	if len(answers) == 0 {
		return nil
	}
	_, _, err := l.batch.Batch(ctx, answers, nil)
	l.failed(err)
	return err
}

// flushHeld is flush when the timer fires.
func (l *limiter) flushHeld() {
	l.mu.Lock()
	l.armed = false
	l.mu.Unlock()
	l.flush(context.Background())
}

// limited records a 429 on route: the route's bucket, or with a global
// limit every route, is closed for the time the answer asks. The body's
// retry_after is in seconds with a fraction; the Retry-After header,
// whole seconds, is the fallback. The answers held are recorded first,
// in the order they came.
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
	r := l.request(route, major)
	ctx := context.Background()
	l.local.Limited(ctx, r, global, after)
	if l.shared != nil {
		if l.batching() {
			l.flush(ctx)
		}
		l.failed(l.shared.Limited(ctx, r, global, after))
	}
}

// failed reports an error of the shared store, if any.
func (l *limiter) failed(err error) {
	if err != nil && l.onError != nil {
		l.onError(err)
	}
}

// readAnswer reads the limit headers of an answer.
func readAnswer(h http.Header) RateLimitAnswer {
	a := RateLimitAnswer{Bucket: h.Get("X-RateLimit-Bucket")}
	remaining, errRemaining := strconv.Atoi(h.Get("X-RateLimit-Remaining"))
	reset, okReset := resetAfter(h)
	if errRemaining != nil || !okReset {
		return a
	}
	a.Counted, a.Remaining, a.ResetAfter = true, remaining, reset
	a.Limit, _ = strconv.Atoi(h.Get("X-RateLimit-Limit"))
	return a
}

// resetAfter reads how long after an answer its bucket resets.
func resetAfter(h http.Header) (time.Duration, bool) {
	if after, err := strconv.ParseFloat(h.Get("X-RateLimit-Reset-After"), 64); err == nil {
		return seconds(after), true
	}
	if at, err := strconv.ParseFloat(h.Get("X-RateLimit-Reset"), 64); err == nil {
		sec, frac := math.Modf(at)
		return max(time.Until(time.Unix(int64(sec), int64(frac*1e9))), 0), true
	}
	return 0, false
}

// rateLimitBody is the body of a 429.
type rateLimitBody struct {
	Message    string  `json:"message"`
	RetryAfter float64 `json:"retry_after"`
	Global     bool    `json:"global"`
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

// MemoryRateLimitStore is a RateLimitStore in the process's memory: what
// a Client keeps by default, and what Clients of one token in one process
// may share. It forgets the buckets whose window ended long ago, so that
// it stays small however many interactions a bot follows up. It is safe
// for concurrent use. It never fails: its only error is the report of a
// 429 whose wait it cut to MaxRetryAfter.
type MemoryRateLimitStore struct {
	// now reads the time; time.Now but in tests.
	now     func() time.Time
	mu      sync.Mutex
	routes  map[string]string  // route → bucket id
	buckets map[string]*bucket // bucket id + "@" + major ids → state
	// sizes holds the last limit and window told of each bucket id, for
	// major ids of the bucket not met yet.
	sizes map[string]size
	// global is when a global limit the service reported ends; every
	// request under it waits for it.
	global time.Time
	// sent holds when the last requests under the global rate were
	// taken, oldest first, as many as the rate: a request may go when the
	// one that many requests back was taken a second ago or more.
	sent []time.Time
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
	// probing says one request was let through on a bucket nothing was
	// known of, and the others wait for its answer until reset.
	probing bool
}

// size is what the answers told of a bucket whatever the major ids.
type size struct {
	limit  int
	window time.Duration
}

// What the service tells of its limits is in the headers of its answers,
// and only there: the specification of the service shows neither the
// limits of its routes nor their headers, and the service's public
// documentation asks bots to read the limits from the headers rather
// than write them down, as they may change. A bucket's limit is the same
// whatever its major ids (X-RateLimit-Bucket names the limit apart from
// them), so the limit and window last told of a bucket hold a new major's
// requests, such as those on a new interaction's token, from its first.
// Of a route never answered nothing is known, not even its bucket, and
// requests sent at once would all be spent before the first answer tells
// the limit, some of them into 429s, which the service also counts
// against the bot's invalid requests; so one request goes, and the others
// wait for its answer. That costs the others one round trip, once per
// route and major ids when nothing is known of the route, and then never
// again while the store lives. A request that gets no answer (its caller
// gave up, or the connection failed) holds the others no longer than
// probeLease; then one more goes.
const (
	// probeLease bounds how long the others wait for the answer to the
	// first request on a bucket nothing is known of.
	probeLease = time.Second
	// probePoll is how long one of them waits before asking again.
	probePoll = 20 * time.Millisecond
)

// NewMemoryRateLimitStore returns an empty store.
func NewMemoryRateLimitStore() *MemoryRateLimitStore {
	return &MemoryRateLimitStore{now: time.Now, routes: map[string]string{}, buckets: map[string]*bucket{}, sizes: map[string]size{}}
}

// seed returns the state of new major ids of route's bucket, when the
// bucket and its limit are known: a window is taken to begin with the
// next request. The caller holds s.mu.
func (s *MemoryRateLimitStore) seed(route string) *bucket {
	id, ok := s.routes[route]
	if !ok {
		return nil
	}
	sz, ok := s.sizes[id]
	if !ok || sz.limit <= 0 {
		return nil
	}
	return &bucket{limit: sz.limit, window: sz.window}
}

// key returns the state key of route's bucket, the route itself while its
// bucket is unknown. The caller holds s.mu.
func (s *MemoryRateLimitStore) key(route, major string) string {
	if id, ok := s.routes[route]; ok {
		return id + "@" + major
	}
	return route + "@" + major
}

// Take takes one request from r's bucket, or returns how long to wait.
func (s *MemoryRateLimitStore) Take(_ context.Context, r RateLimitRequest) (time.Duration, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	wait, _ := s.take(r, s.now())
	return wait, nil
}

// Record takes in the state an answer on r reported.
func (s *MemoryRateLimitStore) Record(_ context.Context, r RateLimitRequest, a RateLimitAnswer) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	s.record(r, a, now, now)
	return nil
}

// Batch records each of answers, in order, as Record does, and then,
// unless r is nil, takes *r as Take does.
func (s *MemoryRateLimitStore) Batch(_ context.Context, answers []PendingAnswer, r *RateLimitRequest) (wait time.Duration, probe bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	for _, p := range answers {
		s.record(p.Request, p.Answer, now, now.Add(-max(p.Age, 0)))
	}
	if r == nil {
		return 0, false, nil
	}
	wait, probe = s.take(*r, now)
	return wait, probe, nil
}

// take is Take at now, and reports whether the request taken is the one
// let through on a bucket nothing is known of. The caller holds s.mu.
func (s *MemoryRateLimitStore) take(r RateLimitRequest, now time.Time) (wait time.Duration, probe bool) {
	var until time.Time
	if r.Global {
		until = s.global
	}
	key := s.key(r.Route, r.Major)
	b := s.buckets[key]
	known := b != nil
	if !known {
		b = s.seed(r.Route)
	}
	switch {
	case b == nil:
	case b.probing && now.Before(b.reset):
		poll := now.Add(probePoll)
		if b.reset.Before(poll) {
			poll = b.reset
		}
		if poll.After(until) {
			until = poll
		}
	case now.Before(b.reset) && b.remaining <= 0 && b.reset.After(until):
		until = b.reset
	}
	// The global rate is kept over a sliding second, not over seconds
	// counted from a start: with fixed seconds, a burst at the end of one
	// and another at the start of the next put twice the rate in one
	// second of the service.
	counted := r.Global && r.GlobalRate > 0
	if counted && len(s.sent) >= r.GlobalRate {
		if next := s.sent[len(s.sent)-r.GlobalRate].Add(time.Second); next.After(until) {
			until = next
		}
	}
	if now.Before(until) {
		return until.Sub(now), false
	}
	switch {
	case b == nil:
		s.forget(now)
		s.buckets[key] = &bucket{probing: true, reset: now.Add(probeLease)}
		probe = true
	case b.probing:
		// The first request got no answer in time: another goes.
		b.reset = now.Add(probeLease)
		probe = true
	default:
		if !known {
			s.forget(now)
			s.buckets[key] = b
		}
		b.take(now)
	}
	if counted {
		s.sent = append(s.sent, now)
		s.sent = s.sent[max(len(s.sent)-r.GlobalRate, 0):]
	}
	return 0, probe
}

// record is Record at now of an answer that arrived at arrived, which
// its ResetAfter counts from. The caller holds s.mu.
func (s *MemoryRateLimitStore) record(r RateLimitRequest, a RateLimitAnswer, now, arrived time.Time) {
	before := s.key(r.Route, r.Major)
	if a.Bucket != "" {
		s.routes[r.Route] = a.Bucket
	}
	key := s.key(r.Route, r.Major)
	if b := s.buckets[before]; before != key && b != nil && b.probing {
		// The answer named the bucket: the route's state is kept under
		// the bucket from now on.
		delete(s.buckets, before)
	}
	b := s.buckets[key]
	if b == nil || b.probing {
		if b == nil {
			s.forget(now)
		}
		// An answer without counts ends a probe too: what the answers
		// of the route do not count is not held.
		b = s.seed(r.Route)
		if b == nil {
			b = &bucket{}
		}
		s.buckets[key] = b
	}
	if !a.Counted {
		return
	}
	b.record(a.Limit, a.Remaining, a.ResetAfter, arrived)
	if id, ok := s.routes[r.Route]; ok && b.limit > 0 {
		s.sizes[id] = size{limit: b.limit, window: max(s.sizes[id].window, b.window)}
	}
}

// Limited closes r's bucket, or with global every request under the
// global limit, for retryAfter, at most MaxRetryAfter.
func (s *MemoryRateLimitStore) Limited(_ context.Context, r RateLimitRequest, global bool, retryAfter time.Duration) error {
	var report error
	if retryAfter > MaxRetryAfter {
		report = fmt.Errorf("rest: memory rate limits: a 429 on %s asked %v, held %v: %w", r.Route, retryAfter, MaxRetryAfter, ErrRetryAfterTooLong)
		retryAfter = MaxRetryAfter
	}
	until := s.now().Add(retryAfter)
	s.mu.Lock()
	defer s.mu.Unlock()
	if global {
		if until.After(s.global) {
			s.global = until
		}
		return report
	}
	key := s.key(r.Route, r.Major)
	b := s.buckets[key]
	if b == nil || b.probing {
		b = s.seed(r.Route)
		if b == nil {
			b = &bucket{}
		}
		s.buckets[key] = b
	}
	b.remaining = 0
	if until.After(b.reset) {
		b.reset = until
	}
	return report
}

// minSweep is the number of buckets below which forget does not look.
const minSweep = 1024

// forget drops the buckets whose window ended more than a window ago,
// once there are many. The limits of webhooks are counted per interaction
// token, so a bot that follows up its interactions makes a bucket for
// each; kept, they would pile up for as long as the store lives. A bucket
// that old has reset, so forgetting it loses only the size of its window,
// which the next answer on it reports again. Looking again only when the
// buckets have doubled keeps the cost of a new bucket constant. The caller
// holds s.mu.
func (s *MemoryRateLimitStore) forget(now time.Time) {
	if len(s.buckets) < max(s.sweepAt, minSweep) {
		return
	}
	for key, b := range s.buckets {
		if now.Sub(b.reset) > b.window {
			delete(s.buckets, key)
		}
	}
	s.sweepAt = 2 * len(s.buckets)
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

// record takes in the state an answer reported, which arrived at now.
// Answers of one window may arrive out of order, and the requests still
// in flight are already taken from remaining, so within a window the
// lower count stands, and the later reset: a window the client assumed
// began when it sent, the service's when the request arrived.
//
// An answer whose reset is well before the one kept counts a window that
// has ended: sent just before the reset, it arrives after take assumed
// the next window. Its count is of no use, and taken in it would reopen
// the bucket with what was left of the old window and move the reset
// back to one that passes at once, granting the whole limit again within
// one window of the service. Only the limit and the window's length are
// kept from it. A reset is never moved back.
func (b *bucket) record(limit, remaining int, after time.Duration, now time.Time) {
	if limit > 0 {
		b.limit = limit
	}
	reset := now.Add(after)
	b.window = max(b.window, after)
	switch {
	case !reset.After(b.reset.Add(-b.window / 2)):
		// An older window.
	case reset.Before(b.reset.Add(b.window / 2)):
		b.remaining = min(b.remaining, remaining)
		if reset.After(b.reset) {
			b.reset = reset
		}
	default:
		// A newer window.
		b.remaining, b.reset = remaining, reset
	}
}
