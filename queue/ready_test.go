package queue_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/queue"
)

// unready is a worker that cannot complete jobs, as an endpoint without
// keys cannot.
type unready struct{ workerFunc }

var errUnready = errors.New("no keys")

func (unready) CanComplete() error { return errUnready }

// A worker configured wrong stops where it starts: Serve returns at
// once, NewPushWorker returns the reason, and a push worker made as a
// literal answers 503, for the queue to retry once the configuration is
// fixed, without handing the job to the worker.
func TestAWorkerThatCannotCompleteJobsIsHandedNone(t *testing.T) {
	var handed atomic.Int32
	w := unready{func(context.Context, queue.Job) error { handed.Add(1); return nil }}
	q := queue.NewMemory(1)
	if err := q.Enqueue(context.Background(), sampleJob()); err != nil {
		t.Fatal(err)
	}
	if err := q.Serve(context.Background(), w, nil); !errors.Is(err, errUnready) {
		t.Errorf("Serve = %v, want the worker's reason", err)
	}
	if p, err := queue.NewPushWorker(w); p != nil || !errors.Is(err, errUnready) {
		t.Errorf("NewPushWorker = %v, %v; want the worker's reason", p, err)
	}
	if p, err := queue.NewPushWorker(nil); p != nil || err == nil {
		t.Errorf("NewPushWorker(nil) = %v, %v; want an error", p, err)
	}
	if p, err := queue.NewPushWorker(w.workerFunc); err != nil || p.Worker == nil {
		t.Errorf("NewPushWorker of a worker that can complete = %v, %v", p, err)
	}
	good, err := json.Marshal(sampleJob())
	if err != nil {
		t.Fatal(err)
	}
	nop := zerolog.Nop()
	rec := httptest.NewRecorder()
	(&queue.PushWorker{Worker: w, Log: &nop}).ServeHTTP(rec, httptest.NewRequest("POST", "/", strings.NewReader(string(good))))
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "no keys") {
		t.Errorf("the push worker answered %d %q, want 503 with the reason", rec.Code, rec.Body)
	}
	if n := handed.Load(); n != 0 || q.Len() != 1 {
		t.Errorf("the worker was handed %d jobs, and %d wait", n, q.Len())
	}
}
