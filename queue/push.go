package queue

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"

	"github.com/rs/zerolog"
)

// DefaultMaxJobSize bounds the body of a request PushWorker serves: a
// job carries an interaction of at most the endpoint's limit
// (router.DefaultMaxBodySize, 1 MiB), which JSON's escapes can lengthen.
const DefaultMaxJobSize = 4 << 20

// PushWorker is the HTTP handler of a worker whose queue pushes each job
// to it as a request: a Cloud Tasks HTTP target, or a Pub/Sub push
// subscription with payload unwrapping, so that the body is the job as
// the endpoint's queue.Func sent it, in JSON. It is how a worker runs as
// a service of its own on Cloud Run, or anywhere a queue delivers by
// HTTP.
//
// It answers 204 No Content once Worker has completed the job, whether
// or not its answer could be delivered, or dropped it, completed before:
// delivering it again would not help. A job Worker refuses (malformed, not verified, its token
// expired) is answered 422 Unprocessable Entity with the reason, as is a
// body that is not a job: the queue retries it as its retry policy says,
// then drops it or keeps it aside (a dead-letter topic), for a look.
// A Worker that says it cannot complete jobs (a router.Endpoint without
// a client or keys: see Worker) is a configuration to fix, not a job to
// set aside: each job is answered 503 Service Unavailable, which the
// queue retries, and the reason logged.
// A method other than POST is answered 405, a body over MaxJobSize 413.
// Each job refused, and each body too large, is logged at error level
// with the reason; each job completed at debug level.
//
// The job's handler runs under the request's context, which ends when
// the queue stops waiting (a Cloud Tasks dispatch deadline, a Pub/Sub
// acknowledgement deadline) or the platform's request timeout: give both
// at least router.TokenLifetime, the time an answer can still be sent.
type PushWorker struct {
	// Worker completes the jobs: an endpoint serving the bot's router,
	// with a REST client (router.Endpoint.Complete).
	Worker Worker
	// MaxJobSize bounds a request's body; 0 means DefaultMaxJobSize.
	MaxJobSize int64
	// Log is where the worker logs what it refuses. Nil means Worker's
	// own logger when it has a Logger method, as *router.Endpoint has
	// (router.WithLogger), so that the bot logs in one place; otherwise
	// JSON lines on standard error, with their time, at info level.
	Log *zerolog.Logger
}

// logger returns the logger of the worker's requests.
func (p *PushWorker) logger() zerolog.Logger {
	if p.Log != nil {
		return *p.Log
	}
	if w, ok := p.Worker.(interface{ Logger() zerolog.Logger }); ok {
		return w.Logger()
	}
	return zerolog.New(os.Stderr).Level(zerolog.InfoLevel).With().Timestamp().Logger()
}

// taskHeader names the Cloud Tasks task a request runs: the name to find
// it by in the queue's logs.
const taskHeader = "X-CloudTasks-TaskName"

// maxTaskName bounds the task name logged; Cloud Tasks' are at most 500
// bytes.
const maxTaskName = 500

// ServeHTTP completes the job the request carries.
func (p *PushWorker) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "a job is sent with POST", http.StatusMethodNotAllowed)
		return
	}
	log := p.logger()
	if task := r.Header.Get(taskHeader); task != "" {
		log = log.With().Str("task", task[:min(len(task), maxTaskName)]).Logger()
	}
	refuse := func(status int, err error) {
		log.Error().Err(err).Int("status", status).Msg("refused a job")
		http.Error(w, err.Error(), status)
	}
	if err := ready(p.Worker); err != nil {
		refuse(http.StatusServiceUnavailable, fmt.Errorf("the worker cannot complete jobs: %w", err))
		return
	}
	limit := p.MaxJobSize
	if limit <= 0 {
		limit = DefaultMaxJobSize
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			refuse(http.StatusRequestEntityTooLarge, fmt.Errorf("a job is at most %d bytes", limit))
			return
		}
		refuse(http.StatusBadRequest, fmt.Errorf("reading the job: %w", err))
		return
	}
	job, err := DecodeJob(data)
	if err != nil {
		refuse(http.StatusUnprocessableEntity, err)
		return
	}
	if err := p.Worker.Complete(r.Context(), job); err != nil {
		refuse(http.StatusUnprocessableEntity, err)
		return
	}
	log.Debug().Msg("completed a job")
	w.WriteHeader(http.StatusNoContent)
}
