package disgoroute_test

import (
	"context"
	"strings"
	"testing"

	"github.com/disgoorg/disgo"
	"github.com/disgoorg/disgo/bot"
	"github.com/disgoorg/disgo/events"
	"github.com/disgoorg/disgo/gateway"
	"github.com/disgoorg/disgo/rest"
	"github.com/rs/zerolog"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/gateway/disgoroute"
	"github.com/switchboard-go/switchboard/gateway/disgoroute/disgoroutetest"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/adaptertest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// skipUnderRace skips a test that connects a disgo client under the
// race detector: disgo v0.19.6's gateway races with itself whenever it
// closes a connection, to reconnect or to stop. Its heartbeat goroutine
// sets the function that cancels it (gateway/gateway.go:450-451) with
// nothing to order that before CloseWithCode reads it
// (gateway/gateway.go:317-319), from the goroutine that reads the
// connection or the one that closes the client.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("disgo v0.19.6's gateway races with itself when it closes a connection: run without -race")
	}
}

// A router behind a disgo client answers through the client's gateway
// connection and the adapter, in each compression the client offers:
// the stream of zstd (disgo's default) or of zlib, or each payload on
// its own.
func TestARouterAnswersThroughDisgo(t *testing.T) {
	skipUnderRace(t)
	for _, c := range []gateway.CompressionType{gateway.CompressionZstdStream, gateway.CompressionZlibStream, gateway.CompressionZlibPayload} {
		t.Run(string(c), func(t *testing.T) {
			adaptertest.Run(t, func(resumed func()) switchboardtest.Connect {
				return disgoroutetest.Connect(
					bot.WithGatewayConfigOpts(gateway.WithCompression(c)),
					bot.WithEventListenerFunc(func(*events.Resumed) { resumed() }),
				)
			})
		})
	}
}

// A disgo client built without raw events connects, and the adapter
// says at its READY what is missing.
func TestAClientWithoutRawEventsIsCaughtAtReady(t *testing.T) {
	skipUnderRace(t)
	log := &logLines{}
	noRaw := func(ctx context.Context, url, token string, e *endpoint.Endpoint) (func(), error) {
		a, err := disgoroute.New(e)
		if err != nil {
			return nil, err
		}
		client, err := disgo.New(token,
			bot.WithRestClientConfigOpts(rest.WithURL("http"+strings.TrimPrefix(url, "ws")+"/api/v10")),
			bot.WithGatewayConfigOpts(gateway.WithURL(url)),
			bot.WithEventListeners(a),
		)
		if err != nil {
			return nil, err
		}
		if err := client.OpenGateway(ctx); err != nil {
			return nil, err
		}
		return func() { client.Close(context.WithoutCancel(ctx)) }, nil
	}
	r := router.New()
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))
	switchboardtest.New(t, r, switchboardtest.WithEndpoint(endpoint.WithLogger(zerolog.New(log))), switchboardtest.OverGateway(noRaw))
	// OpenGateway returns at READY, before the listeners see it.
	log.waitFor(t, "at READY")
	if got := log.String(); !strings.Contains(got, "gateway.WithEnableRawEvents(true)") {
		t.Errorf("logged:\n%s", got)
	}
}
