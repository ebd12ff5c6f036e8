package playground

import (
	"net/http"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/serve"
)

// TestANetHTTPBotRefusesHeadersOverTheRoutersLimit: a bot served with
// net/http, as an example's HTTP asks, gets the header limit its fasthttp
// server has, not net/http's default of a megabyte.
func TestANetHTTPBotRefusesHeadersOverTheRoutersLimit(t *testing.T) {
	t.Parallel()
	r := router.New()
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	key := interactiontest.NewKey("headers")
	for _, tt := range []struct {
		name   string
		server func(http.Handler) *http.Server
	}{
		{"the playground's own server", nil},
		{"the example's server", func(h http.Handler) *http.Server {
			return &http.Server{Handler: h, MaxHeaderBytes: serve.DefaultMaxHeaderBytes}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ex := Example{HTTP: func(e *endpoint.Endpoint) http.Handler { return e }, HTTPServer: tt.server}
			url, stop, err := serveBot(ex, mux, nil, key.PublicKeyHex(), "127.0.0.1:0", zerolog.Nop())
			if err != nil {
				t.Fatal(err)
			}
			defer stop()
			req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader("{}"))
			req.Header.Set("X-Padding", strings.Repeat("x", 64<<10))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			http.DefaultClient.CloseIdleConnections() // so that stop need not wait for it
			if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
				t.Errorf("64 KiB of headers: %d, want 431", resp.StatusCode)
			}
		})
	}
}
