package endpoint_test

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/gopool"
	"github.com/switchboard-go/switchboard/router"
)

// newEndpoint returns the endpoint of mux, failing the test with what New
// found.
func newEndpoint(tb testing.TB, mux *router.Mux, v *interaction.Verifier, opts ...endpoint.Option) *endpoint.Endpoint {
	tb.Helper()
	e, err := endpoint.New(mux, v, opts...)
	if err != nil {
		tb.Fatalf("endpoint.New: %v", err)
	}
	return e
}

// ok is a handler that answers "ok".
func ok(context.Context, *router.Request) (interaction.Response, error) {
	return interaction.Reply("ok"), nil
}

// inBubble runs f in a synctest bubble, on its fake clock. The goroutines
// an endpoint keeps for its handlers end once idle for gopool.DefaultIdle:
// the bubble's clock moves past that before the bubble ends, which would
// otherwise find them still waiting.
func inBubble(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	synctest.Test(t, func(t *testing.T) {
		t.Cleanup(func() { time.Sleep(gopool.DefaultIdle) })
		f(t)
	})
}
