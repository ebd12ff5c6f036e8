package endpointtest

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/serve"
)

// Call is one HTTP request to an endpoint.
type Call struct {
	Method  string
	Headers map[string]string
	Body    []byte
}

// Signed returns a POST of body with the signature headers key puts on it,
// as the service sends it.
func Signed(key *interactiontest.Key, body []byte) Call {
	return Call{Method: "POST", Body: body, Headers: Signature(key, body)}
}

// Signature returns the signature headers key puts on body, signed now.
func Signature(key *interactiontest.Key, body []byte) map[string]string {
	sig, ts := key.Sign(body)
	return map[string]string{endpoint.HeaderSignature: sig, endpoint.HeaderTimestamp: ts}
}

// Answer is what an endpoint answered over HTTP.
type Answer struct {
	Status int
	Body   string
	Header http.Header
}

// Send sends body to url with method and headers, and returns the answer,
// ending the test if no answer comes within 5 seconds.
func Send(tb testing.TB, method, url string, headers map[string]string, body []byte) Answer {
	tb.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		tb.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		tb.Fatal(err)
	}
	return Answer{resp.StatusCode, string(b), resp.Header}
}

// Start serves s on a loopback port, on the listener wrap makes of it if
// wrap is not nil, and returns the port's address and a function that
// cancels Serve's context and returns what Serve returned, or an error
// saying it did not return if it has not 10 seconds later. Serve is
// stopped when the test ends, which then fails if Serve returned an error,
// unless the test called stop itself.
func Start(tb testing.TB, s *serve.Server, wrap func(net.Listener) net.Listener) (addr string, stop func() error) {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	addr = ln.Addr().String()
	if wrap != nil {
		ln = wrap(ln)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	var (
		once   sync.Once
		result error
		called bool
	)
	stopServe := func() error {
		once.Do(func() {
			cancel()
			select {
			case result = <-done:
			case <-time.After(10 * time.Second):
				result = errors.New("did not return within 10s of its context ending")
			}
		})
		return result
	}
	tb.Cleanup(func() {
		if err := stopServe(); err != nil && !called {
			tb.Errorf("Serve: %v", err)
		}
	})
	return addr, func() error { called = true; return stopServe() }
}
