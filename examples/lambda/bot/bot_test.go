package bot

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/awslambda"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/queue"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// The service's window in these tests, and the endpoint's margin in it:
// the endpoint defers 200 ms after a request arrives.
const (
	window = 300 * time.Millisecond
	margin = 100 * time.Millisecond
)

// newTestBot serves the bot with its durations shortened around the
// window, with a queue in memory that a worker on the same router
// serves until the test ends.
func newTestBot(t *testing.T) (*switchboardtest.Bot, *queue.Memory) {
	t.Helper()
	b := &Bot{ReportTakes: 2 * window, LoadTakes: window}
	q := queue.NewMemory(8)
	keys := queue.RandomKeys()
	tb := switchboardtest.New(t, b.Router(zerolog.Nop()),
		switchboardtest.WithEmulator(emulator.Config{ResponseWindow: window}),
		switchboardtest.WithEndpoint(endpoint.WithQueue(q), endpoint.WithJobKeys(keys), endpoint.WithJobClaims(replay.NewMemoryGuard(0)), endpoint.WithResponseDeadline(window), endpoint.WithAnswerMargin(margin)),
		switchboardtest.WithWait(5*time.Second))
	verifier, err := interaction.NewVerifier(tb.Emulator.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	worker, err := endpoint.New(tb.Mux, verifier, endpoint.WithClient(tb.Client), endpoint.WithJobKeys(keys), endpoint.WithJobClaims(replay.NewMemoryGuard(0)))
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- q.Serve(ctx, worker, func(_ queue.Job, err error) { t.Errorf("the worker refused a job: %v", err) })
	}()
	t.Cleanup(func() {
		stop()
		<-done
	})
	return tb, q
}

func TestPingAnswersInTheResponse(t *testing.T) {
	bot, _ := newTestBot(t)
	x := bot.Command("/ping")
	if x.Answer().Type != interaction.CallbackChannelMessageWithSource {
		t.Errorf("answered with %v\n%s", x.Answer().Type, x)
	}
	x.Shows("pong")
}

// /report is queued: deferred at once, only the user seeing it, and
// built by the worker.
func TestTheReportIsBuiltByTheWorker(t *testing.T) {
	bot, _ := newTestBot(t)
	x := bot.Command("/report")
	if x.Answer().Type != interaction.CallbackDeferredChannelMessageWithSource || !x.Ephemeral() {
		t.Fatalf("first answer %v, want an ephemeral deferral\n%s", x.Answer().Type, x)
	}
	if x.Result.Took > window-margin {
		t.Errorf("the deferral took %v: a queued route defers at once\n%s", x.Result.Took, x)
	}
	x.Wait().Shows("Weekly report: 42 deploys, 3 incidents, 99.95% uptime.")
}

// The first search loads the index, past the deferral point: it is
// handed over and answered by the worker, which loads the index too.
// The next one answers in time.
func TestASearchAfterAColdStartIsHandedOver(t *testing.T) {
	bot, _ := newTestBot(t)
	x := bot.Command("/search query:rollback")
	if x.Answer().Type != interaction.CallbackDeferredChannelMessageWithSource {
		t.Fatalf("first answer %v, want a deferral\n%s", x.Answer().Type, x)
	}
	x.Wait().Shows(`3 runbooks mention "rollback".`)
	y := bot.Command("/search query:certificates")
	if y.Answer().Type != interaction.CallbackChannelMessageWithSource {
		t.Errorf("the second search answered with %v\n%s", y.Answer().Type, y)
	}
	y.Shows(`3 runbooks mention "certificates".`)
}

// Served through the function URL adapter, as on Lambda, the bot
// answers the same.
func TestTheBotAnswersThroughTheFunctionURL(t *testing.T) {
	b := &Bot{ReportTakes: window, LoadTakes: window}
	tb := switchboardtest.New(t, b.Router(zerolog.Nop()), switchboardtest.WithRoutes("", func(e *endpoint.Endpoint) http.Handler {
		return localFunctionURL(t, awslambda.FunctionURL(e))
	}))
	tb.Command("/ping").Shows("pong")
}

// localFunctionURL serves fn as a Lambda function URL does, for the
// test: each request becomes the platform's event, its headers' names
// in lower case, and the function's response the HTTP answer.
func localFunctionURL(t *testing.T, fn func(context.Context, events.LambdaFunctionURLRequest) (events.LambdaFunctionURLResponse, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			t.Errorf("reading the request: %v", err)
			return
		}
		ev := events.LambdaFunctionURLRequest{RawPath: r.URL.Path, Body: string(body), Headers: map[string]string{}}
		for name, values := range r.Header {
			ev.Headers[strings.ToLower(name)] = strings.Join(values, ",")
		}
		ev.RequestContext.HTTP.Method = r.Method
		ev.RequestContext.TimeEpoch = time.Now().UnixMilli()
		resp, err := fn(r.Context(), ev)
		if err != nil {
			t.Errorf("the function failed: %v", err)
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		for name, value := range resp.Headers {
			w.Header().Set(name, value)
		}
		w.WriteHeader(resp.StatusCode)
		io.WriteString(w, resp.Body)
	})
}
