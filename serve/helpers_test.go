package serve_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
)

// testBot is a router with a handler for each kind of answer.
func testBot(t *testing.T, log *bytes.Buffer) *router.Mux {
	t.Helper()
	opts := []router.Option{router.DispatchOnly()}
	if log != nil {
		opts = append(opts, router.WithLogger(zerolog.New(log).Level(zerolog.DebugLevel)))
	}
	r := router.New(opts...)
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	})
	r.Command("panic", func(context.Context, *router.Request) (interaction.Response, error) {
		panic("handler bug")
	})
	r.Command("deadline", func(ctx context.Context, _ *router.Request) (interaction.Response, error) {
		d, ok := ctx.Deadline()
		if !ok {
			return interaction.Reply("no deadline"), nil
		}
		return interaction.Reply(time.Until(d).Round(time.Second).String()), nil
	})
	return build(t, r)
}

// webhookRecorder stands for the service's webhook endpoints: it answers
// every request with a message and keeps what it was sent.
type webhookRecorder struct {
	mu   sync.Mutex
	sent []string // "METHOD path body"
}

func (w *webhookRecorder) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	w.mu.Lock()
	w.sent = append(w.sent, r.Method+" "+r.URL.Path+" "+string(body))
	w.mu.Unlock()
	if r.Method == http.MethodDelete {
		rw.WriteHeader(http.StatusNoContent)
		return
	}
	rw.Header().Set("Content-Type", "application/json")
	io.WriteString(rw, `{"id":"77","channel_id":"5","content":"ok"}`)
}

func build(t *testing.T, r *router.Router) *router.Mux {
	t.Helper()
	m, err := r.Build()
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	return m
}
