package switchboardtest_test

import (
	"context"
	"sync"
	"testing"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
	"github.com/switchboard-go/switchboard/webhook"
)

// members counts who installed the application to their account, from
// the webhook events the service sends.
type members struct {
	mu    sync.Mutex
	users map[interaction.Snowflake]bool
}

// endpoint is the bot's webhook events endpoint, verifying with v and
// logging to log.
func (m *members) endpoint(v *interaction.Verifier, log zerolog.Logger) (*webhook.Endpoint, error) {
	e, err := webhook.NewEndpoint(v, webhook.WithLogger(log))
	if err != nil {
		return nil, err
	}
	e.OnApplicationAuthorized(func(_ context.Context, _ *webhook.Event, a webhook.ApplicationAuthorized) error {
		m.mu.Lock()
		defer m.mu.Unlock()
		m.users[a.User.ID] = true
		return nil
	})
	return e, nil
}

// testMembers has a user install the application, and finds them counted.
func testMembers(t *testing.T) {
	bot := switchboardtest.New(t, router.New())
	v, err := interaction.NewVerifier(bot.Emulator.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	m := &members{users: map[interaction.Snowflake]bool{}}
	e, err := m.endpoint(v, bot.Logger()) // its log in the test's, as the router's
	if err != nil {
		t.Fatal(err)
	}
	bot.ServeEvents(e)
	if _, err := bot.Emulator.AuthorizeUser(bot.Moderator, "identify"); err != nil {
		t.Fatal(err)
	}
	bot.WaitEvents(1)
	if !m.users[bot.Moderator] {
		t.Errorf("ada is not counted: %v", m.users)
	}
}

// A bot that hears webhook events: ServeEvents serves its endpoint, and
// WaitEvents waits for what users do to reach its handlers. The
// endpoint logs into the test's log, as the bot's interactions endpoint
// does. The example's test runs as TestTheServeEventsExampleTestPasses.
func ExampleBot_ServeEvents() {}
