// Package awslambda serves a bot's interactions endpoint on AWS Lambda,
// and completes on Lambda the answers it defers.
//
// FunctionURL serves the endpoint behind a Lambda function URL, and
// HTTPAPI behind an API Gateway HTTP API (payload format 2.0): each turns
// the platform's event into the request endpoint.Endpoint serves, with its
// checks and answers (405 for a method other than POST, 413 for a body
// over the limit, 401 for a signature that does not verify, 400 for a
// body that is not an interaction), and the answer into the platform's
// response. The service's window counts from when the platform received
// the request, so that a cold start does not eat the time a handler has.
//
// Lambda freezes the process once the function has returned its answer:
// a goroutine left to complete a deferred answer may run at the next
// invocation, or never. An endpoint served on Lambda is given a queue
// (endpoint.WithQueue) that hands what it defers to another invocation: a
// queue.Func that sends the job to an Amazon SQS queue, whose messages a
// worker function takes with SQSWorker, or that invokes a worker function
// asynchronously (InvocationType Event) with the job as its payload,
// which InvokeWorker takes. Routes slow by nature are declared
// router.Queued, so that their handler runs in the worker only. Both
// functions are given the same keys (endpoint.WithJobKeys, from one secret
// read with queue.ParseKeys): the endpoint proves each job with them,
// and the worker completes only the jobs they prove, each once (package
// queue says how).
//
// The handlers log through the endpoint's logger (router.WithLogger),
// which Lambda sends to CloudWatch Logs a line an event: the workers log
// each job they refuse at error level, with the SQS message's id or the
// invocation's request id, and each they complete at debug level.
//
// The package links the AWS Lambda runtime library; a bot that does not
// import it does not.
package awslambda
