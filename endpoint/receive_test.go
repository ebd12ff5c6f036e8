package endpoint_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"testing/iotest"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/queue"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// The deadline and margin of the endpoints of the tests of Receive, which
// run in a synctest bubble: a handler not done 50ms after Receive is
// called is deferred, and slowFor is past that.
const (
	gatewayDeadline = 150 * time.Millisecond
	gatewayMargin   = 100 * time.Millisecond
	slowFor         = 200 * time.Millisecond
)

// gatewayBot is a router with a handler for each way Receive answers,
// logging to log at debug.
func gatewayBot(t *testing.T, log io.Writer) *router.Mux {
	t.Helper()
	r := router.New(router.DispatchOnly(), router.WithLogger(zerolog.New(log).Level(zerolog.DebugLevel)))
	r.OnError(func(context.Context, *router.Request, error) interaction.Response {
		return interaction.Reply("sorry").Ephemeral()
	})
	slow := func(resp interaction.Response) router.HandlerFunc {
		return func(context.Context, *router.Request) (interaction.Response, error) {
			time.Sleep(slowFor)
			return resp, nil
		}
	}
	r.Command("ping", endpointtest.Reply("pong"))
	r.Command("fail", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Response{}, errors.New("the database is down")
	})
	r.Command("crash", func(context.Context, *router.Request) (interaction.Response, error) {
		panic("handler bug")
	})
	r.Command("slow", slow(interaction.Reply("done")))
	r.Command("private", slow(interaction.Reply("done").Ephemeral()), router.DeferEphemeral())
	r.Command("think", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Defer(), nil
	})
	r.Command("file", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("here").WithFile("notes.txt", "", strings.NewReader("hello, file")), nil
	})
	r.Command("unsendable", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("x").WithFile("gone.txt", "", iotest.ErrReader(errors.New("disk gone"))), nil
	})
	r.Command("search", endpointtest.Reply("found"))
	r.Autocomplete("search", "query", func(context.Context, *autocomplete.Request) ([]interaction.Choice, error) {
		return []interaction.Choice{interaction.StringChoice("one", "one")}, nil
	})
	r.Component("vote:{id}", slow(interaction.Update("voted")))
	return endpointtest.Build(t, r)
}

// newGateway returns an endpoint made by NewGateway for mux, with a
// client of webhooks in memory, given the deadline and margin above and
// opts.
func newGateway(t *testing.T, mux *router.Mux, opts ...endpoint.Option) (*endpoint.Endpoint, *endpointtest.Webhooks) {
	t.Helper()
	w, client := endpointtest.NewWebhooksInMemory(t)
	opts = append([]endpoint.Option{endpoint.WithClient(client),
		endpoint.WithResponseDeadline(gatewayDeadline), endpoint.WithAnswerMargin(gatewayMargin)}, opts...)
	e, err := endpoint.NewGateway(mux, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return e, w
}

// interactionPath is the part of a path to the API that names an
// interaction: its id and token, or its application's id and its token.
var interactionPath = regexp.MustCompile(`^/api/v10/(interactions|webhooks)/[0-9]+/interaction-token-[0-9]+/?`)

// apiCalls returns what w was sent, each request as its method, its path
// after the interaction's token ("callback", "messages/@original") and
// its body.
func apiCalls(w *endpointtest.Webhooks) []string {
	var calls []string
	for _, s := range w.Sent() {
		method, rest, _ := strings.Cut(s, " ")
		path, body, _ := strings.Cut(rest, " ")
		calls = append(calls, method+" "+interactionPath.ReplaceAllString(path, "")+" "+body)
	}
	return calls
}

// settle waits for e's deferred answers.
func settle(t *testing.T, e *endpoint.Endpoint) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := e.WaitDeferred(ctx); err != nil {
		t.Fatalf("WaitDeferred: %v", err)
	}
}

// TestReceiveAnswersThroughTheCallbackEndpoint: an interaction handed to
// Receive is answered as ServeHTTP answers it, each answer posted to the
// callback endpoint: the handler's, the error handler's, a deferral and
// the edit that completes it, files as multipart; what is not an
// interaction, and a PING, is refused with nothing posted.
func TestReceiveAnswersThroughTheCallbackEndpoint(t *testing.T) {
	tests := []struct {
		name string
		body []byte
		// want lists the requests to the API, each as its method, its
		// path after the token and a part of its body.
		want    []string
		wantErr string
	}{
		{"an answer", interactiontest.Command("ping").JSON(),
			[]string{`POST callback {"type":4,"data":{"content":"pong"}}`}, ""},
		{"an autocomplete, which is never deferred", interactiontest.Autocomplete("search").Focus("query", interaction.OptionString, interaction.StringValue("o")).JSON(),
			[]string{`POST callback {"type":8,"data":{"choices":[{"name":"one","value":"one"}]}}`}, ""},
		{"a handler's error, answered by the error handler", interactiontest.Command("fail").JSON(),
			[]string{`POST callback {"type":4,"data":{"content":"sorry","flags":64}}`}, ""},
		{"a handler that defers itself", interactiontest.Command("think").JSON(),
			[]string{`POST callback {"type":5}`}, ""},
		{"a slow handler, deferred and completed by an edit", interactiontest.Command("slow").JSON(),
			[]string{`POST callback {"type":5}`, `PATCH messages/@original {"content":"done"}`}, ""},
		{"a slow handler of a route deferred ephemeral", interactiontest.Command("private").JSON(),
			[]string{`POST callback {"type":5,"data":{"flags":64}}`, `PATCH messages/@original {"content":"done"}`}, ""},
		{"a slow component, deferred as an update", interactiontest.Button("vote:1").JSON(),
			[]string{`POST callback {"type":6}`, `PATCH messages/@original {"content":"voted"}`}, ""},
		{"an answer with a file, as multipart", interactiontest.Command("file").JSON(),
			[]string{`POST callback filename="notes.txt"`}, ""},
		{"an answer whose files cannot be read, answered by the error handler", interactiontest.Command("unsendable").JSON(),
			[]string{`POST callback {"type":4,"data":{"content":"sorry","flags":64}}`}, ""},
		{"a panic: nothing posted", interactiontest.Command("crash").JSON(), nil, "panicked"},
		{"a body that is not an interaction", []byte(`{"id":`), nil, "endpoint: Receive:"},
		{"an interaction of a type not served", []byte(`{"id":"1","type":99}`), nil, "unknown interaction type"},
		{"a PING, which the gateway never sends", interactiontest.Ping().JSON(), nil, "PING"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inBubble(t, func(t *testing.T) {
				var log endpointtest.LogBuffer
				e, w := newGateway(t, gatewayBot(t, &log))
				err := e.Receive(context.Background(), tt.body)
				switch {
				case tt.wantErr == "" && err != nil:
					t.Errorf("Receive: %v", err)
				case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
					t.Errorf("Receive returned %v, want an error saying %q", err, tt.wantErr)
				}
				settle(t, e)
				got := apiCalls(w)
				if len(got) != len(tt.want) {
					t.Fatalf("the API was sent %q, want %q", got, tt.want)
				}
				for i, want := range tt.want {
					head, part, _ := strings.Cut(want, " ")
					path, part, _ := strings.Cut(part, " ")
					if !strings.HasPrefix(got[i], head+" "+path+" ") || !strings.Contains(got[i], part) {
						t.Errorf("request %d is %q, want %q", i, got[i], want)
					}
				}
			})
		})
	}
}

// TestReceiveReturnsOnceTheFirstAnswerIsDelivered: a deferred handler
// still runs when Receive returns, its deferral posted, and its answer is
// delivered in the background, which WaitDeferred waits for.
func TestReceiveReturnsOnceTheFirstAnswerIsDelivered(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		e, w := newGateway(t, gatewayBot(t, io.Discard))
		start := time.Now()
		if err := e.Receive(context.Background(), interactiontest.Command("slow").JSON()); err != nil {
			t.Fatal(err)
		}
		if took, want := time.Since(start), gatewayDeadline-gatewayMargin; took != want {
			t.Errorf("Receive returned after %v, want %v, when the endpoint defers", took, want)
		}
		if got := apiCalls(w); len(got) != 1 || !strings.HasPrefix(got[0], `POST callback {"type":5}`) {
			t.Fatalf("when Receive returned, the API had been sent %q, want the deferral alone", got)
		}
		settle(t, e)
		if got := apiCalls(w); len(got) != 2 {
			t.Errorf("after WaitDeferred, the API had been sent %q, want the deferral and its completion", got)
		}
	})
}

// TestReceiveAfterAPanicLogsAndServesOn: a handler's panic is logged
// with its stack, nothing is posted, and the endpoint serves the next
// interaction.
func TestReceiveAfterAPanicLogsAndServesOn(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		var log endpointtest.LogBuffer
		e, w := newGateway(t, gatewayBot(t, &log))
		if err := e.Receive(context.Background(), interactiontest.Command("crash").JSON()); err == nil {
			t.Fatal("Receive returned nil for a handler that panicked")
		}
		if got := w.Sent(); len(got) != 0 {
			t.Errorf("after a panic, the API was sent %q", got)
		}
		var logged bool
		for _, l := range endpointtest.LogLines(t, log.String()) {
			if l["message"] == "handler panicked" && l["level"] == "error" && l["panic"] == "handler bug" && l["stack"] != nil {
				logged = true
			}
		}
		if !logged {
			t.Errorf("the panic is not logged at error with its stack:\n%s", log.String())
		}
		if err := e.Receive(context.Background(), interactiontest.Command("ping").JSON()); err != nil {
			t.Fatalf("the next interaction: %v", err)
		}
		if got := apiCalls(w); len(got) != 1 || !strings.Contains(got[0], `"content":"pong"`) {
			t.Errorf("the next interaction was answered %q", got)
		}
	})
}

// TestReceiveWithAGuardServesAnInteractionOnce: the same interaction
// received twice, as two processes on one shard receive it, runs its
// handler once; the copy is ErrReplayed, and nothing is posted for it.
func TestReceiveWithAGuardServesAnInteractionOnce(t *testing.T) {
	inBubble(t, func(t *testing.T) {
		var runs atomic.Int32
		r := router.New(router.DispatchOnly())
		r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
			runs.Add(1)
			return interaction.Reply("pong"), nil
		})
		guard := replay.NewMemoryGuard(0)
		e, w := newGateway(t, endpointtest.Build(t, r), endpoint.WithReplayGuard(guard))
		body := interactiontest.Command("ping").JSON()
		if err := e.Receive(context.Background(), body); err != nil {
			t.Fatal(err)
		}
		if err := e.Receive(context.Background(), body); !errors.Is(err, endpoint.ErrReplayed) {
			t.Errorf("the copy: %v, want ErrReplayed", err)
		}
		if n := runs.Load(); n != 1 {
			t.Errorf("the handler ran %d times", n)
		}
		if got := w.Sent(); len(got) != 1 {
			t.Errorf("the API was sent %q, want the first answer alone", got)
		}
		// Claimed by its id, without a timestamp, for the default
		// window: a copy the gateway sends minutes later is refused.
		time.Sleep(interaction.DefaultTimestampWindow)
		if err := e.Receive(context.Background(), body); !errors.Is(err, endpoint.ErrReplayed) {
			t.Errorf("a copy a window later: %v, want ErrReplayed", err)
		}
	})
}

// TestReceiveTellsTheObserver: an interaction from the gateway is
// observed as one over HTTP is, marked Gateway, with no status and no
// verification; a deferral's completion too.
func TestReceiveTellsTheObserver(t *testing.T) {
	const command = interaction.TypeApplicationCommand
	tests := []struct {
		name        string
		body        []byte
		wantType    interaction.Type
		wantRoute   string
		wantOutcome endpoint.Outcome
		wantRefused interaction.Refusal
		// wantCompletion is the outcome of the deferred handler, if any.
		wantCompletion endpoint.Outcome
	}{
		{"an answer", interactiontest.Command("ping").JSON(), command, "ping", endpoint.OutcomeAnswered, 0, 0},
		{"a handler's error", interactiontest.Command("fail").JSON(), command, "fail", endpoint.OutcomeError, 0, 0},
		{"an answer whose files cannot be read", interactiontest.Command("unsendable").JSON(), command, "unsendable", endpoint.OutcomeError, 0, 0},
		{"a panic", interactiontest.Command("crash").JSON(), command, "crash", endpoint.OutcomePanic, 0, 0},
		{"a deferral", interactiontest.Command("slow").JSON(), command, "slow", endpoint.OutcomeDeferred, 0, endpoint.OutcomeAnswered},
		{"a body that is not an interaction", []byte("not json"), 0, "", 0, interaction.RefusedMalformed, 0},
		{"a PING", interactiontest.Ping().JSON(), interaction.TypePing, "", 0, interaction.RefusedUnsupportedType, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inBubble(t, func(t *testing.T) {
				o := newObserved()
				e, _ := newGateway(t, gatewayBot(t, io.Discard), endpoint.WithObserver(o))
				_ = e.Receive(context.Background(), tt.body)
				settle(t, e)
				x := o.only(t)
				if !x.Gateway || x.Status != 0 || x.Verification != 0 {
					t.Errorf("observed Gateway %v, status %d, verification %v; want true, 0, 0", x.Gateway, x.Status, x.Verification)
				}
				if x.Type != tt.wantType || x.Route != tt.wantRoute || x.Outcome != tt.wantOutcome || x.Refused != tt.wantRefused {
					t.Errorf("observed %v %q %q refused %q; want %v %q %q refused %q",
						x.Type, x.Route, x.Outcome, x.Refused, tt.wantType, tt.wantRoute, tt.wantOutcome, tt.wantRefused)
				}
				o.mu.Lock()
				defer o.mu.Unlock()
				switch {
				case tt.wantCompletion == 0 && len(o.completions) != 0:
					t.Errorf("completions observed: %+v", o.completions)
				case tt.wantCompletion != 0 && (len(o.completions) != 1 || !o.completions[0].Delivered ||
					o.completions[0].Outcome != tt.wantCompletion || o.completions[0].HandlerTime != slowFor):
					t.Errorf("completions observed: %+v, want one delivered, %q, after %v", o.completions, tt.wantCompletion, slowFor)
				}
			})
		})
	}
}

// refusingAPI answers every request with the service's refusal of an
// interaction it no longer knows, and counts them.
type refusingAPI struct{ n atomic.Int32 }

func (a *refusingAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	a.n.Add(1)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusNotFound)
	io.WriteString(w, `{"message":"Unknown interaction","code":10062}`)
}

// TestReceiveWhenTheServiceRefusesTheAnswer: an answer or deferral the
// callback endpoint refuses is Receive's error, logged; the answer of a
// handler whose deferral was refused is dropped, never posted as an edit
// of an answer some other process made, and observed as not delivered.
func TestReceiveWhenTheServiceRefusesTheAnswer(t *testing.T) {
	for _, tt := range []struct {
		command string
		posts   int32
	}{
		{"ping", 1},
		{"slow", 1},
	} {
		t.Run(tt.command, func(t *testing.T) {
			inBubble(t, func(t *testing.T) {
				var log endpointtest.LogBuffer
				api := &refusingAPI{}
				o := newObserved()
				e, err := endpoint.NewGateway(gatewayBot(t, &log), endpoint.WithClient(endpointtest.ClientInMemory(t, api)),
					endpoint.WithResponseDeadline(gatewayDeadline), endpoint.WithAnswerMargin(gatewayMargin), endpoint.WithObserver(o))
				if err != nil {
					t.Fatal(err)
				}
				err = e.Receive(context.Background(), interactiontest.Command(tt.command).JSON())
				if err == nil || !strings.Contains(err.Error(), "Unknown interaction") {
					t.Errorf("Receive returned %v, want the service's refusal", err)
				}
				settle(t, e)
				if n := api.n.Load(); n != tt.posts {
					t.Errorf("the API was sent %d requests, want %d", n, tt.posts)
				}
				if !strings.Contains(log.String(), `"level":"error"`) {
					t.Errorf("the refusal is not logged at error:\n%s", log.String())
				}
				o.mu.Lock()
				defer o.mu.Unlock()
				for _, c := range o.completions {
					if c.Delivered {
						t.Errorf("a completion observed delivered: %+v", c)
					}
				}
			})
		})
	}
}

// TestReceiveNeedsAClient: an endpoint New made without a REST client
// cannot answer what Receive is given, and says so; NewGateway refuses to
// make one.
func TestReceiveNeedsAClient(t *testing.T) {
	key := interactiontest.NewKey("receive")
	var log endpointtest.LogBuffer
	e := newEndpoint(t, gatewayBot(t, io.Discard), key.Verifier(), endpoint.WithLogger(zerolog.New(&log)))
	if err := e.CanReceive(); !errors.Is(err, router.ErrNoClient) {
		t.Errorf("CanReceive: %v, want router.ErrNoClient", err)
	}
	if err := e.Receive(context.Background(), interactiontest.Command("ping").JSON()); !errors.Is(err, router.ErrNoClient) {
		t.Errorf("Receive: %v, want router.ErrNoClient", err)
	}
	if !strings.Contains(log.String(), `"level":"error"`) {
		t.Errorf("the misuse is not logged at error:\n%s", log.String())
	}
	_, client := endpointtest.NewWebhooksInMemory(t)
	if err := newEndpoint(t, gatewayBot(t, io.Discard), key.Verifier(), endpoint.WithClient(client)).CanReceive(); err != nil {
		t.Errorf("CanReceive with a client: %v", err)
	}
}

// TestNewGatewayRefusesWhatItCannotServe: an endpoint for the gateway
// alone answers through a REST client, hands nothing to a queue, and
// has no HTTP response to put files in; New takes no nil verifier, and
// names NewGateway.
func TestNewGatewayRefusesWhatItCannotServe(t *testing.T) {
	mux := gatewayBot(t, io.Discard)
	_, client := endpointtest.NewWebhooksInMemory(t)
	keys := queue.RandomKeys()
	for _, tt := range []struct {
		name string
		opts []endpoint.Option
		want string // "" for none
	}{
		{"a client", []endpoint.Option{endpoint.WithClient(client)}, ""},
		{"no client", nil, "no REST client"},
		{"a queue", []endpoint.Option{endpoint.WithClient(client), endpoint.WithQueue(queue.NewMemory(1)), endpoint.WithJobKeys(keys),
			endpoint.WithJobClaims(replay.NewMemoryGuard(0))}, "queue"},
		{"job keys, as a worker", []endpoint.Option{endpoint.WithClient(client), endpoint.WithJobKeys(keys),
			endpoint.WithJobClaims(replay.NewMemoryGuard(0))}, "completes jobs"},
		{"files in the response", []endpoint.Option{endpoint.WithClient(client), endpoint.WithFileAnswers(endpoint.FilesInResponse)}, "FilesInResponse"},
	} {
		_, err := endpoint.NewGateway(mux, tt.opts...)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: %v, want an error saying %q", tt.name, err, tt.want)
		}
	}
	if _, err := endpoint.New(mux, nil, endpoint.WithClient(client)); err == nil || !strings.Contains(err.Error(), "NewGateway") {
		t.Errorf("New with no verifier: %v, want an error naming NewGateway", err)
	}
}

// TestAGatewayEndpointRefusesHTTP: an endpoint made by NewGateway
// answers every request over HTTP 404, saying why, and logs the first
// at error; CanServeHTTP says it serves none.
func TestAGatewayEndpointRefusesHTTP(t *testing.T) {
	key := interactiontest.NewKey("gateway")
	for _, a := range endpointtest.FrontEnds() {
		var log endpointtest.LogBuffer
		_, client := endpointtest.NewWebhooksInMemory(t)
		e, err := endpoint.NewGateway(gatewayBot(t, io.Discard), endpoint.WithClient(client), endpoint.WithLogger(zerolog.New(&log).Level(zerolog.DebugLevel)))
		if err != nil {
			t.Fatal(err)
		}
		if err := e.CanServeHTTP(); err == nil {
			t.Errorf("%s: CanServeHTTP: nil for an endpoint made by NewGateway", a.Name)
		}
		for range 2 {
			got := a.Do(e, endpointtest.Signed(key, interactiontest.Ping().JSON()))
			if got.Status != 404 || !strings.Contains(got.Body, "gateway") {
				t.Errorf("%s: answered %d %s, want 404 saying the bot uses the gateway", a.Name, got.Status, got.Body)
			}
		}
		var levels []string
		for _, l := range endpointtest.LogLines(t, log.String()) {
			levels = append(levels, l["level"].(string))
		}
		if strings.Join(levels, " ") != "error debug" {
			t.Errorf("%s: logged at %q, want the first at error, the next at debug:\n%s", a.Name, levels, log.String())
		}
	}
	e := newEndpoint(t, gatewayBot(t, io.Discard), key.Verifier())
	if err := e.CanServeHTTP(); err != nil {
		t.Errorf("CanServeHTTP of an endpoint New made: %v", err)
	}
}

// gatewayStandIn stands for a gateway connection in the tests that run on
// the emulator, which sends interactions over HTTP only: it checks each
// request's signature with v and answers the PING with which the emulator
// checks the URL, as the HTTP endpoint does, and hands every other body to
// e.Receive, as a gateway client hands over the d of INTERACTION_CREATE.
// Once Receive has returned, the answer has gone through the callback
// endpoint, and the request is acknowledged 202, which is how the
// emulator takes an answer so delivered while the request is open.
func gatewayStandIn(v *interaction.Verifier, e *endpoint.Endpoint) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil || v.Verify([]byte(r.Header.Get(endpoint.HeaderSignature)), []byte(r.Header.Get(endpoint.HeaderTimestamp)), body) != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		var ix interaction.Interaction
		if interaction.Decode(body, &ix) == nil && ix.Type == interaction.TypePing {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"type":1}`)
			return
		}
		if err := e.Receive(r.Context(), body); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusAccepted)
	})
}

// receiveOnEmulator registers r's commands on a new emulator, and serves
// them with an endpoint made by NewGateway, given a client of the
// emulator, behind gatewayStandIn. The service's window is filesWindow:
// these tests are not about time.
func receiveOnEmulator(t *testing.T, r *router.Router) (*emulator.Server, *endpoint.Endpoint) {
	t.Helper()
	s, err := emulator.New(emulator.Config{ResponseWindow: filesWindow})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	mux := endpointtest.Build(t, r)
	verifier, err := interaction.NewVerifier(s.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	client, err := rest.NewClient(s.URL, rest.NoAuth{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := endpoint.NewGateway(mux, endpoint.WithClient(client), endpoint.WithResponseDeadline(filesWindow))
	if err != nil {
		t.Fatal(err)
	}
	bot := httptest.NewServer(gatewayStandIn(verifier, e))
	t.Cleanup(bot.Close)
	admin, err := rest.NewClient(s.URL, rest.BotToken(s.BotToken))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := admin.OverwriteCommands(ctx, s.ApplicationID, command.InGuild(s.GuildID), mux.Definitions().Commands(command.Global)); err != nil {
		t.Fatal(err)
	}
	if err := s.SetInteractionsURL(ctx, bot.URL); err != nil {
		t.Fatal(err)
	}
	return s, e
}

// TestReceivedInteractionsAreAnsweredOnTheEmulator: the emulator takes
// the answers Receive posts to its callback endpoint as the service does:
// a reply, the error handler's, one with files, and a deferral that the
// handler's answer completes by an edit.
func TestReceivedInteractionsAreAnsweredOnTheEmulator(t *testing.T) {
	r := router.New()
	r.OnError(func(context.Context, *router.Request, error) interaction.Response {
		return interaction.Reply("sorry").Ephemeral()
	})
	r.Command("ping", endpointtest.Reply("pong"), router.Description("Answers"))
	r.Command("fail", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Response{}, errors.New("the database is down")
	}, router.Description("Fails"))
	r.Command("report", func(context.Context, *router.Request) (interaction.Response, error) {
		return reportAnswer(), nil
	}, router.Description("Answers with files"))
	// A route declared Queued is deferred at once, and its handler run
	// after the deferral, on an endpoint with no queue: a deferral that
	// does not wait on the clock.
	r.Command("queued", endpointtest.Reply("done"), router.Description("Deferred"), router.Queued())
	s, e := receiveOnEmulator(t, r)
	for _, tt := range []struct {
		command     string
		wantType    interaction.CallbackType
		wantContent string
		wantFiles   string
	}{
		{"ping", interaction.CallbackChannelMessageWithSource, "pong", ""},
		{"fail", interaction.CallbackChannelMessageWithSource, "sorry", ""},
		{"report", interaction.CallbackChannelMessageWithSource, "The report", reportAttachments},
		{"queued", interaction.CallbackDeferredChannelMessageWithSource, "done", ""},
	} {
		t.Run(tt.command, func(t *testing.T) {
			res, err := s.Invoke(context.Background(), emulator.Invocation{Guild: s.GuildID, Command: tt.command})
			if err != nil {
				t.Fatal(err)
			}
			if !res.OK() || res.Status != http.StatusAccepted || res.Answer.Type != tt.wantType {
				t.Fatalf("status %d, answer %v, violations %q; want 202 and %v", res.Status, res.Answer.Type, res.Violations, tt.wantType)
			}
			settle(t, e)
			rec, _ := s.Interaction(res.Interaction.ID)
			if rec.Original == nil || rec.Original.Data.Content != tt.wantContent || attachmentsOf(rec.Original) != tt.wantFiles {
				t.Errorf("the answer is %+v, want %q with files %q", rec.Original, tt.wantContent, tt.wantFiles)
			}
			if tt.wantType == interaction.CallbackDeferredChannelMessageWithSource &&
				(len(rec.History) != 2 || rec.History[0].Kind != emulator.MessageDeferred || rec.History[1].Kind != emulator.MessageCompleted) {
				t.Errorf("history %+v, want deferred then completed", rec.History)
			}
		})
	}
}
