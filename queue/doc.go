// Package queue hands the answers an interactions endpoint defers to a
// queue the bot chooses, so that a worker completes them even where the
// process that received the interaction stops running once it has
// answered: on AWS Lambda, on Cloud Run without CPU always allocated, and
// on the other platforms that freeze a process between requests, where
// the goroutine that would have completed the answer never runs again.
//
// An endpoint given a Queue (endpoint.WithQueue) hands it a Job, the
// interaction as the service signed it and how the endpoint deferred it,
// and answers the service with the deferral; a worker, which may be
// another process or another function, takes the Job from the queue and
// completes it (endpoint.Endpoint.Complete): it checks the job, runs the
// handler and completes the deferral through the REST client as the
// endpoint would have. A Job encodes to JSON, for a queue that carries
// bytes (Amazon SQS, a second Lambda invocation, Pub/Sub, Cloud Tasks);
// Func adapts the one call a queue's SDK needs, and DecodeJob decodes a
// message, refusing what is no job as ErrInvalidJob, which no delivery
// of it again can change. A worker takes the jobs as its platform
// delivers them: PushWorker is the HTTP handler of a worker to which a
// queue pushes each job as a request (Cloud Tasks, Pub/Sub push),
// package awslambda has the handlers of a worker on Lambda. Memory is a
// queue in the process's memory, for tests and for running a bot locally
// the way it is deployed.
//
// # What a worker runs
//
// A worker runs a job only if the endpoint handed it over, as it stands,
// and once. Whoever can write to the queue, or post to a PushWorker's
// URL, must not make the bot run a handler for an interaction the
// endpoint answered itself, nor for one it refused, nor run one twice:
// a handler may pay out, post or delete.
//
// The service's signature, which a job carries, is not enough: it
// proves that the service sent the interaction, not that the endpoint
// handed it over, and it covers neither how the endpoint deferred the
// interaction nor when it received it. So the endpoint and its workers
// share secret keys (Keys, from one secret: ParseKeys), and the endpoint
// proves each job it hands over with the first (Keys.Prove): an
// HMAC-SHA256 of the job's canonical encoding, a version byte and every
// field, the body (and so the interaction's id), the signature and the
// timestamp, the time of receipt, the deferral and the flags. A worker
// (endpoint.Endpoint.Complete) refuses a job that none of its keys proves
// (Keys.Verify, ErrUnproven), comparing in constant time, before it reads
// anything of the job but its size. Listing more than one key rotates
// them: the first proves, all verify.
//
// The time of receipt being proved, the worker holds a job to the
// endpoint's windows: the service's timestamp within the verifier's
// window of the time of receipt, as the endpoint found it, and the time
// of receipt no later than the worker's clock (give or take
// replay.ClockAllowance) and less than the token's lifetime
// (interaction.TokenLifetime, 15 minutes) before it. A request the endpoint
// refused as stale was never proved, and a job whose time of receipt is
// changed no longer is: no job stretches the window.
//
// A queue delivers a job at least once: SQS standard queues and Cloud
// Tasks may deliver one twice, and redeliver one whose worker timed out
// or crashed. Before it runs a job, the worker claims it by its
// interaction's id in its job claims (endpoint.WithJobClaims, a
// replay.Guard), until the token expires, after which the job is refused
// anyway; a job claimed before is dropped, logged, and acknowledged, not
// retried. The claims are kept where every worker reaches them, such as
// redisstore's ReplayGuard under a prefix of their own; endpoint.New
// refuses keys without claims, since only the deployment knows where its
// workers run. Claims in a worker's own memory (replay.NewMemoryGuard)
// drop a job delivered twice to one process only, not to two instances
// of a function: enough for queue.Memory, or for handlers that only
// answer. The price is an
// answer lost with a worker that crashed while it ran the job, whose
// redelivery finds it claimed: a handler runs at most once, not at least
// once.
//
// # The endpoint and the worker
//
// The endpoint's replay guard (endpoint.WithReplayGuard) and the worker's
// claims are two records of one interaction, and must not be one: the
// endpoint claims each interaction in its guard when it receives it, so
// that a copy of the request is refused, and a worker claiming in the
// same record would find every job claimed. So the claims are a guard of
// their own, and endpoint.New refuses the replay guard as the job
// claims.
//
// The interaction then runs in one place. Answered in time, it is never
// proved, and no worker runs it. Handed over, it runs in the worker,
// once, whatever the queue delivers. One case is left where both could
// run it: a queue that reports an error (a timeout) for a job it kept,
// after which the endpoint completes the job itself. Then the endpoint
// claims the job in the job claims before it completes it, and a worker
// that claimed it first completes it in the endpoint's place, or, coming
// second, drops it: with claims both reach, the job runs once. A handler
// the endpoint hands over late (its run past the deferral point) is run
// twice by design: its run in the endpoint, canceled, may not have
// stopped when the worker's starts; endpoint.WithQueue says so.
//
// The keys are configuration as the application's public key is: a
// missing or short one is an error at the program's start (ParseKeys),
// an endpoint given a queue without keys is an error when it is made
// (endpoint.New), and a worker without them stops where it starts:
// Memory.Serve returns at once, package awslambda's workers panic when
// they are made, and PushWorker answers 503, which the queue retries,
// to each job (endpoint.Endpoint.CanComplete says why).
//
// # What a queue holds
//
// A job's body holds the interaction's token, with which anyone may
// answer the interaction, edit the answer and send follow-ups until it
// expires, 15 minutes after the interaction: a queue of jobs is kept as
// private as the bot's logs are, readable by the worker alone. Neither
// this package nor the router writes a job's body to a log or an error,
// nor a key anywhere.
package queue
