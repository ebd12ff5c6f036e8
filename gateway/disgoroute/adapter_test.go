package disgoroute_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/disgoorg/disgo/discord"
	"github.com/disgoorg/disgo/events"
	"github.com/disgoorg/disgo/gateway"
	"github.com/rs/zerolog"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/gateway/disgoroute"
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

func (l *logLines) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// newEndpoint returns an endpoint for the gateway serving /ping, whose
// answers go to api, and which logs to log.
func newEndpoint(t *testing.T, api http.Handler, log io.Writer) *endpoint.Endpoint {
	t.Helper()
	r := router.New()
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))
	mux, err := r.Build()
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
	r := router.New()
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	noClient, err := endpoint.New(mux, interactiontest.NewKey("disgoroute").Verifier())
	if err != nil {
		t.Fatal(err)
	}
	e := newEndpoint(t, new(callbacks), io.Discard)
	var noContext context.Context
	for _, tc := range []struct {
		name string
		e    *endpoint.Endpoint
		opts []disgoroute.Option
		want string
		is   error
	}{
		{name: "no endpoint", want: "disgoroute: New needs an endpoint"},
		{name: "no client", e: noClient, want: "disgoroute: the endpoint cannot serve the interactions of the gateway", is: router.ErrNoClient},
		{name: "nil option", e: e, opts: []disgoroute.Option{nil}, want: "disgoroute: option 0 is nil"},
		{name: "nil context", e: e, opts: []disgoroute.Option{disgoroute.WithContext(noContext)}, want: "disgoroute: WithContext needs a context"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := disgoroute.New(tc.e, tc.opts...)
			if err == nil || !strings.Contains(err.Error(), tc.want) || tc.is != nil && !errors.Is(err, tc.is) {
				t.Fatalf("New: %v, %v; want an error %q", a, err, tc.want)
			}
		})
	}
}

// rawEvent is the raw event disgo emits for a dispatch named name.
func rawEvent(name gateway.EventType, d []byte) *events.Raw {
	return &events.Raw{
		GenericEvent: events.NewGenericEvent(nil, 1, 0),
		EventRaw:     gateway.EventRaw{EventType: name, Payload: bytes.NewReader(d)},
	}
}

// The adapter answers the interaction of a raw INTERACTION_CREATE, and
// only that, even when another listener has read the payload first: disgo
// hands every listener the same reader.
func TestTheAdapterServesTheRawInteraction(t *testing.T) {
	api := new(callbacks)
	a, err := disgoroute.New(newEndpoint(t, api, io.Discard))
	if err != nil {
		t.Fatal(err)
	}
	a.OnEvent(rawEvent(gateway.EventTypeReady, []byte(`{"v":10}`)))
	ev := rawEvent(gateway.EventTypeInteractionCreate, interactiontest.Command("ping").JSON())
	io.Copy(io.Discard, ev.Payload) //nolint:errcheck // another listener, before the adapter
	a.OnEvent(ev)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := a.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if got, want := api.posted(), []string{`{"type":4,"data":{"content":"pong"}}`}; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("posted %q, want %q", got, want)
	}
}

// A client built without raw events is caught at READY, and at each
// interaction it leaves unanswered; once a raw event has come, nothing is
// logged.
func TestAClientWithoutRawEventsIsCaught(t *testing.T) {
	var log logLines
	a, err := disgoroute.New(newEndpoint(t, new(callbacks), &log))
	if err != nil {
		t.Fatal(err)
	}
	a.OnEvent(&events.Ready{GenericEvent: events.NewGenericEvent(nil, 1, 3)})
	a.OnEvent(&events.InteractionCreate{GenericEvent: events.NewGenericEvent(nil, 2, 3), Interaction: discord.ApplicationCommandInteraction{}})
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("logged %d lines, want 2:\n%s", len(lines), log.String())
	}
	for i, want := range []string{`"shard":3`, `"interaction":"0"`} {
		for _, part := range []string{`"level":"error"`, "gateway.WithEnableRawEvents(true)", want} {
			if !strings.Contains(lines[i], part) {
				t.Errorf("line %d lacks %s: %s", i+1, part, lines[i])
			}
		}
	}

	var quiet logLines
	a, err = disgoroute.New(newEndpoint(t, new(callbacks), &quiet))
	if err != nil {
		t.Fatal(err)
	}
	a.OnEvent(rawEvent(gateway.EventTypeReady, []byte(`{"v":10}`)))
	a.OnEvent(&events.Ready{GenericEvent: events.NewGenericEvent(nil, 1, 0)})
	if quiet.String() != "" {
		t.Errorf("logged with raw events on:\n%s", quiet.String())
	}
}
