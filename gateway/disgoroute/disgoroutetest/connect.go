package disgoroutetest

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/disgoorg/disgo"
	"github.com/disgoorg/disgo/bot"
	"github.com/disgoorg/disgo/gateway"
	"github.com/disgoorg/disgo/rest"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/gateway/disgoroute"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// stopWait bounds how long stop waits for the client to close and for
// the interactions under way to be answered.
const stopWait = 10 * time.Second

// Connect returns a switchboardtest.Connect that connects a disgo
// client to the emulator through a disgoroute.Adapter: its REST client
// to the emulator's API (version 10), its gateway to the emulator's
// gateway, with raw events and disgo's default compression, zstd-stream.
// opts configure the client after that, as disgo.New takes them: a
// listener of the test's (bot.WithEventListenerFunc), the compression
// (bot.WithGatewayConfigOpts with gateway.WithCompression), a logger.
// The client logs to standard error from level warn up unless opts give
// it a logger.
//
// The connection is open, READY received, when the Connect returns;
// stop closes the client and waits for the interactions under way.
func Connect(opts ...bot.ConfigOpt) switchboardtest.Connect {
	return func(ctx context.Context, url, token string, e *endpoint.Endpoint) (func(), error) {
		a, err := disgoroute.New(e, disgoroute.WithContext(ctx))
		if err != nil {
			return nil, err
		}
		api, err := restURL(url)
		if err != nil {
			return nil, err
		}
		all := append([]bot.ConfigOpt{
			bot.WithLogger(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))),
			bot.WithRestClientConfigOpts(rest.WithURL(api)),
			bot.WithGatewayConfigOpts(gateway.WithURL(url), gateway.WithEnableRawEvents(true)),
			bot.WithEventListeners(a),
		}, opts...)
		client, err := disgo.New(token, all...)
		if err != nil {
			return nil, fmt.Errorf("disgoroutetest: making the client: %w", err)
		}
		if err := client.OpenGateway(ctx); err != nil {
			client.Close(ctx)
			return nil, fmt.Errorf("disgoroutetest: opening the gateway at %s: %w", url, err)
		}
		return func() {
			ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), stopWait)
			defer cancel()
			client.Close(ctx)
			a.Wait(ctx) //nolint:errcheck // a test ending with a handler stuck gives up on it
		}, nil
	}
}

// restURL returns the base URL of the emulator's API, version 10, on the
// host of its gateway, gatewayURL.
func restURL(gatewayURL string) (string, error) {
	for ws, http := range map[string]string{"ws://": "http://", "wss://": "https://"} {
		if host, ok := strings.CutPrefix(gatewayURL, ws); ok {
			return http + strings.TrimSuffix(host, "/") + "/api/v10", nil
		}
	}
	return "", fmt.Errorf("disgoroutetest: the gateway's URL %q is not ws:// or wss://", gatewayURL)
}
