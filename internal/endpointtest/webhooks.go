package endpointtest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/switchboard-go/switchboard/rest"
)

// Webhooks stands for the service's webhook endpoints, where a handler's
// answers go once the endpoint has deferred it: it answers a DELETE with
// 204 No Content and every other request with a message, and keeps what
// it was sent. The zero Webhooks is ready to serve.
type Webhooks struct {
	mu   sync.Mutex
	sent []string // "METHOD path body"
}

// NewWebhooks serves a Webhooks on a loopback port until the test ends,
// and returns it with a client of the API it stands for.
func NewWebhooks(tb testing.TB) (*Webhooks, *rest.Client) {
	tb.Helper()
	w := &Webhooks{}
	srv := httptest.NewServer(w)
	tb.Cleanup(srv.Close)
	client, err := rest.NewClient(srv.URL+"/api/v10", rest.NoAuth{})
	if err != nil {
		tb.Fatal(err)
	}
	return w, client
}

// NewWebhooksInMemory is NewWebhooks with no port: the client it returns
// hands each request to the Webhooks in the calling goroutine. A test in
// a synctest bubble, whose clock does not move while a goroutine waits on
// a real connection, uses it.
func NewWebhooksInMemory(tb testing.TB) (*Webhooks, *rest.Client) {
	tb.Helper()
	w := &Webhooks{}
	return w, ClientInMemory(tb, w)
}

// ClientInMemory returns a client of an API that h serves with no port:
// the client hands each request to h in the calling goroutine. A test
// that needs answers the Webhooks do not give, such as the service's
// refusals, serves them so.
func ClientInMemory(tb testing.TB, h http.Handler) *rest.Client {
	tb.Helper()
	client, err := rest.NewClient("http://webhooks.test/api/v10", rest.NoAuth{},
		rest.WithHTTPClient(&http.Client{Transport: inMemory{h}}))
	if err != nil {
		tb.Fatal(err)
	}
	return client
}

// inMemory is an http.RoundTripper that serves each request with its
// handler, as a server would, and returns what the handler wrote.
type inMemory struct{ h http.Handler }

func (t inMemory) RoundTrip(r *http.Request) (*http.Response, error) {
	in := r.Clone(r.Context())
	if in.Body == nil {
		// A server's request always has a body, empty or not.
		in.Body = http.NoBody
	}
	rec := httptest.NewRecorder()
	t.h.ServeHTTP(rec, in)
	in.Body.Close()
	resp := rec.Result()
	resp.Request = r
	return resp, nil
}

// ServeHTTP keeps r and answers it.
func (w *Webhooks) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	w.mu.Lock()
	w.sent = append(w.sent, r.Method+" "+r.URL.Path+" "+string(body))
	w.mu.Unlock()
	if r.Method == http.MethodDelete {
		rw.WriteHeader(http.StatusNoContent)
		return
	}
	rw.Header().Set("Content-Type", "application/json")
	io.WriteString(rw, `{"id":"77","channel_id":"5","content":"ok"}`)
}

// Sent returns the requests so far, in the order they came, each as its
// method, path and body, separated by a space.
func (w *Webhooks) Sent() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.sent...)
}

// Reset forgets the requests so far.
func (w *Webhooks) Reset() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.sent = nil
}
