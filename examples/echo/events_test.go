package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/webhook"
)

// deliver sends body to url, signed by key unless key is nil, and returns
// the status and the body of the answer.
func deliver(t *testing.T, method, url string, key *interactiontest.Key, body []byte) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if key != nil {
		sig, ts := key.Sign(body)
		req.Header.Set(endpoint.HeaderSignature, sig)
		req.Header.Set(endpoint.HeaderTimestamp, ts)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(answer)
}

// signedEvent returns the body that delivers an event of type typ with data.
func signedEvent(t *testing.T, typ webhook.Type, data any) []byte {
	t.Helper()
	raw, err := json.Marshal(data)
	if err != nil {
		t.Fatal(err)
	}
	w := webhook.Body{Version: webhook.Version, ApplicationID: interactiontest.ApplicationID, Type: webhook.BodyEvent,
		Event: &webhook.Event{Type: typ, Timestamp: time.Now(), Data: raw}}
	body, err := w.AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

func TestEchoServesWebhookEventsAtEvents(t *testing.T) {
	key := interactiontest.NewKey("echo")
	var log playground.Buffer
	url := startEchoWith(t, key, &log, false)
	events := url + "/events"
	ada := interaction.User{ID: interactiontest.UserID, Username: "ada"}
	user := interaction.UserInstall
	ping, err := (&webhook.Body{Version: webhook.Version, ApplicationID: interactiontest.ApplicationID, Type: webhook.BodyPing}).AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	authorized := signedEvent(t, webhook.TypeApplicationAuthorized, webhook.ApplicationAuthorized{IntegrationType: &user, User: ada, Scopes: []string{"applications.commands"}})
	entitled := signedEvent(t, webhook.TypeEntitlementCreate, interaction.Entitlement{ID: 7, SKUID: 8, ApplicationID: interactiontest.ApplicationID, UserID: ada.ID, Type: 4})
	unknown := signedEvent(t, "SOMETHING_NEW", map[string]string{"id": "9"})

	tests := []struct {
		name       string
		method     string
		url        string
		key        *interactiontest.Key
		body       []byte
		wantStatus int
		wantBody   string
	}{
		{"a signed PING", "POST", events, key, ping, 204, ""},
		{"a signed APPLICATION_AUTHORIZED", "POST", events, key, authorized, 204, ""},
		{"a signed ENTITLEMENT_CREATE", "POST", events, key, entitled, 204, ""},
		{"a signed event of a type switchboard does not describe", "POST", events, key, unknown, 204, ""},
		{"an unsigned PING", "POST", events, nil, ping, 401, `{"message":"invalid request signature"}`},
		{"an event signed by someone else", "POST", events, interactiontest.NewKey("forger"), authorized, 401, `{"message":"invalid request signature"}`},
		{"a GET", "GET", events, nil, nil, 405, `{"message":"the webhook events endpoint accepts POST only"}`},
		{"an interaction PING on another path", "POST", url + "/", key, interactiontest.Ping().JSON(), 200, `{"type":1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := deliver(t, tt.method, tt.url, tt.key, tt.body)
			if status != tt.wantStatus || body != tt.wantBody {
				t.Errorf("answered %d %q, want %d %q", status, body, tt.wantStatus, tt.wantBody)
			}
		})
	}

	// Handlers run after the answer: wait for the three events' lines.
	deadline := time.Now().Add(5 * time.Second)
	for strings.Count(log.String(), "event received") < 3 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	logged := log.String()
	for _, typ := range []string{"APPLICATION_AUTHORIZED", "ENTITLEMENT_CREATE", "SOMETHING_NEW"} {
		if n := strings.Count(logged, "event="+typ); n != 1 {
			t.Errorf("%d lines name %s, want 1:\n%s", n, typ, logged)
		}
	}
	if n := strings.Count(logged, "event received"); n != 3 {
		t.Errorf("%d events logged, want 3 (none for the PING and the refused requests):\n%s", n, logged)
	}
	if !strings.Contains(logged, "events=/events") {
		t.Errorf("the server's first line does not say where events are served:\n%s", logged)
	}
}
