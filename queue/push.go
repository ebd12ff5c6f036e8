package queue

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"

	"github.com/rs/zerolog"
)

// DefaultMaxJobSize bounds the body of a request PushWorker serves,
// 1,402,200 bytes: a job carries an interaction of at most the
// endpoint's limit (endpoint.DefaultMaxBodySize, 1 MiB) in base64, a third
// longer, and 4 KiB is room for the rest of it. A worker whose endpoint
// takes larger bodies (endpoint.WithMaxBodySize) sets MaxJobSize to match.
const DefaultMaxJobSize = (maxBody+2)/3*4 + 4<<10

// maxBody is endpoint.DefaultMaxBodySize, which this package, imported by
// package endpoint, cannot name.
const maxBody = 1 << 20

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
// A Worker that says it cannot complete jobs (an endpoint.Endpoint without
// a client or keys: see Worker) is a configuration to fix, not a job to
// set aside: each job is answered 503 Service Unavailable, which the
// queue retries, and the reason logged.
// A method other than POST is answered 405, a body over MaxJobSize 413,
// having read no more than MaxJobSize of it: no request a stranger can
// send makes the worker hold more than that.
// Each job refused, and each body too large, is logged at error level
// with the reason; each job completed at debug level.
//
// The job's handler runs under the request's context, which ends when
// the queue stops waiting (a Cloud Tasks dispatch deadline, a Pub/Sub
// acknowledgement deadline) or the platform's request timeout: give both
// at least interaction.TokenLifetime, the time an answer can still be sent.
type PushWorker struct {
	// Worker completes the jobs: an endpoint serving the bot's router,
	// with a REST client (endpoint.Endpoint.Complete).
	Worker Worker
	// MaxJobSize bounds a request's body; 0 means DefaultMaxJobSize.
	MaxJobSize int64
	// Log is where the worker logs what it refuses. Nil means Worker's
	// own logger when it has a Logger method, as *endpoint.Endpoint has
	// (router.WithLogger), so that the bot logs in one place; otherwise
	// JSON lines on standard error, with their time, at info level.
	Log *zerolog.Logger
}

// NewPushWorker returns the PushWorker of w, or an error when w says it
// cannot complete jobs: a Worker with the method CanComplete() error, as
// *endpoint.Endpoint has, without a REST client or the keys that prove
// jobs. A worker so configured is stopped at its start rather than
// answering 503 to every job; a PushWorker made as a literal still
// answers so, as the last line of defence.
func NewPushWorker(w Worker) (*PushWorker, error) {
	if w == nil {
		return nil, errors.New("queue: NewPushWorker: no Worker")
	}
	if err := ready(w); err != nil {
		return nil, fmt.Errorf("queue: the worker cannot complete jobs: %w", err)
	}
	return &PushWorker{Worker: w}, nil
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
	tooLarge := fmt.Errorf("a job is at most %d bytes", limit)
	if r.ContentLength > limit {
		refuse(http.StatusRequestEntityTooLarge, tooLarge)
		return
	}
	data, err := readBody(http.MaxBytesReader(w, r.Body, limit), r.ContentLength, limit)
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			refuse(http.StatusRequestEntityTooLarge, tooLarge)
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

// readBody reads all of body, which ends past limit bytes with an
// error, into one buffer allocated for its length, if length is not -1.
// A body of a length unknown is read into a buffer doubled as it fills,
// up to 64 KiB, where most jobs end, and then into one of the limit's
// size: io.ReadAll's growth, by a quarter at a time, would allocate some
// five times what it reads.
func readBody(body io.Reader, length, limit int64) ([]byte, error) {
	const small = 64 << 10
	size := int64(512)
	if length >= 0 {
		// One byte more, so that a body longer than it says is read to
		// its end, or to the limit, and refused.
		size = length + 1
	}
	buf := make([]byte, 0, size)
	for {
		n, err := body.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
		if len(buf) == cap(buf) {
			next := int64(2 * cap(buf))
			if next > small {
				next = max(limit+1, int64(cap(buf))+1)
			}
			buf = append(make([]byte, 0, next), buf...)
		}
	}
}
