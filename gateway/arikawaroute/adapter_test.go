package arikawaroute_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/diamondburned/arikawa/v3/discord"
	"github.com/diamondburned/arikawa/v3/gateway"
	"github.com/diamondburned/arikawa/v3/session"
	"github.com/diamondburned/arikawa/v3/utils/handler"
	"github.com/diamondburned/arikawa/v3/utils/ws"
	"github.com/rs/zerolog"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/gateway/arikawaroute"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// callbacks is the service's callback endpoint, as far as the adapter's
// tests need it: it keeps the bodies posted to it.
type callbacks struct {
	mu     sync.Mutex
	bodies []string
}

func (c *callbacks) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	c.mu.Lock()
	c.bodies = append(c.bodies, string(body))
	c.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func (c *callbacks) posted() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.bodies...)
}

// logLines is a log that tests can read, and wait for, while it is
// written.
type logLines struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	written chan struct{} // closed at the next write, made by waitFor
}

func (l *logLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.written != nil {
		close(l.written)
		l.written = nil
	}
	return l.buf.Write(p)
}

func (l *logLines) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// waitFor waits until the log holds text.
func (l *logLines) waitFor(t *testing.T, text string) {
	t.Helper()
	deadline := time.After(time.Minute)
	for {
		l.mu.Lock()
		if strings.Contains(l.buf.String(), text) {
			l.mu.Unlock()
			return
		}
		if l.written == nil {
			l.written = make(chan struct{})
		}
		written := l.written
		l.mu.Unlock()
		select {
		case <-written:
		case <-deadline:
			t.Fatalf("the log lacks %q after a minute:\n%s", text, l.String())
		}
	}
}

// pingRouter is a router with one command, /ping.
func pingRouter() *router.Router {
	r := router.New()
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))
	return r
}

// newEndpoint returns an endpoint for the gateway serving /ping, whose
// answers go to api, and which logs to log.
func newEndpoint(t *testing.T, api http.Handler, log io.Writer) *endpoint.Endpoint {
	t.Helper()
	mux, err := pingRouter().Build()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	t.Cleanup(srv.Close)
	client, err := rest.NewClient(srv.URL+"/api/v10", rest.NoAuth{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := endpoint.NewGateway(mux, endpoint.WithClient(client), endpoint.WithLogger(zerolog.New(log)))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestNewRefusesWhatCannotServe(t *testing.T) {
	mux, err := pingRouter().Build()
	if err != nil {
		t.Fatal(err)
	}
	noClient, err := endpoint.New(mux, interactiontest.NewKey("arikawaroute").Verifier())
	if err != nil {
		t.Fatal(err)
	}
	e := newEndpoint(t, new(callbacks), io.Discard)
	var noContext context.Context
	for _, tc := range []struct {
		name string
		e    *endpoint.Endpoint
		opts []arikawaroute.Option
		want string
		is   error
	}{
		{name: "no endpoint", want: "arikawaroute: New needs an endpoint"},
		{name: "no client", e: noClient, want: "arikawaroute: the endpoint cannot serve the interactions of the gateway", is: router.ErrNoClient},
		{name: "nil option", e: e, opts: []arikawaroute.Option{nil}, want: "arikawaroute: option 0 is nil"},
		{name: "nil context", e: e, opts: []arikawaroute.Option{arikawaroute.WithContext(noContext)}, want: "arikawaroute: WithContext needs a context"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := arikawaroute.New(tc.e, tc.opts...)
			if err == nil || !strings.Contains(err.Error(), tc.want) || tc.is != nil && !errors.Is(err, tc.is) {
				t.Fatalf("New: %v, %v; want an error %q", a, err, tc.want)
			}
		})
	}
}

func TestAttachRefusesASessionItCannotServe(t *testing.T) {
	a, err := arikawaroute.New(newEndpoint(t, new(callbacks), io.Discard))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		s    *session.Session
		want string
	}{
		{name: "no session", want: "arikawaroute: Attach needs a session"},
		// Open would give it arikawa's own gateway.
		{name: "no gateway", s: session.New("Bot x"), want: "arikawaroute: the session has no gateway"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := a.Attach(tc.s); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Attach: %v, want an error %q", err, tc.want)
			}
		})
	}
}

// The adapter's gateway decodes INTERACTION_CREATE as arikawa does, and
// keeps its d as the service sent it, in bytes of its own; every other
// event is arikawa's.
func TestTheGatewayKeepsTheInteractionAsSent(t *testing.T) {
	u := arikawaroute.OpUnmarshalers()
	n := 0
	gateway.OpUnmarshalers.Each(func(op ws.OpCode, name ws.EventType, _ ws.OpFunc) bool {
		n++
		fn := u.Lookup(op, name)
		if fn == nil {
			t.Errorf("op %d %s is missing", op, name)
			return false
		}
		_, ours := fn().(*arikawaroute.InteractionCreateEvent)
		if ours != (name == "INTERACTION_CREATE") {
			t.Errorf("op %d %s decodes as %T", op, name, fn())
		}
		return false
	})
	if n < 50 {
		t.Fatalf("arikawa decodes %d events", n)
	}

	d := interactiontest.Command("ping").JSON()
	buf := bytes.Clone(d)
	ev := u.Lookup(0, "INTERACTION_CREATE")().(*arikawaroute.InteractionCreateEvent)
	if err := json.Unmarshal(buf, ev); err != nil {
		t.Fatal(err)
	}
	copy(buf, bytes.Repeat([]byte("x"), len(buf))) // arikawa reuses its buffer
	if !bytes.Equal(ev.Raw, d) || ev.Err != nil {
		t.Errorf("Raw %s, Err %v; want %s", ev.Raw, ev.Err, d)
	}
	if cmd, ok := ev.Data.(*discord.CommandInteraction); !ok || cmd.Name != "ping" || ev.ID == 0 {
		t.Errorf("arikawa's event: %+v", ev.InteractionCreateEvent)
	}
}

// An interaction arikawa cannot decode is kept, and says why; a d that
// is no interaction is not.
func TestTheGatewayKeepsAnInteractionArikawaCannotDecode(t *testing.T) {
	for _, tc := range []struct {
		name, d string
		err     bool // UnmarshalJSON's
		evErr   bool // the event's Err
	}{
		{name: "a field in a shape arikawa does not expect", d: `{"id":"1","type":2,"token":"t","version":"1","data":{"id":"2","name":"ping","type":1}}`, evErr: true},
		{name: "null", d: `null`, err: true},
		{name: "a string", d: `"INTERACTION_CREATE"`, err: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ev arikawaroute.InteractionCreateEvent
			err := json.Unmarshal([]byte(tc.d), &ev)
			if (err != nil) != tc.err || (ev.Err != nil) != tc.evErr {
				t.Fatalf("Unmarshal: %v; Err %v", err, ev.Err)
			}
			if err == nil && string(ev.Raw) != tc.d {
				t.Errorf("Raw %s, want %s", ev.Raw, tc.d)
			}
		})
	}
}

// The adapter serves the d of the adapter's event, once, and logs an
// interaction decoded by arikawa's own gateway, which it cannot answer.
func TestTheAdapterServesTheEventsOfItsGateway(t *testing.T) {
	api := new(callbacks)
	var log logLines
	a, err := arikawaroute.New(newEndpoint(t, api, &log))
	if err != nil {
		t.Fatal(err)
	}
	s := session.NewWithGateway(arikawaroute.NewCustomGateway("ws://127.0.0.1:1/?encoding=json&v=9", gateway.DefaultIdentifier("Bot x"), nil), handler.New())
	detach, err := a.Attach(s)
	if err != nil {
		t.Fatal(err)
	}
	var ev arikawaroute.InteractionCreateEvent
	if err := json.Unmarshal(interactiontest.Command("ping").JSON(), &ev); err != nil {
		t.Fatal(err)
	}
	s.Call(&ev)
	s.Call(&ev.InteractionCreateEvent)
	detach()
	s.Call(&ev)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := a.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if got, want := api.posted(), []string{`{"type":4,"data":{"content":"pong"}}`}; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("posted %q, want %q", got, want)
	}
	for _, part := range []string{`"level":"error"`, `"interaction":"` + ev.ID.String() + `"`, "arikawaroute.NewGateway"} {
		if !strings.Contains(log.String(), part) {
			t.Errorf("the log lacks %s:\n%s", part, log.String())
		}
	}
}
