package discordgoroutetest

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/gateway/discordgoroute"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// stopWait bounds how long stopping waits for the interactions under way
// to be answered: a handler stuck past it is left running, as the kit
// leaves one.
const stopWait = 10 * time.Second

// Connect returns the Connect of switchboardtest.OverGateway that serves
// the bot on a discordgo session: it makes the session with newSession,
// points it at the emulator (discordgoroute.PointAt), registers an
// Adapter on it that hands each interaction to the bot's endpoint, and
// opens it, returning once discordgo has read its READY.
//
// newSession makes the session as the bot's main does, from the bot's
// token (without "Bot "), with the bot's intents and handlers of other
// events; nil makes one with discordgo.New("Bot " + token) and
// discordgo's defaults. The Adapter is made with opts, after a base
// context of the kit's that outlives the test's own. Stopping, when the
// test ends, closes the session, then waits for the interactions under
// way to get their first answers (Adapter.Shutdown), ten seconds at
// most.
func Connect(newSession func(token string) (*discordgo.Session, error), opts ...discordgoroute.Option) switchboardtest.Connect {
	if newSession == nil {
		newSession = func(token string) (*discordgo.Session, error) { return discordgo.New("Bot " + token) }
	}
	return func(ctx context.Context, gatewayURL, token string, e *endpoint.Endpoint) (func(), error) {
		api, err := apiOf(gatewayURL)
		if err != nil {
			return nil, err
		}
		a, err := discordgoroute.New(e, append([]discordgoroute.Option{discordgoroute.WithContext(ctx)}, opts...)...)
		if err != nil {
			return nil, err
		}
		s, err := newSession(token)
		if err != nil {
			return nil, fmt.Errorf("discordgoroutetest: making the session: %w", err)
		}
		if s == nil {
			return nil, fmt.Errorf("discordgoroutetest: making the session: newSession returned no session and no error")
		}
		if err := discordgoroute.PointAt(s, api); err != nil {
			return nil, err
		}
		s.AddHandler(a.Handle)
		if err := s.Open(); err != nil {
			return nil, fmt.Errorf("discordgoroutetest: opening the session on %s: %w", api, err)
		}
		return func() {
			s.Close() //nolint:errcheck // the emulator goes next
			ctx, cancel := context.WithTimeout(context.Background(), stopWait)
			defer cancel()
			a.Shutdown(ctx) //nolint:errcheck // a test ending with a handler stuck gives up on it
		}, nil
	}
}

// apiOf returns the base of the API discordgo speaks, version 9, of the
// emulator whose gateway is at gatewayURL: the emulator serves its
// gateway at the root of the address its API is at.
func apiOf(gatewayURL string) (string, error) {
	u, err := url.Parse(gatewayURL)
	if err != nil {
		return "", fmt.Errorf("discordgoroutetest: the gateway's URL: %w", err)
	}
	switch u.Scheme {
	case "ws":
		u.Scheme = "http"
	case "wss":
		u.Scheme = "https"
	default:
		return "", fmt.Errorf("discordgoroutetest: the gateway's URL %q: want ws:// or wss://", gatewayURL)
	}
	u.Path, u.RawPath, u.RawQuery = "/api/v"+discordgo.APIVersion, "", ""
	return u.String(), nil
}
