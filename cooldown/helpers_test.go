package cooldown_test

import (
	"context"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
)

// reply returns a handler that answers with its own name, so that tests can
// see which handler ran.
func reply(name string) router.HandlerFunc {
	return func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply(name), nil
	}
}

func build(t *testing.T, r *router.Router) *router.Mux {
	t.Helper()
	m, err := r.Build()
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	return m
}

type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }
