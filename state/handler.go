package state

import (
	"context"
	"errors"
	"fmt"

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
// to f. A use whose state has expired, or whose key no Put returned, is
// answered with an ephemeral message saying so (ExpiredText,
// WithMessage), and f does not run. An error of the store goes to the
// router's error handler, as does a pattern that names no such part.
//
// The state stays, for the next use: f may Set a new one under the key.
func (k *Kind[T]) Handler(f HandlerFunc[T]) router.HandlerFunc {
	return func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return k.serve(ctx, req, f, false)
	}
}

// OnceHandler is Handler for a route that ends the state, such as
// "Pay" or "Submit": it takes the state, so that it is served once, to
// the first of two clicks at once, and the other is told it has
// expired. A state f fails to act on is gone all the same: f may Put it
// back under a new key.
func (k *Kind[T]) OnceHandler(f HandlerFunc[T]) router.HandlerFunc {
	return func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return k.serve(ctx, req, f, true)
	}
}

func (k *Kind[T]) serve(ctx context.Context, req *router.Request, f HandlerFunc[T], take bool) (interaction.Response, error) {
	key, ok := req.Params.String(k.name)
	if !ok {
		return interaction.Response{}, k.noPart(req)
	}
	v, err := k.read(ctx, req.Logger(), key, take)
	if errors.Is(err, ErrExpired) {
		return interaction.Reply(k.cfg.text(req)).Ephemeral(), nil
	}
	if err != nil {
		return interaction.Response{}, err
	}
	return f(ctx, req, key, v)
}

// noPart is the error of a handler whose route names no part to read the
// key from.
func (k *Kind[T]) noPart(req *router.Request) error {
	if p := req.Pattern(); p != "" {
		return fmt.Errorf("state: %s: the route %q names no part {%s} to read the key from", k.name, p, k.name)
	}
	return fmt.Errorf("state: %s: a handler of states serves components and modals routed by a pattern with a part {%s}", k.name, k.name)
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
