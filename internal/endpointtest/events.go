package endpointtest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/webhook"
)

// EventBody returns the body that delivers an event of type typ with data,
// encoded as JSON, to interactiontest.ApplicationID. The event happened at
// 2024-10-18T14:42:53.064834Z.
func EventBody(tb testing.TB, typ webhook.Type, data any) []byte {
	tb.Helper()
	ev := &webhook.Event{Type: typ, Timestamp: time.Date(2024, 10, 18, 14, 42, 53, 64834000, time.UTC)}
	if data != nil {
		raw, err := json.Marshal(data)
		if err != nil {
			tb.Fatal(err)
		}
		ev.Data = raw
	}
	w := webhook.Body{Version: webhook.Version, ApplicationID: interactiontest.ApplicationID, Type: webhook.BodyEvent, Event: ev}
	body, err := w.AppendJSON(nil)
	if err != nil {
		tb.Fatal(err)
	}
	return body
}

// PingBody returns the body of the PING with which the service checks the
// events URL of interactiontest.ApplicationID.
func PingBody(tb testing.TB) []byte {
	tb.Helper()
	w := webhook.Body{Version: webhook.Version, ApplicationID: interactiontest.ApplicationID, Type: webhook.BodyPing}
	body, err := w.AppendJSON(nil)
	if err != nil {
		tb.Fatal(err)
	}
	return body
}

// NewEvents returns the events endpoint webhook.NewEndpoint makes, or ends
// the test.
func NewEvents(tb testing.TB, v *interaction.Verifier, opts ...webhook.Option) *webhook.Endpoint {
	tb.Helper()
	e, err := webhook.NewEndpoint(v, opts...)
	if err != nil {
		tb.Fatal(err)
	}
	return e
}

// Recorder collects what event handlers saw, one line for each handler
// that ran, for the test to wait for.
type Recorder struct {
	mu   sync.Mutex
	seen []string
	done chan struct{}
}

// NewRecorder returns an empty Recorder, for up to 100 handlers.
func NewRecorder() *Recorder { return &Recorder{done: make(chan struct{}, 100)} }

// Add records that a handler ran and what it saw, formatted as fmt.Sprintf
// does.
func (r *Recorder) Add(format string, args ...any) {
	r.mu.Lock()
	r.seen = append(r.seen, fmt.Sprintf(format, args...))
	r.mu.Unlock()
	r.done <- struct{}{}
}

// Wait waits for n more handlers to have run, for up to 5 seconds each,
// and returns what all handlers saw so far.
func (r *Recorder) Wait(tb testing.TB, n int) []string {
	tb.Helper()
	for range n {
		select {
		case <-r.done:
		case <-time.After(5 * time.Second):
			tb.Fatalf("a handler did not run within 5s; seen so far: %q", r.Got())
		}
	}
	return r.Got()
}

// Got returns what the handlers that ran saw, in the order they added it.
func (r *Recorder) Got() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.seen...)
}

// EventBot returns an events endpoint verified by key that logs to log at
// debug level, takes bodies of up to 4096 bytes, and has a handler of each
// kind, each adding what it saw to rec:
//
//   - APPLICATION_AUTHORIZED: "authorized by USER to GUILD (INSTALLATION)
//     with SCOPES at TIME";
//   - APPLICATION_DEAUTHORIZED: "deauthorized by USER";
//   - ENTITLEMENT_CREATE: "entitlement ID to SKU SKU for USER";
//   - QUEST_USER_ENROLLMENT, through On: "quest enrollment DATA".
//
// opts come after those options, and so win over them.
func EventBot(tb testing.TB, key *interactiontest.Key, rec *Recorder, log io.Writer, opts ...webhook.Option) *webhook.Endpoint {
	tb.Helper()
	opts = append([]webhook.Option{webhook.WithLogger(zerolog.New(log).Level(zerolog.DebugLevel)),
		webhook.WithMaxBodySize(4096)}, opts...)
	e := NewEvents(tb, key.Verifier(), opts...)
	e.OnApplicationAuthorized(func(ctx context.Context, ev *webhook.Event, a webhook.ApplicationAuthorized) error {
		where, _ := a.Installation()
		rec.Add("authorized by %s to %s (%v) with %v at %s", a.User.Username, a.Guild.Name, where, a.Scopes, ev.Timestamp.Format(time.RFC3339Nano))
		return nil
	})
	e.OnApplicationDeauthorized(func(ctx context.Context, ev *webhook.Event, d webhook.ApplicationDeauthorized) error {
		rec.Add("deauthorized by %s", d.User.Username)
		return nil
	})
	e.OnEntitlementCreate(func(ctx context.Context, ev *webhook.Event, ent interaction.Entitlement) error {
		rec.Add("entitlement %v to SKU %v for %v", ent.ID, ent.SKUID, ent.UserID)
		return nil
	})
	e.On(webhook.TypeQuestUserEnrollment, webhook.HandlerFunc(func(ctx context.Context, ev *webhook.Event) error {
		rec.Add("quest enrollment %s", ev.Data)
		return nil
	}))
	return e
}
