package endpoint

import (
	"context"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/storecall"
)

// WithReplayGuard makes the endpoint serve each interaction once: a copy of
// a request it has served, which still verifies within the timestamp
// window, is answered 409 and not dispatched. The guard remembers each id
// until its signed timestamp is a window old (and replay.ClockAllowance
// more), as long as a copy can verify.
//
// Each call to a guard other than a replay.MemoryGuard is bounded
// (storecall.DefaultTimeout), never past the answer margin before the service
// stops waiting, and a guard that keeps failing is not called for a
// while (see package storecall); opts change how.
//
// The guard is asked once the interaction's handler is found, before
// any of it runs. When the handler's first middleware is a cooldown
// whose store can claim in g (cooldown.ClaimingStore, such as
// redisstore's on the guard's client), the claim and the cooldown's use
// are one call, bounded by both stores' settings: an interaction then
// costs the store one round trip rather than two.
func WithReplayGuard(g replay.Guard, opts ...storecall.Option) Option {
	return func(c *config) {
		c.replays = &replayGuard{guard: g}
		if _, inMemory := g.(*replay.MemoryGuard); !inMemory {
			// A guard in memory answers at once and never fails: its
			// calls need no bound.
			c.replays.calls = storecall.New("replay guard", "replay", opts...)
		}
	}
}

// replayGuard is an endpoint's guard and how it is called.
type replayGuard struct {
	guard replay.Guard
	// calls bounds the calls to a guard not in memory; nil for one in
	// memory.
	calls *storecall.Calls
}

// replayed reports whether the interaction of f, signed at ts, was
// served before. A guard that fails or does not answer in time is logged
// and the request served.
func (f *flight) replayed(ts []byte) bool {
	e, ix := f.e, &f.ix
	g := e.replays
	// A route the endpoint hands to its queue at once runs in the
	// worker, whose claim counts the handler's first call.
	joint := !(f.call.Queued() && e.queue != nil)
	first, err := g.claim(f.parent, &f.call, ix.ID, joint, f.replayExpiry(ts), f.received.Add(e.deadline-e.margin), &e.logger)
	if err == storecall.ErrPaused {
		return false
	}
	if err != nil {
		e.logger.Error().Err(err).Stringer("interaction", ix.ID).Msg("the replay guard failed; serving the request")
		return false
	}
	if !first {
		e.logger.Warn().Stringer("interaction", ix.ID).Msg("refused a copy of an interaction already received")
	}
	return !first
}

// replayExpiry returns until when the guard remembers the flight's
// interaction, signed at ts.
//
// An interaction from the gateway (Receive) is signed by nothing, and
// has no timestamp: a copy of it is not a request recorded off the wire
// but the gateway's own, a dispatch sent again to a session that resumed,
// or one dispatch that two processes on a shard both received (a deploy
// that starts the new process before it stops the old one), within
// seconds of the first. It is claimed, as over HTTP, by its id alone,
// which the service gives one interaction whichever way it sends it, and
// remembered as long as a request without a timestamp: the default window
// from when it arrived, long past any copy the gateway sends, and the time
// a replay.MemoryGuard is sized for (replay.CapacityFor), which a longer
// one, such as the token's lifetime, would overflow.
func (f *flight) replayExpiry(ts []byte) time.Time {
	if f.callback != nil {
		return replayExpiry(0, f.received, nil)
	}
	return replayExpiry(f.e.verifier.Window(), f.received, ts)
}

// replayExpiry returns until when a guard must remember a request
// received at received with the signed timestamp ts, for a verifier of
// window: a copy verifies while the timestamp is within the window of
// the clock, so until the timestamp is a window old. Without a window,
// whose check is off and whose timestamp may be anything, it counts
// DefaultTimestampWindow from when the request was received.
func replayExpiry(window time.Duration, received time.Time, ts []byte) time.Time {
	signed, ok := parseUnix(ts)
	if window <= 0 || !ok {
		window, signed = interaction.DefaultTimestampWindow, received
	}
	return signed.Add(window + replay.ClockAllowance)
}

// parseUnix parses a timestamp in seconds since the Unix epoch, as the
// service signs it.
func parseUnix(ts []byte) (time.Time, bool) {
	if len(ts) == 0 || len(ts) > 18 {
		return time.Time{}, false
	}
	var sec int64
	for _, c := range ts {
		if c < '0' || c > '9' {
			return time.Time{}, false
		}
		sec = sec*10 + int64(c-'0')
	}
	return time.Unix(sec, 0), true
}

// claim claims the interaction of c in the guard until expires,
// bounding the call to a guard not in memory, never past by. It returns
// storecall.ErrPaused, having logged nothing, while the guard is not
// called. When joint is set, the claim may go along with the handler's
// first call to a store (router.Call.Claim).
func (g *replayGuard) claim(ctx context.Context, c *router.Call, id interaction.Snowflake, joint bool, expires, by time.Time, log *zerolog.Logger) (bool, error) {
	if g.calls == nil {
		return g.guard.Claim(ctx, id, expires)
	}
	if g.calls.Paused() {
		return false, storecall.ErrPaused
	}
	cctx, cancel := g.calls.Context(ctx, by)
	var first bool
	var err error
	if joint {
		first, err = c.Claim(cctx, g.guard, expires)
	} else {
		first, err = g.guard.Claim(cctx, id, expires)
	}
	cancel()
	g.calls.Done(err, log)
	return first, err
}
