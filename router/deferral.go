package router

import (
	"context"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// TokenLifetime is how long an interaction's token lets its answer be
// edited and followed up: a deferred handler's context ends then.
const TokenLifetime = 15 * time.Minute

// deferredAnswerTimeout bounds the request that delivers a deferred
// handler's answer.
const deferredAnswerTimeout = 30 * time.Second

// deferral returns how the endpoint may defer ix: only a command, only
// with a client to deliver the answer later, and as the command declares.
func (e *Endpoint) deferral(ix *interaction.Interaction) deferral {
	if ix.Type != interaction.TypeApplicationCommand || e.client == nil || e.noAutoDefer {
		return deferNever
	}
	return e.mux.deferralOf(ix)
}

// answerOrDefer runs the handler apart and answers with its response if it
// comes the answer margin before the service stops waiting; otherwise it
// answers with a deferral, which shows the user that the bot is thinking,
// and the handler's response, when it comes, completes the deferral
// through the REST client. The handler's context lasts as long as the
// interaction's token, or to the request context's deadline if that is
// sooner (a server's own bound on its handlers), and is not canceled when
// the request ends.
func (e *Endpoint) answerOrDefer(parent context.Context, received time.Time, mode deferral, x *exchange, ix *interaction.Interaction, out []byte) (status int, body []byte) {
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
		return e.encode(o, ix, &x.req.Params, out)
	case <-timer.C:
	}
	deferred := interaction.Defer()
	if mode == deferEphemeral {
		deferred = deferred.Ephemeral()
	}
	e.deferred.Add(1)
	go func() {
		defer e.deferred.Done()
		e.completeDeferred(ix, mode, done)
	}()
	e.logger.Debug().Str("command", ix.Data.Path()).Stringer("interaction", ix.ID).
		Msg("handler still running: answer deferred")
	return e.encode(outcome{resp: deferred}, ix, &Params{}, out)
}

// WaitDeferred waits until the endpoint has delivered every answer it
// deferred (see WithClient), or ctx ends, and then returns ctx's error. A
// graceful stop calls it after the server has stopped taking requests, so
// that the handlers it deferred finish and their users get their answers;
// Server does. When ctx ends first, the handlers go on, and their answers
// are delivered if the process lives long enough.
func (e *Endpoint) WaitDeferred(ctx context.Context) error {
	done := make(chan struct{})
	go func() {
		e.deferred.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// completeDeferred waits for the outcome of a handler the endpoint
// deferred, and makes it the answer by editing the deferred one.
func (e *Endpoint) completeDeferred(ix *interaction.Interaction, mode deferral, done <-chan outcome) {
	o := <-done
	log := e.logger.With().Str("command", ix.Data.Path()).Stringer("interaction", ix.ID).Logger()
	var m interaction.MessageData
	switch {
	case o.panicked:
		m = interaction.MessageData{Content: "Sorry, something went wrong while running this command."}
	case o.resp.Type == interaction.CallbackChannelMessageWithSource:
		m = o.resp.Message
		// An error handler's answer is often ephemeral whatever the
		// command declares; warn only of the handler's own answer.
		if ephemeral := m.Flags&interaction.FlagEphemeral != 0; ephemeral != (mode == deferEphemeral) && o.err == nil {
			// The deferral already decided; an edit cannot change it.
			log.Warn().Bool("ephemeral", ephemeral).
				Msg("the answer's ephemeral flag differs from the deferral's, which decides: declare DeferEphemeral on a command whose slow answers are ephemeral")
		}
		m.Flags &^= interaction.FlagEphemeral
	case o.resp.Type == interaction.CallbackDeferredChannelMessageWithSource:
		return // the handler deferred too, and completes the answer itself
	default:
		log.Error().Stringer("callback", o.resp.Type).Msg("a deferred command's answer must be a message; telling the user it failed")
		m = interaction.MessageData{Content: "Sorry, something went wrong while running this command."}
	}
	ctx, cancel := context.WithTimeout(context.Background(), deferredAnswerTimeout)
	defer cancel()
	if _, err := e.client.EditOriginal(ctx, ix, m); err != nil {
		log.Error().Err(err).Msg("delivering the deferred answer failed")
	}
}
