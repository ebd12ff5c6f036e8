package router

import (
	"context"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/storecall"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/store"
)

// WithReplayGuard makes the endpoint serve each interaction once: a copy of
// a request it has served, which still verifies within the timestamp
// window, is answered 409 and not dispatched. The guard remembers each id
// until its signed timestamp is a window old (and replay.ClockAllowance
// more), as long as a copy can verify.
//
// Each call to a guard other than a replay.MemoryGuard is bounded
// (store.DefaultTimeout), never past the answer margin before the service
// stops waiting, and a guard that keeps failing is not called for a
// while (see package store); opts change how.
func WithReplayGuard(g replay.Guard, opts ...store.Option) Option {
	return func(o *options) {
		o.replays = &replayGuard{guard: g}
		if _, inMemory := g.(*replay.MemoryGuard); !inMemory {
			// A guard in memory answers at once and never fails: its
			// calls need no bound.
			o.replays.calls = storecall.New("replay guard", "replay", opts)
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

// replayed reports whether ix, received at received with the signed
// timestamp ts, was served before. A guard that fails or does not answer
// in time is logged and the request served.
func (e *Endpoint) replayed(ctx context.Context, received time.Time, ts []byte, ix *interaction.Interaction) bool {
	g := e.replays
	first, err := g.claim(ctx, ix.ID, replayExpiry(e.verifier.Window(), received, ts), received.Add(e.deadline-e.margin), &e.logger)
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

// claim claims id in the guard until expires, bounding the call to a
// guard not in memory, never past by. It returns storecall.ErrPaused,
// having logged nothing, while the guard is not called.
func (g *replayGuard) claim(ctx context.Context, id interaction.Snowflake, expires, by time.Time, log *zerolog.Logger) (bool, error) {
	if g.calls == nil {
		return g.guard.Claim(ctx, id, expires)
	}
	if g.calls.Paused() {
		return false, storecall.ErrPaused
	}
	cctx, cancel := g.calls.Context(ctx, by)
	first, err := g.guard.Claim(cctx, id, expires)
	cancel()
	g.calls.Done(err, log)
	return first, err
}
