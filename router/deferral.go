package router

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/signed"
)

// TokenLifetime is how long an interaction's token lets its answer be
// edited and followed up: a deferred handler's context ends then.
const TokenLifetime = 15 * time.Minute

// deferredAnswerTimeout bounds the request that delivers a deferred
// handler's answer.
const deferredAnswerTimeout = 30 * time.Second

// deferral returns how the endpoint may defer ix, whose handler is h:
// only with a client to deliver the answer later, and as its route
// declares.
func (e *Endpoint) deferral(ix *interaction.Interaction, h handling) deferral {
	if e.client == nil || e.noAutoDefer {
		return deferNever
	}
	return h.deferral(ix)
}

// deferredType returns the answer that defers as mode says.
func deferredType(mode deferral) interaction.CallbackType {
	if mode == deferUpdate {
		return interaction.CallbackDeferredUpdateMessage
	}
	return interaction.CallbackDeferredChannelMessageWithSource
}

// answerOrDefer runs the handler apart and answers with its response if it
// comes the answer margin before the service stops waiting; otherwise it
// answers with a deferral, which shows the user that the bot is thinking,
// and the handler's response, when it comes, completes the deferral
// through the REST client. The handler's context lasts as long as the
// interaction's token, or to the request context's deadline if that is
// sooner (a server's own bound on its handlers), and is not canceled when
// the request ends.
func (e *Endpoint) answerOrDefer(parent context.Context, received time.Time, mode deferral, x *exchange, ix *interaction.Interaction, out []byte, rec *Exchange) (status int, body []byte, contentType string) {
	deadline := received.Add(TokenLifetime)
	if d, ok := parent.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	if parent.Done() != nil {
		// The request's context ends with the request, which a
		// deferral ends early.
		parent = context.WithoutCancel(parent)
	}
	// The lazy context of the exchange, as the in-time path uses: a
	// handler that answers at once never starts its timer.
	x.ctx.init(parent, deadline)
	done := make(chan outcome, 1)
	go func() {
		// Sent from a deferred call, so that a handler that ends its
		// goroutine (runtime.Goexit, which recover does not stop) still
		// ends its context and lets a deferral complete.
		o := outcome{panicked: true}
		defer func() {
			x.ctx.cancel(context.Canceled)
			done <- o
		}()
		o = e.run(&x.ctx, x, ix)
	}()
	timer := time.NewTimer(time.Until(received.Add(e.deadline - e.margin)))
	select {
	case o := <-done:
		timer.Stop()
		// The handler has returned: its request is the endpoint's again.
		rec.handled(o)
		return e.answer(parent, received, x, ix, o, out, rec)
	case <-timer.C:
	}
	if rec != nil {
		rec.Outcome = OutcomeDeferred
	}
	deferred := interaction.Response{Type: deferredType(mode)}
	if mode == deferEphemeral {
		deferred = deferred.Ephemeral()
	}
	e.deferred.Add(1)
	go func() {
		defer e.deferred.Done()
		e.completeDeferred(x, mode, done)
	}()
	// The handler's goroutine owns the request until it returns: the
	// logs here name the route from the exchange's handling.
	routed := Params{pattern: x.h.pattern()}
	logRoute(e.logger.Debug(), ix, &routed).Stringer("interaction", ix.ID).
		Msg("handler still running: answer deferred")
	status, body = e.encode(outcome{resp: deferred}, ix, &routed, out)
	return status, body, ""
}

// WaitDeferred waits until the endpoint has delivered every answer it
// deferred (see WithClient), or ctx ends, and then returns ctx's error. A
// graceful stop calls it after the server has stopped taking requests, so
// that the handlers it deferred finish and their users get their answers;
// package serve's Server does. When ctx ends first, the handlers go on,
// and their answers are delivered if the process lives long enough.
func (e *Endpoint) WaitDeferred(ctx context.Context) error { return signed.Wait(ctx, &e.deferred) }

// completeDeferred waits for the outcome of a handler the endpoint
// deferred as mode says, and completes the deferral with its answer:
//
//   - a message, after DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: an edit of
//     the deferred message, whose ephemeral flag the deferral decided;
//     but the handler's ephemeral message (a cooldown's refusal, say)
//     after a public deferral is never made public: the deferred message
//     is deleted, and the message sent as an ephemeral follow-up
//     (completePrivately)
//   - a message, after DEFERRED_UPDATE_MESSAGE: a follow-up, with its own
//     ephemeral flag, since the original is the message of the component
//   - UPDATE_MESSAGE: an edit of the original, which after
//     DEFERRED_UPDATE_MESSAGE is the message of the component, and after
//     a deferred message that message
//   - a deferral: nothing, as the handler completes the answer itself
//   - a panic, a MODAL (which must be the first answer) or another type:
//     an error logged, and an apology for the user
//
// A message's files go with it, in the edit or the follow-up. A message
// the client refuses before sending it (files that cannot be sent, see
// WithFileAnswers, or what package answer finds the service would
// refuse) sends nothing: the error handler's answer completes the
// deferral instead.
func (e *Endpoint) completeDeferred(x *exchange, mode deferral, done <-chan outcome) {
	o := <-done
	// The handler has returned: its request is the endpoint's again.
	ix := &x.ix
	key, value := routeKey(ix, &x.req.Params)
	log := e.logger.With().Str(key, value).Stringer("interaction", ix.ID).Logger()
	ctx, cancel := context.WithTimeout(context.Background(), deferredAnswerTimeout)
	defer cancel()
	took := o.took
	err := e.complete(ctx, &log, ix, mode, o)
	if refused(err) {
		// The answer was not posted: the error handler answers instead,
		// as it does an answer with files the HTTP response could not
		// carry.
		o = outcome{resp: e.refuse(ctx, x, ix, err), err: err}
		if err = e.complete(ctx, &log, ix, mode, o); refused(err) {
			err = e.apologize(ctx, ix, mode)
		}
	}
	if err != nil {
		log.Error().Err(err).Msg("delivering the deferred answer failed")
	}
	if e.observer != nil {
		e.observer.ObserveCompletion(Completion{
			Type: ix.Type, Route: e.mux.route(ix, x.h), Outcome: completed(o),
			Handler: took, Delivered: err == nil,
		})
	}
}

// completed returns what the outcome o of a deferred handler came to once
// it completed the deferral: an answer of a type that cannot complete one
// is apologized for, as an error is.
func completed(o outcome) Outcome {
	k := o.kind()
	if k == OutcomeAnswered && o.resp.Type != interaction.CallbackChannelMessageWithSource &&
		o.resp.Type != interaction.CallbackUpdateMessage {
		return OutcomeError
	}
	return k
}

// refused reports whether err says a message was not posted because of
// what it holds: files the client could not send, the client's check of
// the service's rules before sending, or the service's own refusal
// (rest.APIError unwraps to the violations of its errors tree). Another
// message may then be posted in its place.
func refused(err error) bool {
	var files *interaction.FileError
	var broken answer.Violation
	return errors.As(err, &files) || errors.As(err, &broken)
}

// complete completes a deferral made as mode says with the outcome of its
// handler, as completeDeferred tells. A message with files is sent with
// them; files that cannot be sent are an *interaction.FileError, and
// nothing is sent.
func (e *Endpoint) complete(ctx context.Context, log *zerolog.Logger, ix *interaction.Interaction, mode deferral, o outcome) error {
	var err error
	switch t := o.resp.Type; {
	case o.panicked:
		err = e.apologize(ctx, ix, mode)
	case t == interaction.CallbackDeferredChannelMessageWithSource || t == interaction.CallbackDeferredUpdateMessage:
		if t != deferredType(mode) {
			log.Warn().Stringer("callback", t).Stringer("deferred", deferredType(mode)).
				Msg("the handler deferred otherwise than the endpoint had: the endpoint's deferral decides what its EditAnswer edits")
		}
	case t == interaction.CallbackChannelMessageWithSource && mode == deferUpdate:
		_, err = e.client.Followup(ctx, ix, o.resp.Message)
	case t == interaction.CallbackChannelMessageWithSource:
		m := o.resp.Message
		ephemeral := m.Flags&interaction.FlagEphemeral != 0
		// An error handler's answer is often ephemeral whatever the
		// route declares; warn only of the handler's own answer.
		if ephemeral != (mode == deferEphemeral) && o.err == nil {
			log.Warn().Bool("ephemeral", ephemeral).
				Msg("the answer's ephemeral flag differs from the deferral's: declare DeferEphemeral on a route whose slow answers are ephemeral")
		}
		if ephemeral && mode != deferEphemeral && o.err == nil {
			err = e.completePrivately(ctx, ix, m)
			break
		}
		// An edit cannot change the deferral's flag: a public answer
		// after an ephemeral deferral stays ephemeral, and an error
		// handler's answer completes the deferral the user saw.
		m.Flags &^= interaction.FlagEphemeral
		_, err = e.client.EditOriginal(ctx, ix, m)
	case t == interaction.CallbackUpdateMessage:
		m := o.resp.Message
		m.Flags &^= interaction.FlagEphemeral // an edit cannot change it
		_, err = e.client.EditOriginal(ctx, ix, m)
	case t == interaction.CallbackModal:
		log.Error().Msg("a modal must be the first answer, and the endpoint had deferred: declare NoAutoDefer on a route whose handler shows one; telling the user it failed")
		err = e.apologize(ctx, ix, mode)
	default:
		log.Error().Stringer("callback", t).Msg("a deferred answer must be a message or an update; telling the user it failed")
		err = e.apologize(ctx, ix, mode)
	}
	return err
}

// completePrivately completes a public deferral with an ephemeral
// message of the handler's, such as a cooldown's refusal, which an edit of the deferred message would make public: it deletes
// the deferred message, and then sends m as a follow-up only the user
// sees. Right after a deferral the service makes the first follow-up
// complete the deferred message, keeping its flags; once that message is
// deleted, a follow-up is a message of its own. When the deletion fails,
// nothing is sent.
func (e *Endpoint) completePrivately(ctx context.Context, ix *interaction.Interaction, m interaction.MessageData) error {
	if err := e.client.DeleteOriginal(ctx, ix); err != nil {
		return fmt.Errorf("router: deleting the public deferral to answer privately: %w", err)
	}
	_, err := e.client.Followup(ctx, ix, m)
	return err
}

// apologize completes a deferral with an apology: in the deferred
// message, or, after DEFERRED_UPDATE_MESSAGE, whose original is the
// message of the component, in a follow-up only the user sees.
func (e *Endpoint) apologize(ctx context.Context, ix *interaction.Interaction, mode deferral) error {
	m := interaction.MessageData{Content: apology(ix)}
	if mode == deferUpdate {
		m.Flags = interaction.FlagEphemeral
		_, err := e.client.Followup(ctx, ix, m)
		return err
	}
	_, err := e.client.EditOriginal(ctx, ix, m)
	return err
}
