package rest

import (
	"context"
	"errors"
	"time"
)

// RateLimitStore keeps the state of the service's rate limits that a
// Client waits by: for each bucket, how many requests are left in its
// window and when the window resets; when a global limit the service
// reported ends; and, when the Client keeps one (WithGlobalRateLimit), the
// times of the requests under the global limit in the last second.
//
// The service counts limits per token, not per process: replicas of a
// bot that each keep their own state spend each bucket once per replica,
// and earn 429s together. Replicas that share a store
// (WithRateLimitStore) take their requests from one count. A store takes
// each request atomically, so that two callers never both get a bucket's
// last request, and measures time by one clock, its own, so that
// replicas need not agree on theirs: the waits it returns are durations,
// and the resets it is given are durations from when the answer arrived.
//
// The bucket of a route is named by the service in the
// X-RateLimit-Bucket header of its answers; routes that share a limit
// share the bucket. A store keeps the state of a bucket per bucket and
// major ids (RateLimitRequest.Major), and learns a route's bucket from
// the answers recorded; until it knows it, it keeps the state under the
// route. A bucket's limit is the same for all its major ids, so a store
// also keeps, per bucket, the limit and window last told.
//
// MemoryRateLimitStore keeps it in the process, as a Client does by
// default; redisstore.RateLimits shares it between replicas.
// storetest.TestRateLimitStore checks a RateLimitStore against this
// contract.
type RateLimitStore interface {
	// Take takes one request from the bucket of r, and from the global
	// count when r is under a global rate, and returns zero; or, while the
	// bucket has no request left before it resets, or a global limit
	// holds r, takes nothing and returns how long to wait before asking
	// again. Once a bucket has reset, a new window of its last length is
	// assumed to have begun with its whole limit, until an answer says
	// otherwise. Major ids a known bucket has not met begin with the
	// limit and window it last told. On a bucket nothing is known of, one
	// request goes and the others wait, for a moment at a time, until its
	// answer is recorded, or for about a second if none is.
	Take(ctx context.Context, r RateLimitRequest) (wait time.Duration, err error)
	// Record takes in the state an answer on r reported. Answers of one
	// window may arrive out of order, and requests in flight were
	// already taken, so within a window the lower count stands, and the
	// later reset. An answer of a window that has ended, arriving after
	// the next was assumed, tells only the bucket, its limit and its
	// window's length: a reset never moves back.
	Record(ctx context.Context, r RateLimitRequest, a RateLimitAnswer) error
	// Limited records a 429 on r: its bucket, or with global every
	// request under the global limit, is closed for retryAfter. A
	// retryAfter over MaxRetryAfter closes it for MaxRetryAfter, and the
	// error, wrapping ErrRetryAfterTooLong, says so.
	Limited(ctx context.Context, r RateLimitRequest, global bool, retryAfter time.Duration) error
}

// BatchingRateLimitStore is a RateLimitStore that can record answers and
// take a request in one call. A Client whose shared store is one
// (WithRateLimitStore) holds most answers for a moment (WithRecordDelay)
// and hands them to the store with the Take of its next request, so that
// each request costs the store one call rather than two, a Take and a
// Record. The answers others wait for are recorded at once: that of the
// request let through on a bucket nothing is known of (probe), and that
// of a bucket left with no request; and every answer held is recorded
// before a 429 is.
//
// Redis's store (package redisstore) is one. MemoryRateLimitStore is one
// too, for reference and tests, but a Client never holds answers for
// it: its calls cost nothing.
type BatchingRateLimitStore interface {
	RateLimitStore
	// Batch records each of answers, in order, as Record does, and then,
	// unless r is nil, takes *r as Take does, in one call. probe reports
	// that the request taken is the one let through on a bucket nothing
	// is known of, whose answer the others wait for. An error means the
	// store could not tell whether the request was taken, nor which of
	// the answers were recorded.
	Batch(ctx context.Context, answers []PendingAnswer, r *RateLimitRequest) (wait time.Duration, probe bool, err error)
}

// PendingAnswer is an answer a Client held to record with a later call
// (BatchingRateLimitStore).
type PendingAnswer struct {
	// Request is the request answered.
	Request RateLimitRequest
	// Answer is what the answer's headers said.
	Answer RateLimitAnswer
	// Age is how long before the call the answer arrived: its
	// Answer.ResetAfter counts from then.
	Age time.Duration
}

// DefaultRecordDelay is how long a Client holds an answer to record in a
// BatchingRateLimitStore, waiting for a request to record it with
// (WithRecordDelay): short beside a window of the rate limits, so that
// the other replicas learn of the answer well before the window it tells
// of ends, and long beside the time between the requests of a busy bot,
// so that most answers find a request to go with.
const DefaultRecordDelay = 50 * time.Millisecond

// WithRecordDelay sets how long the Client holds an answer to record in
// its shared store, when that is a BatchingRateLimitStore, for the Take of
// a later request to carry it: DefaultRecordDelay by default. Zero or
// less records each answer at once, in a call of its own.
func WithRecordDelay(d time.Duration) ClientOption {
	return func(c *Client) { c.limits.recordDelay = max(d, 0) }
}

// FlushRateLimits records at once, in the shared store, the answers the
// Client holds to record with its next request (WithRecordDelay), and
// returns the store's error, also handed to the Client's onError
// (WithRateLimitStore). A bot that stops calls it last, so that the
// replicas still running learn what the answers said; a test, so that
// no answer is recorded after it ends.
func (c *Client) FlushRateLimits(ctx context.Context) error {
	if !c.limits.batching() {
		return nil
	}
	return c.limits.flush(ctx)
}

// MaxRetryAfter is the longest a RateLimitStore closes a bucket, or every
// request under the global limit, for one 429. A wait longer than this
// is far beyond any the service asks of a bot that keeps to its limits,
// so it is more likely a misread or a broken answer; taken as asked, it
// would hold a route for every replica sharing the store, and across
// their restarts, for as long as it says.
const MaxRetryAfter = time.Hour

// ErrRetryAfterTooLong is wrapped by the error of Limited when the 429
// asked for a wait over MaxRetryAfter, which was cut to MaxRetryAfter.
// The 429 is recorded all the same: the error is a report, not a failure.
var ErrRetryAfterTooLong = errors.New("rest: a 429 asked for a wait over MaxRetryAfter")

// RateLimitRequest names what a request is counted against.
type RateLimitRequest struct {
	// Route is the method and the endpoint with the ids that do not
	// decide its limit left out, such as
	// "GET /applications/{app}/guilds/{guild}/commands".
	Route string
	// Major holds the ids the service counts a bucket apart by, such as
	// the application and the guild, or a digest of an interaction's
	// token.
	Major string
	// Global says the request counts toward the bot's global limit:
	// those on an interaction's token do not.
	Global bool
	// GlobalRate, when above zero, is how many requests under the global
	// limit the store lets through in any one second, a sliding one
	// (WithGlobalRateLimit).
	GlobalRate int
}

// RateLimitAnswer is what the headers of an answer say of its bucket.
type RateLimitAnswer struct {
	// Bucket is the X-RateLimit-Bucket header, "" when the answer has
	// none.
	Bucket string
	// Counted says the answer gave Remaining and ResetAfter; without
	// them only Bucket is known.
	Counted bool
	// Limit is the number of requests a window allows, 0 when not given.
	Limit int
	// Remaining is the number of requests left in the window.
	Remaining int
	// ResetAfter is how long after the answer arrived the window resets.
	ResetAfter time.Duration
}

// WithRateLimitStore makes the Client wait by the rate limits kept in s,
// which replicas of the bot share, so that together they take no more
// from a bucket than it has and wait rather than earn 429s. The service
// counts limits per token: share a store only between Clients of one
// token (a Client made by WithAuth keeps its own limits, in memory).
//
// A store that fails does not stop the Client: each error is handed to
// onError (which may be nil), and the Client waits by the limits it saw
// itself, as it would without a store, until the store answers again.
// onError is also told of a 429 whose wait the store cut to
// MaxRetryAfter (ErrRetryAfterTooLong).
//
// A request costs the store a Take before it is sent and a Record of its
// answer; a store that batches (BatchingRateLimitStore) one call, its
// Take carrying the answers held since the last (WithRecordDelay).
func WithRateLimitStore(s RateLimitStore, onError func(error)) ClientOption {
	return func(c *Client) {
		c.limits.shared, c.limits.onError = s, onError
		c.limits.batch, _ = s.(BatchingRateLimitStore)
		if _, inMemory := s.(*MemoryRateLimitStore); inMemory {
			c.limits.batch = nil
		}
	}
}

// WithGlobalRateLimit makes the Client send at most perSecond requests
// under the bot's global limit in any one second (a sliding second, not
// seconds counted from a start), counted in the store of its rate
// limits, so that replicas sharing one (WithRateLimitStore) keep to it
// together. Requests on an interaction's token (answers, follow-ups) are
// not counted, as the service leaves them out of the global limit.
//
// Zero, the default, keeps no count: the Client then waits only for a
// global limit the service reported with a 429. The specification of the
// service this package follows does not state the global limit's number;
// give the one the service's documentation gives for the bot.
func WithGlobalRateLimit(perSecond int) ClientOption {
	return func(c *Client) { c.limits.globalRate = max(perSecond, 0) }
}
