package endpoint_test

import (
	"context"
	"testing"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
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
