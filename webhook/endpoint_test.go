package webhook_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/serve"
	"github.com/switchboard-go/switchboard/webhook"
)

var ada = interaction.User{ID: interactiontest.UserID, Username: "ada"}

func authorized() webhook.ApplicationAuthorized {
	guild := interaction.GuildInstall
	return webhook.ApplicationAuthorized{IntegrationType: &guild, User: ada, Scopes: []string{"applications.commands", "bot"},
		Guild: &webhook.Guild{ID: interactiontest.GuildID, Name: "Analytical Engines"}}
}

// lobbyMessage is a message ada sent in a lobby.
func lobbyMessage() webhook.LobbyMessage {
	return webhook.LobbyMessage{ID: 1, LobbyID: 2, ChannelID: 2, Author: ada, Content: "gg"}
}

// gameDM is a direct message ada sent during a game.
func gameDM() webhook.GameDirectMessage {
	return webhook.GameDirectMessage{Message: interaction.Message{ID: 3, ChannelID: 4, Author: ada, Content: "gl"}}
}

// eventAdapters serves e through a Server, on fasthttp, and through its
// net/http adapter, each on a loopback port, and returns the URL of its
// events path on each.
func eventAdapters(t *testing.T, e *webhook.Endpoint) map[string]string {
	t.Helper()
	addr, _ := endpointtest.Start(t, &serve.Server{Events: e}, nil)
	std := httptest.NewServer(e)
	t.Cleanup(std.Close)
	return map[string]string{"fasthttp": "http://" + addr + webhook.DefaultPath, "net/http": std.URL + webhook.DefaultPath}
}

func TestTheEventEndpointAnswersAsTheServiceExpects(t *testing.T) {
	key := interactiontest.NewKey("events")
	other := interactiontest.NewKey("someone else")
	ping := endpointtest.PingBody(t)
	deauth := endpointtest.EventBody(t, webhook.TypeApplicationDeauthorized, webhook.ApplicationDeauthorized{User: ada})
	unhandled := endpointtest.EventBody(t, "LOBBY_MESSAGE_DELETE", map[string]string{"id": "9", "lobby_id": "8"})
	stale := func(body []byte) map[string]string {
		sig, ts := key.SignAt(body, time.Now().Add(-time.Hour))
		return map[string]string{endpoint.HeaderSignature: sig, endpoint.HeaderTimestamp: ts}
	}
	tests := []struct {
		name       string
		method     string
		headers    map[string]string
		body       []byte
		wantStatus int
		wantBody   string
		// wantRun is what the handler saw, if one runs.
		wantRun string
	}{
		{name: "a signed PING", method: "POST", headers: endpointtest.Signature(key, ping), body: ping, wantStatus: 204},
		{name: "a signed event", method: "POST", headers: endpointtest.Signature(key, deauth), body: deauth, wantStatus: 204, wantRun: "deauthorized by ada"},
		{name: "an event no handler is registered for", method: "POST", headers: endpointtest.Signature(key, unhandled), body: unhandled, wantStatus: 204},
		{name: "an unsigned PING", method: "POST", body: ping, wantStatus: 401, wantBody: `{"message":"invalid request signature"}`},
		{name: "a PING signed with another key", method: "POST", headers: endpointtest.Signature(other, ping), body: ping, wantStatus: 401,
			wantBody: `{"message":"invalid request signature"}`},
		{name: "an event whose body was changed after it was signed", method: "POST", headers: endpointtest.Signature(key, deauth),
			body: bytes.Replace(deauth, []byte("ada"), []byte("eve"), 1), wantStatus: 401, wantBody: `{"message":"invalid request signature"}`},
		{name: "a PING signed an hour ago", method: "POST", headers: stale(ping), body: ping, wantStatus: 401,
			wantBody: `{"message":"request timestamp outside the accepted window"}`},
		{name: "a signed body that is not a webhook event", method: "POST", headers: endpointtest.Signature(key, []byte(`{"type":1}`)), body: []byte(`{"type":1}`),
			wantStatus: 400, wantBody: `{"message":"webhook: /version: missing, or not a positive integer"}`},
		{name: "a signed webhook of an unknown type", method: "POST", headers: endpointtest.Signature(key, []byte(`{"version":1,"application_id":"1","type":5}`)),
			body: []byte(`{"version":1,"application_id":"1","type":5}`), wantStatus: 400, wantBody: `{"message":"webhook: /type: unknown body type"}`},
		{name: "a GET", method: "GET", wantStatus: 405, wantBody: `{"message":"the webhook events endpoint accepts POST only"}`},
		{name: "a body over the limit, signed", method: "POST", headers: endpointtest.Signature(key, bytes.Repeat([]byte(" "), 5000)),
			body: bytes.Repeat([]byte(" "), 5000), wantStatus: 413, wantBody: `{"message":"request body too large"}`},
	}
	for adapter := range map[string]bool{"fasthttp": true, "net/http": true} {
		for _, tt := range tests {
			t.Run(adapter+"/"+tt.name, func(t *testing.T) {
				var log endpointtest.LogBuffer
				rec := endpointtest.NewRecorder()
				url := eventAdapters(t, endpointtest.EventBot(t, key, rec, &log))[adapter]
				got := endpointtest.Send(t, tt.method, url, tt.headers, tt.body)
				if got.Status != tt.wantStatus || got.Body != tt.wantBody {
					t.Errorf("answered %d %q, want %d %q", got.Status, got.Body, tt.wantStatus, tt.wantBody)
				}
				if got.Status == 204 && got.Header.Get("Content-Length") != "" {
					t.Errorf("a 204 with Content-Length %q", got.Header.Get("Content-Length"))
				}
				// The service wants a Content-Type on every answer, a 204 included.
				if ct := got.Header.Get("Content-Type"); ct != "application/json" {
					t.Errorf("Content-Type %q, want application/json", ct)
				}
				if got.Status == 405 && got.Header.Get("Allow") != "POST" {
					t.Errorf("a 405 with Allow %q", got.Header.Get("Allow"))
				}
				if tt.wantRun != "" {
					if seen := rec.Wait(t, 1); len(seen) != 1 || seen[0] != tt.wantRun {
						t.Errorf("the handler saw %q, want %q", seen, tt.wantRun)
					}
				}
				if tt.name == "an event no handler is registered for" {
					deadline := time.Now().Add(5 * time.Second)
					for !strings.Contains(log.String(), `"level":"debug","event":"LOBBY_MESSAGE_DELETE"`) && time.Now().Before(deadline) {
						time.Sleep(10 * time.Millisecond)
					}
					if !strings.Contains(log.String(), "no handler for the event") {
						t.Errorf("the unhandled event was not logged at debug level:\n%s", log.String())
					}
				}
			})
		}
	}
}

func TestEventHandlersGetTheirTypedData(t *testing.T) {
	key := interactiontest.NewKey("events")
	rec := endpointtest.NewRecorder()
	e := endpointtest.EventBot(t, key, rec, io.Discard)
	e.Fallback(webhook.HandlerFunc(func(ctx context.Context, ev *webhook.Event) error {
		rec.Add("fallback %s %s", ev.Type, ev.Data)
		return nil
	}))
	e.OnLobbyMessageCreate(func(ctx context.Context, ev *webhook.Event, m webhook.LobbyMessage) error {
		rec.Add("lobby message %v in %v by %s: %s", m.ID, m.LobbyID, m.Author.Username, m.Content)
		return nil
	})
	e.OnLobbyMessageUpdate(func(ctx context.Context, ev *webhook.Event, m webhook.LobbyMessage) error {
		rec.Add("lobby message %v in %v edited: %s", m.ID, m.LobbyID, m.Content)
		return nil
	})
	e.OnLobbyMessageDelete(func(ctx context.Context, ev *webhook.Event, d webhook.LobbyMessageDelete) error {
		rec.Add("lobby message %v deleted from %v", d.ID, d.LobbyID)
		return nil
	})
	e.OnGameDirectMessageCreate(func(ctx context.Context, ev *webhook.Event, m webhook.GameDirectMessage) error {
		rec.Add("direct message %v in %v by %s: %s", m.ID, m.ChannelID, m.Author.Username, m.Content)
		return nil
	})
	e.OnGameDirectMessageUpdate(func(ctx context.Context, ev *webhook.Event, m webhook.GameDirectMessage) error {
		rec.Add("direct message %v in %v edited: %s", m.ID, m.ChannelID, m.Content)
		return nil
	})
	e.OnGameDirectMessageDelete(func(ctx context.Context, ev *webhook.Event, m webhook.GameDirectMessage) error {
		rec.Add("direct message %v in %v deleted", m.ID, m.ChannelID)
		return nil
	})
	urls := eventAdapters(t, e)
	bodies := []struct {
		body []byte
		want string
	}{
		{endpointtest.EventBody(t, webhook.TypeApplicationAuthorized, authorized()),
			"authorized by ada to Analytical Engines (GUILD_INSTALL) with [applications.commands bot] at 2024-10-18T14:42:53.064834Z"},
		{endpointtest.EventBody(t, webhook.TypeApplicationDeauthorized, webhook.ApplicationDeauthorized{User: ada}), "deauthorized by ada"},
		{endpointtest.EventBody(t, webhook.TypeEntitlementCreate, interaction.Entitlement{ID: 77, SKUID: 88, ApplicationID: interactiontest.ApplicationID, UserID: ada.ID, Type: 1}),
			"entitlement 77 to SKU 88 for 1100000000000000005"},
		{endpointtest.EventBody(t, webhook.TypeQuestUserEnrollment, map[string]string{"quest_id": "5"}), `quest enrollment {"quest_id":"5"}`},
		{endpointtest.EventBody(t, webhook.TypeLobbyMessageCreate, lobbyMessage()), "lobby message 1 in 2 by ada: gg"},
		{endpointtest.EventBody(t, webhook.TypeLobbyMessageUpdate, lobbyMessage()), "lobby message 1 in 2 edited: gg"},
		{endpointtest.EventBody(t, webhook.TypeLobbyMessageDelete, webhook.LobbyMessageDelete{ID: 1, LobbyID: 2}), "lobby message 1 deleted from 2"},
		{endpointtest.EventBody(t, webhook.TypeGameDirectMessageCreate, gameDM()), "direct message 3 in 4 by ada: gl"},
		{endpointtest.EventBody(t, webhook.TypeGameDirectMessageUpdate, gameDM()), "direct message 3 in 4 edited: gl"},
		{endpointtest.EventBody(t, webhook.TypeGameDirectMessageDelete, gameDM()), "direct message 3 in 4 deleted"},
		{endpointtest.EventBody(t, "SOMETHING_NEW", map[string]string{"id": "77"}), `fallback SOMETHING_NEW {"id":"77"}`},
	}
	for adapter, url := range urls {
		for _, b := range bodies {
			if got := endpointtest.Send(t, "POST", url, endpointtest.Signature(key, b.body), b.body); got.Status != 204 || got.Body != "" {
				t.Fatalf("%s: answered %d %q", adapter, got.Status, got.Body)
			}
			if seen := rec.Wait(t, 1); seen[len(seen)-1] != b.want {
				t.Errorf("%s: the handler saw %q, want %q", adapter, seen[len(seen)-1], b.want)
			}
		}
	}
}

func TestEventHandlersRunApartFromTheRequest(t *testing.T) {
	key := interactiontest.NewKey("events")
	type seenContext struct {
		deadline time.Duration
		errAfter error
	}
	seen := make(chan seenContext, 2)
	release := make(chan struct{})
	e := endpointtest.NewEvents(t, key.Verifier(), webhook.WithTimeout(2*time.Second))
	e.OnApplicationDeauthorized(func(ctx context.Context, ev *webhook.Event, d webhook.ApplicationDeauthorized) error {
		dl, _ := ctx.Deadline()
		<-release // the request has been answered by now
		seen <- seenContext{deadline: time.Until(dl), errAfter: ctx.Err()}
		return nil
	})
	body := endpointtest.EventBody(t, webhook.TypeApplicationDeauthorized, webhook.ApplicationDeauthorized{User: ada})
	for adapter, url := range eventAdapters(t, e) {
		start := time.Now()
		got := endpointtest.Send(t, "POST", url, endpointtest.Signature(key, body), body)
		if got.Status != 204 {
			t.Fatalf("%s: answered %d %q", adapter, got.Status, got.Body)
		}
		if took := time.Since(start); took > time.Second {
			t.Errorf("%s: the answer waited %v for the handler", adapter, took)
		}
		release <- struct{}{}
		s := <-seen
		if s.errAfter != nil {
			t.Errorf("%s: the handler's context ended with its request: %v", adapter, s.errAfter)
		}
		if s.deadline <= 0 || s.deadline > 2*time.Second {
			t.Errorf("%s: the handler's context had %v left, want up to the event timeout of 2s", adapter, s.deadline)
		}
	}
}

func TestEventHandlerFailuresAndPanicsAreLogged(t *testing.T) {
	key := interactiontest.NewKey("events")
	var log endpointtest.LogBuffer
	e := endpointtest.NewEvents(t, key.Verifier(), webhook.WithLogger(zerolog.New(&log)))
	done := make(chan struct{}, 2)
	e.OnApplicationDeauthorized(func(context.Context, *webhook.Event, webhook.ApplicationDeauthorized) error {
		defer func() { done <- struct{}{} }()
		return errors.New("the database is down")
	})
	e.OnEntitlementCreate(func(context.Context, *webhook.Event, interaction.Entitlement) error {
		defer func() { done <- struct{}{} }()
		panic("no price list for the SKU")
	})
	addr, stop := endpointtest.Start(t, &serve.Server{Events: e}, nil)
	url := "http://" + addr + "/events"
	for _, body := range [][]byte{
		endpointtest.EventBody(t, webhook.TypeApplicationDeauthorized, webhook.ApplicationDeauthorized{User: ada}),
		endpointtest.EventBody(t, webhook.TypeEntitlementCreate, interaction.Entitlement{ID: 1, SKUID: 2, ApplicationID: 3}),
	} {
		if got := endpointtest.Send(t, "POST", url, endpointtest.Signature(key, body), body); got.Status != 204 {
			t.Fatalf("answered %d %q", got.Status, got.Body)
		}
	}
	<-done
	<-done
	// Stopping waits for the handlers to return, and so for their logs.
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	logged := log.String()
	for _, want := range []string{
		`"level":"error","event":"APPLICATION_DEAUTHORIZED","application":"1100000000000000001","timestamp":"2024-10-18T14:42:53Z","error":"the database is down"`,
		`"message":"event handler failed"`,
		`"level":"error","event":"ENTITLEMENT_CREATE"`,
		`"panic":"no price list for the SKU"`,
		`"message":"event handler panicked"`,
		`endpoint_test.go`, // the stack names the handler
	} {
		if !strings.Contains(logged, want) {
			t.Errorf("log lacks %s:\n%s", want, logged)
		}
	}
	// The server kept serving after the panic until it was stopped.
	if !strings.Contains(logged, `"message":"stopped"`) {
		t.Errorf("log lacks the stop:\n%s", logged)
	}
}

func TestEventsBeyondTheConcurrencyLimitAreRefusedForLater(t *testing.T) {
	key := interactiontest.NewKey("events")
	started, release := make(chan struct{}, 2), make(chan struct{})
	e := endpointtest.NewEvents(t, key.Verifier(), webhook.WithConcurrency(1))
	e.OnApplicationDeauthorized(func(context.Context, *webhook.Event, webhook.ApplicationDeauthorized) error {
		started <- struct{}{}
		<-release
		return nil
	})
	addr, _ := endpointtest.Start(t, &serve.Server{Events: e}, nil)
	url := "http://" + addr + "/events"
	body := endpointtest.EventBody(t, webhook.TypeApplicationDeauthorized, webhook.ApplicationDeauthorized{User: ada})
	if got := endpointtest.Send(t, "POST", url, endpointtest.Signature(key, body), body); got.Status != 204 {
		t.Fatalf("first event answered %d %q", got.Status, got.Body)
	}
	<-started
	if got := endpointtest.Send(t, "POST", url, endpointtest.Signature(key, body), body); got.Status != 503 ||
		got.Body != `{"message":"too many events under way; send it again later"}` {
		t.Errorf("an event beyond the limit answered %d %q, want 503", got.Status, got.Body)
	}
	ping := endpointtest.PingBody(t)
	if got := endpointtest.Send(t, "POST", url, endpointtest.Signature(key, ping), ping); got.Status != 204 {
		t.Errorf("a PING while the handlers are busy answered %d %q, want 204", got.Status, got.Body)
	}
	release <- struct{}{}
	// The slot is free once the handler has returned.
	deadline := time.Now().Add(5 * time.Second)
	for {
		got := endpointtest.Send(t, "POST", url, endpointtest.Signature(key, body), body)
		if got.Status == 204 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the handler returned, an event still answered %d %q", got.Status, got.Body)
		}
		time.Sleep(10 * time.Millisecond)
	}
	<-started
	release <- struct{}{}
}

func TestRegisteringAnEventHandlerTwiceOrNilPanics(t *testing.T) {
	e := endpointtest.NewEvents(t, interactiontest.NewKey("events").Verifier())
	e.OnApplicationAuthorized(func(context.Context, *webhook.Event, webhook.ApplicationAuthorized) error { return nil })
	for name, register := range map[string]func(){
		"a second handler of a type": func() {
			e.On(webhook.TypeApplicationAuthorized, webhook.HandlerFunc(func(context.Context, *webhook.Event) error { return nil }))
		},
		"a nil handler":       func() { e.On("X", nil) },
		"a nil HandlerFunc":   func() { e.On("X", webhook.HandlerFunc(nil)) },
		"a nil typed handler": func() { e.OnEntitlementCreate(nil) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("registering %s did not panic", name)
				}
			}()
			register()
		}()
	}
}

func TestNewEndpointRefusesAMisconfiguration(t *testing.T) {
	key := interactiontest.NewKey("events")
	tests := []struct {
		name     string
		verifier *interaction.Verifier
		opts     []webhook.Option
		want     string // "" when the endpoint is made
	}{
		{"the defaults", key.Verifier(), nil, ""},
		{"every option", key.Verifier(), []webhook.Option{webhook.WithMaxBodySize(1), webhook.WithTimeout(time.Nanosecond),
			webhook.WithConcurrency(1), webhook.WithLogger(zerolog.Nop()), webhook.WithObserver(new(observed))}, ""},
		{"no verifier", nil, nil, "webhook: NewEndpoint: the Verifier is nil"},
		{"no body", key.Verifier(), []webhook.Option{webhook.WithMaxBodySize(0)},
			"webhook: NewEndpoint: WithMaxBodySize(0): the size must be positive"},
		{"a negative timeout", key.Verifier(), []webhook.Option{webhook.WithTimeout(-time.Second)},
			"webhook: NewEndpoint: WithTimeout(-1s): the timeout must be positive"},
		{"no handler allowed to run", key.Verifier(), []webhook.Option{webhook.WithConcurrency(0)},
			"webhook: NewEndpoint: WithConcurrency(0): at least one handler must be allowed to run"},
		{"two mistakes", nil, []webhook.Option{webhook.WithConcurrency(-1)},
			"webhook: NewEndpoint: the Verifier is nil\nwebhook: NewEndpoint: WithConcurrency(-1): at least one handler must be allowed to run"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := webhook.NewEndpoint(tt.verifier, tt.opts...)
			if tt.want == "" {
				if err != nil || e == nil {
					t.Fatalf("NewEndpoint: %v, %v; want an endpoint", e, err)
				}
				return
			}
			if err == nil || err.Error() != tt.want || e != nil {
				t.Errorf("NewEndpoint: %v, %v; want nil, %q", e, err, tt.want)
			}
		})
	}
}
