package endpoint

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
)

// ErrReplayed is the error Receive returns for a copy of an interaction
// the endpoint has served, with a replay guard (WithReplayGuard): the
// routine end of an interaction two processes on one gateway shard both
// received, which the one that claimed it first answers.
var ErrReplayed = errors.New("endpoint: interaction already received")

// Receive serves an interaction that came with no HTTP request to answer:
// one the gateway delivered, body being the d of its INTERACTION_CREATE
// dispatch, the interaction object the service would have POSTed to the
// interactions endpoint. It dispatches it as ServeHTTP dispatches a
// request whose signature holds, through the same Mux, middleware,
// checks, replay guard, observer and logs, and posts each answer to the
// callback endpoint (POST /interactions/{id}/{token}/callback) with the
// endpoint's REST client (WithClient), which it needs:
//
//   - the handler's answer, files and all, whatever WithFileAnswers says;
//     an answer the service or the client refuses before taking it is
//     answered by the error handler, as an answer with files that cannot
//     be sent is over HTTP
//   - a handler's error: the error handler's answer
//   - a handler not done the answer margin before the service stops
//     waiting: the deferral its route declares (router.DeferReply and the
//     others), as ServeHTTP answers it, and the handler's answer, when it
//     comes, completes the deferral, as it completes one over HTTP
//   - a panic: logged with its stack, nothing posted, which the user sees
//     fail as they see the 500 ServeHTTP answers
//
// The service waits DefaultResponseDeadline for the first answer from
// when it sent the interaction, which the body does not say: the
// endpoint's response deadline and answer margin count from when Receive
// is called. A gateway whose events arrive late leaves less time than
// the endpoint counts: a shorter WithResponseDeadline defers sooner.
//
// Receive returns once the first answer is delivered, or the deferral,
// after at most the response deadline and the time the post takes; a
// deferred handler goes on, and its answer is delivered in the
// background, which WaitDeferred waits for. A gateway client that reads
// its events on one goroutine calls Receive on another for each
// interaction. ctx is to the handler what an HTTP request's context is:
// its values reach the handler, and its end ends the post of the first
// answer and the handler of a route never deferred; a handler the
// endpoint may defer runs on past it, as it does past an HTTP request's.
//
// Receive returns nil once the service has taken the first answer, and
// otherwise why not, having logged it as ServeHTTP logs the same: a body
// that is not an interaction, a PING, which only the HTTP endpoint is
// sent, ErrReplayed, a handler's panic, a post that failed (the rest
// package's error), an endpoint without a client (router.ErrNoClient).
//
// An endpoint with a queue (WithQueue) completes what it receives itself,
// as without one: a worker trusts a job for the service's signature,
// which an interaction from the gateway lacks. The body is not held to
// the endpoint's size limit (WithMaxBodySize), which bounds what a
// stranger may send over HTTP; it may be reused once Receive returns.
func (e *Endpoint) Receive(ctx context.Context, body []byte) error {
	// Counted with the deferred answers, so that WaitDeferred waits for
	// the interactions under way too.
	e.deferred.Add(1)
	defer e.deferred.Done()
	return e.receive(ctx, body)
}

// Go serves body as Receive does, on a goroutine of its own, counted for
// WaitDeferred from the moment Go is called, as sync.WaitGroup.Go counts
// its function: a gateway client's handler of INTERACTION_CREATE hands
// each interaction over with it and returns at once, and a graceful stop
// that calls WaitDeferred once the connection has closed misses none.
// What goes wrong is logged, as Receive logs it. body must not change
// after Go is called.
func (e *Endpoint) Go(ctx context.Context, body []byte) {
	e.deferred.Add(1)
	go func() {
		defer e.deferred.Done()
		e.receive(ctx, body) //nolint:errcheck // logged
	}()
}

// receive is Receive, uncounted.
func (e *Endpoint) receive(ctx context.Context, body []byte) error {
	if err := e.CanReceive(); err != nil {
		e.logger.Error().Err(err).Msg("refused an interaction from the gateway: the endpoint cannot answer it")
		return err
	}
	f := &flight{e: e, parent: ctx, received: time.Now(), callback: new(callbackAnswer)}
	err := f.land(body)
	f.warnIfLate()
	if e.observer != nil {
		f.observe(0)
	}
	return err
}

// CanReceive returns nil if the endpoint can serve what Receive is given,
// and otherwise why not: an error wrapping router.ErrNoClient for an
// endpoint without a REST client (WithClient), which NewGateway refuses
// to make. A gateway client's adapter calls it when it starts, so that a
// bot configured wrong fails there, not at its first interaction.
func (e *Endpoint) CanReceive() error {
	if e.client == nil {
		return fmt.Errorf("endpoint: Receive answers through the callback endpoint: %w", router.ErrNoClient)
	}
	return nil
}

// CanServeHTTP returns nil if the endpoint serves HTTP requests
// (ServeHTTP, ServeFastHTTP), and otherwise why not: an endpoint made by
// NewGateway has no verifier to check them with. Package serve's Server
// calls it before it serves, so that a bot configured wrong fails there,
// not at its first request.
func (e *Endpoint) CanServeHTTP() error {
	if e.verifier == nil {
		return errors.New("endpoint: the endpoint receives its interactions from the gateway (NewGateway), and has no verifier to serve HTTP requests with: make it with New")
	}
	return nil
}

// callbackAnswer is what a flight with no HTTP request to answer
// (Receive) keeps of its answer, which goes to the callback endpoint.
type callbackAnswer struct {
	// err says why the first answer, or the deferral, was not
	// delivered; nil once it was.
	err error
}

// errPanicked is Receive's error for a handler that panicked before its
// first answer.
var errPanicked = errors.New("endpoint: the handler panicked; nothing was answered")

// land decodes the body Receive was given and answers it through the
// callback endpoint, as fly answers a verified request: it refuses a
// body that is not an interaction and a PING, and dispatches the rest.
func (f *flight) land(body []byte) error {
	ix := &f.ix
	if err := interaction.Decode(body, ix); err != nil {
		f.undecoded(err, body)
		return fmt.Errorf("endpoint: Receive: %w", err)
	}
	f.rec.typ = ix.Type
	switch ix.Type {
	case interaction.TypeApplicationCommand, interaction.TypeApplicationCommandAutocomplete,
		interaction.TypeMessageComponent, interaction.TypeModalSubmit:
	case interaction.TypePing:
		// The service checks an HTTP endpoint with it; the gateway has
		// nothing to check, and a callback cannot answer it.
		f.refuse(interaction.RefusedUnsupportedType)
		f.e.logger.Warn().Stringer("interaction", ix.ID).Msg("refused a PING from the gateway, where the service sends none")
		return errors.New("endpoint: Receive: a PING is sent to the HTTP endpoint only, and is answered there")
	default:
		f.unserved()
		return fmt.Errorf("endpoint: Receive: %w: %v", interaction.ErrUnknownType, ix.Type)
	}
	f.dispatch(nil)
	if f.rec.refused == interaction.RefusedReplay {
		return ErrReplayed
	}
	return f.callback.err
}

// respond posts resp, the first answer to the flight's interaction, to
// the callback endpoint, by when the service stops waiting for it.
func (f *flight) respond(resp interaction.Response) error {
	ctx, cancel := context.WithDeadline(f.parent, f.received.Add(f.e.deadline))
	defer cancel()
	return f.e.client.Respond(ctx, &f.ix, resp)
}

// post answers, through the callback endpoint, a flight with no HTTP
// request to answer (Receive), with the result r of its handler, in
// answer's place: the answer, files and all; in its place, when the
// service or the client refuses it before taking it (notSent), the error
// handler's, or the apology if that is refused too, as answerWithFiles
// answers files that cannot be sent; nothing after a panic, which run
// logged. It returns the status that stands for it over HTTP: 202, the
// answer sent through the callback endpoint, 500, or 502 when the post
// failed.
//
//go:noinline
func (f *flight) post(r *result) (status int, answer []byte, contentType string) {
	e := f.e
	if r.panicked {
		f.callback.err = errPanicked
		return 500, nil, ""
	}
	resp := r.resp
	err := f.respond(resp)
	if notSent(err) {
		ctx, cancel := context.WithDeadline(f.parent, f.received.Add(e.deadline-e.margin))
		resp = f.call.ErrorAnswer(ctx, err)
		cancel()
		f.answeredByErrorHandler()
		if err = f.respond(resp); notSent(err) {
			f.log(e.logger.Error().Err(err)).Msg("the error handler's answer was refused too; answering with the default")
			resp = f.call.Apology()
			err = f.respond(resp)
		}
	}
	if err != nil {
		f.callback.err = err
		f.log(e.logger.Error().Err(err)).Msg("posting the answer to the callback endpoint failed: the user saw the interaction fail")
		return 502, nil, ""
	}
	f.answeredThrough(resp, "callback")
	return 202, nil, ""
}

// postDeferral answers a flight with no HTTP request to answer with the
// deferral resp, through the callback endpoint, in deferred's place.
//
//go:noinline
func (f *flight) postDeferral(resp interaction.Response) (status int, answer []byte, contentType string) {
	if err := f.respond(resp); err != nil {
		f.callback.err = err
		f.log(f.e.logger.Error().Err(err)).Msg("posting the deferral to the callback endpoint failed: the user saw the interaction fail, and the handler's answer will be dropped")
		return 502, nil, ""
	}
	return 202, nil, ""
}

// undeferred reports whether the flight's deferral never reached the
// service: a flight from Receive whose deferral could not be posted.
// The handler's answer then completes nothing, and an edit of the
// original could only reach an answer another process made.
func (f *flight) undeferred() bool { return f.callback != nil && f.callback.err != nil }

// dropCompletion ends a deferral that never reached the service
// (undeferred) once its handler has returned r: logged, and told to the
// observer as a completion not delivered.
func (f *flight) dropCompletion(r result) {
	f.log(f.e.logger.Debug()).Msg("the handler has answered a deferral that never reached the service: its answer is dropped")
	if o := f.e.observer; o != nil {
		o.ObserveCompletion(Completion{
			Type: f.ix.Type, Route: f.call.Route(), Outcome: fulfilled(r),
			HandlerTime: r.took, Delivered: false,
		})
	}
}

// refuseHTTP answers a request over HTTP to an endpoint that serves
// none (NewGateway): 404, the first logged at error, for whoever set the
// interactions URL to it, the next at debug, as anyone may send them.
//
//go:noinline
func (e *Endpoint) refuseHTTP(out []byte) (status int, answer []byte, contentType string) {
	ev := e.logger.Debug()
	if e.refusedHTTP.CompareAndSwap(false, true) {
		ev = e.logger.Error()
	}
	ev.Msg("refused a request over HTTP: the endpoint receives its interactions from the gateway (NewGateway) and serves no HTTP; " +
		"the service sends every interaction to the interactions endpoint URL once one is set, and none over the gateway")
	return 404, append(out, bodyNoHTTP...), ""
}
