package queue_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

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
			p := &queue.PushWorker{MaxJobSize: 2048, Worker: workerFunc(func(ctx context.Context, job queue.Job) error {
				got = append(got, job)
				if tc.refuse {
					return refusal
				}
				return nil
			})}
			w := httptest.NewRecorder()
			p.ServeHTTP(w, httptest.NewRequest(tc.method, "/jobs", strings.NewReader(tc.body)))
			if w.Code != tc.status || !strings.Contains(w.Body.String(), tc.says) {
				t.Errorf("answered %d %q, want %d saying %q", w.Code, w.Body, tc.status, tc.says)
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
	p := &queue.PushWorker{Worker: workerFunc(func(context.Context, queue.Job) error { return nil })}
	w := httptest.NewRecorder()
	p.ServeHTTP(w, httptest.NewRequest("POST", "/", strings.NewReader(strings.Repeat(" ", queue.DefaultMaxJobSize+1))))
	if w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over DefaultMaxJobSize answered %d", w.Code)
	}
}
