package awslambda

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambdacontext"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/queue"
)

// SQSWorker returns the handler of a worker function whose event source
// is the Amazon SQS queue an endpoint hands its deferred interactions to,
// each message a queue.Job in JSON, for lambda.Start:
//
//	lambda.Start(awslambda.SQSWorker(worker))
//
// worker is an endpoint serving the same router, with a REST client and
// the keys of the endpoint that hands the jobs over
// (endpoint.Endpoint.Complete, endpoint.WithJobKeys); SQSWorker panics, when
// the function starts, if it lacks either (endpoint.Endpoint.CanComplete).
// The messages of a batch are completed at once, each in its own
// goroutine. A message the worker refuses (one that is not a job, whose
// error wraps queue.ErrInvalidJob, or whose job the keys do not prove,
// or does not verify, or whose token has expired) is logged and reported
// as a batch item failure, which the event source mapping acts on when
// its FunctionResponseTypes include ReportBatchItemFailures: the message
// goes back to the queue and, after the queue's maxReceiveCount, to its
// dead-letter queue. A message completed is not reported, whether or not
// its answer could be delivered: running its handler again would not
// help. Nor is a message whose job was completed before, which SQS, a
// standard queue delivering at least once, may deliver again: the
// worker's job claims (endpoint.WithJobClaims) drop it, and the queue
// deletes it. The instances of a function share no memory: their claims
// are in a store they share, such as redisstore's ReplayGuard.
//
// It logs through worker's logger (router.WithLogger): each message
// refused at error level, each completed at debug level, with the
// message's id under message_id, by which it is found in the dead-letter
// queue.
func SQSWorker(worker *endpoint.Endpoint) func(context.Context, events.SQSEvent) (events.SQSEventResponse, error) {
	mustComplete("SQSWorker", worker)
	return func(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		var (
			mu       sync.Mutex
			failures []events.SQSBatchItemFailure
			wg       sync.WaitGroup
		)
		log := worker.Logger()
		for _, m := range ev.Records {
			wg.Go(func() {
				if err := complete(ctx, worker, []byte(m.Body)); err != nil {
					log.Error().Err(err).Str("message_id", m.MessageId).Msg("refused a message of the queue")
					mu.Lock()
					failures = append(failures, events.SQSBatchItemFailure{ItemIdentifier: m.MessageId})
					mu.Unlock()
					return
				}
				log.Debug().Str("message_id", m.MessageId).Msg("completed a message of the queue")
			})
		}
		wg.Wait()
		return events.SQSEventResponse{BatchItemFailures: failures}, nil
	}
}

// InvokeWorker returns the handler of a worker function an endpoint
// invokes asynchronously (InvocationType Event) with a queue.Job in JSON
// as the payload, for lambda.Start:
//
//	lambda.Start(awslambda.InvokeWorker(worker))
//
// worker is an endpoint serving the same router, with a REST client and
// the endpoint's keys, as SQSWorker's; InvokeWorker panics, when the
// function starts, if it lacks either. A job the worker refuses is
// logged and returned as the invocation's error, which Lambda retries as
// it retries a failed asynchronous invocation, then sends to the
// function's on-failure destination, if it has one. A payload that is
// not a job is refused with an error that wraps queue.ErrInvalidJob. A
// job completed before, which Lambda's retries or its own at-least-once
// delivery may bring again, is dropped (endpoint.WithJobClaims), and the
// invocation succeeds.
//
// It logs through worker's logger (router.WithLogger): each job refused
// at error level, each completed at debug level, with the invocation's
// request id under request_id.
func InvokeWorker(worker *endpoint.Endpoint) func(context.Context, json.RawMessage) error {
	mustComplete("InvokeWorker", worker)
	return func(ctx context.Context, payload json.RawMessage) error {
		log := worker.Logger()
		if lc, ok := lambdacontext.FromContext(ctx); ok {
			log = log.With().Str("request_id", lc.AwsRequestID).Logger()
		}
		if err := complete(ctx, worker, payload); err != nil {
			log.Error().Err(err).Msg("refused the invocation's job")
			return err
		}
		log.Debug().Msg("completed the invocation's job")
		return nil
	}
}

// mustComplete panics, naming the handler made, if worker cannot
// complete jobs: on Lambda the function's start fails, and says why,
// rather than every job it is handed.
func mustComplete(handler string, worker *endpoint.Endpoint) {
	if err := worker.CanComplete(); err != nil {
		panic(fmt.Sprintf("awslambda: %s: the worker cannot complete jobs: %v", handler, err))
	}
}

// complete decodes the job in data and completes it with worker.
func complete(ctx context.Context, worker *endpoint.Endpoint, data []byte) error {
	job, err := queue.DecodeJob(data)
	if err != nil {
		return err
	}
	return worker.Complete(ctx, job)
}
