package state

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
)

// HandlerFunc handles the use of a component, or the submission of a
// modal, whose custom_id carries the key of a state of type T: it is
// given the key, to Set a new state under it, and the state read.
type HandlerFunc[T any] func(ctx context.Context, req *router.Request, key string, v T) (interaction.Response, error)

// Handler returns the handler of a component or modal route whose
// pattern names a part after the kind ("cart:{cart}:add" for the kind
// "cart"): it reads the state under the key in that part and hands it
// to f. Register it with HandleComponent or HandleModal, which take a
// router.Handler:
//
//	r.HandleComponent("cart:{cart}:add", carts.Handler(add))
//
// A use whose state has expired, or whose key no Put returned, is
// answered with an ephemeral message saying so (ExpiredText,
// WithMessage), and f does not run. An error of the store goes to the
// router's error handler.
//
// The router's Build reports a route the handler cannot serve: a
// pattern that names no part after the kind, one whose text leaves the
// part less than the KeyLength characters of a key within the 100 of a
// custom_id, a command, and a nil f. Middleware applied to the handler by hand
// hides the route from it, unless it unwraps (see router.RouteChecker):
// the handler then answers such a route's uses with an error.
//
// The state stays, for the next use: f may Set a new one under the key.
func (k *Kind[T]) Handler(f HandlerFunc[T]) router.Handler {
	return &handler[T]{k: k, f: f}
}

// OnceHandler is Handler for a route that ends the state, such as
// "Pay" or "Submit": it takes the state, so that it is served once, to
// the first of two clicks at once, and the other is told it has
// expired. A state f fails to act on is gone all the same: f may Put it
// back under a new key.
//
// The take belongs to the click, the interaction, rather than to the run
// of f: the interaction that took the state keeps a claim of it in the
// store for as long as its token lives (interaction.TokenLifetime, 15
// minutes), and each run of f for that interaction is given the state.
// An endpoint with a queue (endpoint.WithQueue) cancels a run still going
// at its answer margin and hands the interaction to a worker, which runs
// f again, from the start: that run is given the state the first took,
// and its answer is the one the user sees. So f may run twice for one
// click, the first run canceled wherever it was, and what it must do
// once per click, such as a payment, it does under the interaction's id
// (req.Interaction.ID), the idempotency key a payment service takes, or
// records and checks. A copy of the interaction, which an endpoint
// without a replay guard (endpoint.WithReplayGuard) serves again, is given
// the state too.
func (k *Kind[T]) OnceHandler(f HandlerFunc[T]) router.Handler {
	return &handler[T]{k: k, f: f, take: true}
}

// handler is a handler of the states of k.
type handler[T any] struct {
	k *Kind[T]
	f HandlerFunc[T]
	// take says that the handler takes the state (OnceHandler).
	take bool
}

// ServeInteraction reads the state and serves it to f.
func (h *handler[T]) ServeInteraction(ctx context.Context, req *router.Request) (interaction.Response, error) {
	return h.k.serve(ctx, req, h.f, h.take)
}

// CheckRoute reports a route whose custom_id cannot carry a key to the
// handler.
func (h *handler[T]) CheckRoute(rt router.RouteInfo) error {
	if h.f == nil {
		return fmt.Errorf("state: %s: the handler's function is nil", h.k.name)
	}
	return h.k.checkRoute(rt)
}

func (k *Kind[T]) serve(ctx context.Context, req *router.Request, f HandlerFunc[T], take bool) (interaction.Response, error) {
	key, ok := req.Params.String(k.name)
	if !ok {
		return interaction.Response{}, k.noPart(req)
	}
	var v T
	var err error
	if take {
		v, err = k.takeFor(ctx, req.Logger(), key, req.Interaction.ID, req.HandedOver())
	} else {
		v, err = k.read(ctx, req.Logger(), key, false)
	}
	if errors.Is(err, ErrExpired) {
		return interaction.Reply(k.cfg.text(req)).Ephemeral(), nil
	}
	if err != nil {
		return interaction.Response{}, err
	}
	return f(ctx, req, key, v)
}

// noPart is the error of a handler whose route names no part to read the
// key from, which Build reports unless middleware hid the route from the
// handler.
func (k *Kind[T]) noPart(req *router.Request) error {
	if p := req.Pattern(); p != "" {
		return fmt.Errorf("state: %s: the route %q names no part {%s} to read the key from", k.name, p, k.name)
	}
	return fmt.Errorf("state: %s: a handler of states serves components and modals routed by a pattern with a part {%s}", k.name, k.name)
}

// checkRoute returns what keeps a handler of the kind from serving the
// route rt, with how to wire it.
func (k *Kind[T]) checkRoute(rt router.RouteInfo) error {
	if rt.Kind() == router.CommandRoute {
		return fmt.Errorf("state: %s: a handler of states serves a component or a modal, whose custom_id carries the key in a part {%s}: "+
			"register it with HandleComponent or HandleModal, and read a state in a command with Get", k.name, k.name)
	}
	room := rt.MaxPartLength(k.name)
	if room == 0 {
		return fmt.Errorf("state: %s: the pattern names no part {%s} to read the key from: %s", k.name, k.name, k.partHint(rt))
	}
	if room < KeyLength {
		return fmt.Errorf("state: %s: the pattern leaves its part {%s} %d of the %d characters a custom_id holds, "+
			"and a key has %d: shorten its text by %d characters", k.name, k.name, room, maxCustomID, KeyLength, KeyLength-room)
	}
	return nil
}

// maxCustomID is the most characters a custom_id holds.
const maxCustomID = 100

// partHint says how to name the kind's part in the pattern of rt, which
// does not.
func (k *Kind[T]) partHint(rt router.RouteInfo) string {
	want := "{" + k.name + "}"
	switch parts := rt.Parts(); len(parts) {
	case 0:
		return "write " + want + " where the custom_id carries the key Put returned"
	case 1:
		p := rt.Pattern()
		fixed := strings.Replace(p, "{"+parts[0]+"}", want, 1)
		if fixed == p { // a rest, {name...}
			fixed = strings.Replace(p, "{"+parts[0]+"...}", want, 1)
		}
		return "write " + want + " in place of {" + parts[0] + "}, as in " + strconv.Quote(fixed)
	default:
		names := make([]string, len(parts))
		for i, p := range parts {
			names[i] = "{" + p + "}"
		}
		return "it names " + strings.Join(names, ", ") + ": write " + want + " in place of the one that carries the key"
	}
}

// ExpiredText is the default text of the answer to a use whose state has
// expired, by what was used: "This button has expired.", "This menu has
// expired." for a select menu, "This form has expired." for a modal.
func ExpiredText(req *router.Request) string {
	switch {
	case req.Interaction.Type == interaction.TypeModalSubmit:
		return "This form has expired."
	case req.ComponentType() == interaction.ComponentButton:
		return "This button has expired."
	case req.ComponentType() != 0:
		return "This menu has expired."
	}
	return "This has expired."
}
