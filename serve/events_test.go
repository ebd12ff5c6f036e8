package serve_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/serve"
	"github.com/switchboard-go/switchboard/webhook"
)

func TestServerShutdownWaitsForTheEventHandlersRunning(t *testing.T) {
	t.Parallel()
	key := interactiontest.NewKey("events")
	var finished time.Time
	var mu sync.Mutex
	started := make(chan struct{})
	e := endpointtest.NewEvents(t, key.Verifier())
	e.OnApplicationDeauthorized(func(context.Context, *webhook.Event, webhook.ApplicationDeauthorized) error {
		close(started)
		time.Sleep(300 * time.Millisecond)
		mu.Lock()
		finished = time.Now()
		mu.Unlock()
		return nil
	})
	addr, stop := endpointtest.Start(t, &serve.Server{Events: e}, nil)
	body := endpointtest.EventBody(t, webhook.TypeApplicationDeauthorized, webhook.ApplicationDeauthorized{User: ada})
	if got := endpointtest.Send(t, "POST", "http://"+addr+"/events", endpointtest.Signature(key, body), body); got.Status != 204 {
		t.Fatalf("answered %d %q", got.Status, got.Body)
	}
	<-started
	if err := stop(); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	stopped := time.Now()
	mu.Lock()
	defer mu.Unlock()
	if finished.IsZero() || finished.After(stopped) {
		t.Errorf("Serve returned before the handler finished")
	}
}

func TestServerShutdownGivesUpOnAnEventHandlerAfterItsTimeout(t *testing.T) {
	key := interactiontest.NewKey("events")
	started, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	e := endpointtest.NewEvents(t, key.Verifier())
	e.OnApplicationDeauthorized(func(context.Context, *webhook.Event, webhook.ApplicationDeauthorized) error {
		close(started)
		<-release // ignoring its context
		return nil
	})
	addr, stop := endpointtest.Start(t, &serve.Server{Events: e, ShutdownTimeout: 500 * time.Millisecond}, nil)
	body := endpointtest.EventBody(t, webhook.TypeApplicationDeauthorized, webhook.ApplicationDeauthorized{User: ada})
	if got := endpointtest.Send(t, "POST", "http://"+addr+"/events", endpointtest.Signature(key, body), body); got.Status != 204 {
		t.Fatalf("answered %d %q", got.Status, got.Body)
	}
	<-started
	// The connection the event came on is closed, so that the shutdown
	// has only the handler to wait for, however busy the machine.
	http.DefaultTransport.(*http.Transport).CloseIdleConnections()
	err := stop()
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "event handlers still running") {
		t.Fatalf("Serve returned %v, want a shutdown that ran out of time waiting for the event handler", err)
	}
}

func TestServerServesEventsBesideInteractions(t *testing.T) {
	key := interactiontest.NewKey("server")
	rec := endpointtest.NewRecorder()
	interactions := slowBot(t, key, io.Discard, nil, nil)
	events := endpointtest.EventBot(t, key, rec, io.Discard)
	both, _ := endpointtest.Start(t, &serve.Server{Endpoint: interactions, Events: events, HealthPath: "/healthz"}, nil)
	elsewhere, _ := endpointtest.Start(t, &serve.Server{Endpoint: interactions, Events: events, EventsPath: "/hooks/discord"}, nil)
	alone, _ := endpointtest.Start(t, &serve.Server{Events: events, HealthPath: "/healthz"}, nil)

	ping := interactiontest.Ping().JSON()
	eventPing := endpointtest.PingBody(t)
	tests := []struct {
		name       string
		url        string
		method     string
		body       []byte
		signed     bool
		wantStatus int
		wantBody   string
	}{
		{"an interaction on /", "http://" + both + "/", "POST", ping, true, 200, `{"type":1}`},
		{"an interaction on another path", "http://" + both + "/interactions", "POST", ping, true, 200, `{"type":1}`},
		{"an event PING on /events", "http://" + both + "/events", "POST", eventPing, true, 204, ""},
		{"an interaction PING on /events is not a webhook event", "http://" + both + "/events", "POST", ping, true, 400,
			`{"message":"webhook: /event: missing"}`},
		{"an unsigned event", "http://" + both + "/events", "POST", eventPing, false, 401, `{"message":"invalid request signature"}`},
		{"a GET on /events", "http://" + both + "/events", "GET", nil, false, 405, `{"message":"the webhook events endpoint accepts POST only"}`},
		{"a path below /events is the interactions endpoint's", "http://" + both + "/events/x", "GET", nil, false, 405,
			`{"message":"the interactions endpoint accepts POST only"}`},
		{"the health check", "http://" + both + "/healthz", "GET", nil, false, 200, "ok\n"},
		{"an event PING on another events path", "http://" + elsewhere + "/hooks/discord", "POST", eventPing, true, 204, ""},
		{"/events when events are served elsewhere", "http://" + elsewhere + "/events", "POST", ping, true, 200, `{"type":1}`},
		{"events alone: an event PING", "http://" + alone + "/events", "POST", eventPing, true, 204, ""},
		{"events alone: the health check", "http://" + alone + "/healthz", "GET", nil, false, 200, "ok\n"},
		{"events alone: another path", "http://" + alone + "/", "POST", ping, true, 404,
			`{"message":"not found: this server serves webhook events only"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var headers map[string]string
			if tt.signed {
				headers = endpointtest.Signature(key, tt.body)
			}
			got := endpointtest.Send(t, tt.method, tt.url, headers, tt.body)
			if got.Status != tt.wantStatus || got.Body != tt.wantBody {
				t.Errorf("answered %d %q, want %d %q", got.Status, got.Body, tt.wantStatus, tt.wantBody)
			}
		})
	}
}

func TestServerAnswersEventRequestsItCannotReadInJSON(t *testing.T) {
	key := interactiontest.NewKey("events")
	e := endpointtest.NewEvents(t, key.Verifier(), webhook.WithMaxBodySize(1000))
	addr, _ := endpointtest.Start(t, &serve.Server{Events: e}, nil)
	for _, tt := range []struct {
		name, request, want string
		status              int
	}{
		{"a body declared over the limit", "POST /events HTTP/1.1\r\nHost: bot\r\nContent-Length: 1001\r\n\r\n", `{"message":"request body too large"}`, 413},
		{"a length that is not a number", "POST /events HTTP/1.1\r\nHost: bot\r\nContent-Length: ten\r\n\r\n", `{"message":"malformed HTTP request"}`, 400},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := rawExchange(t, addr, tt.request)
			if got.Status != tt.status || got.Body != tt.want || got.Header.Get("Content-Type") != "application/json" {
				t.Errorf("answered %d %q (%s), want %d %q", got.Status, got.Body, got.Header.Get("Content-Type"), tt.status, tt.want)
			}
		})
	}
}

func TestServerRefusesEventsPathsItCannotServe(t *testing.T) {
	e := endpointtest.NewEvents(t, interactiontest.NewKey("events").Verifier())
	for _, s := range []*serve.Server{
		{Events: e, EventsPath: "events"},
		{Events: e, HealthPath: "/events"},
		{Events: e, EventsPath: "/up", HealthPath: "/up"},
	} {
		ln, err := listenLoopback(t)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Serve(context.Background(), ln); err == nil || !strings.Contains(err.Error(), "EventsPath") {
			t.Errorf("Serve with EventsPath %q and HealthPath %q: %v", s.EventsPath, s.HealthPath, err)
		}
	}
}
