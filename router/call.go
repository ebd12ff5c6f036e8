package router

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/rest"
)

// A Call is one interaction on its way through a Mux: the handler found
// for it and the Request that handler is given. It is how a transport
// serves a Mux: the HTTP endpoint of package endpoint, or another that
// receives interactions some other way and delivers their answers
// through the REST client. The transport decodes an interaction, readies
// a Call for it (Mux.Start), runs it (Run) and delivers the answer as it
// can; an answer it cannot deliver is answered by the error handler
// (ErrorAnswer). What Run does is what Mux.Dispatch does: the same
// middleware, the same checks of the answer, the same error handler.
//
// The transport decides what the Mux does not: when to give up on a
// handler (its context's deadline), whether to defer a slow handler's
// answer, as the route declares (Deferral, Queued), whether it has seen
// the interaction before (Claim), what to do with a panic.
//
// A Call is used for one interaction, never again: its handler may keep
// the Request after it returns. Its zero value is ready for Start; a
// transport may keep it in a block of its own, to allocate once per
// interaction.
type Call struct {
	mux *Mux
	// ix is the interaction, which the Request's field names too: the
	// handler may change that one, not this.
	ix  *interaction.Interaction
	req Request
	h   handling
}

// Start makes c the call of ix through m: it finds the handler of ix and
// readies the Request it is given. client is what the Request's methods
// that answer again (EditOriginal, Followup and the others) send
// through, nil for none (they then return ErrNoClient); log is what
// Request.Logger returns and what the Mux logs to while c runs, nil for
// the router's logger.
func (m *Mux) Start(c *Call, ix *interaction.Interaction, client *rest.Client, log *zerolog.Logger) {
	c.mux, c.ix = m, ix
	c.h = m.find(ix, &c.req)
	c.req.client = client
	if log != nil {
		c.req.logger = log
	}
}

// Run answers the interaction as Mux.Dispatch does, with the context,
// REST client and logger of the call: a PING with PONG, a command,
// autocomplete, component or modal submission with its handler, through
// the router's middleware, its answer checked against the service's
// rules and a handler's error answered by the error handler. Its results
// are Dispatch's. A panic of the handler is not recovered: what the user
// reads then is the transport's to decide (Apology).
//
// Under a context that HandedOver made, the handler's Request says that
// it runs in a worker (Request.HandedOver).
func (c *Call) Run(ctx context.Context) (resp interaction.Response, err error) {
	// Inlined, Run leaves the answer where its caller keeps it: the
	// handler runs above the caller's frame, which would otherwise hold
	// a copy of the Response for Run's results as well.
	err = c.run(ctx, &resp)
	return resp, err
}

// run is Run, its answer written into *resp, which is zero.
func (c *Call) run(ctx context.Context, resp *interaction.Response) error {
	switch c.ix.Type {
	case interaction.TypePing:
		*resp = interaction.Pong()
		return nil
	case interaction.TypeApplicationCommand, interaction.TypeApplicationCommandAutocomplete,
		interaction.TypeMessageComponent, interaction.TypeModalSubmit:
		c.req.handedOver = ctx.Value(handedOverKey{}) != nil
		return c.mux.run(ctx, &c.req, c.h, resp)
	}
	return ErrUnsupported
}

// Route returns what the interaction was routed to, as the router
// registered it: the command path ("mod user ban"), the name of a user,
// message or entry point command, or the custom_id pattern of a
// component or modal ("poll:{id}:vote"), never the custom_id itself; the
// path of its command for an autocomplete; "" for an interaction no
// handler is registered for. It is a bounded name, fit for a metric's
// label.
func (c *Call) Route() string {
	switch {
	case c.h.node != nil:
		return c.h.node.path
	case c.h.route != nil:
		return c.h.route.pattern.text
	}
	return ""
}

// Deferral returns how a transport that defers the answer of a slow
// handler defers this one's, as its route declares (DeferReply,
// DeferEphemeral, DeferUpdate): the type of the deferral, and whether it
// is ephemeral. The type is 0 when the answer is never deferred: for a
// route declared NoAutoDefer, an autocomplete, which cannot be, and an
// interaction no handler serves, which is answered at once.
func (c *Call) Deferral() (t interaction.CallbackType, ephemeral bool) {
	if c.ix.Type == interaction.TypeApplicationCommandAutocomplete {
		return 0, false
	}
	switch c.h.deferral(c.ix) {
	case deferPublic:
		return interaction.CallbackDeferredChannelMessageWithSource, false
	case deferEphemeral:
		return interaction.CallbackDeferredChannelMessageWithSource, true
	case deferUpdate:
		return interaction.CallbackDeferredUpdateMessage, false
	}
	return 0, false
}

// Queued reports whether the route was declared Queued: a transport that
// hands interactions over to a queue defers its answer at once, and
// hands it over without running the handler.
func (c *Call) Queued() bool { return c.h.queued() }

// Claim claims the interaction in g until expires, as g.Claim does, for
// a transport that serves each interaction once: it is called before
// Run. When the handler's first middleware can make the claim along with
// its own call to a store (package cooldown's, whose store claims in g:
// cooldown.ClaimingStore), the claim goes through it, and the
// interaction costs that store one round trip rather than two; Run then
// serves the interaction with what that call found.
func (c *Call) Claim(ctx context.Context, g replay.Guard, expires time.Time) (first bool, err error) {
	cl, ok := c.h.handler.(claimer)
	if !ok {
		return g.Claim(ctx, c.ix.ID, expires)
	}
	first, next, err := cl.ClaimFirst(ctx, &c.req, g, expires)
	if next != nil {
		c.h.handler = next
	}
	return first, err
}

// claimer is a handler whose first step is a call to a store that may
// claim the interaction in the transport's replay guard in the same
// call: package cooldown's, first in the middleware. Claim claims
// through it.
type claimer interface {
	// ClaimFirst claims the interaction of req in g until expires, with
	// the handler's first call when the stores can join, and returns
	// whether the claim was the first, its error, and the handler that
	// then serves req in the handler's place; nil to serve it with the
	// handler.
	ClaimFirst(ctx context.Context, req *Request, g replay.Guard, expires time.Time) (first bool, next Handler, err error)
}

// ErrorAnswer returns the error handler's answer to err, which kept the
// transport from delivering the handler's answer: files that cannot be
// sent (an *interaction.FileError), or an answer the service refused. It
// is logged once, whether or not the router has an error handler. An
// answer of the error handler's that the service would refuse is
// replaced by the apology (Apology), as Run replaces one; under a
// context canceled with ErrHandedOver as its cause, the answer is the
// zero Response, which is nobody's to deliver.
func (c *Call) ErrorAnswer(ctx context.Context, err error) interaction.Response {
	req := &c.req
	if c.mux.onError != nil {
		msg := "the service refused the answer; answering with the error handler's answer"
		var files *interaction.FileError
		if errors.As(err, &files) {
			msg = "the answer's files could not be sent; answering with the error handler's answer"
		}
		c.LogRoute(req.Logger().Error().Err(err)).Stringer("interaction", c.ix.ID).Msg(msg)
	}
	return c.mux.errorAnswer(ctx, req, fmt.Errorf("router: answer not sent: %w", err))
}

// Apology returns what the user reads when their interaction's handler
// failed and nothing else can answer: an ephemeral message saying that
// something went wrong. A transport answers with it a handler that
// panicked, and an error handler's answer it could not deliver either.
func (c *Call) Apology() interaction.Response {
	return interaction.Reply(apology(c.ix)).Ephemeral()
}

// LogRoute adds to ev the field that names what the interaction was
// routed to, as the Mux logs it: "command" with the command's path,
// "component" or "modal" with the pattern its custom_id matched, or
// "custom_id" with the custom_id, clipped, when none matched. It reads
// what Start found, not the Request, which the handler may change.
func (c *Call) LogRoute(ev *zerolog.Event) *zerolog.Event {
	return logRoute(ev, c.ix, &Params{pattern: c.h.pattern()})
}

// ErrHandedOver is the cause with which a transport cancels the context
// of a handler's run when it hands the interaction over to another
// process, which runs the handler again (package endpoint's queue): the
// run's error is then nobody's, and the error handler does not answer
// it (see Call.ErrorAnswer).
var ErrHandedOver = errors.New("router: the interaction was handed over")

// Logger returns the logger given to the router (WithLogger), and
// whether one was. A transport logs to it unless it was given a logger
// of its own; without one, where the transport's default says (the
// router's own default writes JSON lines on standard error).
func (m *Mux) Logger() (l zerolog.Logger, given bool) {
	return m.logger, m.loggerGiven
}

// QueuedRoutes returns the paths and custom_id patterns of the routes
// declared Queued, in no order, for a transport that cannot defer their
// answers to refuse to serve them.
func (m *Mux) QueuedRoutes() []string { return slices.Clone(m.queued) }
