package queue

import "context"

// Queue takes the jobs an endpoint hands over. Enqueue returns once the
// queue holds job, or with the error that kept it from holding it; the
// endpoint then completes the interaction in its own process, as it
// would without a queue. It is called while the service waits for the
// endpoint's answer, with a context that ends before the service stops
// waiting. Enqueue must not keep job.Body past its return: it is the
// request's buffer.
type Queue interface {
	Enqueue(ctx context.Context, job Job) error
}

// Worker completes the jobs a Queue delivers; *endpoint.Endpoint is one
// (its Complete method). Complete returns an error for a job it refuses
// (one that is malformed, unproved, does not verify, or whose
// interaction's token has expired), which no delivery of it again can
// change, and nil once it has run the job's handler, whether or not its
// answer could be delivered, which it logs: running the handler again
// would not help. It returns nil too for a job it had run before,
// which it drops.
//
// A Worker that also has the method CanComplete() error, as
// *endpoint.Endpoint has, is asked whether it can complete jobs at all
// (a REST client, the keys) before it is handed any: see Memory.Serve
// and PushWorker.
type Worker interface {
	Complete(ctx context.Context, job Job) error
}

// ready returns why w cannot complete jobs, if it can tell, or nil.
func ready(w Worker) error {
	if c, ok := w.(interface{ CanComplete() error }); ok {
		return c.CanComplete()
	}
	return nil
}

// Func adapts a function to Queue: the call of a queue's SDK that sends
// one message, with the job encoded as JSON.
//
//	q := queue.Func(func(ctx context.Context, job queue.Job) error {
//		body, err := json.Marshal(job)
//		if err != nil {
//			return err
//		}
//		_, err = client.SendMessage(ctx, &sqs.SendMessageInput{
//			QueueUrl: &url, MessageBody: aws.String(string(body)),
//		})
//		return err
//	})
type Func func(ctx context.Context, job Job) error

// Enqueue calls f(ctx, job).
func (f Func) Enqueue(ctx context.Context, job Job) error { return f(ctx, job) }
