package switchboardtest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/internal/gatewayclient"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/router"
)

// Connect connects a bot's gateway client to the emulator's gateway, at
// url with the bot's token, and hands each INTERACTION_CREATE's d to e
// (Receive). It returns once the client has started connecting; stop
// disconnects it, and is called when the test ends.
type Connect func(ctx context.Context, url, token string, e *endpoint.Endpoint) (stop func(), err error)

// OverGateway serves the bot as a bot on the gateway is served: the
// emulator has no interactions URL, and sends the bot each interaction
// as INTERACTION_CREATE on its gateway connection; the bot's endpoint,
// made by endpoint.NewGateway, dispatches it (Receive) and answers
// through the callback endpoint. connect connects the bot's own gateway
// client, such as a discordgo session through its adapter; nil connects
// the kit's. New returns once the emulator holds a connected session.
// WithRoutes does not apply: the endpoint serves no HTTP.
func OverGateway(connect Connect) Option {
	return func(s *setup) { s.gateway, s.overGateway = connect, true }
}

// kitConnect is the kit's own gateway client: it asks for no intent,
// which INTERACTION_CREATE needs none of, and hands every interaction to
// e in a goroutine of its own, as the gateway libraries run handlers.
func (b *Bot) kitConnect(ctx context.Context, url, token string, e *endpoint.Endpoint) (func(), error) {
	ctx, cancel := context.WithCancel(ctx)
	c := gatewayclient.New(gatewayclient.Config{URL: url, Token: token, Dispatch: func(name string, d json.RawMessage) {
		if name == "INTERACTION_CREATE" {
			e.Go(ctx, d)
		}
	}})
	done := make(chan struct{})
	var runErr error
	go func() {
		defer close(done)
		runErr = c.Run(ctx)
	}()
	stop := func() {
		cancel()
		<-done
	}
	// A client the gateway will not take (a token refused, intents
	// disallowed) ends before READY: New says why, rather than that the
	// bot never connected.
	select {
	case <-c.Ready():
		return stop, nil
	case <-done:
		cancel()
		return nil, runErr
	case <-time.After(b.wait):
		stop()
		return nil, fmt.Errorf("no READY within %v", b.wait)
	}
}

// overGateway serves mux to the emulator over its gateway, as
// OverGateway says.
func (b *Bot) overGateway(connect Connect, mux *router.Mux, opts []endpoint.Option) {
	t, srv := b.t, b.Emulator
	t.Helper()
	if connect == nil {
		connect = b.kitConnect
	}
	e, err := endpoint.NewGateway(mux, opts...)
	if err != nil {
		t.Fatalf("switchboardtest: the gateway's endpoint:\n%v", err)
	}
	ctx := t.Context()
	if _, err := registry.Sync(ctx, b.Client, b.app, mux.Definitions(), registry.SyncOptions{}); err != nil {
		t.Fatalf("switchboardtest: registering the commands: %v", err)
	}
	url := "ws://" + strings.TrimPrefix(strings.TrimSuffix(srv.URL, "/v10"), "http://")
	// A context of its own: the test's ends before its cleanups run,
	// and the client is stopped by one.
	stop, err := connect(context.WithoutCancel(ctx), url, b.token, e)
	if err != nil {
		t.Fatalf("switchboardtest: connecting the bot to the gateway: %v", err)
	}
	// Registered after the emulator's Close, so run before it: the
	// client disconnects, then the answers the endpoint deferred are
	// delivered while the emulator still listens.
	t.Cleanup(func() {
		stop()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		e.WaitDeferred(ctx) //nolint:errcheck // a test ending with a handler stuck gives up on it
	})
	deadline := time.After(b.wait)
	for {
		changed := srv.Changed()
		for _, s := range srv.GatewaySessions() {
			if s.Connected && s.Application == b.app {
				b.Mux = mux
				return
			}
		}
		select {
		case <-changed:
		case <-deadline:
			t.Fatalf("switchboardtest: the bot did not connect to the emulator's gateway within %v", b.wait)
		}
	}
}
