package router

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/signed"
)

// Defaults of an Endpoint.
const (
	// DefaultMaxBodySize bounds a request body. Interactions are a few
	// kilobytes; resolved messages with embeds can reach tens.
	DefaultMaxBodySize = 1 << 20
	// DefaultResponseDeadline is how long the service waits for the first
	// answer to an interaction.
	DefaultResponseDeadline = 3 * time.Second
	// DefaultAnswerMargin is the part of the service's wait kept for the
	// answer to reach it: a handler's context ends, or the endpoint
	// defers its answer, that long before the service stops waiting.
	DefaultAnswerMargin = 500 * time.Millisecond
)

// Endpoint serves the interactions endpoint: it verifies each request's
// signature before reading anything else, answers PING, and dispatches
// commands, autocomplete, component uses and modal submissions to a Mux.
// ServeFastHTTP and ServeHTTP behave the same:
//
//   - a method other than POST: 405
//   - a body over the size limit: 413
//   - a missing or invalid signature, or a stale timestamp: 401, and the
//     body is never decoded
//   - a signed body that is not an interaction: 400
//   - an interaction type it does not serve: 400
//   - a copy of an interaction already served, with a replay guard
//     (WithReplayGuard): 409, and the handler does not run
//   - PING: 200 {"type":1}
//   - a command, autocomplete, component or modal submission: 200 with
//     the handler's answer (a handler error is answered by the error
//     handler, an interaction no handler is registered for by the
//     not-found answer, and an answer whose type the interaction does not
//     allow, which the service would refuse, is an error too)
//   - an answer whose message carries files, on an endpoint given a
//     client: the answer and its files posted to the callback endpoint,
//     then 202 with no body; without a client, 200 with the answer and
//     its files as multipart/form-data (see WithFileAnswers). Files that
//     cannot be sent are an error, answered by the error handler
//   - a command, component or modal submission whose handler has not
//     answered the answer margin before the service stops waiting, on an
//     endpoint given a client (WithClient): 200 with a deferral, and the
//     handler's answer, when it comes, completes it through the client. A
//     command defers with DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE, which its
//     answer replaces; a component, and a modal a component opened, with
//     DEFERRED_UPDATE_MESSAGE, after which an UPDATE_MESSAGE edits the
//     message of the component and a message is sent as a follow-up (see
//     DeferReply, DeferEphemeral, DeferUpdate, NoAutoDefer,
//     WithoutAutoDefer)
//   - a handler panic: logged with its stack, 500 (or, once deferred, an
//     apology in place of the answer); the server keeps serving
//
// A handler's context ends the answer margin (DefaultAnswerMargin) before
// the service stops waiting, so that the answer of a handler that gives up
// then, or its error handler's, still arrives in time; a handler the
// endpoint may defer has a context that lasts as long as the interaction's
// token (TokenLifetime) instead, or until the request context's deadline
// if that is sooner.
type Endpoint struct {
	options
	mux      *Mux
	verifier *interaction.Verifier
	// deferred counts the deferred answers not yet delivered.
	deferred sync.WaitGroup
}

// NewEndpoint returns an Endpoint that verifies requests with v and
// dispatches them to mux, with the options of the router mux was built
// from, changed by opts.
func NewEndpoint(mux *Mux, v *interaction.Verifier, opts ...Option) *Endpoint {
	e := &Endpoint{options: mux.options, mux: mux, verifier: v}
	for _, o := range opts {
		o(&e.options)
	}
	if e.files == FilesByCallback && e.client == nil {
		e.logger.Warn().Msg("answers with files go to the callback endpoint (FilesByCallback), but the endpoint has no REST client: give it one with router.WithClient, or they are refused")
	}
	return e
}

// exchange is the state of one request, allocated as one block.
type exchange struct {
	ix  interaction.Interaction
	req Request
	ctx deadlineContext
	// h is the handler of a command, component or modal, found once.
	h handling
}

// Fixed answers. Their bodies say what went wrong without echoing input.
var (
	bodyPong            = []byte(`{"type":1}`)
	bodyMethod          = []byte(`{"message":"the interactions endpoint accepts POST only"}`)
	bodyInternal        = []byte(`{"message":"internal error"}`)
	bodyUnsupportedType = []byte(`{"message":"interaction type not served by this endpoint"}`)
	bodyReplayed        = []byte(`{"message":"interaction already received"}`)
)

// serve runs the request path shared by both adapters after the method
// check. parent is the request's context. It appends the response body to
// out; contentType is the body's when it is not JSON, and otherwise
// empty. It tells the observer, if any, what became of the request: the
// record lives on serve's stack, so that an endpoint without an observer
// pays only nil checks.
func (e *Endpoint) serve(parent context.Context, received time.Time, sig, ts, body, out []byte) (status int, _ []byte, contentType string) {
	if e.observer == nil {
		return e.serveRecording(parent, received, sig, ts, body, out, nil)
	}
	var rec Exchange
	status, out, contentType = e.serveRecording(parent, received, sig, ts, body, out, &rec)
	e.observe(&rec, received, status)
	return status, out, contentType
}

// serveRecording is serve, which records in rec, when it is not nil, what
// the observer is told.
func (e *Endpoint) serveRecording(parent context.Context, received time.Time, sig, ts, body, out []byte, rec *Exchange) (status int, _ []byte, contentType string) {
	var start time.Time
	if rec != nil {
		start = time.Now()
	}
	status, answer, refused := signed.Verify(e.verifier, e.logger, e.maxBody, sig, ts, body, out)
	rec.verified(refused, start)
	if refused != 0 {
		return status, answer, ""
	}
	// One allocation for the interaction, the request and the context. The
	// handler may keep all three (a goroutine sending follow-ups), so the
	// exchange is never reused.
	x := new(exchange)
	ix := &x.ix
	if err := interaction.Decode(body, ix); err != nil {
		e.logger.Debug().Err(err).Msg("malformed interaction")
		if rec != nil {
			rec.Refused = RefusedMalformed
			if errors.Is(err, interaction.ErrUnknownType) {
				rec.Refused = RefusedUnsupportedType
			}
		}
		return 400, signed.AppendMessage(out, err.Error()), ""
	}
	if rec != nil {
		rec.Type = ix.Type
	}
	if ix.Type == interaction.TypePing {
		if rec != nil {
			rec.Outcome = OutcomeAnswered
		}
		return 200, append(out, bodyPong...), ""
	}
	switch ix.Type {
	case interaction.TypeApplicationCommand, interaction.TypeApplicationCommandAutocomplete,
		interaction.TypeMessageComponent, interaction.TypeModalSubmit:
	default:
		rec.refuse(RefusedUnsupportedType)
		return 400, append(out, bodyUnsupportedType...), ""
	}
	if e.replays != nil && e.replayed(parent, received, ts, ix) {
		rec.refuse(RefusedReplay)
		return 409, append(out, bodyReplayed...), ""
	}
	return e.dispatch(parent, received, x, ix, out, rec)
}

// dispatch answers an interaction with its handler, found once. A handler
// the endpoint may defer runs apart (answerOrDefer); the others run here,
// with a context that ends the answer margin before the service stops
// waiting, so that an answer to a handler that gives up still arrives.
func (e *Endpoint) dispatch(parent context.Context, received time.Time, x *exchange, ix *interaction.Interaction, out []byte, rec *Exchange) (status int, body []byte, contentType string) {
	x.req.client = e.client
	if ix.Type != interaction.TypeApplicationCommandAutocomplete {
		x.h = e.mux.find(ix, &x.req)
	}
	if rec != nil {
		rec.Route = e.mux.route(ix, x.h)
	}
	if ix.Type != interaction.TypeApplicationCommandAutocomplete {
		if mode := e.deferral(ix, x.h); mode != deferNever {
			return e.answerOrDefer(parent, received, mode, x, ix, out, rec)
		}
	}
	deadline := received.Add(e.deadline - e.margin)
	var ctx context.Context
	if parent.Done() == nil {
		// The parent is never canceled (fasthttp requests carry no context),
		// so the deadline is all there is: the lazy context needs no timer.
		x.ctx.init(parent, deadline)
		ctx = &x.ctx
		defer x.ctx.cancel(context.Canceled)
	} else {
		c, cancel := context.WithDeadline(parent, deadline)
		defer cancel()
		ctx = c
	}
	o := e.run(ctx, x, ix)
	rec.handled(o)
	return e.answer(parent, received, x, ix, o, out, rec)
}

// outcome is what running a handler came to.
type outcome struct {
	resp interaction.Response
	// err is what dispatch reported beside the response: the handler's
	// error, answered by the error handler, or ErrNotFound.
	err      error
	panicked bool
	// took is how long the handler ran, measured for an observer only.
	took time.Duration
}

// run dispatches ix and recovers a panic of its handler, which it logs.
func (e *Endpoint) run(ctx context.Context, x *exchange, ix *interaction.Interaction) (o outcome) {
	var start time.Time
	if e.observer != nil {
		start = time.Now()
	}
	defer func() {
		if p := recover(); p != nil {
			logRoute(e.logger.Error().Str("panic", panicText(p)), ix, &x.req.Params).
				Stringer("interaction", ix.ID).Bytes("stack", debug.Stack()).
				Msg("handler panicked")
			o = outcome{panicked: true}
		}
		if e.observer != nil {
			o.took = time.Since(start)
		}
	}()
	var resp interaction.Response
	var err error
	if ix.Type == interaction.TypeApplicationCommandAutocomplete {
		resp, err = e.mux.autocomplete(ctx, ix)
	} else {
		resp, err = e.mux.serve(ctx, &x.req, x.h)
	}
	return outcome{resp: resp, err: err}
}

// encode writes the answer to an outcome: the handler's response, or 500
// after a panic.
// params are the parts of the interaction's custom_id, which name its
// pattern in logs.
func (e *Endpoint) encode(o outcome, ix *interaction.Interaction, params *Params, out []byte) (status int, body []byte) {
	if o.panicked {
		return 500, append(out[:0], bodyInternal...)
	}
	encoded, err := o.resp.AppendJSON(out)
	if err != nil {
		logRoute(e.logger.Error().Err(err), ix, params).Msg("encoding the answer failed")
		return 500, append(out[:0], bodyInternal...)
	}
	// logRoute builds a command's path only when the event is logged.
	logRoute(e.logger.Debug(), ix, params).Stringer("type", ix.Type).
		Stringer("interaction", ix.ID).Stringer("callback", o.resp.Type).Msg("answered")
	return 200, encoded
}

func panicText(p any) string { return fmt.Sprint(p) }
