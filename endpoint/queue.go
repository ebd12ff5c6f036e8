package endpoint

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/queue"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/storecall"
)

// WithQueue makes the endpoint hand the interactions it defers to q
// rather than complete them in its own process, for a worker to complete
// (Complete): on a platform that freezes the process once it has
// answered (AWS Lambda, Cloud Run without CPU always allocated), a
// goroutine left to complete an answer may never run again. The endpoint
// needs a REST client all the same (WithClient): without one it defers
// nothing. It needs the keys it shares with its workers (WithJobKeys),
// with which it proves each job it hands over: New returns an error
// without them.
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
// declared router.Queued: the endpoint defers it at once, and its handler
// runs in the worker only.
//
// When q refuses an interaction (Enqueue returns an error, logged), the
// endpoint completes it itself, as without a queue, once it has claimed
// the job where its workers claim theirs (WithJobClaims): a queue may
// have kept a job though it reported an error, and a worker that
// claimed it first completes it in the endpoint's place.
func WithQueue(q queue.Queue) Option { return func(c *config) { c.queue = q } }

// WithJobKeys gives the endpoint the keys it shares with its workers
// (package queue's Keys): an endpoint with a queue (WithQueue) proves
// each job it hands over with the first, and Complete takes only a job
// proved by one of them, so that a worker runs only what the endpoint
// handed over, and as it was. An endpoint and its workers are given the
// same keys, read from one secret (queue.ParseKeys). New returns an
// error when keys is nil, as ParseKeys returns with its error.
func WithJobKeys(keys *queue.Keys) Option {
	return func(c *config) { c.jobKeys, c.noJobKeys = keys, keys == nil }
}

// WithJobClaims sets the guard in which each job is claimed, by its
// interaction's id, before it runs: by the worker that completes it
// (Complete), and by the endpoint that completes it itself when its
// queue refused it (WithQueue). The first claim runs the job; a job
// delivered again, to this worker or another sharing the guard, or that
// the endpoint completed itself, is dropped. A claim is kept until the
// job's token expires, after which Complete refuses the job anyway.
//
// The guard is one the endpoint and all the workers share, in a store
// they all reach (redisstore's ReplayGuard), under a prefix of its own:
// not the replay guard's (WithReplayGuard), where the endpoint has
// claimed each interaction already when it received it. An endpoint
// with keys (WithJobKeys) needs claims: New refuses one without, as a
// guard in one process's memory would drop a job delivered again to
// that process only, and run it again on another instance of the
// worker. replay.NewMemoryGuard serves when the endpoint and its
// workers are one process (queue.Memory). Calls to a
// guard not in memory are bounded as WithReplayGuard's are; opts change
// how. A guard that fails is logged, and the job run.
func WithJobClaims(g replay.Guard, opts ...storecall.Option) Option {
	return func(c *config) {
		c.jobClaims = &replayGuard{guard: g}
		if _, inMemory := g.(*replay.MemoryGuard); !inMemory {
			c.jobClaims.calls = storecall.New("job claims", "job_claims", opts...)
		}
	}
}

// ErrNoJobKeys is returned by Complete, and CanComplete, on an endpoint
// without the keys that prove jobs.
var ErrNoJobKeys = errors.New("endpoint: the endpoint has no keys to prove jobs with: give it the keys its endpoint has with endpoint.WithJobKeys")

// completionReserve is the part of a worker's time, before its context's
// deadline, kept for delivering the answer: a handler run by Complete
// has a context that ends that long before.
const completionReserve = 5 * time.Second

// signedRequest is a request as the service signed it: its
// X-Signature-Ed25519 and X-Signature-Timestamp headers, and its body.
type signedRequest struct{ sig, ts, body []byte }

// handOver hands the interaction of f, which the endpoint defers as mode
// says, to the endpoint's queue, proved with the endpoint's first key,
// and reports whether the queue took it. late says that the handler ran
// here until now. The queue has until the middle of the answer margin,
// after which the deferral could not reach the service in time.
//
// When the queue refuses the job, handOver claims it where the workers
// claim theirs, as the endpoint is about to complete it itself, and
// reports whether a worker has claimed it before: the queue kept the job
// though it reported an error, and the worker completes it.
func (f *flight) handOver(mode deferral, late bool) bool {
	e := f.e
	if f.signed == nil {
		// A flight a worker completes: it is not handed over again.
		return false
	}
	ctx, cancel := context.WithDeadline(context.WithoutCancel(f.parent), f.received.Add(e.deadline-e.margin/2))
	defer cancel()
	job := queue.Job{
		Body: f.signed.body, Signature: string(f.signed.sig), Timestamp: string(f.signed.ts), Received: f.received,
		Deferral: deferredType(mode), Ephemeral: mode == deferEphemeral, Late: late,
	}
	e.jobKeys.Prove(&job)
	err := e.queue.Enqueue(ctx, job)
	if err == nil {
		return true
	}
	f.log(e.logger.Error().Err(err)).Msg("the queue refused the interaction: the endpoint completes it")
	// The claim has until a quarter of the margin is left, for the
	// deferral to reach the service.
	return f.claimedBefore(context.WithoutCancel(f.parent), false, tokenExpiry(f.received, f.signed.ts), f.received.Add(e.deadline-e.margin/4))
}

// tokenExpiry returns when the token of an interaction received at
// received and signed at ts expires: a lifetime after the service sent
// it, the earlier of the two.
func tokenExpiry(received time.Time, ts []byte) time.Time {
	if signedAt, ok := parseUnix(ts); ok && signedAt.Before(received) {
		return signedAt.Add(interaction.TokenLifetime)
	}
	return received.Add(interaction.TokenLifetime)
}

// CanComplete returns nil if the endpoint can complete jobs (Complete),
// and otherwise why not: router.ErrNoClient, or ErrNoJobKeys. The workers of
// packages queue and awslambda call it when they start, so that a worker
// configured wrong fails there, not at its first job.
func (e *Endpoint) CanComplete() error {
	switch {
	case e.client == nil:
		return router.ErrNoClient
	case e.jobKeys == nil:
		return ErrNoJobKeys
	}
	return nil
}

// Complete completes an interaction an endpoint handed to its queue
// (WithQueue): it is the worker's side, on an endpoint serving the same
// router with a REST client and the endpoint's keys (WithJobKeys). It
// checks, in this order, that
//
//   - the job is whole (queue.Job.Check) and its body within the
//     endpoint's limit;
//   - the job is proved by one of the keys (queue.Keys.Verify): the
//     endpoint handed it over, as it stands, the time it was received
//     included, which nothing else vouches for;
//   - it was received no later than now (give or take
//     replay.ClockAllowance), and the service's signature verifies, its
//     timestamp within the verifier's window of that time, as the
//     endpoint found it: a job cannot stretch the window;
//   - the interaction's token has not expired, TokenLifetime after the
//     earlier of the signed timestamp and when it was received;
//   - the job is claimed here first (WithJobClaims): a job delivered
//     again, or one the endpoint completed itself, is dropped, logged,
//     and Complete returns nil, so that the queue deletes it.
//
// Then it finds the handler, runs it, and fulfils the deferral with its
// answer through the client, as the endpoint completes a handler it
// deferred itself: an edit of the deferred message or a follow-up, an
// apology after a panic, the error handler's answer after an error. The
// handler's context ends when the interaction's token expires, or
// shortly before ctx's deadline, so that the answer can still be
// delivered.
//
// Complete returns an error for a job it refuses, which delivering it
// again cannot change: one that queue.Job.Check finds lacking, or whose
// body is over the endpoint's limit or not an interaction a deferral
// answers (wrapping queue.ErrInvalidJob), a proof that does not hold
// (queue.ErrUnproven), a signature that does not verify
// (interaction.ErrBadSignature), a time of receipt to come or a token
// expired (interaction.ErrStaleTimestamp), an endpoint without a client
// (router.ErrNoClient) or keys (ErrNoJobKeys). Once the handler has run it
// returns nil, the answer delivered or not: a failed delivery is logged,
// and told to the observer (ObserveCompletion), as the endpoint's own
// are.
func (e *Endpoint) Complete(ctx context.Context, job queue.Job) error {
	if err := job.Check(); err != nil {
		return fmt.Errorf("endpoint: completing a job: %w", err)
	}
	if err := e.CanComplete(); err != nil {
		return err
	}
	if len(job.Body) > e.maxBody {
		return fmt.Errorf("endpoint: completing a job: %w: its body is over the endpoint's limit of %d bytes", queue.ErrInvalidJob, e.maxBody)
	}
	if err := e.jobKeys.Verify(&job); err != nil {
		return fmt.Errorf("endpoint: completing a job: %w", err)
	}
	now := time.Now()
	if job.Received.After(now.Add(replay.ClockAllowance)) {
		return fmt.Errorf("endpoint: completing a job: it was received %v from now: %w",
			job.Received.Sub(now).Round(time.Second), interaction.ErrStaleTimestamp)
	}
	if err := e.verifier.VerifyAt([]byte(job.Signature), []byte(job.Timestamp), job.Body, job.Received); err != nil {
		return fmt.Errorf("endpoint: completing a job: %w", err)
	}
	expires := tokenExpiry(job.Received, []byte(job.Timestamp))
	if !now.Before(expires) {
		return fmt.Errorf("endpoint: completing a job: the interaction's token has expired: %w", interaction.ErrStaleTimestamp)
	}
	// A flight a worker completes has no signed request: it is never
	// handed over again (handOver).
	f := &flight{e: e, parent: ctx, received: job.Received}
	if err := interaction.Decode(job.Body, &f.ix); err != nil {
		return fmt.Errorf("endpoint: completing a job: %w: %v", queue.ErrInvalidJob, err)
	}
	switch f.ix.Type {
	case interaction.TypeApplicationCommand, interaction.TypeMessageComponent, interaction.TypeModalSubmit:
	default:
		return fmt.Errorf("endpoint: completing a job: %w: an interaction of type %v is never deferred", queue.ErrInvalidJob, f.ix.Type)
	}
	// What the handler's run logs, the Mux's lines and middleware's,
	// goes to the endpoint's logger.
	e.mux.Start(&f.call, &f.ix, e.client, &e.logger)
	if f.claimedBefore(ctx, true, expires, time.Time{}) {
		return nil
	}
	deadline := expires
	if d, ok := ctx.Deadline(); ok && d.Add(-completionReserve).Before(deadline) {
		deadline = d.Add(-completionReserve)
	}
	f.log(e.logger.Debug()).Bool("late", job.Late).Msg("completing a job")
	// The handler's Request says that it runs in a worker.
	hctx, cancel := context.WithDeadline(router.HandedOver(ctx), deadline)
	done := make(chan result, 1)
	e.handlers.Go(func() {
		// As in runOrDefer: a handler that ends its goroutine still
		// ends its context and lets the deferral be fulfilled.
		r := result{panicked: true}
		defer func() {
			cancel()
			done <- r
		}()
		f.run(hctx, &r)
	})
	// job.Check took only a deferral: the mode is never deferNever.
	f.fulfil(deferralOf(job.Deferral, job.Ephemeral), <-done)
	return nil
}

// claimedBefore claims the job of f's interaction in the endpoint's job
// claims until expires, bounding a call to a guard not in memory by by
// (none if zero), and reports whether it was claimed before: by a
// worker, or by the endpoint that completed it itself. worker says that
// a worker claims it, and may claim through the handler's cooldown
// (router.Call.Claim). A guard that fails is logged, and the job run.
func (f *flight) claimedBefore(ctx context.Context, worker bool, expires, by time.Time) bool {
	e, id := f.e, f.ix.ID
	first, err := e.jobClaims.claim(ctx, &f.call, id, worker, expires, by, &e.logger)
	switch {
	case err == storecall.ErrPaused:
		return false
	case err != nil:
		e.logger.Error().Err(err).Stringer("interaction", id).Msg("the job claims failed; completing the job")
		return false
	case first:
		return false
	case worker:
		e.logger.Info().Stringer("interaction", id).Msg("a job claimed before was delivered again: dropped")
	default:
		e.logger.Info().Stringer("interaction", id).Msg("a worker claimed the job the queue refused: the worker completes it")
	}
	return true
}
