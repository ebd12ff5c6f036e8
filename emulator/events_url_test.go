package emulator_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

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
