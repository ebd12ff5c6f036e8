package arikawaroutetest

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/diamondburned/arikawa/v3/api"
	"github.com/diamondburned/arikawa/v3/gateway"
	"github.com/diamondburned/arikawa/v3/session"
	"github.com/diamondburned/arikawa/v3/utils/handler"
	"github.com/diamondburned/arikawa/v3/utils/httputil"
	"github.com/diamondburned/arikawa/v3/utils/httputil/httpdriver"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/gateway/arikawaroute"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// stopWait bounds how long stop waits for the session to close and for
// the interactions under way to be answered.
const stopWait = 10 * time.Second

// Connect returns a switchboardtest.Connect that opens an arikawa
// session on the emulator with an arikawaroute.Adapter attached: its
// gateway, of arikawaroute.NewCustomGateway, to the emulator's gateway
// at arikawa's version (9), identified with "Bot " and the token, as a
// bot's is, with no intents (null, as arikawa sends them unless told);
// its API client to the emulator's
// API (NewAPIClient). opts are called with the session before it opens:
// a handler of the test's (Session.AddHandler), intents
// (Session.AddIntents).
//
// The session is open, READY received, when the Connect returns; stop
// closes it and waits for the interactions under way.
func Connect(opts ...func(*session.Session)) switchboardtest.Connect {
	return func(ctx context.Context, gatewayURL, token string, e *endpoint.Endpoint) (func(), error) {
		a, err := arikawaroute.New(e, arikawaroute.WithContext(ctx))
		if err != nil {
			return nil, err
		}
		origin, err := originOf(gatewayURL)
		if err != nil {
			return nil, err
		}
		g := arikawaroute.NewCustomGateway(gateway.AddGatewayParams(gatewayURL), gateway.DefaultIdentifier("Bot "+token), nil)
		s := session.NewWithGateway(g, handler.New())
		s.Client = NewAPIClient("Bot "+token, origin)
		if _, err := a.Attach(s); err != nil {
			return nil, err
		}
		for _, opt := range opts {
			opt(s)
		}
		if err := s.Open(ctx); err != nil {
			return nil, fmt.Errorf("arikawaroutetest: opening the session at %s: %w", gatewayURL, err)
		}
		return func() {
			ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), stopWait)
			defer cancel()
			s.Close()   //nolint:errcheck // the test is over
			a.Wait(ctx) //nolint:errcheck // a test ending with a handler stuck gives up on it
		}, nil
	}
}

// NewAPIClient returns an arikawa API client authorized by token (with
// "Bot " for a bot), whose requests go to origin, such as
// http://127.0.0.1:8484, in place of arikawa's api.BaseEndpoint: the
// emulator serves the service's API under the same paths (/api/v9/...).
func NewAPIClient(token, origin string) *api.Client {
	to, err := url.Parse(origin)
	if err != nil || to.Scheme == "" || to.Host == "" {
		panic(fmt.Sprintf("arikawaroutetest: NewAPIClient needs an origin such as http://127.0.0.1:8484, not %q", origin))
	}
	from, err := url.Parse(api.BaseEndpoint)
	if err != nil {
		panic(fmt.Sprintf("arikawaroutetest: arikawa's api.BaseEndpoint %q: %v", api.BaseEndpoint, err))
	}
	hc := httputil.NewClient()
	hc.Client = httpdriver.WrapClient(http.Client{Transport: redirect{from: from, to: to, next: http.DefaultTransport}})
	return api.NewCustomClient(token, hc)
}

// redirect sends the requests for from's scheme and host to to's.
type redirect struct {
	from, to *url.URL
	next     http.RoundTripper
}

func (r redirect) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Scheme == r.from.Scheme && req.URL.Host == r.from.Host {
		req = req.Clone(req.Context())
		req.URL.Scheme, req.URL.Host, req.Host = r.to.Scheme, r.to.Host, r.to.Host
	}
	return r.next.RoundTrip(req)
}

// originOf returns the origin of the emulator's API, on the host of its
// gateway, gatewayURL.
func originOf(gatewayURL string) (string, error) {
	for ws, http := range map[string]string{"ws://": "http://", "wss://": "https://"} {
		if host, ok := strings.CutPrefix(gatewayURL, ws); ok {
			return http + strings.TrimSuffix(host, "/"), nil
		}
	}
	return "", fmt.Errorf("arikawaroutetest: the gateway's URL %q is not ws:// or wss://", gatewayURL)
}
