package endpoint_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/queue"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// coins is a bot whose /daily pays out each time its handler runs, and
// says which run it is: a handler that must not run twice.
func coins(runs *atomic.Int32) *router.Router {
	r := router.New(router.DispatchOnly())
	r.Command("daily", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("+10 coins (run " + string(rune('0'+runs.Add(1))) + ")"), nil
	})
	return r
}

// push posts job, in JSON, to a push worker around worker, and returns
// the status it answered.
func push(t *testing.T, worker *endpoint.Endpoint, job queue.Job) int {
	t.Helper()
	data, err := json.Marshal(job)
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	(&queue.PushWorker{Worker: worker}).ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/jobs", strings.NewReader(string(data))))
	return w.Code
}

// A worker runs only what the endpoint handed over: an interaction the
// endpoint answered in time, posted to the worker as a job with its
// signature as the service made it, is refused, and its handler does not
// run again.
func TestAWorkerRefusesAnInteractionTheEndpointNeverHandedOver(t *testing.T) {
	var runs atomic.Int32
	b := newQueueBench(t, coins(&runs))
	body := interactiontest.Command("daily").JSON()
	c := endpointtest.Signed(b.key, body)
	if got := endpointtest.FrontEnds()[0].Do(b.endpoint, c); got.Status != 200 || !strings.Contains(got.Body, "run 1") {
		t.Fatalf("answer %d %s, want run 1 in time", got.Status, got.Body)
	}
	job := queue.Job{Body: body, Signature: c.Headers[endpoint.HeaderSignature], Timestamp: c.Headers[endpoint.HeaderTimestamp],
		Received: time.Now(), Deferral: interaction.CallbackDeferredChannelMessageWithSource}
	if status := push(t, b.worker, job); status != http.StatusUnprocessableEntity {
		t.Errorf("the push worker answered %d, want 422", status)
	}
	if n := runs.Load(); n != 1 {
		t.Errorf("the handler ran %d times, want once", n)
	}
	if sent := requests(b.hooks); len(sent) != 0 {
		t.Errorf("the service was sent %q", sent)
	}
}

// A worker never stretches the endpoint's timestamp window: a request
// signed ten minutes ago, which the endpoint refuses, is refused in a job
// whose time of receipt says it arrived a second after it was signed.
func TestAWorkerCannotStretchTheTimestampWindow(t *testing.T) {
	var runs atomic.Int32
	b := newQueueBench(t, coins(&runs))
	body := interactiontest.Command("daily").JSON()
	at := time.Now().Add(-10 * time.Minute)
	sig, ts := b.key.SignAt(body, at)
	stale := endpointtest.Call{Method: "POST", Body: body, Headers: map[string]string{endpoint.HeaderSignature: sig, endpoint.HeaderTimestamp: ts}}
	if got := endpointtest.FrontEnds()[0].Do(b.endpoint, stale); got.Status != 401 {
		t.Fatalf("the endpoint answered %d %s, want 401", got.Status, got.Body)
	}
	job := queue.Job{Body: body, Signature: sig, Timestamp: ts, Received: at.Add(time.Second),
		Deferral: interaction.CallbackDeferredChannelMessageWithSource}
	if status := push(t, b.worker, job); status != http.StatusUnprocessableEntity {
		t.Errorf("the push worker answered %d, want 422", status)
	}
	if n := runs.Load(); n != 0 {
		t.Errorf("the handler ran %d times", n)
	}
	if sent := requests(b.hooks); len(sent) != 0 {
		t.Errorf("the service was sent %q", sent)
	}
}

// A deployment configured wrong stops at its start: New returns an
// error naming what is wrong, every problem at once, for an endpoint
// given a queue without the keys that prove its jobs, job claims in the
// replay guard itself, keys that failed to parse, keys without claims, answers with files
// through the callback without a client to send them, or WithoutAutoDefer
// beside routes declared Queued.
func TestAMisconfiguredEndpointIsAnErrorWhenItIsMade(t *testing.T) {
	mux := endpointtest.Build(t, coins(new(atomic.Int32)))
	key := interactiontest.NewKey("config")
	guard := replay.NewMemoryGuard(0)
	failedKeys, _ := queue.ParseKeys("")
	queued := router.New(router.DispatchOnly())
	queued.Command("report", endpointtest.Reply("report"), router.Queued())
	queued.Component("export:{id}", endpointtest.Reply("export"), router.Queued())
	queued.Group("stats", router.Queued()).Command("week", endpointtest.Reply("week"))
	queued.Command("ping", endpointtest.Reply("pong"))
	for _, tc := range []struct {
		name string
		mux  *router.Mux
		opts []endpoint.Option
		says []string
	}{
		{"a queue without keys", mux, []endpoint.Option{endpoint.WithQueue(queue.NewMemory(1))},
			[]string{"needs the keys that prove its jobs (WithJobKeys)"}},
		{"the job claims in the replay guard", mux, []endpoint.Option{endpoint.WithJobKeys(queue.RandomKeys()),
			endpoint.WithReplayGuard(guard), endpoint.WithJobClaims(guard)},
			[]string{"the job claims (WithJobClaims) are the replay guard"}},
		{"keys that failed to parse", mux, []endpoint.Option{endpoint.WithJobKeys(failedKeys)},
			[]string{"WithJobKeys: no keys"}},
		{"keys without job claims", mux, []endpoint.Option{endpoint.WithJobKeys(queue.RandomKeys())},
			[]string{"needs the job claims that run each job once (WithJobClaims)"}},
		{"a queue and keys that failed to parse", mux, []endpoint.Option{endpoint.WithQueue(queue.NewMemory(1)), endpoint.WithJobKeys(failedKeys), endpoint.WithJobClaims(replay.NewMemoryGuard(0))},
			[]string{"WithJobKeys: no keys"}},
		{"files through the callback without a client", mux, []endpoint.Option{endpoint.WithFileAnswers(endpoint.FilesByCallback)},
			[]string{"no REST client to send them"}},
		{"WithoutAutoDefer beside routes declared Queued", endpointtest.Build(t, queued), []endpoint.Option{endpoint.WithoutAutoDefer()},
			[]string{"WithoutAutoDefer", "(export:{id}, report, stats week)"}},
		{"two problems at once", mux, []endpoint.Option{endpoint.WithQueue(queue.NewMemory(1)), endpoint.WithFileAnswers(endpoint.FilesByCallback)},
			[]string{"needs the keys that prove its jobs", "no REST client to send them"}},
		{"no Mux", nil, nil, []string{"no router.Mux"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := endpoint.New(tc.mux, key.Verifier(), tc.opts...)
			if err == nil || e != nil {
				t.Fatalf("New returned %v, %v; want an error", e, err)
			}
			for _, says := range tc.says {
				if !strings.Contains(err.Error(), says) {
					t.Errorf("New: %v; want it to say %q", err, says)
				}
			}
		})
	}
	if _, err := endpoint.New(mux, nil); err == nil || !strings.Contains(err.Error(), "no interaction.Verifier") {
		t.Errorf("New without a verifier: %v", err)
	}
	// What New refuses with WithoutAutoDefer it takes with a client, and
	// a Mux without Queued routes with WithoutAutoDefer.
	if _, err := endpoint.New(endpointtest.Build(t, queued), key.Verifier()); err != nil {
		t.Errorf("New of a Mux with Queued routes: %v", err)
	}
	if _, err := endpoint.New(mux, key.Verifier(), endpoint.WithoutAutoDefer()); err != nil {
		t.Errorf("New of a Mux without Queued routes, WithoutAutoDefer: %v", err)
	}
}

func TestCanCompleteSaysWhatAWorkerLacks(t *testing.T) {
	mux := endpointtest.Build(t, coins(new(atomic.Int32)))
	v := interactiontest.NewKey("config").Verifier()
	client := &rest.Client{}
	for _, tc := range []struct {
		name string
		e    *endpoint.Endpoint
		want error
	}{
		{"a worker", newEndpoint(t, mux, v, endpoint.WithClient(client), endpoint.WithJobKeys(queue.RandomKeys()), endpoint.WithJobClaims(replay.NewMemoryGuard(0))), nil},
		{"without a client", newEndpoint(t, mux, v, endpoint.WithJobKeys(queue.RandomKeys()), endpoint.WithJobClaims(replay.NewMemoryGuard(0))), router.ErrNoClient},
		{"without keys", newEndpoint(t, mux, v, endpoint.WithClient(client)), endpoint.ErrNoJobKeys},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.e.CanComplete(); err != tc.want {
				t.Errorf("CanComplete = %v, want %v", err, tc.want)
			}
		})
	}
}

// A queue may report an error for a job it kept, after a timeout; the
// endpoint then completes the job itself, and a worker is handed it
// too. With the claims shared, the handler runs once, whichever claims
// it first.
func TestAJobTheQueueKeptThoughItFailedRunsOnce(t *testing.T) {
	for _, workerFirst := range []bool{false, true} {
		name := "the endpoint claims first"
		if workerFirst {
			name = "the worker claims first"
		}
		t.Run(name, func(t *testing.T) {
			var runs atomic.Int32
			r := router.New(router.DispatchOnly())
			r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
				return interaction.Reply("report " + string(rune('0'+runs.Add(1)))), nil
			}, router.Queued())
			claims := endpoint.WithJobClaims(replay.NewMemoryGuard(0))
			var worker *endpoint.Endpoint
			kept := make(chan queue.Job, 1)
			b := newQueueBench(t, r, claims, endpoint.WithQueue(queue.Func(func(ctx context.Context, job queue.Job) error {
				job.Body = bytes.Clone(job.Body)
				if workerFirst {
					if err := worker.Complete(context.Background(), job); err != nil {
						t.Errorf("Complete: %v", err)
					}
				}
				kept <- job
				return context.DeadlineExceeded
			})))
			worker = newEndpoint(t, endpointtest.Build(t, r), b.key.Verifier(), endpoint.WithClient(mustClient(t, b)), endpoint.WithJobKeys(b.keys), claims)
			got := endpointtest.FrontEnds()[0].Do(b.endpoint, endpointtest.Signed(b.key, interactiontest.Command("report").JSON()))
			if got.Status != 200 || !strings.Contains(got.Body, `"type":5`) {
				t.Fatalf("answer %d %s, want a deferral", got.Status, got.Body)
			}
			if err := b.endpoint.WaitDeferred(context.Background()); err != nil {
				t.Fatal(err)
			}
			if err := worker.Complete(context.Background(), <-kept); err != nil {
				t.Errorf("Complete of the job delivered: %v", err)
			}
			if n := runs.Load(); n != 1 {
				t.Errorf("the handler ran %d times, want once", n)
			}
			if sent := requests(b.hooks); len(sent) != 1 || !strings.Contains(sent[0], "report 1") {
				t.Errorf("the service was sent %q, want one completion", sent)
			}
		})
	}
}

// A handler knows a worker's run of an interaction handed over from the
// endpoint's: Request.HandedOver is true in Complete, and in Dispatch
// under a context HandedOver made, and false at the endpoint.
func TestAHandlerKnowsItRunsHandedOver(t *testing.T) {
	runs := make(chan bool, 4)
	r := router.New(router.DispatchOnly())
	r.Command("ask", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		runs <- req.HandedOver()
		return interaction.Reply("asked"), nil
	})
	r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		runs <- req.HandedOver()
		return interaction.Reply("the report"), nil
	}, router.Queued())
	b := newQueueBench(t, r)
	if got := endpointtest.FrontEnds()[0].Do(b.endpoint, endpointtest.Signed(b.key, interactiontest.Command("ask").JSON())); got.Status != 200 {
		t.Fatalf("answer %d %s", got.Status, got.Body)
	}
	if <-runs {
		t.Error("the endpoint's run says it was handed over")
	}
	if got := endpointtest.FrontEnds()[0].Do(b.endpoint, endpointtest.Signed(b.key, interactiontest.Command("report").JSON())); got.Status != 200 {
		t.Fatalf("answer %d %s", got.Status, got.Body)
	}
	if err := b.worker.Complete(context.Background(), b.next(t)); err != nil {
		t.Fatal(err)
	}
	if !<-runs {
		t.Error("the worker's run says it was not handed over")
	}
	mux := endpointtest.Build(t, r)
	for _, tt := range []struct {
		ctx  context.Context
		want bool
	}{{context.Background(), false}, {router.HandedOver(context.Background()), true}} {
		if _, err := mux.Dispatch(tt.ctx, interactiontest.Command("ask").Interaction()); err != nil {
			t.Fatal(err)
		}
		if got := <-runs; got != tt.want {
			t.Errorf("Dispatch's run says it was handed over: %v, want %v", got, tt.want)
		}
	}
}
