package webhook_test

import (
	"context"
	"errors"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/serve"
	"github.com/switchboard-go/switchboard/webhook"
)

// newEndpoint returns the endpoint NewEndpoint makes, or ends the test.
func newEndpoint(t testing.TB, v *interaction.Verifier, opts ...webhook.Option) *webhook.Endpoint {
	t.Helper()
	e, err := webhook.NewEndpoint(v, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// call is one HTTP request to an endpoint.
type call struct {
	method  string
	headers map[string]string
	body    []byte
}

func signed(k *interactiontest.Key, body []byte) call {
	sig, ts := k.Sign(body)
	return call{method: "POST", body: body, headers: map[string]string{
		endpoint.HeaderSignature: sig, endpoint.HeaderTimestamp: ts,
	}}
}

// start serves s on a loopback port, on the listener wrap makes of it if
// wrap is not nil, and returns the port's address and a function that
// cancels Serve's context and returns what Serve returned. The test checks
// that Serve returned nil unless it called stop itself.
func start(t *testing.T, s *serve.Server, wrap func(net.Listener) net.Listener) (addr string, stop func() error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
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
				result = errors.New("Serve did not return within 10s of its context ending")
			}
		})
		return result
	}
	t.Cleanup(func() {
		if err := stopServe(); err != nil && !called {
			t.Errorf("Serve: %v", err)
		}
	})
	return addr, func() error { called = true; return stopServe() }
}
