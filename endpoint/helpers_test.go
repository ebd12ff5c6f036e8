package endpoint_test

import (
	"context"
	"testing"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
)

// reply returns a handler that answers with its own name, so that tests can
// see which handler ran.
func reply(name string) router.HandlerFunc {
	return func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply(name), nil
	}
}

// build builds r, failing the test with what Build found.
func build(tb testing.TB, r *router.Router) *router.Mux {
	tb.Helper()
	m, err := r.Build()
	if err != nil {
		tb.Fatalf("Build: %v", err)
	}
	return m
}

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

// dispatch dispatches the interaction b builds through m, as a test of the
// router would.
func dispatch(t *testing.T, m *router.Mux, b *interactiontest.Builder) (interaction.Response, error) {
	t.Helper()
	return m.Dispatch(context.Background(), b.Interaction())
}

// ok is a handler that answers "ok".
func ok(context.Context, *router.Request) (interaction.Response, error) {
	return interaction.Reply("ok"), nil
}
