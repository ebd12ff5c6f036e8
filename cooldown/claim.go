package cooldown

import (
	"context"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/storecall"
)

// ClaimingStore is a Store that can also claim an interaction in the
// endpoint's replay guard (endpoint.WithReplayGuard) in the call that
// counts its use, so that an interaction costs the store they share one
// round trip rather than two. redisstore.Cooldowns is one, with a
// redisstore.ReplayGuard on the same client.
//
// The endpoint claims an interaction along with the use when the
// cooldown is the first middleware its handler runs through (given to
// Router.Use before any other), its store is a ClaimingStore that
// Claims the endpoint's guard, and neither is paused (package storecall).
// Otherwise, and for an autocomplete request, which counts no use, the
// endpoint claims the interaction on its own first, and the cooldown
// counts the use when the handler runs.
type ClaimingStore interface {
	Store
	// Claims reports whether ClaimAndUse can claim interactions in g.
	Claims(g replay.Guard) bool
	// ClaimAndUse claims interaction id in g until expires, as g.Claim
	// does, and only when the claim is the first counts a use of key,
	// as Use does, in one step: a copy of an interaction already claimed
	// counts no use, and a use refused leaves its interaction claimed,
	// so that a copy of it is refused too. An error means the store
	// could tell neither.
	ClaimAndUse(ctx context.Context, g replay.Guard, id interaction.Snowflake, expires time.Time, key string, uses int, period time.Duration) (first bool, wait time.Duration, err error)
}

// handler is a handler behind a cooldown.
type handler struct {
	c    *cooldown
	next router.Handler
}

// ServeInteraction counts the use of req, and serves it or refuses it.
func (h *handler) ServeInteraction(ctx context.Context, req *router.Request) (interaction.Response, error) {
	return h.c.serve(ctx, req, h.next)
}

// Unwrap returns the handler behind the cooldown, so that the router
// checks a route against it when the cooldown is applied by hand (see
// router.RouteChecker).
func (h *handler) Unwrap() router.Handler { return h.next }

// ClaimFirst claims req's interaction in g until expires, for an
// endpoint whose handler begins with this cooldown, in one call with the
// cooldown's use when the store can (ClaimingStore). It returns whether
// the claim was the first, its error, and the handler that serves req
// with what the call told of the use; a nil handler when the call
// claimed only, and the cooldown counts the use when it runs, as ever.
// ctx bounds the call as the endpoint bounds its guard's; the
// cooldown's own bound applies too.
func (h *handler) ClaimFirst(ctx context.Context, req *router.Request, g replay.Guard, expires time.Time) (first bool, next router.Handler, err error) {
	c, id := h.c, req.Interaction.ID
	cs, ok := c.store.(ClaimingStore)
	if !ok || c.calls == nil || req.Interaction.Type == interaction.TypeApplicationCommandAutocomplete || !cs.Claims(g) {
		first, err = g.Claim(ctx, id, expires)
		return first, nil, err
	}
	key := c.key(req)
	if c.calls.Paused() {
		// The store is left alone for the cooldown; the guard alone is
		// asked, and the use goes through as it would have.
		first, err = g.Claim(ctx, id, expires)
		return first, &counted{h: h, key: key, err: storecall.ErrPaused}, err
	}
	sctx, cancel := c.calls.Context(ctx, time.Time{})
	first, wait, err := cs.ClaimAndUse(sctx, g, id, expires, key, c.uses, c.period)
	cancel()
	c.calls.Done(err, req.Logger())
	return first, &counted{h: h, key: key, wait: wait, err: err}, err
}

// counted is a handler behind a cooldown whose use was counted already,
// along with the claim of its interaction: wait and err are what the
// store told.
type counted struct {
	h    *handler
	key  string
	wait time.Duration
	err  error
}

// ServeInteraction serves req, or refuses it, as the count told.
func (u *counted) ServeInteraction(ctx context.Context, req *router.Request) (interaction.Response, error) {
	return u.h.c.decide(ctx, req, u.h.next, u.key, u.wait, u.err)
}
