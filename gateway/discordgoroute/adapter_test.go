package discordgoroute_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/gateway/discordgoroute"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// wait bounds what a test waits for: long enough for a loaded machine,
// and reached only when something is broken.
const wait = time.Minute

// callbacks serves the callback endpoint, and sends the content of each
// answer it takes on the returned channel.
func callbacks(t *testing.T) (*rest.Client, <-chan string) {
	t.Helper()
	answers := make(chan string, 16)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/callback") {
			http.Error(w, "not the callback endpoint", http.StatusNotFound)
			return
		}
		var answer struct {
			Data struct {
				Content string `json:"content"`
			} `json:"data"`
		}
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &answer); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		answers <- answer.Data.Content
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(srv.Close)
	c, err := rest.NewClient(srv.URL+"/v10", rest.NoAuth{})
	if err != nil {
		t.Fatal(err)
	}
	return c, answers
}

// newAdapter returns an Adapter for r's endpoint, whose answers go to the
// returned channel; no handler is deferred within the test's wait.
func newAdapter(t *testing.T, r *router.Router, opts ...discordgoroute.Option) (*discordgoroute.Adapter, <-chan string) {
	t.Helper()
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	c, answers := callbacks(t)
	e, err := endpoint.NewGateway(mux, endpoint.WithClient(c), endpoint.WithResponseDeadline(2*wait))
	if err != nil {
		t.Fatal(err)
	}
	a, err := discordgoroute.New(e, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return a, answers
}

// dispatch is the event discordgo hands its handlers for a dispatch t
// whose d is the interaction a command of the given name.
func dispatch(t, command string) *discordgo.Event {
	return &discordgo.Event{Operation: 0, Type: t, RawData: interactiontest.Command(command).JSON()}
}

// newSession returns a session that is never opened.
func newSession(t *testing.T) *discordgo.Session {
	t.Helper()
	s, err := discordgo.New("Bot token")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// holdingBot's /hold tells held when it runs, and answers once release
// is closed; /ping answers at once, and counts its uses.
func holdingBot(held chan<- struct{}, release <-chan struct{}, pings *atomic.Int32) *router.Router {
	r := router.New()
	r.Command("hold", func(context.Context, *router.Request) (interaction.Response, error) {
		held <- struct{}{}
		<-release
		return interaction.Reply("Held."), nil
	}, router.Description("Hold on"))
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		pings.Add(1)
		return interaction.Reply("Pong."), nil
	}, router.Description("Ping"))
	return r
}

func TestShutdownWaitsForTheInteractionsUnderWay(t *testing.T) {
	held, release := make(chan struct{}, 1), make(chan struct{})
	var pings atomic.Int32
	a, answers := newAdapter(t, holdingBot(held, release, &pings))
	s := newSession(t)

	handled := make(chan struct{})
	go func() {
		defer close(handled)
		a.Handle(s, dispatch("INTERACTION_CREATE", "hold"))
	}()
	<-held
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	if err := a.Shutdown(stopped); !errors.Is(err, context.Canceled) {
		t.Fatalf("Shutdown with an interaction under way and its context ended: %v, want context.Canceled", err)
	}
	// Once Shutdown is called, an interaction is no longer served.
	a.Handle(s, dispatch("INTERACTION_CREATE", "ping"))
	if n := pings.Load(); n != 0 {
		t.Errorf("after Shutdown, /ping ran %d times", n)
	}

	close(release)
	ctx, cancelWait := context.WithTimeout(context.Background(), wait)
	defer cancelWait()
	if err := a.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown once the handler answers: %v", err)
	}
	<-handled
	if got := <-answers; got != "Held." {
		t.Errorf("the answer under way: %q", got)
	}
}

func TestHandleServesInteractionsAndIgnoresTheOtherEvents(t *testing.T) {
	var pings atomic.Int32
	a, answers := newAdapter(t, holdingBot(nil, nil, &pings))
	s := newSession(t)
	for _, ev := range []*discordgo.Event{
		dispatch("MESSAGE_CREATE", "ping"),
		dispatch("READY", "ping"),
		{Operation: 11},
		nil,
	} {
		a.Handle(s, ev)
	}
	if n := pings.Load(); n != 0 {
		t.Fatalf("events other than INTERACTION_CREATE ran /ping %d times", n)
	}
	// discordgo calls a handler on a goroutine of its own: Handle
	// returns once the answer is delivered.
	a.Handle(s, dispatch("INTERACTION_CREATE", "ping"))
	if n := pings.Load(); n != 1 {
		t.Fatalf("INTERACTION_CREATE ran /ping %d times, want once", n)
	}
	if got := <-answers; got != "Pong." {
		t.Errorf("the answer: %q", got)
	}
}

// On a session with SyncEvents, discordgo calls handlers on the
// goroutine that reads the connection: Handle returns at once, so that
// an interaction holds up neither the connection nor the others.
func TestHandleDoesNotHoldUpASessionWithSyncEvents(t *testing.T) {
	held, release := make(chan struct{}, 1), make(chan struct{})
	var pings atomic.Int32
	a, answers := newAdapter(t, holdingBot(held, release, &pings))
	s := newSession(t)
	s.SyncEvents = true

	handled := make(chan struct{})
	go func() {
		defer close(handled)
		a.Handle(s, dispatch("INTERACTION_CREATE", "hold"))
		a.Handle(s, dispatch("INTERACTION_CREATE", "ping"))
	}()
	<-held
	select {
	case <-handled:
	case <-time.After(wait):
		t.Fatal("Handle on a session with SyncEvents waits for the handler")
	}
	if got := <-answers; got != "Pong." {
		t.Errorf("the first answer is %q; want /ping's, while /hold holds", got)
	}
	close(release)
	if got := <-answers; got != "Held." {
		t.Errorf("the answer to /hold: %q", got)
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if err := a.Shutdown(ctx); err != nil {
		t.Errorf("Shutdown: %v", err)
	}
}

type key struct{}

// A handler's context descends from WithContext's, and carries the
// session that delivered the interaction.
func TestAHandlerReachesTheBaseContextAndTheSession(t *testing.T) {
	type seen struct {
		value   any
		session *discordgo.Session
		ok      bool
	}
	got := make(chan seen, 1)
	r := router.New()
	r.Command("look", func(ctx context.Context, _ *router.Request) (interaction.Response, error) {
		s, ok := discordgoroute.SessionFromContext(ctx)
		got <- seen{ctx.Value(key{}), s, ok}
		return interaction.Reply("Looked."), nil
	}, router.Description("Look around"))
	base := context.WithValue(context.Background(), key{}, "the bot's")
	a, _ := newAdapter(t, r, discordgoroute.WithContext(base))
	s := newSession(t)
	a.Handle(s, dispatch("INTERACTION_CREATE", "look"))
	if g := <-got; g.value != "the bot's" || g.session != s || !g.ok {
		t.Errorf("the handler saw the value %v and the session %p (%v); want %q and %p", g.value, g.session, g.ok, "the bot's", s)
	}
	if s, ok := discordgoroute.SessionFromContext(context.Background()); ok || s != nil {
		t.Errorf("SessionFromContext of a context of no interaction: %p, %v", s, ok)
	}
}

// New refuses what could not answer an interaction, and says why.
func TestNewRefusesAnEndpointThatCannotAnswer(t *testing.T) {
	r := router.New()
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("Pong."), nil
	}, router.Description("Ping"))
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	// An endpoint for HTTP, which answers in the response and needs no
	// client; Receive does.
	noClient, err := endpoint.New(mux, interactiontest.NewKey("discordgoroute").Verifier())
	if err != nil {
		t.Fatal(err)
	}
	c, _ := callbacks(t)
	ok, err := endpoint.NewGateway(mux, endpoint.WithClient(c))
	if err != nil {
		t.Fatal(err)
	}
	var noContext context.Context // the mistake of a nil one
	for _, tt := range []struct {
		name string
		e    *endpoint.Endpoint
		opts []discordgoroute.Option
		is   error
		says string
	}{
		{"an endpoint without a REST client", noClient, nil, router.ErrNoClient, "cannot answer interactions from the gateway"},
		{"no endpoint", nil, nil, nil, "endpoint.NewGateway"},
		{"a nil base context", ok, []discordgoroute.Option{discordgoroute.WithContext(noContext)}, nil, "nil context"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a, err := discordgoroute.New(tt.e, tt.opts...)
			if err == nil || a != nil {
				t.Fatalf("New = %v, %v; want an error", a, err)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("New: %v; want it to wrap %v", err, tt.is)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "discordgoroute: New: ") || !strings.Contains(msg, tt.says) {
				t.Errorf("New: %q; want it to say where (discordgoroute: New) and %q", msg, tt.says)
			}
		})
	}
}
