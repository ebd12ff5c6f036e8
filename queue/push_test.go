package queue_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/queue"
)

func TestThePushWorkerAnswersAsTheQueueActs(t *testing.T) {
	good, err := json.Marshal(sampleJob())
	if err != nil {
		t.Fatal(err)
	}
	refusal := errors.New("router: completing a job: interaction: bad signature")
	for _, tc := range []struct {
		name, method, body string
		refuse             bool
		status             int
		says               string
		completed          bool
	}{
		{name: "a job completed", method: "POST", body: string(good), status: http.StatusNoContent, completed: true},
		{name: "a job refused", method: "POST", body: string(good), refuse: true, status: http.StatusUnprocessableEntity,
			says: "bad signature", completed: true},
		{name: "not JSON", method: "POST", body: "{", status: http.StatusUnprocessableEntity, says: "queue: invalid job"},
		{name: "a job lacking its signature", method: "POST",
			body:   strings.Replace(string(good), `"signature":"abab`, `"signature":"","x":"abab`, 1),
			status: http.StatusUnprocessableEntity, says: "/signature is empty"},
		{name: "over the limit", method: "POST", body: string(good) + strings.Repeat(" ", 2048),
			status: http.StatusRequestEntityTooLarge, says: "at most 2048 bytes"},
		{name: "not a POST", method: "GET", status: http.StatusMethodNotAllowed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []queue.Job
			var logged strings.Builder
			log := zerolog.New(&logged).Level(zerolog.DebugLevel)
			p := &queue.PushWorker{MaxJobSize: 2048, Log: &log, Worker: workerFunc(func(ctx context.Context, job queue.Job) error {
				got = append(got, job)
				if tc.refuse {
					return refusal
				}
				return nil
			})}
			w := httptest.NewRecorder()
			r := httptest.NewRequest(tc.method, "/jobs", strings.NewReader(tc.body))
			r.Header.Set("X-CloudTasks-TaskName", "task-7")
			p.ServeHTTP(w, r)
			if w.Code != tc.status || !strings.Contains(w.Body.String(), tc.says) {
				t.Errorf("answered %d %q, want %d saying %q", w.Code, w.Body, tc.status, tc.says)
			}
			// What is refused is logged as an error with the reason and
			// the task; a job completed, at debug level; a request that
			// is no job's, not at all.
			lines := endpointtest.LogLines(t, logged.String())
			switch {
			case tc.status == http.StatusMethodNotAllowed:
				if len(lines) != 0 {
					t.Errorf("logged %q", logged.String())
				}
			case tc.status >= 400:
				if len(lines) != 1 || lines[0]["level"] != "error" || lines[0]["task"] != "task-7" ||
					lines[0]["status"] != float64(tc.status) || !strings.Contains(fmt.Sprint(lines[0]["error"]), tc.says) {
					t.Errorf("logged %q, want an error saying %q", logged.String(), tc.says)
				}
			default:
				if len(lines) != 1 || lines[0]["level"] != "debug" || lines[0]["task"] != "task-7" {
					t.Errorf("logged %q, want the job completed at debug level", logged.String())
				}
			}
			if tc.completed != (len(got) == 1) {
				t.Fatalf("the worker was handed %d jobs", len(got))
			}
			if tc.completed && string(got[0].Body) != string(sampleJob().Body) {
				t.Errorf("the worker was handed the body %s", got[0].Body)
			}
			if tc.method != "POST" && w.Header().Get("Allow") != "POST" {
				t.Errorf("Allow is %q", w.Header().Get("Allow"))
			}
		})
	}
}

func TestThePushWorkerBoundsABodyByDefault(t *testing.T) {
	nop := zerolog.Nop()
	p := &queue.PushWorker{Log: &nop, Worker: workerFunc(func(context.Context, queue.Job) error { return nil })}
	w := httptest.NewRecorder()
	p.ServeHTTP(w, httptest.NewRequest("POST", "/", strings.NewReader(strings.Repeat(" ", queue.DefaultMaxJobSize+1))))
	if w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over DefaultMaxJobSize answered %d", w.Code)
	}
}

// loggingWorker is a Worker with a logger of its own, as
// *endpoint.Endpoint is.
type loggingWorker struct {
	workerFunc
	log zerolog.Logger
}

func (w loggingWorker) Logger() zerolog.Logger { return w.log }

// Without a logger of its own, the push worker logs with its Worker's.
func TestThePushWorkerLogsWithItsWorkersLogger(t *testing.T) {
	var logged strings.Builder
	p := &queue.PushWorker{Worker: loggingWorker{
		workerFunc: func(context.Context, queue.Job) error { return errors.New("refused") },
		log:        zerolog.New(&logged),
	}}
	w := httptest.NewRecorder()
	p.ServeHTTP(w, httptest.NewRequest("POST", "/", strings.NewReader("hello")))
	lines := endpointtest.LogLines(t, logged.String())
	if w.Code != http.StatusUnprocessableEntity || len(lines) != 1 || !strings.Contains(fmt.Sprint(lines[0]["error"]), "queue: invalid job") {
		t.Errorf("answered %d, logged %q", w.Code, logged.String())
	}
}

// Given neither logger, the push worker writes JSON lines to standard
// error, errors and not the routine. The test runs itself again, as the
// program whose standard error it reads.
func TestThePushWorkerLogsToStandardErrorByDefault(t *testing.T) {
	if os.Getenv("QUEUE_TEST_DEFAULT_LOG") == "1" {
		var completed bool
		p := &queue.PushWorker{Worker: workerFunc(func(context.Context, queue.Job) error { completed = true; return nil })}
		good, err := json.Marshal(sampleJob())
		if err != nil {
			t.Fatal(err)
		}
		for _, body := range []string{"hello", string(good)} {
			p.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/", strings.NewReader(body)))
		}
		if !completed {
			t.Fatal("the job was not completed")
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestThePushWorkerLogsToStandardErrorByDefault$")
	// The child need not sleep a second at exit, as a binary built with
	// -race does for goroutines that may yet report a race: the one test
	// it runs has ended, and a race within it fails that test.
	cmd.Env = append(os.Environ(), "QUEUE_TEST_DEFAULT_LOG=1", "GORACE="+os.Getenv("GORACE")+" atexit_sleep_ms=0")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if out, err := cmd.Output(); err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, stderr.String())
	}
	lines := endpointtest.LogLines(t, stderr.String())
	if len(lines) != 1 || lines[0]["level"] != "error" || lines[0]["time"] == nil ||
		!strings.Contains(fmt.Sprint(lines[0]["error"]), "queue: invalid job") {
		t.Errorf("standard error has %q, want the refusal alone, as a JSON line with its time", stderr.String())
	}
}

// allocated returns how many bytes f allocates, as the runtime counts
// them.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// bigJob returns a job, in JSON, of size bytes at least.
func bigJob(t *testing.T, size int) string {
	t.Helper()
	job := sampleJob()
	job.Body = []byte(`{"type":2,"x":"` + strings.Repeat("a", size) + `"}`)
	// The job's own MarshalJSON, not json.Marshal, which would scan the
	// megabytes it returns again to compact them.
	data, err := job.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// chunked hides the length of a body, as a request sent in chunks has
// none.
type chunked struct{ io.Reader }

// A stranger who posts a body of 4 MiB to a push worker makes it
// allocate little more than its limit, whether the body says its length
// or not: it reads at most the limit, and refuses the rest with 413.
func TestThePushWorkerReadsNoMoreThanItsLimit(t *testing.T) {
	body := bigJob(t, 4<<20)
	nop := zerolog.Nop()
	var completed atomic.Int32
	p := &queue.PushWorker{Log: &nop, Worker: workerFunc(func(context.Context, queue.Job) error {
		completed.Add(1)
		return nil
	})}
	for _, tc := range []struct {
		name   string
		length bool
		// most is the most the refusal may allocate: nothing of the
		// body when its length tells it is too long, its limit when
		// the body must be read to find out.
		most uint64
	}{
		{"with its length", true, 64 << 10},
		{"in chunks", false, queue.DefaultMaxJobSize + 256<<10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			var r *http.Request
			if tc.length {
				r = httptest.NewRequest("POST", "/", strings.NewReader(body))
			} else {
				r = httptest.NewRequest("POST", "/", chunked{strings.NewReader(body)})
				r.ContentLength = -1
			}
			n := allocated(func() { p.ServeHTTP(w, r) })
			if w.Code != http.StatusRequestEntityTooLarge {
				t.Errorf("a body of %d bytes answered %d, want 413", len(body), w.Code)
			}
			if n > tc.most {
				t.Errorf("refusing a body of %d bytes allocated %d bytes, over %d", len(body), n, tc.most)
			}
		})
	}
	if n := completed.Load(); n != 0 {
		t.Errorf("the worker completed %d jobs", n)
	}
}
