package rest

import (
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"strings"
	"time"
)

// Observer is told what a Client does with each request, for metrics and
// the like: each attempt and its answer, the time spent waiting for rate
// limits, the 429s and the retries. Package metrics makes one that counts
// them for Prometheus; WithObserver gives one to a Client.
//
// Requests are named by their route: the method and the endpoint with
// every id and token left out, as the rate limits count them, such as
// "POST /interactions/{id}/{token}/callback" or
// "GET /applications/{app}/guilds/{guild}/commands". The routes are a
// fixed set, safe to use as labels.
//
// The Client calls its methods on the goroutine making the request,
// concurrently for concurrent requests; they must not block. A Client
// without an Observer measures nothing.
type Observer interface {
	// ObserveAttempt is called after each attempt to send a request,
	// answered or not.
	ObserveAttempt(Attempt)
	// ObserveRateLimitWait is called before each attempt, with how long
	// the Client held it back for the rate limits it knows (often
	// nothing), and when the context ended while it waited.
	ObserveRateLimitWait(Wait)
	// ObserveRetry is called when an attempt failed in a way another may
	// not, and the Client is about to send the request again after a
	// backoff. A request answered 429 is sent again once the limit ends,
	// apart from the retries: its attempt says so.
	ObserveRetry(Retry)
}

// WithObserver makes the Client tell o what it does with each request.
// Clients made from this one (WithAuth) tell it too.
func WithObserver(o Observer) ClientOption {
	return func(c *Client) { c.observer = o }
}

// Attempt is one attempt to send a request, as an Observer sees it.
type Attempt struct {
	// Route names the request (see Observer).
	Route string
	// Status is the answer's HTTP status; 0 when no answer came: the
	// connection failed or broke, or the attempt ran out of time.
	Status int
	// Duration is how long the attempt took, from sending the request
	// to reading the whole answer.
	Duration time.Duration
	// RateLimit is the scope of the limit a 429 reports; 0 for other
	// answers.
	RateLimit RateLimitScope
}

// RateLimitScope is what a rate limit that refused a request (429)
// counts.
type RateLimitScope uint8

// Scopes of a rate limit.
const (
	// RateLimitBucket: the route's bucket, counted for the Client's
	// credentials (the service's "user" scope).
	RateLimitBucket RateLimitScope = iota + 1
	// RateLimitGlobal: every request of the bot, whatever the route.
	RateLimitGlobal
	// RateLimitShared: a limit of the resource, shared by every
	// application that uses it.
	RateLimitShared
)

var scopeNames = [...]string{
	RateLimitBucket: "bucket",
	RateLimitGlobal: "global",
	RateLimitShared: "shared",
}

// String returns the scope's name, such as "bucket", or "" for the zero
// RateLimitScope.
func (s RateLimitScope) String() string {
	if int(s) < len(scopeNames) {
		return scopeNames[s]
	}
	return ""
}

// Wait is the time a Client held a request back for the rate limits, as an
// Observer sees it.
type Wait struct {
	// Route names the request (see Observer).
	Route string
	// Duration is how long the request was held back.
	Duration time.Duration
}

// Retry is a request sent again after an attempt that failed, as an
// Observer sees it.
type Retry struct {
	// Route names the request (see Observer).
	Route  string
	Reason RetryReason
}

// RetryReason is why a request is sent again.
type RetryReason uint8

// Reasons to send a request again.
const (
	// RetryServerError: the attempt was answered with a 5xx status.
	RetryServerError RetryReason = iota + 1
	// RetryTimeout: no whole answer came within the attempt's timeout
	// (WithTimeout), or the network's.
	RetryTimeout
	// RetryConnection: the connection was refused, reset or closed.
	RetryConnection
)

var retryNames = [...]string{
	RetryServerError: "server_error",
	RetryTimeout:     "timeout",
	RetryConnection:  "connection",
}

// String returns the reason's name, such as "server_error", or "" for the
// zero RetryReason.
func (r RetryReason) String() string {
	if int(r) < len(retryNames) {
		return retryNames[r]
	}
	return ""
}

// observeAttempt tells the observer of an attempt on k's route that took
// took and was answered with resp and its body, or not at all.
func (c *Client) observeAttempt(k *call, resp *http.Response, body []byte, took time.Duration) {
	a := Attempt{Route: k.route, Duration: took}
	if resp != nil {
		a.Status = resp.StatusCode
		if resp.StatusCode == http.StatusTooManyRequests {
			a.RateLimit = rateLimitScope(resp.Header, body)
		}
	}
	c.observer.ObserveAttempt(a)
}

// observeRetry tells the observer that k is sent again after an attempt
// that failed with err, or with a 5xx answer when err is nil.
func (c *Client) observeRetry(k *call, err error) {
	reason := RetryServerError
	if err != nil {
		reason = RetryConnection
		var timeout net.Error
		if errors.As(err, &timeout) && timeout.Timeout() {
			reason = RetryTimeout
		}
	}
	c.observer.ObserveRetry(Retry{Route: k.route, Reason: reason})
}

// rateLimitScope reads the scope of the limit a 429 with header h and body
// reports. The service names it in X-RateLimit-Scope; a global limit is
// also told by X-RateLimit-Global or the body's global.
func rateLimitScope(h http.Header, body []byte) RateLimitScope {
	scope := h.Get("X-RateLimit-Scope")
	switch {
	case strings.EqualFold(scope, "global") || strings.EqualFold(h.Get("X-RateLimit-Global"), "true"):
		return RateLimitGlobal
	case strings.EqualFold(scope, "shared"):
		return RateLimitShared
	}
	var rl struct {
		Global bool `json:"global"`
	}
	if json.Unmarshal(body, &rl) == nil && rl.Global {
		return RateLimitGlobal
	}
	return RateLimitBucket
}
