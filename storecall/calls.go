package storecall

import (
	"context"
	"errors"
	"net"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"
)

// Calls bounds the calls to one store, as its Config says, and keeps
// count of its failures. It is safe for concurrent use: the counts are
// atomic, so that a store that answers costs each call two loads.
//
// A call goes:
//
//	if calls.Paused() {
//		return storecall.ErrPaused // or let the interaction through
//	}
//	ctx, cancel := calls.Context(ctx, time.Time{})
//	err := store.Do(ctx, …)
//	cancel()
//	calls.Done(err, &log)
type Calls struct {
	// what names the store in logs: "cooldown store", "replay guard";
	// kind in OnFailure: "cooldown", "replay".
	what, kind string
	cfg        Config
	now        func() time.Time

	// failed counts the calls that failed since the last that did not.
	failed atomic.Int64
	// pausedUntil is when, in Unix nanoseconds, calls to the store
	// resume; zero while they go on.
	pausedUntil atomic.Int64
}

// New returns the Calls of a store named what in logs ("cooldown
// store") and kind in the failures told to Config.OnFailure
// ("cooldown"), configured by opts over the Defaults.
func New(what, kind string, opts ...Option) *Calls {
	c := &Calls{what: what, kind: kind, cfg: Defaults(), now: time.Now}
	for _, o := range opts {
		o(&c.cfg)
	}
	return c
}

// Paused reports whether the store is not to be called now. When a pause
// has just ended, one caller is let through to try the store, and the
// pause goes on for the others until that call succeeds.
func (c *Calls) Paused() bool {
	until := c.pausedUntil.Load()
	if until == 0 {
		return false
	}
	now := c.now().UnixNano()
	skip := now < until || !c.pausedUntil.CompareAndSwap(until, now+int64(c.cfg.Pause))
	if skip {
		c.failure(Paused)
	}
	return skip
}

// failure tells OnFailure, if any, of a call that did not count.
func (c *Calls) failure(why Failure) {
	if c.cfg.OnFailure != nil {
		c.cfg.OnFailure(c.kind, why)
	}
}

// Context returns the context of one call: parent's, ended after the
// timeout, or at by when that is sooner and not zero.
func (c *Calls) Context(parent context.Context, by time.Time) (context.Context, context.CancelFunc) {
	end := c.now().Add(c.cfg.Timeout)
	if !by.IsZero() && by.Before(end) {
		end = by
	}
	return context.WithDeadline(parent, end)
}

// Done counts the result of a call, and logs to log when it pauses the
// calls or the store answers again after a pause.
func (c *Calls) Done(err error, log *zerolog.Logger) {
	if err == nil {
		if c.failed.Load() != 0 {
			c.failed.Store(0)
		}
		if c.pausedUntil.Load() != 0 && c.pausedUntil.Swap(0) != 0 {
			log.Info().Str("store", c.what).Msg("the store answers again; calling it for every interaction")
		}
		return
	}
	why := Failed
	var timeout net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &timeout) && timeout.Timeout()) {
		why = TimedOut
	}
	c.failure(why)
	n := c.failed.Add(1)
	if c.cfg.Failures <= 0 || n < int64(c.cfg.Failures) || c.cfg.Pause <= 0 {
		return
	}
	if c.pausedUntil.Swap(c.now().Add(c.cfg.Pause).UnixNano()) == 0 {
		log.Error().Err(err).Str("store", c.what).Int64("failures", n).Stringer("pause", c.cfg.Pause).
			Msg("the store failed too many times in a row; not calling it for a while, and letting interactions through")
	}
}
