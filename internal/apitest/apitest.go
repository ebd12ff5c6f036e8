// Package apitest holds what the tests of the REST client and of the sync
// share: an emulator started for one test, and a client of it whose
// transport records every request, so that a test can count what the
// service saw.
package apitest

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/rest"
)

// Sent is one request as the transport saw it go out.
type Sent struct {
	Method, Path, UserAgent, Auth string
	// Status is the answer's status, 0 when no answer came.
	Status int
	At     time.Time
}

// Recorder is an http.RoundTripper that keeps every request it passes on.
type Recorder struct {
	mu   sync.Mutex
	reqs []Sent
	// OnAnswer, when set before the first request, is called after each
	// answer.
	OnAnswer func(Sent)
}

// RoundTrip sends req with http.DefaultTransport and records it.
func (r *Recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	s := Sent{Method: req.Method, Path: req.URL.Path, UserAgent: req.Header.Get("User-Agent"),
		Auth: req.Header.Get("Authorization"), At: time.Now()}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err == nil {
		s.Status = resp.StatusCode
	}
	r.mu.Lock()
	r.reqs = append(r.reqs, s)
	f := r.OnAnswer
	r.mu.Unlock()
	if f != nil {
		f(s)
	}
	return resp, err
}

// All returns the requests so far.
func (r *Recorder) All() []Sent {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Sent(nil), r.reqs...)
}

// Count returns how many requests went to a path ending in suffix.
func (r *Recorder) Count(suffix string) int {
	n := 0
	for _, s := range r.All() {
		if strings.HasSuffix(s.Path, suffix) {
			n++
		}
	}
	return n
}

// Statuses returns the status of each request so far, in order.
func (r *Recorder) Statuses() []int {
	var out []int
	for _, s := range r.All() {
		out = append(out, s.Status)
	}
	return out
}

// CountStatus returns how many requests were answered with status.
func (r *Recorder) CountStatus(status int) int {
	n := 0
	for _, s := range r.All() {
		if s.Status == status {
			n++
		}
	}
	return n
}

// StartEmulator starts an emulator for the length of the test.
func StartEmulator(t testing.TB, cfg emulator.Config) *emulator.Server {
	t.Helper()
	s, err := emulator.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// NewClient returns a client of s with auth, fast retries, and a Recorder
// of its requests.
func NewClient(t testing.TB, s *emulator.Server, auth rest.Auth, opts ...rest.ClientOption) (*rest.Client, *Recorder) {
	t.Helper()
	rec := &Recorder{}
	opts = append([]rest.ClientOption{
		rest.WithHTTPClient(&http.Client{Transport: rec}),
		rest.WithBackoff(time.Millisecond, 10*time.Millisecond),
	}, opts...)
	c, err := rest.NewClient(s.URL, auth, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c, rec
}
