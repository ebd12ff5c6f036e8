package endpoint

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/receive"
	"github.com/switchboard-go/switchboard/router"
)

// The path of a request through the endpoint, in the order its steps run:
//
//	serve     verify the signature, before reading anything else
//	fly       decode; answer PING; refuse a type not served
//	dispatch  find the handler (router.Mux.Start), refuse a copy of an
//	          interaction already served (the replay guard, replay.go),
//	          then run the handler in time, or run it apart and defer its
//	          answer (deferral.go)
//	run       the handler, through the router's middleware, its answer
//	          checked (router.Call.Run, as Mux.Dispatch runs it), a panic
//	          recovered
//	answer    write its answer: JSON, or with files (files.go)
//
// and, whatever came of it, the observer told (observe). Both adapters,
// ServeFastHTTP and ServeHTTP, call serve after the method check.
// Receive (receive.go) takes an interaction with no HTTP request to
// answer the same way, from fly on: land decodes it and calls dispatch,
// and answer and the deferral post what they would have written in the
// response to the callback endpoint (post, postDeferral).

// A flight is one interaction's way through the endpoint: what the steps
// share, and the record the observer is told. It is allocated once the
// signature holds, as one block for the interaction, its call through
// the Mux (which holds the handler's Request) and the handler's context;
// the handler may keep all three (a goroutine sending follow-ups), so a
// flight is never reused.
type flight struct {
	e *Endpoint
	// parent is the request's context; received is when it arrived.
	parent   context.Context
	received time.Time
	// out is the buffer the answer's body is appended to.
	out []byte
	// signed is the request as the service signed it, kept only by an
	// endpoint with a queue (WithQueue), which hands it over: a pointer,
	// so that an endpoint without one does not carry three empty slices
	// in every request's flight.
	signed *signedRequest
	// callback is set on a flight with no HTTP request to answer
	// (Receive), whose answers go to the callback endpoint (post); nil
	// for a request over HTTP.
	callback *callbackAnswer

	ix interaction.Interaction
	// call is the interaction's way through the Mux: its handler, found
	// once, and the handler's Request.
	call router.Call
	ctx  deadlineContext
	// rec is what the observer is told (Observation).
	rec record
}

// serve answers a request to the endpoint: parent is its context, received
// when it arrived, sig and ts its signature headers. It appends the
// answer's body to out; contentType is the body's when it is not JSON,
// and otherwise empty.
func (e *Endpoint) serve(parent context.Context, received time.Time, sig, ts, body, out []byte) (status int, answer []byte, contentType string) {
	if e.verifier == nil {
		return e.refuseHTTP(out)
	}
	var start time.Time
	if e.observer != nil {
		start = time.Now()
	}
	status, answer, refused := receive.Verify(e.verifier, &e.logger, e.maxBody, sig, ts, body, out)
	verification := e.since(start)
	if refused != 0 {
		if e.observer != nil {
			e.observeRefusal(refused, verification, received, status)
		}
		return status, answer, ""
	}
	f := &flight{e: e, parent: parent, received: received, out: out}
	if e.queue != nil {
		f.signed = &signedRequest{sig: sig, ts: ts, body: body}
	}
	f.rec.verification = verification
	status, answer, contentType = f.fly(ts, body)
	f.warnIfLate()
	if e.observer != nil {
		f.observe(status)
	}
	return status, answer, contentType
}

// The functions of this file marked noinline run for few requests, or
// only on an endpoint with an observer. Inlined, their locals would join
// those of the function that calls them, whose frame lies under every
// handler's: the deeper a request's path, the larger the stack its
// goroutine needs, and the garbage collector halves the stacks of
// goroutines parked on their connections, which the next request then
// grows and copies again.

// observeRefusal tells the observer of a request refused for why before
// it was decoded.
//
//go:noinline
func (e *Endpoint) observeRefusal(why interaction.Refusal, verification time.Duration, received time.Time, status int) {
	rec := Observation{Refused: why}
	if why != interaction.RefusedTooLarge {
		rec.Verification = verification
	}
	e.observe(&rec, received, status)
}

// observe tells the observer of the flight's request, answered with
// status.
//
//go:noinline
func (f *flight) observe(status int) {
	x := f.exchange()
	f.e.observe(&x, f.received, status)
}

// warnIfLate logs an answer ready only once the service had stopped
// waiting for it: the user saw the interaction fail, and nothing else
// tells the bot. A panic is logged already.
func (f *flight) warnIfLate() {
	if f.rec.outcome == 0 || f.rec.outcome == OutcomePanic {
		return
	}
	if took := time.Since(f.received); took >= f.e.deadline {
		f.call.LogRoute(f.e.logger.Warn()).Stringer("interaction", f.ix.ID).
			Stringer("took", took).Stringer("deadline", f.e.deadline).
			Msg("the answer was ready after the service had stopped waiting: the user saw the interaction fail")
	}
}

// since returns how long it is since start, when the endpoint measures
// for an observer; zero otherwise.
func (e *Endpoint) since(start time.Time) time.Duration {
	if e.observer == nil {
		return 0
	}
	return time.Since(start)
}

// fly decodes a verified body, signed at ts, and answers it.
func (f *flight) fly(ts, body []byte) (status int, answer []byte, contentType string) {
	ix := &f.ix
	if err := interaction.Decode(body, ix); err != nil {
		return f.undecoded(err, body)
	}
	f.rec.typ = ix.Type
	switch ix.Type {
	case interaction.TypePing:
		f.rec.outcome = OutcomeAnswered
		return 200, append(f.out, bodyPong...), ""
	case interaction.TypeApplicationCommand, interaction.TypeApplicationCommandAutocomplete,
		interaction.TypeMessageComponent, interaction.TypeModalSubmit:
	default:
		return f.unserved()
	}
	return f.dispatch(ts)
}

// undecoded refuses a verified body that Decode could not read, for err.
//
//go:noinline
func (f *flight) undecoded(err error, body []byte) (status int, answer []byte, contentType string) {
	// The service signed it: a body this version cannot read is worth a
	// look, unlike a stranger's, which fails its signature.
	f.refuse(interaction.RefusedMalformed)
	ev, msg := f.e.logger.Warn(), "refused a signed request that is not an interaction"
	if f.callback != nil {
		msg = "refused a body from the gateway that is not an interaction"
	}
	switch {
	case errors.Is(err, interaction.ErrUnknownType) && f.callback == nil && isEventPing(body):
		// Type 0 is the PING of webhook events, which a developer's
		// tools send to see whether a bot serves them there: routine
		// where it does not, as the 400 tells them.
		f.refuse(interaction.RefusedUnsupportedType)
		ev, msg = f.e.logger.Debug(), "refused a webhook event's PING: webhook events have an endpoint of their own (package webhook)"
	case errors.Is(err, interaction.ErrUnknownType):
		f.refuse(interaction.RefusedUnsupportedType)
		msg = "refused an interaction of a type this version does not serve"
	}
	ev.Err(err).Msg(msg)
	return 400, receive.AppendMessage(f.out, err.Error()), ""
}

// unserved refuses an interaction of a type the endpoint does not serve.
//
//go:noinline
func (f *flight) unserved() (status int, answer []byte, contentType string) {
	f.refuse(interaction.RefusedUnsupportedType)
	f.e.logger.Warn().Stringer("type", f.ix.Type).Stringer("interaction", f.ix.ID).
		Msg("refused an interaction of a type the endpoint does not serve")
	return 400, append(f.out, bodyUnsupportedType...), ""
}

// isEventPing reports whether body, which is no interaction, is the PING
// of webhook events: type 0, which no interaction has. It is read only
// on that refusal's path.
func isEventPing(body []byte) bool {
	var probe struct {
		Type *int `json:"type"`
	}
	return jsonv2.Unmarshal(body, &probe) == nil && probe.Type != nil && *probe.Type == 0
}

// dispatch finds the handler of the interaction, signed at ts; refuses
// a copy of an interaction already served (the replay guard, asked once
// the handler is known, so that the handler's first call to a store may
// go along); and answers with the handler: in time, or, for a handler the endpoint
// may defer, apart (runOrDefer). A handler run in time has a context
// that ends the answer margin before the service stops waiting, so that
// the answer of a handler that gives up then still arrives.
func (f *flight) dispatch(ts []byte) (status int, answer []byte, contentType string) {
	e := f.e
	// What the handler's run logs, the Mux's lines and middleware's,
	// goes to the endpoint's logger.
	e.mux.Start(&f.call, &f.ix, e.client, &e.logger)
	if e.replays != nil && f.replayed(ts) {
		f.refuse(interaction.RefusedReplay)
		return 409, append(f.out, bodyReplayed...), ""
	}
	f.rec.routed = true
	if mode := e.deferral(&f.call); mode != deferNever {
		return f.runOrDefer(mode)
	}
	deadline := f.received.Add(e.deadline - e.margin)
	var ctx context.Context
	if f.parent.Done() == nil {
		// The parent is never canceled (fasthttp requests carry no
		// context), so the deadline is all there is: the lazy context
		// needs no timer.
		f.ctx.init(f.parent, deadline)
		ctx = &f.ctx
		defer f.ctx.cancel()
	} else {
		c, cancel := context.WithDeadline(f.parent, deadline)
		defer cancel()
		ctx = c
	}
	var r result
	f.run(ctx, &r)
	f.handled(&r)
	return f.answer(&r)
}

// result is what running a handler came to.
type result struct {
	resp interaction.Response
	// err is what the Mux reported beside the response: the handler's
	// error, answered by the error handler, or router.ErrNotFound.
	err      error
	panicked bool
	// took is how long the handler ran, measured for an observer only.
	took time.Duration
}

// run runs the interaction's handler, as router.Mux.Dispatch does, into
// *r, and recovers a panic of it, which it logs. A handler that ends its
// goroutine (runtime.Goexit) leaves *r as it was.
func (f *flight) run(ctx context.Context, r *result) {
	var start time.Time
	if f.e.observer != nil {
		start = time.Now()
	}
	defer f.ran(r, start)
	r.resp, r.err = f.call.Run(ctx)
	r.panicked = false
}

// ran ends run, deferred: it recovers a panic of the handler, and says
// how long the handler ran, from start, for an observer.
func (f *flight) ran(r *result, start time.Time) {
	if p := recover(); p != nil {
		f.panicked(p)
		*r = result{panicked: true}
	}
	r.took = f.e.since(start)
}

// panicked logs the panic p of the handler, with its stack.
//
//go:noinline
func (f *flight) panicked(p any) {
	f.call.LogRoute(f.e.logger.Error().Str("panic", fmt.Sprint(p))).
		Stringer("interaction", f.ix.ID).Bytes("stack", debug.Stack()).
		Msg("handler panicked")
}

// answer writes the answer of r: JSON (encode), or, for an answer whose
// message carries files, as the endpoint sends those (answerWithFiles);
// a flight from Receive posts it to the callback endpoint (post).
func (f *flight) answer(r *result) (status int, answer []byte, contentType string) {
	if f.callback != nil {
		return f.post(r)
	}
	if r.panicked || len(r.resp.Message.Files) == 0 {
		status, answer = f.encode(r)
		if status != 200 {
			f.answeredByErrorHandler()
		}
		return status, answer, ""
	}
	return f.answerWithFiles(&r.resp)
}

// encode writes the answer to r as JSON: the handler's response, or 500
// after a panic.
func (f *flight) encode(r *result) (status int, answer []byte) {
	if r.panicked {
		return 500, append(f.out[:0], bodyInternal...)
	}
	encoded, err := r.resp.AppendJSON(f.out)
	if err != nil {
		f.call.LogRoute(f.e.logger.Error().Err(err)).Msg("encoding the answer failed")
		return 500, append(f.out[:0], bodyInternal...)
	}
	// LogRoute builds a command's path only when the event is logged.
	f.call.LogRoute(f.e.logger.Debug()).Stringer("type", f.ix.Type).
		Stringer("interaction", f.ix.ID).Stringer("callback", r.resp.Type).Msg("answered")
	return 200, encoded
}
