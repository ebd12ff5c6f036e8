package endpoint_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/webhook"
)

// observed is an Observer that keeps what it is told.
type observed struct {
	mu          sync.Mutex
	exchanges   []endpoint.Observation
	completions []endpoint.Completion
	completed   chan struct{}
}

func newObserved() *observed { return &observed{completed: make(chan struct{}, 16)} }

func (o *observed) ObserveRequest(x endpoint.Observation) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.exchanges = append(o.exchanges, x)
}

func (o *observed) ObserveCompletion(c endpoint.Completion) {
	o.mu.Lock()
	o.completions = append(o.completions, c)
	o.mu.Unlock()
	o.completed <- struct{}{}
}

// only returns the one exchange observed, failing the test if there were
// more or none.
func (o *observed) only(t *testing.T) endpoint.Observation {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.exchanges) != 1 {
		t.Fatalf("%d exchanges observed, want 1: %+v", len(o.exchanges), o.exchanges)
	}
	return o.exchanges[0]
}

// observedBot is a router with a handler for each outcome.
func observedBot(t *testing.T) *router.Mux {
	t.Helper()
	r := router.New(router.DispatchOnly())
	r.Command("mod ban", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("banned"), nil
	})
	r.Command("fail", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Response{}, errors.New("the database is down")
	})
	r.Command("panic", func(context.Context, *router.Request) (interaction.Response, error) {
		panic("handler bug")
	})
	r.Command("think", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Defer(), nil
	})
	r.Command("slow", func(context.Context, *router.Request) (interaction.Response, error) {
		// Ignores its context, as a handler blocked on I/O without one
		// does.
		time.Sleep(150 * time.Millisecond)
		return interaction.Reply("too late"), nil
	})
	r.Command("unsendable", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("x").WithFile("gone.txt", "", iotest.ErrReader(errors.New("disk gone"))), nil
	})
	r.Command("search", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("found"), nil
	})
	r.Autocomplete("search", "query", func(context.Context, *autocomplete.Request) ([]interaction.Choice, error) {
		return []interaction.Choice{interaction.StringChoice("one", "one")}, nil
	})
	r.Component("poll:{id}:vote", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Update("voted"), nil
	})
	r.Modal("report:{id}", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("reported"), nil
	})
	return endpointtest.Build(t, r)
}

// TestTheObserverIsToldWhatBecameOfEachRequest: each request is observed
// once, named by its type and the route the router registered, never by
// what the interaction carries, with what its answer came to or why it
// was refused.
func TestTheObserverIsToldWhatBecameOfEachRequest(t *testing.T) {
	key := interactiontest.NewKey("observed")
	other := interactiontest.NewKey("someone else")
	stale := endpointtest.Signed(key, interactiontest.Ping().JSON())
	stale.Headers[endpoint.HeaderTimestamp] = "1000000000"
	const (
		command      = interaction.TypeApplicationCommand
		component    = interaction.TypeMessageComponent
		modal        = interaction.TypeModalSubmit
		autocomplete = interaction.TypeApplicationCommandAutocomplete
	)
	tests := []struct {
		name        string
		call        endpointtest.Call
		wantType    interaction.Type
		wantRoute   string
		wantOutcome endpoint.Outcome
		wantRefused interaction.Refusal
		wantStatus  int
	}{
		{"a command answered", endpointtest.Signed(key, interactiontest.Command("mod ban").JSON()), command, "mod ban", endpoint.OutcomeAnswered, 0, 200},
		{"a handler's error, answered by the error handler", endpointtest.Signed(key, interactiontest.Command("fail").JSON()), command, "fail", endpoint.OutcomeError, 0, 200},
		{"a handler's panic", endpointtest.Signed(key, interactiontest.Command("panic").JSON()), command, "panic", endpoint.OutcomePanic, 0, 500},
		{"a handler that defers", endpointtest.Signed(key, interactiontest.Command("think").JSON()), command, "think", endpoint.OutcomeDeferred, 0, 200},
		{"an answer ready after the service stopped waiting", endpointtest.Signed(key, interactiontest.Command("slow").JSON()), command, "slow", endpoint.OutcomeLate, 0, 200},
		{"an answer whose files cannot be read", endpointtest.Signed(key, interactiontest.Command("unsendable").JSON()), command, "unsendable", endpoint.OutcomeError, 0, 200},
		{"a command nobody registered", endpointtest.Signed(key, interactiontest.Command("gone 1100000000000000042").JSON()), command, "", endpoint.OutcomeAnswered, 0, 200},
		{"a button, named by its pattern", endpointtest.Signed(key, interactiontest.Button("poll:1100000000000000042:vote").JSON()), component, "poll:{id}:vote", endpoint.OutcomeAnswered, 0, 200},
		{"a button no pattern matches", endpointtest.Signed(key, interactiontest.Button("user-typed 1100000000000000042").JSON()), component, "", endpoint.OutcomeAnswered, 0, 200},
		{"a modal, named by its pattern", endpointtest.Signed(key, interactiontest.ModalSubmit("report:1100000000000000042").TextInput("why", "spam").JSON()), modal, "report:{id}", endpoint.OutcomeAnswered, 0, 200},
		{"an autocomplete request, named by its command", endpointtest.Signed(key, interactiontest.Autocomplete("search").Focus("query", interaction.OptionString, interaction.StringValue("o")).JSON()), autocomplete, "search", endpoint.OutcomeAnswered, 0, 200},
		{"an autocomplete request for a command nobody registered", endpointtest.Signed(key, interactiontest.Autocomplete("gone").Focus("query", interaction.OptionString, interaction.StringValue("o")).JSON()), autocomplete, "", endpoint.OutcomeAnswered, 0, 200},
		{"a PING", endpointtest.Signed(key, interactiontest.Ping().JSON()), interaction.TypePing, "", endpoint.OutcomeAnswered, 0, 200},
		{"a signature by another key", endpointtest.Signed(other, interactiontest.Ping().JSON()), 0, "", 0, interaction.RefusedBadSignature, 401},
		{"a stale timestamp", stale, 0, "", 0, interaction.RefusedStaleTimestamp, 401},
		{"a signed body that is not an interaction", endpointtest.Signed(key, []byte("not json")), 0, "", 0, interaction.RefusedMalformed, 400},
		{"a signed interaction of a type not served", endpointtest.Signed(key, []byte(`{"id":"1","type":99}`)), 0, "", 0, interaction.RefusedUnsupportedType, 400},
		{"a body over the limit", endpointtest.Signed(key, append(bytes.Repeat([]byte(" "), 4096), interactiontest.Ping().JSON()...)), 0, "", 0, interaction.RefusedTooLarge, 413},
	}
	for _, a := range endpointtest.FrontEnds() {
		for _, tt := range tests {
			t.Run(a.Name+"/"+tt.name, func(t *testing.T) {
				o := newObserved()
				// Only the late answer is about time: its handler sleeps
				// past a short deadline whatever the machine's load. The
				// others get a deadline no load can reach, so that none
				// of them is late on a busy machine.
				deadline, margin := time.Minute, time.Second
				if tt.wantOutcome == endpoint.OutcomeLate {
					deadline, margin = 100*time.Millisecond, 50*time.Millisecond
				}
				e := newEndpoint(t, observedBot(t), key.Verifier(), endpoint.WithObserver(o), endpoint.WithMaxBodySize(4096),
					endpoint.WithResponseDeadline(deadline), endpoint.WithAnswerMargin(margin))
				if got := a.Do(e, tt.call); got.Status != tt.wantStatus {
					t.Fatalf("answered %d %s, want %d", got.Status, got.Body, tt.wantStatus)
				}
				x := o.only(t)
				if x.Type != tt.wantType || x.Route != tt.wantRoute || x.Outcome != tt.wantOutcome || x.Refused != tt.wantRefused || x.Status != tt.wantStatus {
					t.Errorf("observed %v %q %q refused %q status %d; want %v %q %q refused %q status %d",
						x.Type, x.Route, x.Outcome, x.Refused, x.Status, tt.wantType, tt.wantRoute, tt.wantOutcome, tt.wantRefused, tt.wantStatus)
				}
				dispatched := tt.wantOutcome != 0 && tt.wantType != interaction.TypePing
				if x.Handled != dispatched || (dispatched && x.HandlerTime <= 0) {
					t.Errorf("handler measured %v, %v; want it measured: %v", x.Handled, x.HandlerTime, dispatched)
				}
				if (x.Verification > 0) == (tt.wantRefused == interaction.RefusedTooLarge) {
					t.Errorf("verification took %v, refused %q", x.Verification, x.Refused)
				}
				if x.Duration <= 0 || x.Duration < x.Verification+x.HandlerTime {
					t.Errorf("the request took %v, less than its verification %v and handler %v", x.Duration, x.Verification, x.HandlerTime)
				}
			})
		}
	}
}

// TestTheObserverIsToldOfReplayedInteractions: a copy of an interaction
// already served is a refusal, the first its command's answer.
func TestTheObserverIsToldOfReplayedInteractions(t *testing.T) {
	key := interactiontest.NewKey("observed")
	o := newObserved()
	e := newEndpoint(t, observedBot(t), key.Verifier(), endpoint.WithObserver(o),
		endpoint.WithReplayGuard(replay.NewMemoryGuard(0)))
	c := endpointtest.Signed(key, interactiontest.Command("mod ban").JSON())
	for _, want := range []int{200, 409} {
		if got := endpointtest.FrontEnds()[0].Do(e, c); got.Status != want {
			t.Fatalf("answered %d, want %d", got.Status, want)
		}
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.exchanges) != 2 || o.exchanges[0].Outcome != endpoint.OutcomeAnswered || o.exchanges[1].Refused != interaction.RefusedReplay {
		t.Errorf("observed %+v, want an answer and then a replay refused", o.exchanges)
	}
}

// TestObservingAllocatesNothing: an observer that keeps nothing costs the
// request path no allocation.
func TestObservingAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes allocation counts vary")
	}
	key := interactiontest.NewKey("observed")
	c := endpointtest.Signed(key, interactiontest.Command("mod ban").JSON())
	serve := endpointtest.FrontEnds()[0].Do
	allocs := func(opts ...endpoint.Option) float64 {
		e := newEndpoint(t, observedBot(t), key.Verifier(), opts...)
		return testing.AllocsPerRun(200, func() { serve(e, c) })
	}
	without, with := allocs(), allocs(endpoint.WithObserver(nopObserver{}))
	if with != without {
		t.Errorf("a request allocates %v times observed, %v times not", with, without)
	}
}

type nopObserver struct{}

func (nopObserver) ObserveRequest(endpoint.Observation)   {}
func (nopObserver) ObserveCompletion(endpoint.Completion) {}

func TestOutcomesAndRefusalsHaveNames(t *testing.T) {
	names := map[string]bool{}
	for _, s := range []interface{ String() string }{
		endpoint.OutcomeAnswered, endpoint.OutcomeDeferred, endpoint.OutcomeError, endpoint.OutcomePanic, endpoint.OutcomeLate, endpoint.OutcomeFallback,
		interaction.RefusedTooLarge, interaction.RefusedBadSignature, interaction.RefusedStaleTimestamp, interaction.RefusedMalformed,
		interaction.RefusedUnsupportedType, interaction.RefusedReplay,
		webhook.OutcomeHandled, webhook.OutcomeError, webhook.OutcomePanic, webhook.OutcomeUnhandled, webhook.OutcomeBusy,
	} {
		n := s.String()
		if n == "" || strings.ToLower(n) != n || strings.Contains(n, " ") {
			t.Errorf("%#v is named %q, want a lower-case word", s, n)
		}
		names[n] = true
	}
	if endpoint.Outcome(0).String() != "" || interaction.Refusal(200).String() != "" || webhook.Outcome(0).String() != "" {
		t.Error("values out of range have names")
	}
}

// TestTheObserverIsToldHowDeferredAnswersWereDelivered: a handler still
// running when the endpoint defers is observed twice: its request as
// deferred, and, when it returns, the completion of the deferral with
// what it came to and whether the service took it.
func TestTheObserverIsToldHowDeferredAnswersWereDelivered(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		handler       func() (interaction.Response, error)
		fault         *emulator.Fault
		wantOutcome   endpoint.Outcome
		wantDelivered bool
	}{
		{"an answer", func() (interaction.Response, error) { return interaction.Reply("done"), nil }, nil, endpoint.OutcomeAnswered, true},
		{"an error, answered by the error handler", func() (interaction.Response, error) {
			return interaction.Response{}, errors.New("the database is down")
		}, nil, endpoint.OutcomeError, true},
		{"a panic, apologized for", func() (interaction.Response, error) { panic("handler bug") }, nil, endpoint.OutcomePanic, true},
		{"a modal, which cannot complete a deferral", func() (interaction.Response, error) {
			return interaction.ShowModal(interaction.Modal{CustomID: "m", Title: "Too late"}), nil
		}, nil, endpoint.OutcomeError, true},
		{"an answer the service does not take", func() (interaction.Response, error) { return interaction.Reply("done"), nil },
			&emulator.Fault{Route: "webhook", Kind: emulator.FaultServerError, Status: 400, Count: 10}, endpoint.OutcomeAnswered, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := router.New()
			r.Command("work", func(context.Context, *router.Request) (interaction.Response, error) {
				time.Sleep(500 * time.Millisecond)
				return tt.handler()
			}, router.Description("Works a while"))
			o := newObserved()
			// The endpoint defers 200ms after the request arrives.
			s := serveOnEmulator(t, r, endpoint.WithObserver(o), endpoint.WithAnswerMargin(endpoint.DefaultResponseDeadline-200*time.Millisecond))
			if tt.fault != nil {
				s.InjectFault(*tt.fault)
			}
			res, err := s.Invoke(context.Background(), emulator.Invocation{Guild: s.GuildID, Command: "work"})
			if err != nil {
				t.Fatal(err)
			}
			if res.Answer.Type != interaction.CallbackDeferredChannelMessageWithSource {
				t.Fatalf("first answer %v, want a deferral", res.Answer.Type)
			}
			select {
			case <-o.completed:
			case <-time.After(10 * time.Second):
				t.Fatal("no completion observed within 10s")
			}
			o.mu.Lock()
			checks, x := o.exchanges[:len(o.exchanges)-1], o.exchanges[len(o.exchanges)-1]
			o.mu.Unlock()
			// The service checked the URL first: a PING, and a request it
			// signed wrongly.
			if len(checks) != 2 || checks[0].Type != interaction.TypePing || checks[1].Refused != interaction.RefusedBadSignature {
				t.Errorf("the checks of the URL observed as %+v, want a PING and a bad signature", checks)
			}
			if x.Route != "work" || x.Outcome != endpoint.OutcomeDeferred || x.Handled {
				t.Errorf("the request observed as %q %q, handled %v; want work deferred, the handler still running", x.Route, x.Outcome, x.Handled)
			}
			o.mu.Lock()
			defer o.mu.Unlock()
			c := o.completions[0]
			if c.Type != interaction.TypeApplicationCommand || c.Route != "work" || c.Outcome != tt.wantOutcome || c.Delivered != tt.wantDelivered {
				t.Errorf("completion %+v, want work %q delivered %v", c, tt.wantOutcome, tt.wantDelivered)
			}
			if c.HandlerTime < 500*time.Millisecond {
				t.Errorf("the handler ran %v, it sleeps 500ms", c.HandlerTime)
			}
		})
	}
}
