package emulator_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/webhook"
)

// eventsEndpoint is an application's webhook events endpoint in the
// test's process, as a bot would serve it: it refuses a request whose
// signature interaction.Verifier does not accept with 401, decodes every
// body with package webhook, acknowledges a PING with 204, and hands each
// event to the test before it answers as answer says (204 when nil).
type eventsEndpoint struct {
	URL string
	got chan receivedEvent
}

// receivedEvent is a webhook event the endpoint received.
type receivedEvent struct {
	webhook webhook.Body
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
		var wh webhook.Body
		if err := webhook.Decode(body, &wh); err != nil {
			t.Errorf("the endpoint received a body package webhook refuses: %v\n%s", err, body)
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

// next returns the next event the endpoint receives.
func (ep *eventsEndpoint) next(t *testing.T) receivedEvent {
	t.Helper()
	select {
	case r := <-ep.got:
		return r
	case <-time.After(relayWait):
		t.Fatalf("no webhook event came in %v", relayWait)
		return receivedEvent{}
	}
}

// delivery is an EventDelivery as the tests look at it, from the Go API
// or the control API.
type delivery struct {
	Type       webhook.Type    `json:"type"`
	Body       json.RawMessage `json:"body"`
	Status     int             `json:"status"`
	Answer     string          `json:"answer"`
	Violations []string        `json:"violations"`
	OK         bool            `json:"ok"`
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

// InstallGuild adds the application to a guild, and returns the kind of
// refusal, as the control API names it, or "".
func (tg *target) InstallGuild(t *testing.T, user, guild interaction.Snowflake, scopes ...string) string {
	t.Helper()
	if tg.server != nil {
		err := tg.server.InstallGuild(user, guild, scopes...)
		for kind, name := range map[error]string{emulator.ErrUnknownTarget: "unknown_target",
			emulator.ErrPermissionDenied: "permission_denied", emulator.ErrInvalidInput: "invalid_input"} {
			if errors.Is(err, kind) {
				return name
			}
		}
		if err != nil {
			t.Fatalf("InstallGuild: %v", err)
		}
		return ""
	}
	body, _ := json.Marshal(map[string]any{"user": user, "guild": guild, "scopes": scopes})
	status, raw := control(t, tg.controlURL, "POST", "/_emulator/install", string(body))
	if status == http.StatusNoContent {
		return ""
	}
	var res struct{ Error string }
	if err := json.Unmarshal(raw, &res); err != nil || res.Error == "" {
		t.Fatalf("install: %d %s", status, raw)
	}
	return res.Error
}

// CreateEntitlement grants an entitlement, given as the control API takes
// it, and returns it, or the kind of refusal.
func (tg *target) CreateEntitlement(t *testing.T, in map[string]any) (interaction.Entitlement, string) {
	t.Helper()
	body, _ := json.Marshal(in)
	if tg.server != nil {
		var e interaction.Entitlement
		if err := json.Unmarshal(body, &e); err != nil {
			t.Fatal(err)
		}
		got, err := tg.server.CreateEntitlement(e)
		var ie *emulator.InvocationError
		switch {
		case errors.As(err, &ie) && errors.Is(err, emulator.ErrUnknownTarget):
			return got, "unknown_target"
		case errors.As(err, &ie) && errors.Is(err, emulator.ErrInvalidInput):
			return got, "invalid_input"
		case err != nil:
			t.Fatalf("CreateEntitlement: %v", err)
		}
		return got, ""
	}
	status, raw := control(t, tg.controlURL, "POST", "/_emulator/entitlements", string(body))
	var res struct {
		interaction.Entitlement
		Error string `json:"error"`
	}
	if err := json.Unmarshal(raw, &res); err != nil || (status == http.StatusOK) == (res.Error != "") {
		t.Fatalf("entitlements: %d %s", status, raw)
	}
	return res.Entitlement, res.Error
}

// WaitEvents waits until n deliveries have finished, and returns them all.
func (tg *target) WaitEvents(t *testing.T, n int) []delivery {
	t.Helper()
	var out []delivery
	if tg.server != nil {
		ds, err := tg.server.WaitEvents(untilTestEnds(t), n)
		if err != nil {
			t.Fatalf("%d of %d deliveries finished: %v", len(ds), n, err)
		}
		for _, d := range ds {
			out = append(out, delivery{d.Type, d.Body, d.Status, string(d.Answer), d.Violations, d.OK()})
		}
		return out
	}
	// The control API waits at most maxEventsWait each time: ask again
	// while the test has time.
	ctx := untilTestEnds(t)
	for {
		out = nil
		tg.control(t, "GET", "/_emulator/events?wait="+strconv.Itoa(n), nil, http.StatusOK, &out)
		if len(out) >= n || ctx.Err() != nil {
			break
		}
	}
	if len(out) < n {
		t.Fatalf("%d of %d deliveries finished", len(out), n)
	}
	return out
}
