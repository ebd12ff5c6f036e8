package endpoint_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

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

// queueBench is a bot served with a queue: its endpoint, a worker on
// the same router, the queue between them, and the service's webhooks,
// recorded.
type queueBench struct {
	key      *interactiontest.Key
	keys     *queue.Keys
	endpoint *endpoint.Endpoint
	worker   *endpoint.Endpoint
	queue    *queue.Memory
	hooks    *endpointtest.Webhooks
}

// newQueueBench serves r with a queue in memory, its endpoint deferring
// 50 ms after a request arrives; opts are the endpoint's own besides.
func newQueueBench(t *testing.T, r *router.Router, opts ...endpoint.Option) *queueBench {
	t.Helper()
	hooks, client := endpointtest.NewWebhooks(t)
	mux := endpointtest.Build(t, r)
	key := interactiontest.NewKey("queue")
	q := queue.NewMemory(4)
	keys := queue.RandomKeys()
	opts = append([]endpoint.Option{endpoint.WithClient(client), endpoint.WithQueue(q), endpoint.WithJobKeys(keys), endpoint.WithJobClaims(replay.NewMemoryGuard(0)),
		endpoint.WithResponseDeadline(150 * time.Millisecond), endpoint.WithAnswerMargin(100 * time.Millisecond)}, opts...)
	b := &queueBench{
		key: key, keys: keys, queue: q, hooks: hooks,
		endpoint: newEndpoint(t, mux, key.Verifier(), opts...),
		worker:   newEndpoint(t, mux, key.Verifier(), endpoint.WithClient(client), endpoint.WithJobKeys(keys), endpoint.WithJobClaims(replay.NewMemoryGuard(0))),
	}
	t.Cleanup(func() { b.endpoint.WaitDeferred(context.Background()) })
	return b
}

// next takes the job the endpoint enqueued.
func (b *queueBench) next(t *testing.T) queue.Job {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	job, err := b.queue.Next(ctx)
	if err != nil {
		t.Fatalf("the queue holds no job: %v", err)
	}
	return job
}

func TestAQueuedRouteIsHandedToTheQueueWithoutRunning(t *testing.T) {
	for _, a := range endpointtest.FrontEnds() {
		t.Run(a.Name, func(t *testing.T) {
			var runs atomic.Int32
			r := router.New(router.DispatchOnly())
			r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
				runs.Add(1)
				return interaction.Reply("the report"), nil
			}, router.Queued(), router.DeferEphemeral())
			b := newQueueBench(t, r)
			body := interactiontest.Command("report").JSON()
			c := endpointtest.Signed(b.key, body)
			got := a.Do(b.endpoint, c)
			if got.Status != 200 || !strings.Contains(got.Body, `"type":5`) || !strings.Contains(got.Body, `"flags":64`) {
				t.Fatalf("answer %d %s, want an ephemeral deferral", got.Status, got.Body)
			}
			if n := runs.Load(); n != 0 {
				t.Fatalf("the endpoint ran the handler %d times", n)
			}
			job := b.next(t)
			if string(job.Body) != string(body) || job.Signature != c.Headers[endpoint.HeaderSignature] ||
				job.Timestamp != c.Headers[endpoint.HeaderTimestamp] {
				t.Errorf("the job is not the request as signed: %+v", job)
			}
			if job.Deferral != interaction.CallbackDeferredChannelMessageWithSource || !job.Ephemeral || job.Late {
				t.Errorf("job deferral %v, ephemeral %v, late %v; want an ephemeral deferred message, not late", job.Deferral, job.Ephemeral, job.Late)
			}
			if since := time.Since(job.Received); since < 0 || since > time.Minute {
				t.Errorf("the job was received %v ago", since)
			}
			if err := b.worker.Complete(context.Background(), job); err != nil {
				t.Fatalf("Complete: %v", err)
			}
			if n := runs.Load(); n != 1 {
				t.Errorf("the worker ran the handler %d times, want once", n)
			}
			sent := requests(b.hooks)
			if len(sent) != 1 || sent[0] != `PATCH @original {"content":"the report"}` {
				t.Errorf("the service was sent %q, want the deferred message edited", sent)
			}
		})
	}
}

func TestASlowHandlerIsHandedOverAndRunsAgainInTheWorker(t *testing.T) {
	for _, a := range endpointtest.FrontEnds() {
		t.Run(a.Name, func(t *testing.T) {
			var runs, errorAnswers atomic.Int32
			dropped := make(chan error, 1)
			r := router.New(router.DispatchOnly())
			r.OnError(func(ctx context.Context, req *router.Request, err error) interaction.Response {
				errorAnswers.Add(1)
				return interaction.Reply("failed: " + err.Error())
			})
			r.Command("slow", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
				if runs.Add(1) == 1 {
					// The endpoint's run: still working when the
					// interaction is handed over, and giving up then.
					<-ctx.Done()
					defer func() { dropped <- ctx.Err() }()
					return interaction.Response{}, ctx.Err()
				}
				return interaction.Reply("from the worker"), nil
			})
			b := newQueueBench(t, r)
			got := a.Do(b.endpoint, endpointtest.Signed(b.key, interactiontest.Command("slow").JSON()))
			if got.Status != 200 || !strings.Contains(got.Body, `"type":5`) {
				t.Fatalf("answer %d %s, want a deferral", got.Status, got.Body)
			}
			if err := <-dropped; !errors.Is(err, context.Canceled) {
				t.Errorf("the endpoint's run ended with %v, want it canceled", err)
			}
			job := b.next(t)
			if !job.Late {
				t.Error("the job of a handler handed over is not marked late")
			}
			if err := b.worker.Complete(context.Background(), job); err != nil {
				t.Fatalf("Complete: %v", err)
			}
			// The endpoint's run has returned (dropped), and left
			// nothing to deliver.
			if err := b.endpoint.WaitDeferred(context.Background()); err != nil {
				t.Fatal(err)
			}
			sent := requests(b.hooks)
			if len(sent) != 1 || !strings.Contains(sent[0], "from the worker") {
				t.Errorf("the service was sent %q, want the worker's answer alone", sent)
			}
			// The error of the run handed over is nobody's: the error
			// handler is not asked to answer it.
			if n := errorAnswers.Load(); n != 0 {
				t.Errorf("the error handler answered %d times", n)
			}
		})
	}
}

func TestAQueueThatRefusesLeavesTheAnswerToTheEndpoint(t *testing.T) {
	for _, queued := range []bool{true, false} {
		name := "a slow handler"
		if queued {
			name = "a queued route"
		}
		t.Run(name, func(t *testing.T) {
			release := make(chan struct{})
			r := router.New(router.DispatchOnly())
			decls := []router.Decl{}
			if queued {
				decls = append(decls, router.Queued())
			}
			r.Command("work", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
				<-release
				return interaction.Reply("done here"), nil
			}, decls...)
			refused := make(chan queue.Job, 1)
			b := newQueueBench(t, r, endpoint.WithQueue(queue.Func(func(ctx context.Context, job queue.Job) error {
				refused <- job
				return errors.New("the queue is down")
			})))
			got := endpointtest.FrontEnds()[1].Do(b.endpoint, endpointtest.Signed(b.key, interactiontest.Command("work").JSON()))
			if got.Status != 200 || !strings.Contains(got.Body, `"type":5`) {
				t.Fatalf("answer %d %s, want a deferral", got.Status, got.Body)
			}
			if job := <-refused; job.Late == queued {
				t.Errorf("the job offered is late: %v", job.Late)
			}
			close(release)
			if err := b.endpoint.WaitDeferred(context.Background()); err != nil {
				t.Fatal(err)
			}
			if sent := requests(b.hooks); len(sent) != 1 || !strings.Contains(sent[0], "done here") {
				t.Errorf("the service was sent %q, want the endpoint's own completion", sent)
			}
		})
	}
}

// Without a queue, a route declared Queued is deferred at once, and its
// handler completes the deferral from the endpoint's process.
func TestAQueuedRouteWithoutAQueueRunsAfterItsDeferral(t *testing.T) {
	hooks, client := endpointtest.NewWebhooks(t)
	r := router.New(router.DispatchOnly())
	r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("the report"), nil
	}, router.Queued())
	key := interactiontest.NewKey("inprocess")
	e := newEndpoint(t, endpointtest.Build(t, r), key.Verifier(), endpoint.WithClient(client))
	got := endpointtest.FrontEnds()[0].Do(e, endpointtest.Signed(key, interactiontest.Command("report").JSON()))
	if got.Status != 200 || !strings.Contains(got.Body, `"type":5`) {
		t.Fatalf("answer %d %s, want a deferral though the handler answers at once", got.Status, got.Body)
	}
	if err := e.WaitDeferred(context.Background()); err != nil {
		t.Fatal(err)
	}
	if sent := requests(hooks); len(sent) != 1 || !strings.Contains(sent[0], "the report") {
		t.Errorf("the service was sent %q", sent)
	}
}

func TestCompleteRefusesAJobItCannotTrust(t *testing.T) {
	var runs atomic.Int32
	r := router.New(router.DispatchOnly())
	r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		runs.Add(1)
		return interaction.Reply("the report"), nil
	}, router.Queued())
	b := newQueueBench(t, r)
	body := interactiontest.Command("report").JSON()
	now := time.Now()
	// job returns a job the endpoint proved, changed by change before
	// it is proved, and by forge after.
	job := func(change, forge func(*queue.Job)) queue.Job {
		sig, ts := b.key.SignAt(body, now)
		j := queue.Job{Body: body, Signature: sig, Timestamp: ts, Received: now,
			Deferral: interaction.CallbackDeferredChannelMessageWithSource}
		if change != nil {
			change(&j)
		}
		b.keys.Prove(&j)
		if forge != nil {
			forge(&j)
		}
		return j
	}
	otherKeys := queue.RandomKeys()
	other := interactiontest.NewKey("someone else")
	autocomplete := interactiontest.Command("report").JSON()
	autocomplete = []byte(strings.Replace(string(autocomplete), `"type":2`, `"type":4`, 1))
	for _, tc := range []struct {
		name   string
		job    queue.Job
		worker *endpoint.Endpoint
		want   error
	}{
		{"with no body", job(func(j *queue.Job) { j.Body = nil }, nil), b.worker, queue.ErrInvalidJob},
		{"of an answer that is not a deferral", job(func(j *queue.Job) { j.Deferral = interaction.CallbackChannelMessageWithSource }, nil), b.worker, queue.ErrInvalidJob},
		{"without a proof", job(nil, func(j *queue.Job) { j.Proof = nil }), b.worker, queue.ErrInvalidJob},
		{"proved by another key", job(nil, func(j *queue.Job) { otherKeys.Prove(j) }), b.worker, queue.ErrUnproven},
		{"whose time of receipt was changed", job(nil, func(j *queue.Job) { j.Received = j.Received.Add(time.Second) }), b.worker, queue.ErrUnproven},
		{"made late", job(nil, func(j *queue.Job) { j.Late = true }), b.worker, queue.ErrUnproven},
		{"made ephemeral", job(nil, func(j *queue.Job) { j.Ephemeral = true }), b.worker, queue.ErrUnproven},
		{"whose body was changed", job(nil, func(j *queue.Job) { j.Body = append([]byte(" "), body...) }), b.worker, queue.ErrUnproven},
		{"signed by another key", job(func(j *queue.Job) { j.Signature, j.Timestamp = other.SignAt(body, now) }, nil), b.worker, interaction.ErrBadSignature},
		{"whose body the service did not sign", job(func(j *queue.Job) { j.Body = append([]byte(" "), body...) }, nil), b.worker, interaction.ErrBadSignature},
		{"received long after it was signed", job(func(j *queue.Job) {
			j.Signature, j.Timestamp = b.key.SignAt(body, now.Add(-12*time.Minute))
			j.Received = now.Add(-time.Minute)
		}, nil), b.worker, interaction.ErrStaleTimestamp},
		{"received in the future", job(func(j *queue.Job) {
			j.Signature, j.Timestamp = b.key.SignAt(body, now.Add(time.Hour))
			j.Received = now.Add(time.Hour)
		}, nil), b.worker, interaction.ErrStaleTimestamp},
		{"whose token has expired", job(func(j *queue.Job) {
			at := now.Add(-interaction.TokenLifetime)
			j.Signature, j.Timestamp = b.key.SignAt(body, at)
			j.Received = at
		}, nil), b.worker, interaction.ErrStaleTimestamp},
		{"of an autocomplete request", job(func(j *queue.Job) {
			j.Body = autocomplete
			j.Signature, j.Timestamp = b.key.SignAt(autocomplete, now)
		}, nil), b.worker, queue.ErrInvalidJob},
		{"on a worker without a client", job(nil, nil), newEndpoint(t, endpointtest.Build(t, r), b.key.Verifier(), endpoint.WithJobKeys(b.keys), endpoint.WithJobClaims(replay.NewMemoryGuard(0))), router.ErrNoClient},
		{"on a worker without keys", job(nil, nil), newEndpoint(t, endpointtest.Build(t, r), b.key.Verifier(), endpoint.WithClient(&rest.Client{})), endpoint.ErrNoJobKeys},
		{"over the worker's body limit", job(nil, nil), newEndpoint(t, endpointtest.Build(t, r), b.key.Verifier(), endpoint.WithClient(&rest.Client{}), endpoint.WithJobKeys(b.keys), endpoint.WithJobClaims(replay.NewMemoryGuard(0)), endpoint.WithMaxBodySize(16)), queue.ErrInvalidJob},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.worker.Complete(context.Background(), tc.job); !errors.Is(err, tc.want) {
				t.Errorf("Complete = %v, want %v", err, tc.want)
			}
		})
	}
	if n := runs.Load(); n != 0 {
		t.Errorf("the handler ran %d times for jobs refused", n)
	}
	if sent := requests(b.hooks); len(sent) != 0 {
		t.Errorf("the service was sent %q for jobs refused", sent)
	}
}

// However often a job is delivered, and however many at once, its
// handler runs once, in the claims a worker keeps in its memory by
// default.
func TestAWorkerCompletesAJobOnce(t *testing.T) {
	var runs atomic.Int32
	r := router.New(router.DispatchOnly())
	r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		runs.Add(1)
		return interaction.Reply("the report"), nil
	}, router.Queued())
	b := newQueueBench(t, r)
	a := endpointtest.FrontEnds()[0].Do(b.endpoint, endpointtest.Signed(b.key, interactiontest.Command("report").JSON()))
	if a.Status != 200 {
		t.Fatalf("answer %d %s", a.Status, a.Body)
	}
	job := b.next(t)
	worker := newEndpoint(t, endpointtest.Build(t, r), b.key.Verifier(), endpoint.WithClient(mustClient(t, b)), endpoint.WithJobKeys(b.keys), endpoint.WithJobClaims(replay.NewMemoryGuard(0)))
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			if err := worker.Complete(context.Background(), job); err != nil {
				t.Errorf("Complete: %v", err)
			}
		})
	}
	wg.Wait()
	if n := runs.Load(); n != 1 {
		t.Errorf("a job delivered 3 times ran its handler %d times, want once", n)
	}
	if sent := requests(b.hooks); len(sent) != 1 {
		t.Errorf("the service was sent %q, want one completion", sent)
	}
}

// mustClient returns a client of b's recorded service.
func mustClient(t *testing.T, b *queueBench) *rest.Client {
	t.Helper()
	srv := httptest.NewServer(b.hooks)
	t.Cleanup(srv.Close)
	c, err := rest.NewClient(srv.URL+"/api/v10", rest.NoAuth{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The handler a worker runs has until shortly before the worker's own
// deadline, so that its answer can still be delivered.
func TestAWorkersHandlerEndsBeforeTheWorkerDoes(t *testing.T) {
	seen := make(chan time.Time, 1)
	r := router.New(router.DispatchOnly())
	r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		d, _ := ctx.Deadline()
		seen <- d
		return interaction.Reply("the report"), nil
	}, router.Queued())
	b := newQueueBench(t, r)
	endpointtest.FrontEnds()[0].Do(b.endpoint, endpointtest.Signed(b.key, interactiontest.Command("report").JSON()))
	job := b.next(t)
	end := time.Now().Add(time.Minute)
	ctx, cancel := context.WithDeadline(context.Background(), end)
	defer cancel()
	if err := b.worker.Complete(ctx, job); err != nil {
		t.Fatal(err)
	}
	if d := <-seen; !d.Before(end.Add(-time.Second)) || d.Before(end.Add(-time.Minute)) {
		t.Errorf("the handler's deadline is %v before the worker's", end.Sub(d))
	}
}

func TestQueuedCannotBeDeclaredWithNoAutoDefer(t *testing.T) {
	h := func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("hi"), nil
	}
	for _, tc := range []struct {
		name    string
		declare func(r *router.Router)
	}{
		{"on a command", func(r *router.Router) {
			r.Command("report", h, router.Description("d"), router.Queued(), router.NoAutoDefer())
		}},
		{"on a group, above a subcommand that never defers", func(r *router.Router) {
			g := r.Group("reports", router.Description("d"), router.Queued())
			g.Command("weekly", h, router.Description("d"), router.NoAutoDefer())
		}},
		{"on a component", func(r *router.Router) {
			r.Component("report:{id}", h, router.Queued(), router.NoAutoDefer())
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := router.New()
			tc.declare(r)
			if _, err := r.Build(); err == nil || !strings.Contains(err.Error(), "Queued defers at once and NoAutoDefer never defers") {
				t.Errorf("Build = %v", err)
			}
		})
	}
}

// A worker may complete an interaction before the endpoint's deferral
// has reached the service, which then knows no webhook for it: the REST
// client sends the completion again while the interaction is young.
func TestAWorkerThatOvertakesTheDeferralDeliversAgain(t *testing.T) {
	t.Parallel()
	s, err := emulator.New(emulator.Config{ResponseWindow: testWindow})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r := router.New()
	r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("the report"), nil
	}, router.Description("Reports"), router.Queued())
	mux := endpointtest.Build(t, r)
	verifier, err := interaction.NewVerifier(s.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	// The worker's client tells when the service refused a delivery.
	refused := make(chan struct{}, 1)
	workerClient, err := rest.NewClient(s.URL, rest.NoAuth{}, rest.WithHTTPClient(&http.Client{
		Transport: roundTripFunc(func(req *http.Request) (*http.Response, error) {
			resp, err := http.DefaultTransport.RoundTrip(req)
			if err == nil && resp.StatusCode == http.StatusNotFound {
				select {
				case refused <- struct{}{}:
				default:
				}
			}
			return resp, err
		}),
	}))
	if err != nil {
		t.Fatal(err)
	}
	keys := queue.RandomKeys()
	worker := newEndpoint(t, mux, verifier, endpoint.WithClient(workerClient), endpoint.WithJobKeys(keys), endpoint.WithJobClaims(replay.NewMemoryGuard(0)))
	done := make(chan error, 1)
	// The queue hands the job to the worker at once, and holds the
	// endpoint's answer back until the worker's delivery was refused.
	q := queue.Func(func(ctx context.Context, job queue.Job) error {
		job.Body = append([]byte(nil), job.Body...)
		go func() { done <- worker.Complete(context.Background(), job) }()
		select {
		case <-refused:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	})
	client, err := rest.NewClient(s.URL, rest.NoAuth{})
	if err != nil {
		t.Fatal(err)
	}
	bot := httptest.NewServer(newEndpoint(t, mux, verifier, endpoint.WithClient(client), endpoint.WithQueue(q), endpoint.WithJobKeys(keys), endpoint.WithJobClaims(replay.NewMemoryGuard(0)),
		endpoint.WithResponseDeadline(testWindow), endpoint.WithAnswerMargin(testMargin)))
	defer bot.Close()
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
	res, err := s.Invoke(ctx, emulator.Invocation{Guild: s.GuildID, Command: "report"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Answer.Type != interaction.CallbackDeferredChannelMessageWithSource {
		t.Fatalf("first answer %v, want a deferral: the queue did not take the job", res.Answer.Type)
	}
	if err := <-done; err != nil {
		t.Fatalf("Complete: %v", err)
	}
	waitForContent(t, s, res.Interaction.ID, "the report", 5*time.Second)
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
