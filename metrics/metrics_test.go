package metrics_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/metrics"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/storecall"
	"github.com/switchboard-go/switchboard/webhook"
)

// The bot below answers within a second, the emulator's window: its
// endpoint defers a handler 200ms after the interaction arrives.
const (
	window = time.Second
	margin = 800 * time.Millisecond
)

// newBot returns a router with a route for each outcome. The handler of
// "slow" answers once a token arrives on release, which world.invoke sends
// when the emulator has had the deferral: the endpoint must defer it
// however loaded the machine, as it would a handler slower than the
// deferral's moment.
func newBot(release <-chan struct{}) *router.Router {
	r := router.New()
	describe := router.Description("Does a thing")
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, describe)
	r.Command("fail", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Response{}, errors.New("the database is down")
	}, describe)
	r.Command("crash", func(context.Context, *router.Request) (interaction.Response, error) {
		panic("handler bug")
	}, describe)
	r.Command("slow", func(context.Context, *router.Request) (interaction.Response, error) {
		select {
		case <-release:
			return interaction.Reply("done"), nil
		case <-time.After(time.Minute):
			return interaction.Response{}, errors.New("never released")
		}
	}, describe)
	// A handler blocked past its context, on a route the endpoint may not
	// defer: its answer comes after the service stopped waiting.
	r.Command("stuck", func(context.Context, *router.Request) (interaction.Response, error) {
		time.Sleep(window + 300*time.Millisecond)
		return interaction.Reply("too late"), nil
	}, describe, router.NoAutoDefer())
	r.Command("search", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("found"), nil
	}, describe, router.Options(option.String("query", "What to look for").Required().Autocomplete()))
	r.Autocomplete("search", "query", func(_ context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		return []interaction.Choice{interaction.StringChoice("first", "first")}, nil
	})
	// A source of suggestions that fails on what starts with "down",
	// whose last good answers are served instead.
	r.Command("lookup", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("found"), nil
	}, describe, router.Options(option.String("topic", "What to look up").Required().Autocomplete()))
	r.Autocomplete("lookup", "topic", autocomplete.Fallback(autocomplete.HandlerFunc(func(_ context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		if strings.HasPrefix(req.Focused.Text(), "down") {
			return nil, errors.New("the index is down")
		}
		return []interaction.Choice{interaction.StringChoice("download", "download"), interaction.StringChoice("docs", "docs")}, nil
	}), autocomplete.NewMemoryCache(0)))
	// A poll's button carries the id of the interaction that made it.
	r.Command("poll", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		question, _ := req.Options.String("question")
		return interaction.Reply(question).WithComponents(component.Row(
			component.PrimaryButton("poll:"+req.Interaction.ID.String()+":vote", "Vote"))), nil
	}, describe, router.Options(option.String("question", "What to ask").Required()))
	r.Component("poll:{id}:vote", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Update("voted"), nil
	})
	return r
}

// world is a bot served on an emulator, with its metrics.
type world struct {
	s      *emulator.Server
	reg    *prometheus.Registry
	m      *metrics.Metrics
	events *webhook.Endpoint
	// skew is how far ahead of the emulator's the verifier's clock is.
	skew atomic.Int64
	// release lets the handler of "slow" answer, once per token.
	release chan struct{}
}

// serve serves newBot's endpoint, and an events endpoint, on a new
// emulator, with metrics in a registry of their own.
func serve(t *testing.T) *world {
	t.Helper()
	w := &world{reg: prometheus.NewRegistry(), release: make(chan struct{}, 16)}
	// The application sells two items: the events handler fails on the
	// entitlements of the second.
	s, err := emulator.New(emulator.Config{ResponseWindow: window,
		SKUs: []emulator.SKU{{ID: 1, Type: 2, Name: "Pass"}, {ID: failingSKU, Type: 2, Name: "Unpriced"}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	w.s = s
	m, err := metrics.New(w.reg)
	if err != nil {
		t.Fatal(err)
	}
	w.m = m
	mux, err := newBot(w.release).Build()
	if err != nil {
		t.Fatal(err)
	}
	verifier, err := interaction.NewVerifier(s.PublicKey, interaction.WithClock(func() time.Time {
		return time.Now().Add(time.Duration(w.skew.Load()))
	}))
	if err != nil {
		t.Fatal(err)
	}
	client, err := rest.NewClient(s.URL, rest.NoAuth{}, m.Client())
	if err != nil {
		t.Fatal(err)
	}
	e, err := endpoint.New(mux, verifier, endpoint.WithClient(client), m.Endpoint(),
		endpoint.WithResponseDeadline(window), endpoint.WithAnswerMargin(margin))
	if err != nil {
		t.Fatal(err)
	}
	w.events, err = webhook.NewEndpoint(verifier, m.Events())
	if err != nil {
		t.Fatal(err)
	}
	w.events.OnEntitlementCreate(func(_ context.Context, _ *webhook.Event, ent interaction.Entitlement) error {
		if ent.SKUID == failingSKU {
			return errors.New("no price list for the SKU")
		}
		return nil
	})
	paths := http.NewServeMux()
	paths.Handle("/interactions", e)
	paths.Handle("/events", w.events)
	bot := httptest.NewServer(paths)
	t.Cleanup(bot.Close)
	admin, err := rest.NewClient(s.URL, rest.BotToken(s.BotToken))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := admin.OverwriteCommands(ctx, s.ApplicationID, command.InGuild(s.GuildID), mux.Definitions().Commands(command.Global)); err != nil {
		t.Fatal(err)
	}
	if err := s.SetInteractionsURL(ctx, bot.URL+"/interactions"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetEventsURL(ctx, bot.URL+"/events"); err != nil {
		t.Fatal(err)
	}
	return w
}

// failingSKU is the SKU whose entitlements the events handler fails on.
const failingSKU interaction.Snowflake = 2

// invoke has the emulator's member use a command in its guild.
func (w *world) invoke(t *testing.T, command string, args ...emulator.Arg) *emulator.Result {
	t.Helper()
	res, err := w.s.Invoke(context.Background(), emulator.Invocation{Guild: w.s.GuildID, Command: command, Options: args})
	if command == "slow" {
		// The emulator has had the endpoint's answer, the deferral.
		w.release <- struct{}{}
	}
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// series names one series of a metric, and its value: a counter's, or a
// histogram's count of observations.
type series struct {
	name   string
	labels []string // name, value, name, value...
	value  float64
}

// value returns the value of the series of name with exactly labels, and
// whether there is one.
func value(t *testing.T, g prometheus.Gatherer, name string, labels ...string) (v float64, found bool) {
	t.Helper()
	v, _, found = measure(t, g, name, labels...)
	return v, found
}

// measure returns the value of the series of name with exactly labels,
// the sum of its observations if it is a histogram's, and whether there
// is one.
func measure(t *testing.T, g prometheus.Gatherer, name string, labels ...string) (v, sum float64, found bool) {
	t.Helper()
	families, err := g.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			if len(m.GetLabel())*2 != len(labels) {
				continue
			}
			match := true
			for i, l := range m.GetLabel() {
				// Gathered labels are sorted by name; these are given so.
				if l.GetName() != labels[2*i] || l.GetValue() != labels[2*i+1] {
					match = false
				}
			}
			if !match {
				continue
			}
			if h := m.GetHistogram(); h != nil {
				return float64(h.GetSampleCount()), h.GetSampleSum(), true
			}
			return m.GetCounter().GetValue(), 0, true
		}
	}
	return 0, 0, false
}

// eventually waits up to 5 seconds for each series to reach its value,
// as what happens after an answer does, and fails the test if one does
// not.
func eventually(t *testing.T, g prometheus.Gatherer, want ...series) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for _, s := range want {
		for {
			got, _ := value(t, g, s.name, s.labels...)
			if got == s.value {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s%v = %v, want %v", s.name, s.labels, got, s.value)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// TestInteractionMetricsMoveAsTheBotAnswers: each interaction is counted
// once by its type, route and outcome, its handler measured, and a
// deferred answer counted again when it is delivered.
func TestInteractionMetricsMoveAsTheBotAnswers(t *testing.T) {
	t.Parallel()
	const (
		command      = "APPLICATION_COMMAND"
		autocomplete = "APPLICATION_COMMAND_AUTOCOMPLETE"
		component    = "MESSAGE_COMPONENT"
	)
	interactions := func(typ, route, outcome string) series {
		return series{"switchboard_interactions_total", []string{"outcome", outcome, "route", route, "type", typ}, 1}
	}
	handled := func(typ, route string, n float64) series {
		return series{"switchboard_handler_duration_seconds", []string{"route", route, "type", typ}, n}
	}
	tests := []struct {
		name string
		do   func(t *testing.T, w *world)
		want []series
	}{
		{"a command answered", func(t *testing.T, w *world) { w.invoke(t, "ping") },
			[]series{interactions(command, "ping", "answered"), handled(command, "ping", 1)}},
		{"a command whose handler fails", func(t *testing.T, w *world) { w.invoke(t, "fail") },
			[]series{interactions(command, "fail", "error"), handled(command, "fail", 1)}},
		{"a command whose handler panics", func(t *testing.T, w *world) { w.invoke(t, "crash") },
			[]series{interactions(command, "crash", "panic"), handled(command, "crash", 1)}},
		{"a command deferred, and its answer delivered", func(t *testing.T, w *world) { w.invoke(t, "slow") },
			[]series{
				interactions(command, "slow", "deferred"),
				{"switchboard_deferred_answers_total", []string{"outcome", "answered", "route", "slow", "type", command}, 1},
				{"switchboard_deferred_answer_failures_total", []string{"route", "slow", "type", command}, 0},
				handled(command, "slow", 1),
			}},
		{"a deferred answer the service does not take", func(t *testing.T, w *world) {
			w.s.InjectFault(emulator.Fault{Route: "webhook", Kind: emulator.FaultServerError, Status: http.StatusBadRequest, Count: 10})
			w.invoke(t, "slow")
		}, []series{
			interactions(command, "slow", "deferred"),
			{"switchboard_deferred_answers_total", []string{"outcome", "answered", "route", "slow", "type", command}, 1},
			{"switchboard_deferred_answer_failures_total", []string{"route", "slow", "type", command}, 1},
			{"switchboard_rest_requests_total", []string{"route", "PATCH /webhooks/{app}/{token}/messages/{message}", "status", "400"}, 1},
		}},
		{"a command answered after the service stopped waiting", func(t *testing.T, w *world) { w.invoke(t, "stuck") },
			[]series{interactions(command, "stuck", "late"), handled(command, "stuck", 1)}},
		{"an autocomplete request, named by its command", func(t *testing.T, w *world) {
			if _, err := w.s.Autocomplete(context.Background(), emulator.Invocation{Guild: w.s.GuildID, Command: "search",
				Options: []emulator.Arg{{Name: "query", Value: "typed by a user"}}, Focused: "query"}); err != nil {
				t.Fatal(err)
			}
		}, []series{interactions(autocomplete, "search", "answered"), handled(autocomplete, "search", 1)}},
		{"the last good suggestions, served when their source failed", func(t *testing.T, w *world) {
			for _, typed := range []string{"do", "down"} {
				if _, err := w.s.Autocomplete(context.Background(), emulator.Invocation{Guild: w.s.GuildID, Command: "lookup",
					Options: []emulator.Arg{{Name: "topic", Value: typed}}, Focused: "topic"}); err != nil {
					t.Fatal(err)
				}
			}
		}, []series{interactions(autocomplete, "lookup", "answered"), interactions(autocomplete, "lookup", "fallback")}},
		{"a button, named by its pattern", func(t *testing.T, w *world) {
			w.invoke(t, "poll", emulator.Arg{Name: "question", Value: "Lunch?"})
			if _, err := w.s.Click(context.Background(), emulator.Click{Button: "Vote"}); err != nil {
				t.Fatal(err)
			}
		}, []series{interactions(command, "poll", "answered"), interactions(component, "poll:{id}:vote", "answered"), handled(component, "poll:{id}:vote", 1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := serve(t)
			tt.do(t, w)
			eventually(t, w.reg, tt.want...)
		})
	}
}

// TestRefusedRequestsAreCountedByReason: the emulator checks both URLs with
// a badly signed request, and an interaction signed outside the verifier's
// window is refused as stale; none of them is an interaction.
func TestRefusedRequestsAreCountedByReason(t *testing.T) {
	w := serve(t)
	refused := func(endpoint, reason string, n float64) series {
		return series{"switchboard_refused_requests_total", []string{"endpoint", endpoint, "reason", reason}, n}
	}
	eventually(t, w.reg,
		refused("interactions", "bad_signature", 1),
		refused("events", "bad_signature", 1),
		refused("interactions", "stale_timestamp", 0),
	)
	w.skew.Store(int64(10 * time.Minute))
	if res := w.invoke(t, "ping"); res.Status != http.StatusUnauthorized {
		t.Fatalf("a stale interaction answered %d, want 401", res.Status)
	}
	eventually(t, w.reg, refused("interactions", "stale_timestamp", 1))
	if v, found := value(t, w.reg, "switchboard_interactions_total", "outcome", "answered", "route", "ping", "type", "APPLICATION_COMMAND"); found {
		t.Errorf("the stale interaction was counted as answered %v times", v)
	}
	const want = `# HELP switchboard_refused_requests_total Requests an endpoint refused before dispatching them, by endpoint (interactions, events, gateway) and reason (too_large, bad_signature, stale_timestamp, malformed, unsupported_type, replay).
# TYPE switchboard_refused_requests_total counter
switchboard_refused_requests_total{endpoint="events",reason="bad_signature"} 1
switchboard_refused_requests_total{endpoint="events",reason="malformed"} 0
switchboard_refused_requests_total{endpoint="events",reason="replay"} 0
switchboard_refused_requests_total{endpoint="events",reason="stale_timestamp"} 0
switchboard_refused_requests_total{endpoint="events",reason="too_large"} 0
switchboard_refused_requests_total{endpoint="events",reason="unsupported_type"} 0
switchboard_refused_requests_total{endpoint="gateway",reason="malformed"} 0
switchboard_refused_requests_total{endpoint="gateway",reason="replay"} 0
switchboard_refused_requests_total{endpoint="gateway",reason="unsupported_type"} 0
switchboard_refused_requests_total{endpoint="interactions",reason="bad_signature"} 1
switchboard_refused_requests_total{endpoint="interactions",reason="malformed"} 0
switchboard_refused_requests_total{endpoint="interactions",reason="replay"} 0
switchboard_refused_requests_total{endpoint="interactions",reason="stale_timestamp"} 1
switchboard_refused_requests_total{endpoint="interactions",reason="too_large"} 0
switchboard_refused_requests_total{endpoint="interactions",reason="unsupported_type"} 0
`
	if err := testutil.GatherAndCompare(w.reg, strings.NewReader(want), "switchboard_refused_requests_total"); err != nil {
		t.Error(err)
	}
	// Every request was verified: the URL checks' two to each endpoint,
	// and the stale one.
	eventually(t, w.reg,
		series{"switchboard_verification_duration_seconds", []string{"endpoint", "interactions"}, 3},
		series{"switchboard_verification_duration_seconds", []string{"endpoint", "events"}, 2},
		series{"switchboard_request_duration_seconds", []string{"endpoint", "interactions"}, 3},
	)
}

// TestEventsAreCountedByTypeAndResult: an event the handler took and one it
// failed on, each counted once its handler returned.
func TestEventsAreCountedByTypeAndResult(t *testing.T) {
	w := serve(t)
	for _, sku := range []interaction.Snowflake{1, failingSKU} {
		if _, err := w.s.CreateEntitlement(interaction.Entitlement{SKUID: sku, UserID: w.s.Member}); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := w.s.WaitEvents(ctx, 2); err != nil {
		t.Fatal(err)
	}
	if err := w.events.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	eventually(t, w.reg,
		series{"switchboard_events_total", []string{"outcome", "handled", "type", "ENTITLEMENT_CREATE"}, 1},
		series{"switchboard_events_total", []string{"outcome", "error", "type", "ENTITLEMENT_CREATE"}, 1},
		series{"switchboard_event_handler_duration_seconds", []string{"type", "ENTITLEMENT_CREATE"}, 2},
	)
}

// TestRESTMetricsMoveAsTheServiceAnswers: every attempt is counted by route
// and status, a 429 by the scope of its limit, the time held back for the
// limits measured, and each retry counted by why.
func TestRESTMetricsMoveAsTheServiceAnswers(t *testing.T) {
	t.Parallel()
	const route = "GET /applications/{app}/commands"
	requests := func(status string, n float64) series {
		return series{"switchboard_rest_requests_total", []string{"route", route, "status", status}, n}
	}
	tests := []struct {
		name       string
		fault      emulator.Fault
		want       []series
		wantWaited time.Duration // in all, at least
	}{
		{"a 429 of the route's bucket", emulator.Fault{Route: "commands", Kind: emulator.FaultRateLimit, RetryAfter: 200 * time.Millisecond},
			[]series{requests("429", 1), requests("200", 1),
				{"switchboard_rest_rate_limited_total", []string{"route", route, "scope", "bucket"}, 1},
				{"switchboard_rest_rate_limit_wait_seconds", []string{"route", route}, 2}},
			150 * time.Millisecond},
		{"a global 429", emulator.Fault{Route: "commands", Kind: emulator.FaultRateLimit, RetryAfter: 200 * time.Millisecond, Global: true},
			[]series{requests("429", 1), requests("200", 1),
				{"switchboard_rest_rate_limited_total", []string{"route", route, "scope", "global"}, 1}},
			150 * time.Millisecond},
		{"server errors, retried", emulator.Fault{Route: "commands", Kind: emulator.FaultServerError, Count: 2, Status: http.StatusBadGateway},
			[]series{requests("502", 2), requests("200", 1),
				{"switchboard_rest_retries_total", []string{"reason", "server_error", "route", route}, 2},
				{"switchboard_rest_request_duration_seconds", []string{"route", route}, 3}},
			0},
		{"a dropped connection, retried", emulator.Fault{Route: "commands", Kind: emulator.FaultDrop},
			[]series{requests("none", 1), requests("200", 1),
				{"switchboard_rest_retries_total", []string{"reason", "connection", "route", route}, 1}},
			0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, err := emulator.New(emulator.Config{})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			reg := prometheus.NewRegistry()
			m, err := metrics.New(reg)
			if err != nil {
				t.Fatal(err)
			}
			c, err := rest.NewClient(s.URL, rest.BotToken(s.BotToken), m.Client(), rest.WithBackoff(time.Millisecond, 10*time.Millisecond))
			if err != nil {
				t.Fatal(err)
			}
			s.InjectFault(tt.fault)
			if _, err := c.ListCommands(context.Background(), s.ApplicationID, command.Global, false); err != nil {
				t.Fatal(err)
			}
			eventually(t, reg, tt.want...)
			if _, waited, _ := measure(t, reg, "switchboard_rest_rate_limit_wait_seconds", "route", route); waited < tt.wantWaited.Seconds() {
				t.Errorf("held back %vs in all, want at least %v", waited, tt.wantWaited)
			}
		})
	}
}

// TestNoLabelHoldsAnIDATokenOrWhatAUserTyped: after interactions whose
// custom_ids hold ids, whose options hold a user's text, and whose
// answers went through the REST client on their tokens, no label value of
// any metric holds any of them.
func TestNoLabelHoldsAnIDATokenOrWhatAUserTyped(t *testing.T) {
	w := serve(t)
	ctx := context.Background()
	var secrets []string
	keep := func(res *emulator.Result) {
		secrets = append(secrets, res.Interaction.ID.String(), res.Interaction.Token)
		if id := res.Interaction.Data.CustomID; id != "" {
			secrets = append(secrets, id)
		}
	}
	keep(w.invoke(t, "poll", emulator.Arg{Name: "question", Value: "What did alice say"}))
	click, err := w.s.Click(ctx, emulator.Click{Button: "Vote"})
	if err != nil {
		t.Fatal(err)
	}
	keep(click)
	typed, err := w.s.Autocomplete(ctx, emulator.Invocation{Guild: w.s.GuildID, Command: "search",
		Options: []emulator.Arg{{Name: "query", Value: "typed by bob"}}, Focused: "query"})
	if err != nil {
		t.Fatal(err)
	}
	keep(typed)
	keep(w.invoke(t, "slow")) // answered through the client, on its token
	eventually(t, w.reg, series{"switchboard_deferred_answers_total", []string{"outcome", "answered", "route", "slow", "type", "APPLICATION_COMMAND"}, 1})
	secrets = append(secrets, "What did alice say", "alice", "typed by bob", "bob",
		w.s.ApplicationID.String(), w.s.GuildID.String(), w.s.Member.String())

	families, err := w.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	labels := 0
	for _, f := range families {
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				labels++
				for _, secret := range secrets {
					if secret != "" && strings.Contains(l.GetValue(), secret) {
						t.Errorf("%s{%s=%q} holds %q", f.GetName(), l.GetName(), l.GetValue(), secret)
					}
				}
			}
		}
	}
	if labels == 0 {
		t.Fatal("no labels gathered")
	}
	// The click is counted by its pattern, the REST requests on the token
	// by their route.
	eventually(t, w.reg,
		series{"switchboard_interactions_total", []string{"outcome", "answered", "route", "poll:{id}:vote", "type", "MESSAGE_COMPONENT"}, 1},
		series{"switchboard_rest_requests_total", []string{"route", "PATCH /webhooks/{app}/{token}/messages/{message}", "status", "200"}, 1},
	)
}

// TestTheMetricsPassTheLinter: names, help texts and units as Prometheus
// would have them, once every kind of metric has series.
func TestTheMetricsPassTheLinter(t *testing.T) {
	w := serve(t)
	w.invoke(t, "ping")
	w.invoke(t, "slow")
	if _, err := w.s.CreateEntitlement(interaction.Entitlement{SKUID: 1, UserID: w.s.Member}); err != nil {
		t.Fatal(err)
	}
	eventually(t, w.reg,
		series{"switchboard_deferred_answers_total", []string{"outcome", "answered", "route", "slow", "type", "APPLICATION_COMMAND"}, 1},
		series{"switchboard_events_total", []string{"outcome", "handled", "type", "ENTITLEMENT_CREATE"}, 1},
	)
	problems, err := testutil.GatherAndLint(w.reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("%s: %s", p.Metric, p.Text)
	}
	n, err := testutil.GatherAndCount(w.reg)
	if err != nil || n == 0 {
		t.Fatalf("%d series gathered, %v", n, err)
	}
}

func TestNewRefusesASecondMetricsUnlessItsLabelsDiffer(t *testing.T) {
	reg := prometheus.NewRegistry()
	if _, err := metrics.New(reg); err != nil {
		t.Fatal(err)
	}
	if _, err := metrics.New(reg); err == nil {
		t.Error("a second Metrics registered with the same registry")
	}
	reg = prometheus.NewRegistry()
	for _, bot := range []string{"echo", "poll"} {
		if _, err := metrics.New(reg, metrics.WithConstLabels(prometheus.Labels{"bot": bot})); err != nil {
			t.Errorf("the Metrics of bot %s: %v", bot, err)
		}
	}
	// The refusals start at zero, for each bot: six reasons of each
	// endpoint, and the three an interaction from the gateway can have.
	if n, err := testutil.GatherAndCount(reg, "switchboard_refused_requests_total"); err != nil || n != 2*15 {
		t.Errorf("%d series of refusals, %v; want 15 for each of 2 bots", n, err)
	}
}

// TestEventsOfTypesNotKnownAreOther: the type label names the types package
// webhook knows and those given to WithKnownEvents; any other name the service
// sends is "other".
func TestEventsOfTypesNotKnownAreOther(t *testing.T) {
	key := interactiontest.NewKey("events")
	reg := prometheus.NewRegistry()
	m, err := metrics.New(reg, metrics.WithKnownEvents("SOMETHING_KNOWN"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := webhook.NewEndpoint(key.Verifier(), m.Events())
	if err != nil {
		t.Fatal(err)
	}
	for _, typ := range []webhook.Type{webhook.TypeQuestUserEnrollment, webhook.TypeLobbyMessageDelete, "SOMETHING_KNOWN", "SOMETHING_NEW"} {
		w := webhook.Body{Version: webhook.Version, ApplicationID: interactiontest.ApplicationID, Type: webhook.BodyEvent,
			Event: &webhook.Event{Type: typ, Timestamp: time.Now(), Data: []byte(`{"id":"1100000000000000042","lobby_id":"1100000000000000043"}`)}}
		body, err := w.AppendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		sig, ts := key.Sign(body)
		req := httptest.NewRequest("POST", "/events", strings.NewReader(string(body)))
		req.Header.Set(endpoint.HeaderSignature, sig)
		req.Header.Set(endpoint.HeaderTimestamp, ts)
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		if rec.Code != http.StatusNoContent {
			t.Fatalf("%s answered %d", typ, rec.Code)
		}
	}
	const want = `# HELP switchboard_events_total Webhook events received, by type and outcome (handled, error, panic, unhandled, busy).
# TYPE switchboard_events_total counter
switchboard_events_total{outcome="unhandled",type="LOBBY_MESSAGE_DELETE"} 1
switchboard_events_total{outcome="unhandled",type="QUEST_USER_ENROLLMENT"} 1
switchboard_events_total{outcome="unhandled",type="SOMETHING_KNOWN"} 1
switchboard_events_total{outcome="unhandled",type="other"} 1
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "switchboard_events_total"); err != nil {
		t.Error(err)
	}
}

// failingCooldowns is a cooldown store whose calls all fail.
type failingCooldowns struct{}

func (failingCooldowns) Use(context.Context, string, int, time.Duration) (time.Duration, error) {
	return 0, errors.New("failingCooldowns: down")
}

func TestFailuresOfSharedStoresAreCountedByStoreAndReason(t *testing.T) {
	reg := prometheus.NewRegistry()
	m, err := metrics.New(reg)
	if err != nil {
		t.Fatal(err)
	}
	r := router.New(router.DispatchOnly())
	r.Use(cooldown.New(cooldown.PerUser, 1, time.Minute,
		cooldown.WithStore(failingCooldowns{}, m.Stores(), storecall.WithBreaker(2, time.Minute))))
	r.Command("ping", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Ping"))
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := mux.Dispatch(context.Background(), interactiontest.Command("ping").Interaction()); err != nil {
			t.Fatal(err)
		}
	}
	var logged []error
	onError := m.RateLimitStoreFailures(func(err error) { logged = append(logged, err) })
	onError(errors.New("shared rate limits: down"))
	if len(logged) != 1 {
		t.Errorf("the next onError was called %d times, want 1", len(logged))
	}
	const want = `# HELP switchboard_store_failures_total Calls to a store the replicas share that did not count, by store (cooldown, replay, ratelimit) and reason (error, timeout, paused): the bot went on as if alone.
# TYPE switchboard_store_failures_total counter
switchboard_store_failures_total{reason="error",store="cooldown"} 2
switchboard_store_failures_total{reason="error",store="ratelimit"} 1
switchboard_store_failures_total{reason="paused",store="cooldown"} 1
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "switchboard_store_failures_total"); err != nil {
		t.Error(err)
	}
}

// TestGatewayInteractionsAreCountedUnderTheirOwnEndpoint: an interaction
// handed to Receive is counted by type, route and outcome as one over
// HTTP, and its refusals and durations under endpoint "gateway", with no
// verification, as nothing was signed.
func TestGatewayInteractionsAreCountedUnderTheirOwnEndpoint(t *testing.T) {
	reg := prometheus.NewRegistry()
	m, err := metrics.New(reg)
	if err != nil {
		t.Fatal(err)
	}
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(api.Close)
	client, err := rest.NewClient(api.URL+"/api/v10", rest.NoAuth{})
	if err != nil {
		t.Fatal(err)
	}
	mux, err := newBot(nil).Build()
	if err != nil {
		t.Fatal(err)
	}
	e, err := endpoint.NewGateway(mux, endpoint.WithClient(client), m.Endpoint(),
		endpoint.WithReplayGuard(replay.NewMemoryGuard(0)), endpoint.WithLogger(zerolog.Nop()))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	body := interactiontest.Command("ping").JSON()
	if err := e.Receive(ctx, body); err != nil {
		t.Fatal(err)
	}
	if err := e.Receive(ctx, body); !errors.Is(err, endpoint.ErrReplayed) {
		t.Fatalf("the copy: %v, want ErrReplayed", err)
	}
	if err := e.Receive(ctx, []byte("not json")); err == nil {
		t.Fatal("a body that is not an interaction was served")
	}
	refused := func(endpoint, reason string, n float64) series {
		return series{"switchboard_refused_requests_total", []string{"endpoint", endpoint, "reason", reason}, n}
	}
	eventually(t, reg,
		series{"switchboard_interactions_total", []string{"outcome", "answered", "route", "ping", "type", "APPLICATION_COMMAND"}, 1},
		refused("gateway", "replay", 1),
		refused("gateway", "malformed", 1),
		refused("interactions", "replay", 0),
		refused("interactions", "malformed", 0),
		series{"switchboard_request_duration_seconds", []string{"endpoint", "gateway"}, 3},
		series{"switchboard_request_duration_seconds", []string{"endpoint", "interactions"}, 0},
		series{"switchboard_verification_duration_seconds", []string{"endpoint", "interactions"}, 0},
	)
}
