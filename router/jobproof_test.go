package router_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
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
func push(t *testing.T, worker *router.Endpoint, job queue.Job) int {
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
	c := signed(b.key, body)
	if got := adapters[0].do(b.endpoint, c); got.status != 200 || !strings.Contains(got.body, "run 1") {
		t.Fatalf("answer %d %s, want run 1 in time", got.status, got.body)
	}
	job := queue.Job{Body: body, Signature: c.headers[router.HeaderSignature], Timestamp: c.headers[router.HeaderTimestamp],
		Received: time.Now(), Deferral: interaction.CallbackDeferredChannelMessageWithSource}
	if status := push(t, b.worker, job); status != http.StatusUnprocessableEntity {
		t.Errorf("the push worker answered %d, want 422", status)
	}
	if n := runs.Load(); n != 1 {
		t.Errorf("the handler ran %d times, want once", n)
	}
	if sent := b.hooks.requests(); len(sent) != 0 {
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
	stale := call{method: "POST", body: body, headers: map[string]string{router.HeaderSignature: sig, router.HeaderTimestamp: ts}}
	if got := adapters[0].do(b.endpoint, stale); got.status != 401 {
		t.Fatalf("the endpoint answered %d %s, want 401", got.status, got.body)
	}
	job := queue.Job{Body: body, Signature: sig, Timestamp: ts, Received: at.Add(time.Second),
		Deferral: interaction.CallbackDeferredChannelMessageWithSource}
	if status := push(t, b.worker, job); status != http.StatusUnprocessableEntity {
		t.Errorf("the push worker answered %d, want 422", status)
	}
	if n := runs.Load(); n != 0 {
		t.Errorf("the handler ran %d times", n)
	}
	if sent := b.hooks.requests(); len(sent) != 0 {
		t.Errorf("the service was sent %q", sent)
	}
}

// A deployment configured wrong stops at its start: an endpoint given a
// queue without the keys that prove its jobs, job claims in the replay
// guard itself, or keys that failed to parse.
func TestAMisconfiguredEndpointPanicsWhenItIsMade(t *testing.T) {
	mux := build(t, coins(new(atomic.Int32)))
	key := interactiontest.NewKey("config")
	guard := replay.NewMemoryGuard(0)
	for _, tc := range []struct {
		name, says string
		make       func()
	}{
		{"a queue without keys", "needs the keys that prove its jobs (WithJobKeys)", func() {
			router.NewEndpoint(mux, key.Verifier(), router.WithQueue(queue.NewMemory(1)))
		}},
		{"a queue given to the router without keys", "needs the keys that prove its jobs (WithJobKeys)", func() {
			r := router.New(router.DispatchOnly(), router.WithQueue(queue.NewMemory(1)))
			r.Command("daily", func(context.Context, *router.Request) (interaction.Response, error) {
				return interaction.Reply("+10 coins"), nil
			})
			router.NewEndpoint(build(t, r), key.Verifier())
		}},
		{"the job claims in the replay guard", "the job claims (WithJobClaims) are the replay guard", func() {
			router.NewEndpoint(mux, key.Verifier(), router.WithJobKeys(queue.RandomKeys()),
				router.WithReplayGuard(guard), router.WithJobClaims(guard))
		}},
		{"keys that failed to parse", "WithJobKeys: no keys", func() {
			keys, _ := queue.ParseKeys("")
			router.WithJobKeys(keys)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if p := recover(); p == nil || !strings.Contains(fmt.Sprint(p), tc.says) {
					t.Errorf("panicked with %v, want %q", p, tc.says)
				}
			}()
			tc.make()
		})
	}
}

func TestCanCompleteSaysWhatAWorkerLacks(t *testing.T) {
	mux := build(t, coins(new(atomic.Int32)))
	v := interactiontest.NewKey("config").Verifier()
	client := &rest.Client{}
	for _, tc := range []struct {
		name string
		e    *router.Endpoint
		want error
	}{
		{"a worker", router.NewEndpoint(mux, v, router.WithClient(client), router.WithJobKeys(queue.RandomKeys())), nil},
		{"without a client", router.NewEndpoint(mux, v, router.WithJobKeys(queue.RandomKeys())), router.ErrNoClient},
		{"without keys", router.NewEndpoint(mux, v, router.WithClient(client)), router.ErrNoJobKeys},
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
			claims := router.WithJobClaims(replay.NewMemoryGuard(0))
			var worker *router.Endpoint
			kept := make(chan queue.Job, 1)
			b := newQueueBench(t, r, claims, router.WithQueue(queue.Func(func(ctx context.Context, job queue.Job) error {
				job.Body = bytes.Clone(job.Body)
				if workerFirst {
					if err := worker.Complete(context.Background(), job); err != nil {
						t.Errorf("Complete: %v", err)
					}
				}
				kept <- job
				return context.DeadlineExceeded
			})))
			worker = router.NewEndpoint(build(t, r), b.key.Verifier(), router.WithClient(mustClient(t, b)), router.WithJobKeys(b.keys), claims)
			got := adapters[0].do(b.endpoint, signed(b.key, interactiontest.Command("report").JSON()))
			if got.status != 200 || !strings.Contains(got.body, `"type":5`) {
				t.Fatalf("answer %d %s, want a deferral", got.status, got.body)
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
			if sent := b.hooks.requests(); len(sent) != 1 || !strings.Contains(sent[0], "report 1") {
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
	if got := adapters[0].do(b.endpoint, signed(b.key, interactiontest.Command("ask").JSON())); got.status != 200 {
		t.Fatalf("answer %d %s", got.status, got.body)
	}
	if <-runs {
		t.Error("the endpoint's run says it was handed over")
	}
	if got := adapters[0].do(b.endpoint, signed(b.key, interactiontest.Command("report").JSON())); got.status != 200 {
		t.Fatalf("answer %d %s", got.status, got.body)
	}
	if err := b.worker.Complete(context.Background(), b.next(t)); err != nil {
		t.Fatal(err)
	}
	if !<-runs {
		t.Error("the worker's run says it was not handed over")
	}
	mux := build(t, r)
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
