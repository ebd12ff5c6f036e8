package endpoint

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/receive"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/rules"
)

// deliveryTimeout bounds the request that delivers a deferred handler's
// answer.
const deliveryTimeout = 30 * time.Second

// deferral is how the endpoint defers a handler that has not answered
// shortly before the service stops waiting.
type deferral uint8

const (
	deferNever     deferral = iota // the handler answers in time itself
	deferPublic                    // "thinking…" that everyone in the channel sees
	deferEphemeral                 // "thinking…" only the user sees
	deferUpdate                    // no visible change: the answer edits the component's message
)

// deferral returns how the endpoint may defer the interaction of c: only
// with a client to deliver the answer later, and as its route declares.
func (e *Endpoint) deferral(c *router.Call) deferral {
	if e.client == nil || e.noAutoDefer {
		return deferNever
	}
	return deferralOf(c.Deferral())
}

// deferralOf returns the deferral that answers with t, ephemeral or
// not, as router.Call.Deferral and queue.Job tell it; deferNever for no
// deferral.
func deferralOf(t interaction.CallbackType, ephemeral bool) deferral {
	switch {
	case t == interaction.CallbackDeferredUpdateMessage:
		return deferUpdate
	case t != interaction.CallbackDeferredChannelMessageWithSource:
		return deferNever
	case ephemeral:
		return deferEphemeral
	}
	return deferPublic
}

// deferredType returns the answer that defers as mode says.
func deferredType(mode deferral) interaction.CallbackType {
	if mode == deferUpdate {
		return interaction.CallbackDeferredUpdateMessage
	}
	return interaction.CallbackDeferredChannelMessageWithSource
}

// runOrDefer runs the handler apart, on a goroutine of the endpoint's
// pool, and answers with its response if it
// comes the answer margin before the service stops waiting; otherwise it
// answers with a deferral, which shows the user that the bot is thinking,
// and the handler's response, when it comes, fulfils the deferral
// through the REST client (fulfil). The handler's context lasts as long
// as the interaction's token, or to the request context's deadline if
// that is sooner (a server's own bound on its handlers), and is not
// canceled when the request ends.
//
// With a queue (WithQueue), the deferral hands the interaction over
// instead: the handler's run here is canceled and its answer dropped,
// and a worker runs it again (handOver). A route declared router.Queued is
// deferred at once, and handed over without running here; without a
// queue, or when the queue refuses it, its handler runs here after the
// deferral.
func (f *flight) runOrDefer(mode deferral) (status int, answer []byte, contentType string) {
	e := f.e
	queued := f.call.Queued()
	if queued && e.queue != nil && f.handOver(mode, false) {
		return f.deferred(mode, "route queued: answer deferred, interaction handed to the queue")
	}
	deadline := f.received.Add(interaction.TokenLifetime)
	parent := f.parent
	if d, ok := parent.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	if parent.Done() != nil {
		// The request's context ends with the request, which a
		// deferral ends early.
		parent = context.WithoutCancel(parent)
	}
	// The lazy context of the flight, as the in-time path uses: a
	// handler that answers at once never starts its timer.
	f.ctx.init(parent, deadline)
	var ctx context.Context = &f.ctx
	// cancelRun ends a run handed over, with router.ErrHandedOver as the
	// cause;
	// only an endpoint with a queue hands runs over.
	cancelRun := func(error) {}
	if e.queue != nil && !queued {
		ctx, cancelRun = context.WithCancelCause(ctx)
	}
	done := make(chan result, 1)
	e.handlers.Go(func() {
		// Sent from a deferred call, so that a handler that ends its
		// goroutine (runtime.Goexit, which recover does not stop) still
		// ends its context and lets a deferral be fulfilled.
		r := result{panicked: true}
		defer func() {
			cancelRun(context.Canceled)
			f.ctx.cancel()
			done <- r
		}()
		f.run(ctx, &r)
	})
	if !queued {
		timer := time.NewTimer(time.Until(f.received.Add(e.deadline - e.margin)))
		select {
		case r := <-done:
			timer.Stop()
			// The handler has returned: its request is the endpoint's again.
			f.handled(&r)
			return f.answer(&r)
		case <-timer.C:
		}
		if e.queue != nil && f.handOver(mode, true) {
			// The run goes on until its handler heeds its context; its
			// answer, sent to done, is nobody's.
			cancelRun(router.ErrHandedOver)
			return f.deferred(mode, "handler still running: answer deferred, interaction handed to the queue")
		}
	}
	// The deferral goes first: a flight from Receive posts it, and an
	// edit that completes it must not overtake it.
	status, answer, contentType = f.deferred(mode, "handler still running: answer deferred")
	e.deferred.Add(1)
	go func() {
		defer e.deferred.Done()
		if r := <-done; f.undeferred() {
			f.dropCompletion(r)
		} else {
			f.fulfil(mode, r)
		}
	}()
	return status, answer, contentType
}

// deferred answers with the deferral mode says, logging msg; a flight
// from Receive posts it to the callback endpoint (postDeferral).
func (f *flight) deferred(mode deferral, msg string) (status int, answer []byte, contentType string) {
	f.rec.outcome = OutcomeDeferred
	deferred := interaction.Response{Type: deferredType(mode)}
	if mode == deferEphemeral {
		deferred = deferred.Ephemeral()
	}
	f.call.LogRoute(f.e.logger.Debug()).Stringer("interaction", f.ix.ID).Msg(msg)
	if f.callback != nil {
		return f.postDeferral(deferred)
	}
	answer, err := deferred.AppendJSON(f.out)
	if err != nil {
		return 500, append(f.out[:0], bodyInternal...), ""
	}
	return 200, answer, ""
}

// WaitDeferred waits until the endpoint has delivered every answer it
// deferred (see WithClient), and answered the interactions Receive is
// serving, or ctx ends, and then returns ctx's error. A graceful stop
// calls it after the server has stopped taking requests, or the gateway
// connection delivering them has closed, so that the handlers it
// deferred finish and their users get their answers; package serve's
// Server does. When ctx ends first, the handlers go on,
// and their answers are delivered if the process lives long enough.
func (e *Endpoint) WaitDeferred(ctx context.Context) error { return receive.Wait(ctx, &e.deferred) }

// fulfil fulfils the deferral the endpoint made as mode says with r, the
// result of the handler:
//
//   - a message, after DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: an edit of
//     the deferred message, whose ephemeral flag the deferral decided;
//     but the handler's ephemeral message (a cooldown's refusal, say)
//     after a public deferral is never made public: the deferred message
//     is deleted, and the message sent as an ephemeral follow-up
//     (fulfilPrivately)
//   - a message, after DEFERRED_UPDATE_MESSAGE: a follow-up, with its own
//     ephemeral flag, since the original is the message of the component
//   - UPDATE_MESSAGE: an edit of the original, which after
//     DEFERRED_UPDATE_MESSAGE is the message of the component, and after
//     a deferred message that message
//   - a deferral: nothing, as the handler fulfils the answer itself
//   - a panic, a MODAL (which must be the first answer) or another type:
//     an error logged, and an apology for the user
//
// A message's files go with it, in the edit or the follow-up. A message
// the client refuses before sending it (files that cannot be sent, see
// WithFileAnswers, or what package answer finds the service would
// refuse) sends nothing: the error handler's answer fulfils the deferral
// instead.
func (f *flight) fulfil(mode deferral, r result) {
	e, ix := f.e, &f.ix
	ctx, cancel := context.WithTimeout(context.Background(), deliveryTimeout)
	defer cancel()
	took := r.took
	err := f.deliver(ctx, mode, r)
	if notSent(err) {
		// The answer was not posted: the error handler answers instead,
		// as it does an answer with files the HTTP response could not
		// carry.
		r = result{resp: f.call.ErrorAnswer(ctx, err), err: err}
		if err = f.deliver(ctx, mode, r); notSent(err) {
			err = f.apologize(ctx, mode)
		}
	}
	if err != nil {
		f.log(e.logger.Error().Err(err)).Msg("delivering the deferred answer failed")
	}
	if e.observer != nil {
		e.observer.ObserveCompletion(Completion{
			Type: ix.Type, Route: f.call.Route(), Outcome: fulfilled(r),
			HandlerTime: took, Delivered: err == nil,
		})
	}
}

// fulfilled returns what the result r of a deferred handler came to once
// it fulfilled the deferral: an answer of a type that cannot fulfil one
// is apologized for, as an error is.
func fulfilled(r result) Outcome {
	k := r.kind()
	if k == OutcomeAnswered && r.resp.Type != interaction.CallbackChannelMessageWithSource &&
		r.resp.Type != interaction.CallbackUpdateMessage {
		return OutcomeError
	}
	return k
}

// notSent reports whether err says a message was not posted because of
// what it holds: files the client could not send, the client's check of
// the service's rules before sending, or the service's own refusal
// (rest.APIError unwraps to the violations of its errors tree). Another
// message may then be posted in its place.
func notSent(err error) bool {
	var files *interaction.FileError
	var broken rules.Violation
	return errors.As(err, &files) || errors.As(err, &broken)
}

// deliver fulfils a deferral made as mode says with the result of its
// handler, as fulfil tells. A message with files is sent with them; files
// that cannot be sent are an *interaction.FileError, and nothing is sent.
func (f *flight) deliver(ctx context.Context, mode deferral, r result) error {
	e, ix := f.e, &f.ix
	var err error
	switch t := r.resp.Type; {
	case r.panicked:
		err = f.apologize(ctx, mode)
	case t == interaction.CallbackDeferredChannelMessageWithSource || t == interaction.CallbackDeferredUpdateMessage:
		if t != deferredType(mode) {
			f.log(e.logger.Warn()).Stringer("callback", t).Stringer("deferred", deferredType(mode)).
				Msg("the handler deferred otherwise than the endpoint had: the endpoint's deferral decides what its EditOriginal edits")
		}
	case t == interaction.CallbackChannelMessageWithSource && mode == deferUpdate:
		_, err = e.client.Followup(ctx, ix, r.resp.Message)
	case t == interaction.CallbackChannelMessageWithSource:
		m := r.resp.Message
		ephemeral := m.Flags&interaction.FlagEphemeral != 0
		// An error handler's answer is often ephemeral whatever the
		// route declares; warn only of the handler's own answer.
		if ephemeral != (mode == deferEphemeral) && r.err == nil {
			f.log(e.logger.Warn()).Bool("ephemeral", ephemeral).
				Msg("the answer's ephemeral flag differs from the deferral's: declare router.DeferEphemeral on a route whose slow answers are ephemeral")
		}
		if ephemeral && mode != deferEphemeral && r.err == nil {
			err = f.fulfilPrivately(ctx, m)
			break
		}
		// An edit cannot change the deferral's flag: a public answer
		// after an ephemeral deferral stays ephemeral, and an error
		// handler's answer fulfils the deferral the user saw.
		m.Flags &^= interaction.FlagEphemeral
		_, err = e.client.EditOriginal(ctx, ix, m)
	case t == interaction.CallbackUpdateMessage:
		m := r.resp.Message
		m.Flags &^= interaction.FlagEphemeral // an edit cannot change it
		_, err = e.client.EditOriginal(ctx, ix, m)
	case t == interaction.CallbackModal:
		f.log(e.logger.Error()).Msg("a modal must be the first answer, and the endpoint had deferred: declare router.NoAutoDefer on a route whose handler shows one; telling the user it failed")
		err = f.apologize(ctx, mode)
	default:
		f.log(e.logger.Error()).Stringer("callback", t).Msg("a deferred answer must be a message or an update; telling the user it failed")
		err = f.apologize(ctx, mode)
	}
	return err
}

// fulfilPrivately fulfils a public deferral with an ephemeral message of
// the handler's, such as a cooldown's refusal, which an edit of the
// deferred message would make public: it deletes the deferred message, and
// then sends m as a follow-up only the user sees. Right after a deferral
// the service makes the first follow-up fulfil the deferred message,
// keeping its flags; once that message is deleted, a follow-up is a
// message of its own. When the deletion fails, nothing is sent.
func (f *flight) fulfilPrivately(ctx context.Context, m interaction.MessageData) error {
	if err := f.e.client.DeleteOriginal(ctx, &f.ix); err != nil {
		return fmt.Errorf("endpoint: deleting the public deferral to answer privately: %w", err)
	}
	_, err := f.e.client.Followup(ctx, &f.ix, m)
	return err
}

// apologize fulfils a deferral with an apology: in the deferred message,
// or, after DEFERRED_UPDATE_MESSAGE, whose original is the message of the
// component, in a follow-up only the user sees.
func (f *flight) apologize(ctx context.Context, mode deferral) error {
	m := f.call.Apology().Message
	if mode == deferUpdate {
		_, err := f.e.client.Followup(ctx, &f.ix, m)
		return err
	}
	m.Flags &^= interaction.FlagEphemeral // an edit cannot change it
	_, err := f.e.client.EditOriginal(ctx, &f.ix, m)
	return err
}

// log adds to ev, an event of a flight's deferred answer, the route and
// the interaction's id.
func (f *flight) log(ev *zerolog.Event) *zerolog.Event {
	return f.call.LogRoute(ev).Stringer("interaction", f.ix.ID)
}
