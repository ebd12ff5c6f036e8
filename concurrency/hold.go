package concurrency

import (
	"context"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
)

// slot is a slot a run holds: it renews the lease every third of it
// until the run releases it.
type slot struct {
	l          *limit
	key, token string
	// ctx is the run's, without its cancellation: a run handed over or
	// past its deadline still releases its slot.
	ctx context.Context
	// log and id name the run in logs: the request's logger and
	// interaction, read when the slot was taken, as the request is not
	// the limit's once the handler has returned.
	log *zerolog.Logger
	id  interaction.Snowflake

	mu sync.Mutex
	// released says the run has released the slot: a renewal under way
	// then does nothing more.
	released bool
	stop     func() bool
}

// hold returns the slot token names, its renewal scheduled.
func (l *limit) hold(ctx context.Context, req *router.Request, key, token string) *slot {
	s := &slot{l: l, key: key, token: token, ctx: context.WithoutCancel(ctx), log: req.Logger(), id: req.Interaction.ID}
	s.mu.Lock()
	s.stop = l.after(l.lease/3, s.renew)
	s.mu.Unlock()
	return s
}

// renew extends the slot's lease, and schedules the next renewal unless
// the slot was lost.
func (s *slot) renew() {
	l := s.l
	ok, err := true, error(nil)
	switch {
	case l.calls == nil:
		ok, err = l.store.Renew(s.ctx, s.key, s.token, l.lease)
	case l.calls.Paused():
		// The store is left alone; the next renewal tries again, within
		// the lease.
	default:
		ctx, cancel := l.calls.Context(s.ctx, time.Time{})
		ok, err = l.store.Renew(ctx, s.key, s.token, l.lease)
		cancel()
		l.calls.Done(err, s.log)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.released {
		return
	}
	switch {
	case err != nil:
		s.log.Warn().Err(err).Str("concurrency", s.key).Stringer("interaction", s.id).
			Msg("the concurrency store failed to renew a run's lease; trying again")
	case !ok:
		s.log.Error().Str("concurrency", s.key).Stringer("interaction", s.id).Stringer("lease", l.lease).
			Msg("a run's lease ended while it ran: another run may have its slot")
		return
	}
	s.stop = l.after(l.lease/3, s.renew)
}

// release frees the slot, and stops its renewal.
func (s *slot) release() {
	s.mu.Lock()
	s.released = true
	s.stop()
	s.mu.Unlock()
	l := s.l
	var err error
	switch {
	case l.calls == nil:
		err = l.store.Release(s.ctx, s.key, s.token)
	case l.calls.Paused():
		// Left alone, the slot comes free when its lease ends.
		return
	default:
		ctx, cancel := l.calls.Context(s.ctx, time.Time{})
		err = l.store.Release(ctx, s.key, s.token)
		cancel()
		l.calls.Done(err, s.log)
	}
	if err != nil {
		s.log.Error().Err(err).Str("concurrency", s.key).Stringer("interaction", s.id).Stringer("lease", l.lease).
			Msg("the concurrency store failed to release a run's slot; it comes free when its lease ends")
	}
}
