package awslambda_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/switchboard-go/switchboard/awslambda"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/queue"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// The endpoint's window in these tests, and its margin in it, are the
// service's own 3 seconds and twice its margin: the endpoint defers a
// handler still running 2 seconds in, and its deferral has a second to
// arrive. The emulated service waits longer still (serviceWindow): these
// tests are about who completes an answer, not how fast, and a machine
// busy with other work must not fail them. A handler that answers "at
// once" does, one that answers "after the deferral" waits for the
// deferral to be sent, and one that answers "after the window" for the
// endpoint's window to be over as well; only those wait for a window.
const (
	window        = 3 * time.Second
	margin        = time.Second
	serviceWindow = 10 * time.Second
)

// delay is when a handler answers.
type delay int

const (
	atOnce delay = iota
	afterTheDeferral
	afterTheWindow
)

func (d delay) String() string {
	return [...]string{"at once", "after the deferral", "after the window"}[d]
}

// mode is how a bot on Lambda completes what it defers.
type mode int

const (
	// inProcess: no queue, the goroutine of the endpoint's process.
	inProcess mode = iota
	// handedOver: a queue, which a handler still running at the
	// deferral point is handed to.
	handedOver
	// queued: a queue, and the route declared Queued.
	queued
)

func (m mode) String() string {
	return [...]string{"in the process", "handed over at the deadline", "queued at once"}[m]
}

// lambdaBot is a bot served to the emulator through a function URL,
// with a worker function that takes the jobs of its queue as SQS events.
type lambdaBot struct {
	*switchboardtest.Bot
	// deferred is closed when the function first answers with a
	// deferral.
	deferred chan struct{}
	queue    *queue.Memory
	worker   *endpoint.Endpoint
	// enqueued counts the jobs the queue took; completed has a value
	// for each job the worker function completed.
	enqueued  atomic.Int32
	completed chan struct{}
}

// newLambdaBot serves r through the function URL adapter, with a queue
// unless m is inProcess, closing deferred at the first deferral; the
// worker does not run until serveQueue.
func newLambdaBot(t *testing.T, r *router.Router, m mode, deferred chan struct{}) *lambdaBot {
	t.Helper()
	b := &lambdaBot{deferred: deferred, queue: queue.NewMemory(8), completed: make(chan struct{}, 8)}
	var once sync.Once
	keys := queue.RandomKeys()
	opts := []endpoint.Option{endpoint.WithResponseDeadline(window), endpoint.WithAnswerMargin(margin), endpoint.WithJobKeys(keys), endpoint.WithJobClaims(replay.NewMemoryGuard(0))}
	if m != inProcess {
		opts = append(opts, endpoint.WithQueue(queue.Func(func(ctx context.Context, job queue.Job) error {
			b.enqueued.Add(1)
			return b.queue.Enqueue(ctx, job)
		})))
	}
	b.Bot = switchboardtest.New(t, r,
		switchboardtest.WithEmulator(emulator.Config{ResponseWindow: serviceWindow}),
		switchboardtest.WithEndpoint(opts...),
		// Waits for what comes, not a bound on how soon.
		switchboardtest.WithWait(time.Minute),
		switchboardtest.WithRoutes("", func(e *endpoint.Endpoint) http.Handler {
			return functionURL(t, lambda.NewHandler(awslambda.FunctionURL(e)), func(resp events.LambdaFunctionURLResponse) {
				if strings.Contains(resp.Body, `"type":5`) || strings.Contains(resp.Body, `"type":6`) {
					once.Do(func() { close(b.deferred) })
				}
			})
		}))
	verifier, err := interaction.NewVerifier(b.Emulator.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	if b.worker, err = endpoint.New(b.Mux, verifier, endpoint.WithClient(b.Client), endpoint.WithJobKeys(keys), endpoint.WithJobClaims(replay.NewMemoryGuard(0))); err != nil {
		t.Fatal(err)
	}
	return b
}

// serveQueue runs the worker function until the test ends: each job the
// queue holds is sent to it as the SQS event of one message.
func (b *lambdaBot) serveQueue(t *testing.T) {
	var template events.SQSEvent
	event(t, "sqs-event.json", &template)
	h := lambda.NewHandler(awslambda.SQSWorker(b.worker))
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			job, err := b.queue.Next(ctx)
			if err != nil {
				return
			}
			body, err := json.Marshal(job)
			if err != nil {
				t.Errorf("encoding the job: %v", err)
				continue
			}
			ev := events.SQSEvent{Records: []events.SQSMessage{template.Records[0]}}
			ev.Records[0].Body = string(body)
			var out events.SQSEventResponse
			invoke(t, h, ev, &out)
			if len(out.BatchItemFailures) > 0 {
				t.Errorf("the worker refused the job: %+v", out)
				continue
			}
			b.completed <- struct{}{}
		}
	}()
	t.Cleanup(func() {
		stop()
		<-done
	})
}

// TestEveryDelayIsCompletedInEveryMode: whether the endpoint completes
// what it defers itself, hands a slow handler over to a worker at the
// deferral point, or hands a queued route over at once, a handler that
// answers at once, after the deferral or after the service's window has
// its answer shown.
func TestEveryDelayIsCompletedInEveryMode(t *testing.T) {
	t.Parallel()
	for _, m := range []mode{inProcess, handedOver, queued} {
		for _, d := range []delay{atOnce, afterTheDeferral, afterTheWindow} {
			t.Run(m.String()+"/"+d.String(), func(t *testing.T) {
				t.Parallel()
				deferred := make(chan struct{})
				// release is when the handler may answer.
				release := make(chan struct{})
				switch d {
				case atOnce:
					close(release)
				case afterTheDeferral:
					go func() {
						<-deferred
						close(release)
					}()
				case afterTheWindow:
					go func() {
						<-deferred
						// The window ran from before the deferral.
						<-time.After(window)
						close(release)
					}()
				}
				var decls []router.Decl
				if m == queued {
					decls = append(decls, router.Queued())
				}
				r := router.New()
				r.Command("work", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
					select {
					case <-release:
						return interaction.Reply("worked " + d.String()), nil
					case <-ctx.Done():
						return interaction.Response{}, ctx.Err()
					}
				}, append(decls, router.Description("Works a while"))...)
				b := newLambdaBot(t, r, m, deferred)
				b.serveQueue(t)

				x := b.Command("/work")
				deferral := m == queued || d != atOnce
				if got := x.Answer().Type; deferral != (got == interaction.CallbackDeferredChannelMessageWithSource) {
					t.Fatalf("first answer %v, deferred: want %v\n%s", got, deferral, x)
				}
				x.Wait().Shows("worked " + d.String())
				wantQueued := int32(0)
				if m != inProcess && deferral {
					wantQueued = 1
				}
				if n := b.enqueued.Load(); n != wantQueued {
					t.Errorf("%d jobs enqueued, want %d", n, wantQueued)
				}
				if wantQueued == 1 {
					// The answer shown, the worker function returns.
					<-b.completed
				} else if b.queue.Len() != 0 || len(b.completed) != 0 {
					t.Error("the worker function had a job")
				}
			})
		}
	}
}

// TestADeferredAnswerSurvivesTheFrozenProcess: the function's process
// stops running once it has answered, as Lambda freezes it, so the
// endpoint's own run of the handler never returns; the deferred answer
// still comes, from the worker function that takes the job from the
// queue.
func TestADeferredAnswerSurvivesTheFrozenProcess(t *testing.T) {
	t.Parallel()
	for _, m := range []mode{handedOver, queued} {
		t.Run(m.String(), func(t *testing.T) {
			t.Parallel()
			// frozen holds the endpoint's run, which ignores its
			// context as a frozen process runs nothing, until the
			// test ends.
			frozen := make(chan struct{})
			var runs atomic.Int32
			var decls []router.Decl
			if m == queued {
				decls = append(decls, router.Queued())
			}
			r := router.New()
			r.Command("work", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
				if runs.Add(1) == 1 && m == handedOver {
					<-frozen
					return interaction.Reply("from the frozen process"), nil
				}
				return interaction.Reply("from the worker"), nil
			}, append(decls, router.Description("Works a while"))...)
			b := newLambdaBot(t, r, m, make(chan struct{}))
			t.Cleanup(func() { close(frozen) })

			x := b.Command("/work")
			if x.Answer().Type != interaction.CallbackDeferredChannelMessageWithSource {
				t.Fatalf("first answer %v, want a deferral\n%s", x.Answer().Type, x)
			}
			// The process is frozen: nothing completes the deferral
			// until the worker runs.
			if got := x.Record(); got.Original == nil || got.Original.Data.Content != "" || b.queue.Len() != 1 {
				t.Fatalf("before the worker ran, the answer is %+v and the queue holds %d jobs", got.Original, b.queue.Len())
			}
			b.serveQueue(t)
			x.Wait().Shows("from the worker")
		})
	}
}
