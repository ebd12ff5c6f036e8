package router

import (
	"context"
	"errors"
	"net"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"
)

// Defaults of the calls to a store replicas share: a cooldown's store
// (WithCooldownStore) and a replay guard (WithReplayGuard).
const (
	// DefaultStoreTimeout bounds each call to a store. A store on the
	// same network answers in a millisecond or two; one that does not
	// answer in a quarter of a second is treated as down, so that a dead
	// store costs an interaction little of the service's three seconds.
	DefaultStoreTimeout = 250 * time.Millisecond
	// DefaultStoreBreakerFailures is how many calls to a store must fail
	// in a row before the router stops calling it for a while.
	DefaultStoreBreakerFailures = 5
	// DefaultStoreBreakerPause is how long the router stops calling a
	// store that failed DefaultStoreBreakerFailures times in a row.
	DefaultStoreBreakerPause = 5 * time.Second
)

// StoreOption configures how the router calls a store replicas share:
// how long it waits on one call, and when it stops calling a store that
// keeps failing. Give it to WithCooldownStore or WithReplayGuard.
//
// A call that fails or times out lets the interaction through, as a
// store's error always has: a store that is down must not stop the bot.
// After the store has failed a number of times in a row, the router
// stops calling it for a pause and lets every interaction through at
// once, logging once that it does; after the pause, one call tries the
// store again while the others still skip it, and the router logs when
// the store answers again.
type StoreOption func(*storeCalls)

// StoreTimeout bounds each call to the store to d; DefaultStoreTimeout
// when d is not positive. A call never waits past the handler's
// deadline, nor a replay guard's past the answer margin before the
// service stops waiting.
func StoreTimeout(d time.Duration) StoreOption {
	return func(c *storeCalls) {
		if d <= 0 {
			d = DefaultStoreTimeout
		}
		c.timeout = d
	}
}

// StoreBreaker stops calls to the store for pause after failures calls
// in a row have failed; failures of zero or less never stops them. The
// defaults are DefaultStoreBreakerFailures and DefaultStoreBreakerPause.
func StoreBreaker(failures int, pause time.Duration) StoreOption {
	return func(c *storeCalls) { c.failures, c.pause = failures, max(pause, 0) }
}

// StoreFailure says why a call to a store did not count: the store
// failed, did not answer in time, or was not called while it is paused.
type StoreFailure string

// Why calls to a store do not count.
const (
	StoreFailed   StoreFailure = "error"
	StoreTimedOut StoreFailure = "timeout"
	StorePaused   StoreFailure = "paused"
)

// OnStoreFailure calls f for each call to the store that did not count,
// with the store's kind ("cooldown" or "replay") and why, so that they can
// be counted (package metrics: Metrics.Stores) where logs would say only
// the first of many. f must be quick and safe for concurrent use.
func OnStoreFailure(f func(store string, why StoreFailure)) StoreOption {
	return func(c *storeCalls) { c.onFailure = f }
}

// storeCalls bounds the calls to one store and keeps count of its
// failures. It is safe for concurrent use: the counts are atomic, so that
// a store that answers costs each call two loads.
type storeCalls struct {
	// what names the store in logs: "cooldown store", "replay guard";
	// kind in OnStoreFailure: "cooldown", "replay".
	what, kind string
	onFailure  func(store string, why StoreFailure)
	timeout    time.Duration
	failures   int
	pause      time.Duration
	now        func() time.Time

	// failed counts the calls that failed since the last that did not.
	failed atomic.Int64
	// pausedUntil is when, in Unix nanoseconds, calls to the store
	// resume; zero while they go on.
	pausedUntil atomic.Int64
}

func newStoreCalls(what, kind string, opts []StoreOption) *storeCalls {
	c := &storeCalls{
		what:     what,
		kind:     kind,
		timeout:  DefaultStoreTimeout,
		failures: DefaultStoreBreakerFailures,
		pause:    DefaultStoreBreakerPause,
		now:      time.Now,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// paused reports whether the store is not to be called now. When a pause
// has just ended, one caller is let through to try the store, and the
// pause goes on for the others until that call succeeds.
func (c *storeCalls) paused() bool {
	until := c.pausedUntil.Load()
	if until == 0 {
		return false
	}
	now := c.now().UnixNano()
	skip := now < until || !c.pausedUntil.CompareAndSwap(until, now+int64(c.pause))
	if skip {
		c.failure(StorePaused)
	}
	return skip
}

// failure tells OnStoreFailure's f, if any, of a call that did not count.
func (c *storeCalls) failure(why StoreFailure) {
	if c.onFailure != nil {
		c.onFailure(c.kind, why)
	}
}

// context returns the context of one call: parent's, ended after the
// timeout, or at by when that is sooner and not zero.
func (c *storeCalls) context(parent context.Context, by time.Time) (context.Context, context.CancelFunc) {
	end := c.now().Add(c.timeout)
	if !by.IsZero() && by.Before(end) {
		end = by
	}
	return context.WithDeadline(parent, end)
}

// done counts the result of a call, and logs to log when it pauses the
// calls or the store answers again after a pause.
func (c *storeCalls) done(err error, log *zerolog.Logger) {
	if err == nil {
		if c.failed.Load() != 0 {
			c.failed.Store(0)
		}
		if c.pausedUntil.Load() != 0 && c.pausedUntil.Swap(0) != 0 {
			log.Info().Str("store", c.what).Msg("the store answers again; calling it for every interaction")
		}
		return
	}
	why := StoreFailed
	var timeout net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &timeout) && timeout.Timeout()) {
		why = StoreTimedOut
	}
	c.failure(why)
	n := c.failed.Add(1)
	if c.failures <= 0 || n < int64(c.failures) || c.pause <= 0 {
		return
	}
	if c.pausedUntil.Swap(c.now().Add(c.pause).UnixNano()) == 0 {
		log.Error().Err(err).Str("store", c.what).Int64("failures", n).Dur("pause", c.pause).
			Msg("the store failed too many times in a row; not calling it for a while, and letting interactions through")
	}
}

// errStorePaused says a store was not called, as it failed too many times
// in a row; the pause has been logged.
var errStorePaused = errors.New("router: the store is not called for a while after failing repeatedly")
