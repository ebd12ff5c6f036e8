package router

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
)

// ErrNotFound reports an interaction for a command, component or modal no
// handler is registered for.
var ErrNotFound = errors.New("router: no handler for the interaction")

// ErrUnsupported reports an interaction type the router does not serve.
var ErrUnsupported = errors.New("router: unsupported interaction type")

// Mux dispatches interactions to handlers. It is immutable and safe for
// concurrent use; make one with Router.Build.
type Mux struct {
	chat    map[string]*node
	user    map[string]*node
	message map[string]*node
	entry   *node
	// components and modals are the trees of the custom_id patterns.
	components *idNode
	modals     *idNode

	notFound Handler
	onError  ErrorHandler
	// completeDefault suggests for the options no completer is
	// registered for; nil when there is none.
	completeDefault Handler
	// logger is the router's, which Dispatch logs to, and loggerGiven
	// whether WithLogger gave it (Logger); a transport serving the Mux
	// may log to its own.
	logger      zerolog.Logger
	loggerGiven bool

	definitions Definitions
	// queued are the paths and patterns of the routes declared Queued.
	queued []string
}

// node is a command, subcommand or group in the dispatch tree.
type node struct {
	handler Handler
	// completers suggest values for the options of the command, by
	// option name: its autocomplete handlers, as Handlers wrapped in the
	// same middleware as the command's.
	completers map[string]Handler
	kids       map[string]*node // subcommands and groups
	group      bool             // a subcommand group: its kids are subcommands
	deferral   deferral         // never deferInherit once built
	queued     bool             // declared Queued, or its group
	// path is the command path a handler was registered for, which
	// observers name it by.
	path string
}

// handling is the handler an interaction reaches, found once per request,
// and where it was found: a command's node (for a command, or the
// autocomplete of one of its options), or a component's or modal's route.
type handling struct {
	// handler is nil when no handler is registered for the interaction.
	handler Handler
	node    *node
	route   *idRoute
}

// find resets req for ix and finds its handler: the command's, one of its
// completers, or the handler of the most specific pattern the custom_id
// of a component or modal matches, whose parts it keeps in req.Params.
func (m *Mux) find(ix *interaction.Interaction, req *Request) handling {
	req.reset(ix)
	req.logger = &m.logger
	switch ix.Type {
	case interaction.TypeApplicationCommand:
		if n := m.lookup(&ix.Data); n != nil && n.handler != nil {
			return handling{handler: n.handler, node: n}
		}
	case interaction.TypeApplicationCommandAutocomplete:
		h := handling{handler: m.completeDefault}
		if n := m.lookup(&ix.Data); n != nil && n.handler != nil {
			h.node = n
			if focused, ok := ix.Data.Focused(); ok && n.completers[focused.Name] != nil {
				h.handler = n.completers[focused.Name]
			}
		}
		return h
	case interaction.TypeMessageComponent, interaction.TypeModalSubmit:
		tree := m.components
		if ix.Type == interaction.TypeModalSubmit {
			tree = m.modals
		}
		if rt := tree.match(ix.Data.CustomID, &req.Params.parts); rt != nil {
			req.Params.pattern = rt.pattern
			req.Fields.pattern = rt.pattern.text
			return handling{handler: rt.handler, route: rt}
		}
		// The walk may have left parts behind: Params stay empty but
		// after a match (see Request.reset).
		req.Params = Params{}
	}
	return handling{}
}

// pattern returns the pattern of a component's or modal's route, nil for
// a command's or none.
func (h handling) pattern() *pattern {
	if h.route == nil {
		return nil
	}
	return h.route.pattern
}

// deferral returns how the endpoint may defer the handler h of ix: never
// for an interaction without a handler, whose answer is at once.
func (h handling) deferral(ix *interaction.Interaction) deferral {
	switch {
	case h.handler == nil:
		return deferNever
	case h.node != nil:
		return h.node.deferral
	case h.route != nil:
		return componentDeferral(h.route.deferral, ix)
	}
	return deferNever
}

// queued reports whether the handler h was declared Queued.
func (h handling) queued() bool {
	switch {
	case h.node != nil:
		return h.node.queued
	case h.route != nil:
		return h.route.queued
	}
	return false
}

// lookup finds the node of the invoked command path with map lookups on the
// names the interaction carries. Matching is exact: a handler for "mod" does
// not receive "mod ban", nor "mod ban" an invocation of "mod".
func (m *Mux) lookup(d *interaction.Data) *node {
	var n *node
	switch d.Type {
	case interaction.CommandChatInput:
		n = m.chat[d.Name]
	case interaction.CommandUser:
		return m.user[d.Name]
	case interaction.CommandMessage:
		return m.message[d.Name]
	case interaction.CommandPrimaryEntryPoint:
		return m.entry
	default:
		return nil
	}
	if n == nil {
		return nil
	}
	opts := d.Options
	for depth := 0; ; depth++ {
		var next *interaction.OptionData
		if len(opts) > 0 && (opts[0].Type == interaction.OptionSubCommand || opts[0].Type == interaction.OptionSubCommandGroup) {
			next = &opts[0]
		}
		switch {
		case n.kids == nil && next == nil:
			return n
		case n.kids == nil || next == nil || depth == 2:
			return nil
		}
		kid := n.kids[next.Name]
		if kid == nil || (kid.kids != nil) != (next.Type == interaction.OptionSubCommandGroup) {
			return nil
		}
		n, opts = kid, next.Options
	}
}

// Dispatch answers an interaction without a transport, with the code a
// transport runs once it has verified and decoded a request (Call): it
// answers a PING, finds the handler and runs it through the router's
// middleware, with its answer checked against the service's rules and a
// handler's error answered by the error handler. Tests call it to
// exercise handlers. What a transport adds around that code (package
// endpoint's, say), Dispatch leaves out: the replay guard, the deadline
// and automatic deferral, panic recovery, the observer, and the REST
// client (a handler's answers after the first return ErrNoClient).
//
// The response is the one to send, and err what went wrong on the way: a
// handler's error, after the error handler answered it (an autocomplete
// handler's, with no suggestions); ErrNotFound, with the answer to an
// interaction no handler serves; or ErrUnsupported, with no response, for
// an interaction type the router does not serve.
//
// Under a context that HandedOver made, the handler's request says it
// runs in a worker (Request.HandedOver).
func (m *Mux) Dispatch(ctx context.Context, ix *interaction.Interaction) (interaction.Response, error) {
	c := new(Call)
	m.Start(c, ix, nil, nil)
	return c.Run(ctx)
}

// handedOverKey is the key of the context value HandedOver sets.
type handedOverKey struct{}

// HandedOver returns a context under which Mux.Dispatch and Call.Run run
// a handler as a worker runs an interaction its endpoint handed over to a
// queue, its request's HandedOver true: for tests of what a handler does
// when it is run again in a worker, and for a transport that completes
// interactions handed over, as endpoint.Endpoint.Complete does.
func HandedOver(ctx context.Context) context.Context {
	return context.WithValue(ctx, handedOverKey{}, true)
}

// run answers the interaction of req, which find prepared, with h's
// handler, or as unrouted when it has none, into *resp, which is zero.
// The answer to a command, component or modal is checked against the
// service's rules (settle); an autocomplete handler's error is logged and
// answered with no suggestions, as an autocomplete answer has no error
// handler's to fall back on.
//
// A Response is large, and the handler runs above this frame: the answer
// is written where the caller keeps it, and what few requests take (an
// autocomplete, an interaction without a handler) runs in functions of
// its own, so that the frame under every handler stays small.
func (m *Mux) run(ctx context.Context, req *Request, h handling, resp *interaction.Response) error {
	switch {
	case req.Interaction.Type == interaction.TypeApplicationCommandAutocomplete:
		return m.complete(ctx, req, h, resp)
	case h.handler == nil:
		return m.unrouted(ctx, req, resp)
	}
	err := serveInto(ctx, h.handler, req, resp)
	return m.settle(ctx, req, resp, err)
}

// serveInto serves req with h, its answer written into *resp. A
// HandlerFunc, the handler of a route without middleware, is called
// directly: its ServeInteraction would add a frame holding a copy of the
// Response under the handler's.
func serveInto(ctx context.Context, h Handler, req *Request, resp *interaction.Response) error {
	f, ok := h.(HandlerFunc)
	if !ok {
		f = h.ServeInteraction
	}
	r, err := f(ctx, req)
	*resp = r
	return err
}

// complete answers an autocomplete interaction into *resp: with h's
// handler, or with no suggestions when it has none or fails.
//
//go:noinline
func (m *Mux) complete(ctx context.Context, req *Request, h handling, resp *interaction.Response) error {
	ix := req.Interaction
	if h.handler == nil {
		*resp = interaction.AutocompleteResult()
		return ErrNotFound
	}
	err := serveInto(ctx, h.handler, req, resp)
	var stale *autocomplete.StaleError
	switch {
	case errors.As(err, &stale):
		req.Logger().Warn().Err(err).Str("command", ix.Data.Path()).Str("option", focusedName(ix)).
			Stringer("interaction", ix.ID).Msg("autocomplete handler failed; served the last good suggestions")
	case err != nil:
		req.Logger().Error().Err(err).Str("command", ix.Data.Path()).Str("option", focusedName(ix)).
			Stringer("interaction", ix.ID).Msg("autocomplete handler failed")
		*resp = interaction.AutocompleteResult()
	}
	return err
}

// focusedName returns the name of the option being typed into, in an
// autocomplete interaction.
func focusedName(ix *interaction.Interaction) string {
	o, _ := ix.Data.Focused()
	return o.Name
}

// settle makes *resp, what a handler answered with err, the answer to
// send: it stays when the service would take it (answer.Check);
// otherwise the error handler answers err, or an error saying what in the
// answer the service would refuse, which wraps rules.Violations (and
// interaction.ErrCallbackNotAllowed for a type the interaction does not
// allow) and which settle returns. (A Response is large: settle changes
// it in place rather than copy it in and out on every request.)
func (m *Mux) settle(ctx context.Context, req *Request, resp *interaction.Response, err error) error {
	if err == nil {
		err = checkAnswer(req.Interaction, resp)
	}
	if err != nil {
		*resp = m.errorAnswer(ctx, req, err)
	}
	return err
}

// checkAnswer returns an error when the service would refuse r as the
// answer to ix, and the user see the interaction fail.
func checkAnswer(ix *interaction.Interaction, r *interaction.Response) error {
	err := answer.Check(ix, *r)
	switch {
	case err == nil:
		return nil
	case r.Type == 0:
		return fmt.Errorf("router: the handler returned the zero Response, which answers nothing: %w", err)
	}
	return fmt.Errorf("router: answer not sent: %w", err)
}

// unrouted answers, into *resp, an interaction no handler is registered
// for, with the NotFound handler if there is one.
//
//go:noinline
func (m *Mux) unrouted(ctx context.Context, req *Request, resp *interaction.Response) error {
	if m.notFound != nil {
		err := serveInto(ctx, m.notFound, req, resp)
		if err = m.settle(ctx, req, resp, err); err != nil {
			return err
		}
		return ErrNotFound
	}
	ix := req.Interaction
	ev := logRoute(req.Logger().Warn(), ix, &req.Params).Stringer("interaction", ix.ID)
	switch ix.Type {
	case interaction.TypeMessageComponent:
		ev.Stringer("component_type", ix.Data.ComponentType).Msg("no handler for the component")
		*resp = interaction.Reply("This component is no longer available.").Ephemeral()
		return ErrNotFound
	case interaction.TypeModalSubmit:
		ev.Msg("no handler for the modal")
		*resp = interaction.Reply("This form is no longer available.").Ephemeral()
		return ErrNotFound
	}
	ev.Stringer("type", ix.Data.Type).Msg("no handler for the command")
	*resp = interaction.Reply("This command is not available.").Ephemeral()
	return ErrNotFound
}

// errorAnswer returns the error handler's answer to err. An error handler
// whose answer the service would refuse has it replaced by the default
// one, the apology, which every interaction a handler serves takes.
func (m *Mux) errorAnswer(ctx context.Context, req *Request, err error) interaction.Response {
	ix := req.Interaction
	if context.Cause(ctx) == ErrHandedOver {
		// The run was canceled as its interaction was handed to the
		// queue, whose worker runs it again: its error is nobody's.
		logRoute(req.Logger().Debug().Err(err), ix, &req.Params).Stringer("interaction", ix.ID).
			Msg("a run handed over to the queue ended")
		return interaction.Response{}
	}
	if m.onError != nil {
		resp := m.onError(ctx, req, err)
		bad := checkAnswer(ix, &resp)
		if bad == nil {
			return resp
		}
		logRoute(req.Logger().Error().Err(bad), ix, &req.Params).AnErr("handler_error", err).
			Stringer("interaction", ix.ID).Msg("the service would refuse the error handler's answer; answering with the default")
	} else {
		logRoute(req.Logger().Error().Err(err), ix, &req.Params).
			Stringer("interaction", ix.ID).Stringer("user", ix.Invoker().ID).
			Msg("handler failed")
	}
	return interaction.Reply(apology(ix)).Ephemeral()
}

// apology is what the user reads when a handler fails.
func apology(ix *interaction.Interaction) string {
	if ix.Type == interaction.TypeApplicationCommand {
		return "Sorry, something went wrong while running this command."
	}
	return "Sorry, something went wrong."
}

// completer adapts the autocomplete handler h of the option of a command
// to a Handler, so that middleware wraps it as it wraps the command's. A
// suggestion the service would refuse is left out and logged to the
// request's logger, its field the JSON pointer where package answer
// reports it ("/data/choices/25"): an autocomplete answer has no error
// handler's answer to fall back on, and the valid suggestions are still
// worth showing.
func completer(h autocomplete.Handler) Handler {
	return HandlerFunc(func(ctx context.Context, req *Request) (interaction.Response, error) {
		ix := req.Interaction
		areq, ok := autocomplete.NewRequest(ix)
		if !ok {
			return interaction.AutocompleteResult(), errors.New("router: autocomplete interaction without a focused option")
		}
		choices, err := h.Complete(ctx, &areq)
		var stale *autocomplete.StaleError
		if err != nil && !errors.As(err, &stale) {
			return interaction.AutocompleteResult(), err
		}
		kept, dropped := autocomplete.Sanitize(choices, areq.Focused.Type)
		for _, d := range dropped {
			req.Logger().Warn().Str("command", ix.Data.Path()).Str("option", areq.Focused.Name).Stringer("interaction", ix.ID).
				Int("choice", d.Index).Str("field", "/data/choices/"+strconv.Itoa(d.Index)).
				Str("reason", d.Reason).Msg("autocomplete choice left out")
		}
		// With a *StaleError, the last good suggestions (package
		// autocomplete's Fallback) are the answer, and the error says so.
		return interaction.AutocompleteResult(kept...), err
	})
}
