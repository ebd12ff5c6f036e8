package queue

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
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
// or not its answer could be delivered: delivering it again would not
// help. A job Worker refuses (malformed, not verified, its token
// expired) is answered 422 Unprocessable Entity with the reason, as is a
// body that is not a job: the queue retries it as its retry policy says,
// then drops it or keeps it aside (a dead-letter topic), for a look.
// A method other than POST is answered 405, a body over MaxJobSize 413.
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
}

// ServeHTTP completes the job the request carries.
func (p *PushWorker) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "a job is sent with POST", http.StatusMethodNotAllowed)
		return
	}
	limit := p.MaxJobSize
	if limit <= 0 {
		limit = DefaultMaxJobSize
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			http.Error(w, fmt.Sprintf("a job is at most %d bytes", limit), http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "reading the job: "+err.Error(), http.StatusBadRequest)
		return
	}
	var job Job
	if err := json.Unmarshal(data, &job); err != nil {
		if !errors.Is(err, ErrInvalidJob) {
			// A body that is not JSON fails before Job's decoder runs.
			err = fmt.Errorf("%w: %v", ErrInvalidJob, err)
		}
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	if err := p.Worker.Complete(r.Context(), job); err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
