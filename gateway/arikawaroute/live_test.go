package arikawaroute_test

import (
	"context"
	"testing"
	"time"

	"github.com/diamondburned/arikawa/v3/gateway"
	"github.com/diamondburned/arikawa/v3/session"
	"github.com/diamondburned/arikawa/v3/utils/handler"
	"github.com/rs/zerolog"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/gateway/arikawaroute"
	"github.com/switchboard-go/switchboard/gateway/arikawaroute/arikawaroutetest"
	"github.com/switchboard-go/switchboard/internal/adaptertest"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// A router behind an arikawa session answers through the session's
// gateway connection and the adapter: the form's submission among the
// rest, whose label arikawa v3.6.0 cannot decode, and whose dispatch its
// own gateway drops.
func TestARouterAnswersThroughArikawa(t *testing.T) {
	adaptertest.Run(t, func(resumed func()) switchboardtest.Connect {
		return arikawaroutetest.Connect(func(s *session.Session) {
			s.AddHandler(func(*gateway.ResumedEvent) { resumed() })
		})
	})
}

// A session on arikawa's own gateway, which Attach cannot tell from one
// of the adapter's, is caught at its first interaction.
func TestASessionOnArikawasOwnGatewayIsCaught(t *testing.T) {
	log := &logLines{}
	own := func(ctx context.Context, url, token string, e *endpoint.Endpoint) (func(), error) {
		a, err := arikawaroute.New(e)
		if err != nil {
			return nil, err
		}
		g := gateway.NewCustomWithIdentifier(gateway.AddGatewayParams(url), gateway.DefaultIdentifier("Bot "+token), nil)
		s := session.NewWithGateway(g, handler.New())
		if _, err := a.Attach(s); err != nil {
			return nil, err
		}
		if err := s.Open(ctx); err != nil {
			return nil, err
		}
		return func() { s.Close() }, nil //nolint:errcheck // the test is over
	}
	bot := switchboardtest.New(t, pingRouter(),
		switchboardtest.WithResponseWindow(500*time.Millisecond),
		switchboardtest.WithEndpoint(endpoint.WithLogger(zerolog.New(log))),
		switchboardtest.OverGateway(own))
	if x, err := bot.TryCommand("/ping"); err == nil {
		t.Fatalf("answered:\n%s", x)
	}
	log.waitFor(t, "arikawaroute: the interaction came decoded by arikawa's own gateway")
}
