package endpointtest

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
)

// Build builds r, ending the test with what Build found.
func Build(tb testing.TB, r *router.Router) *router.Mux {
	tb.Helper()
	m, err := r.Build()
	if err != nil {
		tb.Fatalf("Build: %v", err)
	}
	return m
}

// Reply returns a handler that answers with its own name, so that a test
// can see which handler ran.
func Reply(name string) router.HandlerFunc {
	return func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply(name), nil
	}
}

// Dispatch dispatches the interaction b builds through m, as a transport
// would once the request is verified and decoded.
func Dispatch(tb testing.TB, m *router.Mux, b *interactiontest.Builder) (interaction.Response, error) {
	tb.Helper()
	return m.Dispatch(context.Background(), b.Interaction())
}

// Bot returns a router, dispatching only, with a command for each way a
// handler ends: "ping" answers "pong", "panic" panics, and "deadline"
// answers the time left until its context's deadline, rounded to the
// second, or "no deadline". Its router logs to log at debug level when
// log is not nil.
func Bot(tb testing.TB, log *bytes.Buffer) *router.Mux {
	tb.Helper()
	opts := []router.Option{router.DispatchOnly()}
	if log != nil {
		opts = append(opts, router.WithLogger(zerolog.New(log).Level(zerolog.DebugLevel)))
	}
	r := router.New(opts...)
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	})
	r.Command("panic", func(context.Context, *router.Request) (interaction.Response, error) {
		panic("handler bug")
	})
	r.Command("deadline", func(ctx context.Context, _ *router.Request) (interaction.Response, error) {
		d, ok := ctx.Deadline()
		if !ok {
			return interaction.Reply("no deadline"), nil
		}
		return interaction.Reply(time.Until(d).Round(time.Second).String()), nil
	})
	return Build(tb, r)
}
