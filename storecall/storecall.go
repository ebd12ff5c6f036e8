package storecall

import (
	"errors"
	"time"
)

// Defaults of the calls to a store.
const (
	// DefaultTimeout bounds each call to a store. A store on the same
	// network answers in a millisecond or two; one that does not answer
	// in a quarter of a second is treated as down, so that a dead store
	// costs an interaction little of the service's three seconds.
	DefaultTimeout = 250 * time.Millisecond
	// DefaultBreakerFailures is how many calls to a store must fail in
	// a row before it is left alone for a while.
	DefaultBreakerFailures = 5
	// DefaultBreakerPause is how long a store that failed
	// DefaultBreakerFailures times in a row is left alone.
	DefaultBreakerPause = 5 * time.Second
)

// Config is how a store is called: what the Options set, from the
// defaults.
//
// A call that fails or times out lets the interaction through, as a
// store's error always does: a store that is down must not stop the bot.
// After the store has failed Failures times in a row, it is not called
// for Pause and every interaction goes through at once, which is logged
// once; after the pause, one call tries the store again while the others
// still skip it, and its answering again is logged too.
type Config struct {
	// Timeout bounds each call. A call never waits past the handler's
	// deadline either, nor a replay guard's past the answer margin
	// before the service stops waiting.
	Timeout time.Duration
	// Failures is how many calls must fail in a row to pause the store;
	// zero or less never pauses it.
	Failures int
	// Pause is how long the store is left alone.
	Pause time.Duration
	// OnFailure, when set, is told of each call that did not count.
	OnFailure func(kind string, why Failure)
}

// Defaults returns the Config of a store called with no Options.
func Defaults() Config {
	return Config{Timeout: DefaultTimeout, Failures: DefaultBreakerFailures, Pause: DefaultBreakerPause}
}

// Option changes how a store is called.
type Option func(*Config)

// WithTimeout bounds each call to the store to d; DefaultTimeout when d
// is not positive.
func WithTimeout(d time.Duration) Option {
	return func(c *Config) {
		if d <= 0 {
			d = DefaultTimeout
		}
		c.Timeout = d
	}
}

// WithBreaker leaves the store alone for pause after failures calls in a
// row have failed; failures of zero or less never does.
func WithBreaker(failures int, pause time.Duration) Option {
	return func(c *Config) { c.Failures, c.Pause = failures, max(pause, 0) }
}

// WithOnFailure calls f for each call to the store that did not count,
// with the store's kind ("cooldown", "concurrency", "replay", "state",
// "job_claims") and
// why, so that they can be counted (package metrics: Metrics.Stores)
// where logs say only the first of many. f must be quick and safe for
// concurrent use.
func WithOnFailure(f func(kind string, why Failure)) Option {
	return func(c *Config) { c.OnFailure = f }
}

// Failure says why a call to a store did not count.
type Failure string

// Why calls to a store do not count.
const (
	// Failed: the store answered with an error.
	Failed Failure = "error"
	// TimedOut: the store did not answer in time.
	TimedOut Failure = "timeout"
	// Paused: the store was not called, having failed too often.
	Paused Failure = "paused"
)

// ErrPaused says a store was not called, as it failed too many times in
// a row; the pause has been logged. A state.Kind returns it, wrapped,
// while its store is paused; cooldowns and replay guards let the
// interaction through.
var ErrPaused = errors.New("the store is not called for a while after failing repeatedly")
