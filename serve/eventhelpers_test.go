package serve_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/webhook"
)

// eventAt is when the events of these tests happened.
var eventAt = time.Date(2024, 10, 18, 14, 42, 53, 64834000, time.UTC)

// eventBody returns the body that delivers an event of type t with data.
func eventBody(t testing.TB, typ webhook.Type, data any) []byte {
	t.Helper()
	ev := &webhook.Event{Type: typ, Timestamp: eventAt}
	if data != nil {
		raw, err := json.Marshal(data)
		if err != nil {
			t.Fatal(err)
		}
		ev.Data = raw
	}
	w := webhook.Body{Version: webhook.Version, ApplicationID: interactiontest.ApplicationID, Type: webhook.BodyEvent, Event: ev}
	body, err := w.AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

func pingBody(t testing.TB) []byte {
	t.Helper()
	w := webhook.Body{Version: webhook.Version, ApplicationID: interactiontest.ApplicationID, Type: webhook.BodyPing}
	body, err := w.AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

var ada = interaction.User{ID: interactiontest.UserID, Username: "ada"}

// httpAnswer is what an endpoint answered.
type httpAnswer struct {
	status int
	body   string
	header http.Header
}

// send posts body to url with the given headers, and returns the answer.
func send(t *testing.T, method, url string, headers map[string]string, body []byte) httpAnswer {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return httpAnswer{resp.StatusCode, string(b), resp.Header}
}

// signatureOf returns the signature headers key puts on body.
func signatureOf(key *interactiontest.Key, body []byte) map[string]string {
	sig, ts := key.Sign(body)
	return map[string]string{endpoint.HeaderSignature: sig, endpoint.HeaderTimestamp: ts}
}

// recorder collects what event handlers saw.
type recorder struct {
	mu   sync.Mutex
	seen []string
	done chan struct{}
}

func newRecorder() *recorder { return &recorder{done: make(chan struct{}, 100)} }

func (r *recorder) add(format string, args ...any) {
	r.mu.Lock()
	r.seen = append(r.seen, fmt.Sprintf(format, args...))
	r.mu.Unlock()
	r.done <- struct{}{}
}

// newEvents returns the webhook events endpoint webhook.NewEndpoint
// makes, or ends the test.
func newEvents(t testing.TB, v *interaction.Verifier, opts ...webhook.Option) *webhook.Endpoint {
	t.Helper()
	e, err := webhook.NewEndpoint(v, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// eventBot registers a handler of each kind, each recording what it saw.
func eventBot(t testing.TB, key *interactiontest.Key, rec *recorder, log io.Writer, opts ...webhook.Option) *webhook.Endpoint {
	opts = append([]webhook.Option{webhook.WithLogger(zerolog.New(log).Level(zerolog.DebugLevel)),
		webhook.WithMaxBodySize(4096)}, opts...)
	e := newEvents(t, key.Verifier(), opts...)
	e.OnApplicationAuthorized(func(ctx context.Context, ev *webhook.Event, a webhook.ApplicationAuthorized) error {
		where, _ := a.Installation()
		rec.add("authorized by %s to %s (%v) with %v at %s", a.User.Username, a.Guild.Name, where, a.Scopes, ev.Timestamp.Format(time.RFC3339Nano))
		return nil
	})
	e.OnApplicationDeauthorized(func(ctx context.Context, ev *webhook.Event, d webhook.ApplicationDeauthorized) error {
		rec.add("deauthorized by %s", d.User.Username)
		return nil
	})
	e.OnEntitlementCreate(func(ctx context.Context, ev *webhook.Event, ent interaction.Entitlement) error {
		rec.add("entitlement %v to SKU %v for %v", ent.ID, ent.SKUID, ent.UserID)
		return nil
	})
	e.On(webhook.TypeQuestUserEnrollment, webhook.HandlerFunc(func(ctx context.Context, ev *webhook.Event) error {
		rec.add("quest enrollment %s", ev.Data)
		return nil
	}))
	return e
}

// rawExchange writes request to addr as it is and reads the answer.
func rawExchange(t *testing.T, addr, request string) httpAnswer {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(c, request); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return httpAnswer{resp.StatusCode, string(body), resp.Header}
}

func listenLoopback(t *testing.T) (net.Listener, error) {
	t.Helper()
	return net.Listen("tcp", "127.0.0.1:0")
}
