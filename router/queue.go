package router

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/storecall"
	"github.com/switchboard-go/switchboard/queue"
)

// WithQueue makes the endpoint hand the interactions it defers to q
// rather than complete them in its own process, for a worker to complete
// (Complete): on a platform that freezes the process once it has
// answered (AWS Lambda, Cloud Run without CPU always allocated), a
// goroutine left to complete an answer may never run again. The endpoint
// needs a REST client all the same (WithClient): without one it defers
// nothing.
//
// A handler runs as without a queue, and answers in the HTTP response
// when it can. One still running the answer margin before the service
// stops waiting is handed over: its context is canceled, its answer,
// should it come, dropped (an error it returns is not the error
// handler's to answer), the interaction enqueued and the deferral
// answered; the worker then runs the handler again, from the start. So a
// handler run by a worker must be safe to run twice: whatever it did
// before the deferral it does again, and middleware in front of it, such
// as a cooldown, counts the use again. A route slow by nature is better
// declared Queued: the endpoint defers it at once, and its handler runs
// in the worker only.
//
// When q refuses an interaction (Enqueue returns an error, logged), the
// endpoint completes it itself, as without a queue.
func WithQueue(q queue.Queue) Option { return func(o *options) { o.queue = q } }

// errHandedOver is the cause of the end of a handler's run whose
// interaction was handed to the queue: what it comes to is nobody's.
var errHandedOver = errors.New("router: the interaction was handed to the queue")

// queuedNever is the problem of a route declared Queued and NoAutoDefer.
const queuedNever = "Queued defers at once and NoAutoDefer never defers: declare one of them"

// completionReserve is the part of a worker's time, before its context's
// deadline, kept for delivering the answer: a handler run by Complete
// has a context that ends that long before.
const completionReserve = 5 * time.Second

// signedRequest is a request as the service signed it: its
// X-Signature-Ed25519 and X-Signature-Timestamp headers, and its body.
type signedRequest struct{ sig, ts, body []byte }

// handOver hands the interaction of f, which the endpoint defers as mode
// says, to the endpoint's queue, and reports whether the queue took it.
// late says that the handler ran here until now. The queue has until
// the middle of the answer margin, after which the deferral could not
// reach the service in time.
func (f *flight) handOver(mode deferral, late bool) bool {
	e := f.e
	if f.signed == nil {
		// A flight a worker completes: it is not handed over again.
		return false
	}
	ctx, cancel := context.WithDeadline(context.WithoutCancel(f.parent), f.received.Add(e.deadline-e.margin/2))
	defer cancel()
	err := e.queue.Enqueue(ctx, queue.Job{
		Body: f.signed.body, Signature: string(f.signed.sig), Timestamp: string(f.signed.ts), Received: f.received,
		Deferral: deferredType(mode), Ephemeral: mode == deferEphemeral, Late: late,
	})
	if err != nil {
		logRoute(e.logger.Error().Err(err), &f.ix, &Params{pattern: f.h.pattern()}).Stringer("interaction", f.ix.ID).
			Msg("the queue refused the interaction: the endpoint completes it")
		return false
	}
	return true
}

// Complete completes an interaction an endpoint handed to its queue
// (WithQueue): it is the worker's side, on an endpoint serving the same
// router with a REST client. It verifies the job's signature again,
// against when the endpoint received it, finds the handler, runs it, and
// fulfils the deferral with its answer through the client, as the
// endpoint completes a handler it deferred itself: an edit of the
// deferred message or a follow-up, an apology after a panic, the error
// handler's answer after an error. The handler's context ends when the
// interaction's token expires, or shortly before ctx's deadline, so that
// the answer can still be delivered.
//
// An endpoint with a replay guard (WithReplayGuard) serves each job
// once: a job delivered again is dropped, logged, and Complete returns
// nil. The guard must not be the one of the endpoint that received the
// interaction, which has claimed it already: give the worker a guard of
// its own, such as one under another prefix in the same store.
//
// Complete returns an error for a job it refuses, which delivering it
// again cannot change: one that queue.Job.Check finds lacking (wrapping
// queue.ErrInvalidJob), a body over the endpoint's limit, a signature that
// does not verify (interaction.ErrBadSignature), an interaction whose
// token has expired (interaction.ErrStaleTimestamp), an endpoint without
// a client (ErrNoClient). Once the handler has run it returns nil, the
// answer delivered or not: a failed delivery is logged, and told to the
// observer (ObserveCompletion), as the endpoint's own are.
func (e *Endpoint) Complete(ctx context.Context, job queue.Job) error {
	if err := job.Check(); err != nil {
		return fmt.Errorf("router: completing a job: %w", err)
	}
	if e.client == nil {
		return ErrNoClient
	}
	if len(job.Body) > e.maxBody {
		return fmt.Errorf("router: completing a job: %w: its body is over the endpoint's limit of %d bytes", queue.ErrInvalidJob, e.maxBody)
	}
	if err := e.verifier.VerifyAt([]byte(job.Signature), []byte(job.Timestamp), job.Body, job.Received); err != nil {
		return fmt.Errorf("router: completing a job: %w", err)
	}
	// The token lives from when the service sent the interaction: the
	// earlier of the signed timestamp and the endpoint's clock.
	expires := job.Received.Add(TokenLifetime)
	if signedAt, ok := parseUnix([]byte(job.Timestamp)); ok && signedAt.Before(job.Received) {
		expires = signedAt.Add(TokenLifetime)
	}
	if !time.Now().Before(expires) {
		return fmt.Errorf("router: completing a job: the interaction's token has expired: %w", interaction.ErrStaleTimestamp)
	}
	f := &flight{e: e, parent: ctx, received: job.Received}
	if err := interaction.Decode(job.Body, &f.ix); err != nil {
		return fmt.Errorf("router: completing a job: %w: %v", queue.ErrInvalidJob, err)
	}
	switch f.ix.Type {
	case interaction.TypeApplicationCommand, interaction.TypeMessageComponent, interaction.TypeModalSubmit:
	default:
		return fmt.Errorf("router: completing a job: %w: an interaction of type %v is never deferred", queue.ErrInvalidJob, f.ix.Type)
	}
	f.req.client = e.client
	f.h = e.mux.find(&f.ix, &f.req)
	// What the handler's run logs, the Mux's lines and middleware's,
	// goes to the endpoint's logger.
	f.req.logger = &e.logger
	if e.replays != nil && f.completedBefore(ctx, expires) {
		return nil
	}
	deadline := expires
	if d, ok := ctx.Deadline(); ok && d.Add(-completionReserve).Before(deadline) {
		deadline = d.Add(-completionReserve)
	}
	logRoute(e.logger.Debug(), &f.ix, &f.req.Params).Stringer("interaction", f.ix.ID).Bool("late", job.Late).
		Msg("completing a job")
	hctx, cancel := context.WithDeadline(ctx, deadline)
	done := make(chan result, 1)
	e.handlers.Go(func() {
		// As in runOrDefer: a handler that ends its goroutine still
		// ends its context and lets the deferral be fulfilled.
		r := result{panicked: true}
		defer func() {
			cancel()
			done <- r
		}()
		r = f.run(hctx)
	})
	mode := deferPublic
	switch {
	case job.Deferral == interaction.CallbackDeferredUpdateMessage:
		mode = deferUpdate
	case job.Ephemeral:
		mode = deferEphemeral
	}
	f.fulfil(mode, <-done)
	return nil
}

// completedBefore claims the job's interaction in the worker's replay
// guard until expires, and reports whether a delivery of it was claimed
// before. A guard that fails is logged, and the job run.
func (f *flight) completedBefore(ctx context.Context, expires time.Time) bool {
	e, id := f.e, f.ix.ID
	first, err := e.replays.claim(ctx, &f.req, &f.h, true, expires, time.Time{}, &e.logger)
	switch {
	case err == storecall.ErrPaused:
		return false
	case err != nil:
		e.logger.Error().Err(err).Stringer("interaction", id).Msg("the replay guard failed; completing the job")
		return false
	case !first:
		e.logger.Info().Stringer("interaction", id).Msg("a job completed before was delivered again: dropped")
	}
	return !first
}
