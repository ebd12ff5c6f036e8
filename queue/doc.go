// Package queue hands the answers an interactions endpoint defers to a
// queue the bot chooses, so that a worker completes them even where the
// process that received the interaction stops running once it has
// answered: on AWS Lambda, on Cloud Run without CPU always allocated, and
// on the other platforms that freeze a process between requests, where
// the goroutine that would have completed the answer never runs again.
//
// An endpoint given a Queue (router.WithQueue) hands it a Job, the
// interaction as the service signed it and how the endpoint deferred it,
// and answers the service with the deferral; a worker, which may be
// another process or another function, takes the Job from the queue and
// completes it (router.Endpoint.Complete): it verifies the signature
// again, runs the handler and completes the deferral through the REST
// client as the endpoint would have. A Job encodes to JSON, for a queue
// that carries bytes (Amazon SQS, a second Lambda invocation, Pub/Sub,
// Cloud Tasks); Func adapts the one call a queue's SDK needs, and
// DecodeJob decodes a message, refusing what is no job as ErrInvalidJob,
// which no delivery of it again can change. A worker takes the jobs as
// its platform delivers them: PushWorker is the HTTP handler of a worker
// to which a queue pushes each job as a request (Cloud Tasks, Pub/Sub
// push), package awslambda has the handlers of a worker on Lambda. Memory
// is a queue in the process's memory, for tests and for running a bot
// locally the way it is deployed.
//
// A job's body holds the interaction's token, with which anyone may
// answer the interaction, edit the answer and send follow-ups until it
// expires, 15 minutes after the interaction: a queue of jobs is kept as
// private as the bot's logs are, readable by the worker alone. Neither
// this package nor the router writes a job's body to a log or an error.
//
// A queue delivers a job at least once: a worker may be handed one twice,
// after a timeout or a crash. A handler run by a worker is idempotent, or
// the worker's endpoint has a replay guard (router.WithReplayGuard) of
// its own, which serves each interaction once: the second delivery is
// then dropped, at the price of an answer lost with a worker that crashed
// while it ran.
package queue
