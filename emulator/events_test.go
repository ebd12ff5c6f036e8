package emulator_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/event"
	"github.com/switchboard-go/switchboard/interaction"
)

// eventsEndpoint is an application's webhook events endpoint in the
// test's process, as a bot would serve it: it refuses a request whose
// signature interaction.Verifier does not accept with 401, decodes every
// body with package event, acknowledges a PING with 204, and hands each
// event to the test before it answers as answer says (204 when nil).
type eventsEndpoint struct {
	URL string
	got chan receivedEvent
}

// receivedEvent is a webhook event the endpoint received.
type receivedEvent struct {
	webhook event.Webhook
	body    []byte
}

func startEventsEndpoint(t *testing.T, s *target, answer http.HandlerFunc) *eventsEndpoint {
	t.Helper()
	verifier, err := interaction.NewVerifier(s.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	ep := &eventsEndpoint{got: make(chan receivedEvent, 16)}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if verifier.Verify([]byte(r.Header.Get("X-Signature-Ed25519")), []byte(r.Header.Get("X-Signature-Timestamp")), body) != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		var wh event.Webhook
		if err := event.Decode(body, &wh); err != nil {
			t.Errorf("the endpoint received a body package event refuses: %v\n%s", err, body)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		if wh.IsPing() {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		select {
		case ep.got <- receivedEvent{wh, body}:
		case <-r.Context().Done():
			return
		}
		if answer != nil {
			answer(w, r)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(srv.Close)
	ep.URL = srv.URL
	return ep
}

// The methods below do what the Server's do, through the control API on
// the process.

// SetEventsURL sets the webhook events URL, and returns the reason the
// emulator refused it, or "".
func (tg *target) SetEventsURL(t *testing.T, u string) string {
	t.Helper()
	if tg.server != nil {
		err := tg.server.SetEventsURL(context.Background(), u)
		if err != nil && !errors.Is(err, emulator.ErrEventsEndpointCheck) {
			t.Fatalf("the refusal %v is not an ErrEventsEndpointCheck", err)
		}
		if err != nil {
			return err.Error()
		}
		return ""
	}
	body, _ := json.Marshal(map[string]string{"url": u})
	status, raw := control(t, tg.controlURL, "POST", "/_emulator/events-url", string(body))
	if status == http.StatusNoContent {
		return ""
	}
	var res struct{ Message string }
	if err := json.Unmarshal(raw, &res); status != http.StatusBadRequest || err != nil || res.Message == "" {
		t.Fatalf("events-url: %d %s", status, raw)
	}
	return res.Message
}

// The webhook events URL is checked as the service checks it when a
// developer saves it: a signed PING answered 204 with no body, and a badly
// signed one 401. A refused URL changes nothing.
func TestTheEventsURLIsCheckedAsTheServiceChecksIt(t *testing.T) {
	s := start(t, emulator.Config{})
	good := startEventsEndpoint(t, s, nil)
	serve := func(h http.HandlerFunc) string {
		srv := httptest.NewServer(h)
		t.Cleanup(srv.Close)
		return srv.URL
	}
	for _, tc := range []struct {
		name, url string
		want      string // in the reason
	}{
		{"an endpoint that answers the PING as an interactions endpoint does is refused",
			serve(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`{"type":1}`)) }), "not 204 with no body"},
		{"an endpoint that answers 200 with no body is refused",
			serve(func(w http.ResponseWriter, r *http.Request) {}), "answered 200"},
		{"an endpoint that checks no signature is refused",
			serve(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) }), "not 401"},
		{"an endpoint that is not there is refused", "http://127.0.0.1:1", "no answer"},
		{"a URL that is not http is refused", "ftp://127.0.0.1/events", "absolute http or https URL"},
		{"a relative URL is refused", "/events", "absolute http or https URL"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if reason := s.SetEventsURL(t, tc.url); !strings.Contains(reason, tc.want) {
				t.Fatalf("refused for %q, want %q", reason, tc.want)
			}
		})
	}
	_, app := call(t, s, "GET", "/oauth2/applications/@me", "Bot "+s.BotToken, "")
	if app["event_webhooks_url"] != nil || app["event_webhooks_status"] != float64(1) {
		t.Fatalf("after the refusals the application has %v, status %v", app["event_webhooks_url"], app["event_webhooks_status"])
	}
	if reason := s.SetEventsURL(t, good.URL); reason != "" {
		t.Fatalf("an endpoint that verifies signatures and answers 204 was refused: %s", reason)
	}
	_, app = call(t, s, "GET", "/oauth2/applications/@me", "Bot "+s.BotToken, "")
	if app["event_webhooks_url"] != good.URL || app["event_webhooks_status"] != float64(2) {
		t.Fatalf("after setting the URL the application has %v, status %v", app["event_webhooks_url"], app["event_webhooks_status"])
	}
	if reason := s.SetEventsURL(t, ""); reason != "" {
		t.Fatalf("removing the URL: %s", reason)
	}
	_, app = call(t, s, "GET", "/oauth2/applications/@me", "Bot "+s.BotToken, "")
	if app["event_webhooks_url"] != nil || app["event_webhooks_status"] != float64(1) {
		t.Fatalf("after removing the URL the application has %v, status %v", app["event_webhooks_url"], app["event_webhooks_status"])
	}
}
