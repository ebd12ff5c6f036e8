package awslambda_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-lambda-go/lambdacontext"
	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/awslambda"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/queue"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// jobKeys are the keys the endpoint of these tests proves its jobs with.
func jobKeys(t *testing.T) *queue.Keys {
	t.Helper()
	keys, err := queue.NewKeys([]byte("the keys of the awslambda tests!"))
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// newWorker returns a worker endpoint for a bot whose /report is queued,
// completing through a recorded service, and logging to log.
func newWorker(t *testing.T, key *interactiontest.Key, log zerolog.Logger) (*endpoint.Endpoint, *endpointtest.Webhooks) {
	t.Helper()
	svc, client := endpointtest.NewWebhooks(t)
	r := router.New(router.DispatchOnly())
	r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("the report"), nil
	}, router.Queued())
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	e, err := endpoint.New(mux, key.Verifier(), endpoint.WithClient(client), endpoint.WithLogger(log), endpoint.WithJobKeys(jobKeys(t)), endpoint.WithJobClaims(replay.NewMemoryGuard(0)))
	if err != nil {
		t.Fatal(err)
	}
	return e, svc
}

// jobJSON is the job of a /report signed with key, proved with the
// tests' keys, in JSON.
func jobJSON(t *testing.T, key *interactiontest.Key) string {
	t.Helper()
	return provedJobJSON(t, key, jobKeys(t))
}

// provedJobJSON is the job of a /report signed with key and proved with
// keys, in JSON.
func provedJobJSON(t *testing.T, key *interactiontest.Key, keys *queue.Keys) string {
	t.Helper()
	body := interactiontest.Command("report").JSON()
	sig, ts := key.Sign(body)
	job := queue.Job{Body: body, Signature: sig, Timestamp: ts, Received: time.Now(),
		Deferral: interaction.CallbackDeferredChannelMessageWithSource}
	keys.Prove(&job)
	data, err := json.Marshal(job)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// A batch's messages are completed, and those the worker refuses are
// reported, for the queue to deliver again and then set aside, and
// logged with their ids, by which they are found in the dead-letter
// queue.
func TestTheSQSWorkerCompletesTheBatchAndReportsWhatItRefuses(t *testing.T) {
	key := interactiontest.NewKey("awslambda")
	var logged endpointtest.LogBuffer
	worker, svc := newWorker(t, key, zerolog.New(&logged).Level(zerolog.DebugLevel))
	good := jobJSON(t, key)
	messages := []struct {
		id, body string
		refused  string // what the log's error says; "" for a message completed
	}{
		{"good", good, ""},
		// SQS delivers a message at least once: the copy is dropped,
		// and deleted from the queue.
		{"good again", good, ""},
		{"forged", jobJSON(t, interactiontest.NewKey("forger")), "signature"},
		{"not handed over", provedJobJSON(t, key, queue.RandomKeys()), "queue: the job is not proved"},
		{"not a job", `{"hello":"world"}`, "queue: invalid job: /body is empty"},
		{"not JSON", `hello`, "queue: invalid job: invalid character"},
		{"empty", ``, "queue: invalid job: unexpected end of JSON input"},
	}
	var ev events.SQSEvent
	event(t, "sqs-event.json", &ev)
	sample := ev.Records[0]
	ev.Records = nil
	for _, m := range messages {
		rec := sample
		rec.MessageId, rec.Body = m.id, m.body
		ev.Records = append(ev.Records, rec)
	}
	var out events.SQSEventResponse
	invoke(t, lambda.NewHandler(awslambda.SQSWorker(worker)), ev, &out)
	failed := map[string]bool{}
	for _, f := range out.BatchItemFailures {
		failed[f.ItemIdentifier] = true
	}
	// The log's lines by the message they are about, as a reader of the
	// log finds them.
	byID := map[string]map[string]any{}
	for _, line := range endpointtest.LogLines(t, logged.String()) {
		if id, ok := line["message_id"].(string); ok {
			byID[id] = line
		}
	}
	for _, m := range messages {
		line := byID[m.id]
		switch {
		case m.refused == "" && failed[m.id]:
			t.Errorf("%s: reported as refused", m.id)
		case m.refused != "" && !failed[m.id]:
			t.Errorf("%s: not reported as refused", m.id)
		case line == nil:
			t.Errorf("%s: no line of the log has its id under message_id:\n%s", m.id, logged.String())
		case m.refused == "" && line["message"] != "completed a message of the queue":
			t.Errorf("%s: logged %v, want its completion at debug level", m.id, line)
		case m.refused != "" && (line["level"] != "error" || line["message"] != "refused a message of the queue" ||
			!strings.Contains(fmt.Sprint(line["error"]), m.refused)):
			t.Errorf("%s: logged %v, want an error saying %q", m.id, line, m.refused)
		}
	}
	if len(failed) != len(out.BatchItemFailures) {
		t.Errorf("reported %v, some twice", out.BatchItemFailures)
	}
	if sent := svc.Sent(); len(sent) != 1 || !strings.Contains(sent[0], "the report") {
		t.Errorf("the service was sent %q, want the good job's answer", sent)
	}
}

func TestTheInvokeWorkerCompletesItsPayload(t *testing.T) {
	key := interactiontest.NewKey("awslambda")
	worker, svc := newWorker(t, key, zerolog.Nop())
	h := lambda.NewHandler(awslambda.InvokeWorker(worker))
	if _, err := h.Invoke(context.Background(), []byte(jobJSON(t, key))); err != nil {
		t.Fatalf("the worker failed: %v", err)
	}
	if sent := svc.Sent(); len(sent) != 1 || !strings.Contains(sent[0], "the report") {
		t.Errorf("the service was sent %q", sent)
	}
}

// Whatever the invoke worker refuses is its error, which Lambda retries
// and then sends to the function's on-failure destination; a payload
// that is no job is ErrInvalidJob, whatever it is.
func TestTheInvokeWorkerRefusesWhatItCannotComplete(t *testing.T) {
	key := interactiontest.NewKey("awslambda")
	for _, tc := range []struct {
		name, payload string
		is            error
	}{
		{"a forged job", jobJSON(t, interactiontest.NewKey("forger")), interaction.ErrBadSignature},
		{"a job not handed over", provedJobJSON(t, key, queue.RandomKeys()), queue.ErrUnproven},
		{"not JSON", `hello`, queue.ErrInvalidJob},
		{"empty", ``, queue.ErrInvalidJob},
		{"a string", `"a job"`, queue.ErrInvalidJob},
		{"null", `null`, queue.ErrInvalidJob},
		{"an object that is no job", `{"hello":"world"}`, queue.ErrInvalidJob},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var logged endpointtest.LogBuffer
			worker, svc := newWorker(t, key, zerolog.New(&logged))
			ctx := lambdacontext.NewContext(context.Background(), &lambdacontext.LambdaContext{AwsRequestID: "request-7"})
			err := awslambda.InvokeWorker(worker)(ctx, json.RawMessage(tc.payload))
			if !errors.Is(err, tc.is) {
				t.Errorf("the worker returned %v, want %v", err, tc.is)
			}
			lines := endpointtest.LogLines(t, logged.String())
			if len(lines) != 1 || lines[0]["level"] != "error" || lines[0]["request_id"] != "request-7" ||
				lines[0]["error"] != fmt.Sprint(err) {
				t.Errorf("logged %q, want the error with the request's id", logged.String())
			}
			if sent := svc.Sent(); len(sent) != 0 {
				t.Errorf("a job refused was answered: %q", sent)
			}
		})
	}
}

// A worker configured wrong fails when the function starts, saying why,
// rather than refusing every job it is handed.
func TestAWorkerWithoutKeysFailsAtItsStart(t *testing.T) {
	mux, err := router.New(router.DispatchOnly()).Build()
	if err != nil {
		t.Fatal(err)
	}
	v := interactiontest.NewKey("awslambda").Verifier()
	worker := func(opts ...endpoint.Option) *endpoint.Endpoint {
		e, err := endpoint.New(mux, v, opts...)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	for _, tc := range []struct {
		name, says string
		worker     *endpoint.Endpoint
	}{
		{"without keys", "endpoint.WithJobKeys", worker(endpoint.WithClient(&rest.Client{}))},
		{"without a client", "endpoint.WithClient", worker(endpoint.WithJobKeys(jobKeys(t)), endpoint.WithJobClaims(replay.NewMemoryGuard(0)))},
	} {
		for name, start := range map[string]func(*endpoint.Endpoint){
			"SQSWorker":    func(e *endpoint.Endpoint) { awslambda.SQSWorker(e) },
			"InvokeWorker": func(e *endpoint.Endpoint) { awslambda.InvokeWorker(e) },
		} {
			t.Run(name+" "+tc.name, func(t *testing.T) {
				defer func() {
					if p := recover(); p == nil || !strings.Contains(fmt.Sprint(p), tc.says) || !strings.Contains(fmt.Sprint(p), name) {
						t.Errorf("panicked with %v, want %s saying %q", p, name, tc.says)
					}
				}()
				start(tc.worker)
			})
		}
	}
}
