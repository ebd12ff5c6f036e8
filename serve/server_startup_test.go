package serve_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/serve"
	"github.com/switchboard-go/switchboard/webhook"
)

// lineWriter hands each line written to it to a channel, so that a test
// waits for the line it needs rather than for a time; lines past the
// channel's room are dropped, never waited for.
type lineWriter chan string

func (w lineWriter) Write(p []byte) (int, error) {
	for _, line := range strings.Split(strings.TrimRight(string(p), "\n"), "\n") {
		select {
		case w <- line:
		default:
		}
	}
	return len(p), nil
}

// A server asked for port 0 logs, at info and before it answers anything,
// the address it got: the one line that tells a person or a script where
// the bot is.
func TestServerLogsTheAddressItListensOnAsItStarts(t *testing.T) {
	key := interactiontest.NewKey("startup")
	for _, tc := range []struct {
		name    string
		server  func(log zerolog.Logger) *serve.Server
		message string
	}{
		{"an interactions endpoint logs it", func(log zerolog.Logger) *serve.Server {
			r := router.New(router.DispatchOnly(), router.WithLogger(log))
			e, err := endpoint.New(endpointtest.Build(t, r), key.Verifier())
			if err != nil {
				t.Fatal(err)
			}
			return &serve.Server{Endpoint: e}
		}, "serving interactions"},
		{"a webhook events endpoint alone logs it", func(log zerolog.Logger) *serve.Server {
			return &serve.Server{Events: endpointtest.NewEvents(t, key.Verifier(), webhook.WithLogger(log))}
		}, "serving webhook events"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines := make(lineWriter, 16)
			s := tc.server(zerolog.New(lines).Level(zerolog.InfoLevel))
			s.Addr = "127.0.0.1:0"
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- s.ListenAndServe(ctx) }()
			defer func() {
				cancel()
				if err := <-done; err != nil {
					t.Errorf("ListenAndServe: %v", err)
				}
			}()

			var first struct {
				Level, Message, Addr string
			}
			line := <-lines
			if err := json.Unmarshal([]byte(line), &first); err != nil {
				t.Fatalf("the first line logged, %s: %v", line, err)
			}
			if first.Level != "info" || first.Message != tc.message || strings.HasSuffix(first.Addr, ":0") || !strings.HasPrefix(first.Addr, "127.0.0.1:") {
				t.Fatalf("the first line logged is %s, want %q at info with the port listened on", line, tc.message)
			}
			client := &http.Client{Timeout: 5 * time.Second}
			resp, err := client.Post("http://"+first.Addr+"/nothing", "application/json", bytes.NewReader([]byte("{}")))
			if err != nil {
				t.Fatalf("the logged address %s does not answer: %v", first.Addr, err)
			}
			resp.Body.Close()
		})
	}
}
