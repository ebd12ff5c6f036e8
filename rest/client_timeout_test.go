package rest_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/rest"
)

// TestASilentServiceFailsTheCallAfterItsRetries: a service that takes the
// request and never answers costs each attempt its timeout, and the call
// fails with a TimeoutError once the retries are spent, instead of hanging.
func TestASilentServiceFailsTheCallAfterItsRetries(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)

	// Attempts are counted as the client sends them: on a loaded machine
	// an attempt's 50ms may end before the server's handler has seen it.
	var attempts atomic.Int32
	counting := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		attempts.Add(1)
		return srv.Client().Transport.RoundTrip(r)
	})}
	c, err := rest.NewClient(srv.URL+"/api/v10", rest.BotToken("Bot.secret"), rest.WithHTTPClient(counting),
		rest.WithTimeout(50*time.Millisecond), rest.WithRetries(1), rest.WithBackoff(time.Millisecond, time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	// The caller's own deadline is far away: only the Client's timeout can
	// end the call with a TimeoutError.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err = c.ListCommands(ctx, 1, command.Global, false)
	var te *rest.TimeoutError
	if !errors.As(err, &te) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("ListCommands = %v, want a TimeoutError that matches context.DeadlineExceeded", err)
	}
	if te.After != 50*time.Millisecond || te.Route != "GET /applications/{app}/commands" {
		t.Errorf("TimeoutError = %+v", te)
	}
	if n := attempts.Load(); n != 2 {
		t.Errorf("%d attempts, want 2 (one and one retry)", n)
	}
	if strings.Contains(err.Error(), "secret") {
		t.Errorf("the error shows the token: %v", err)
	}
}

// roundTripFunc is an http.RoundTripper made of a function.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
