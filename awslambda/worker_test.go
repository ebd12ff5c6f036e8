package awslambda_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/switchboard-go/switchboard/awslambda"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/queue"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// service records the webhook requests made to it, and answers them.
type service struct {
	mu   sync.Mutex
	sent []string
}

func (s *service) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	s.sent = append(s.sent, r.Method+" "+string(body))
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, `{"id":"77","channel_id":"5","content":"ok"}`)
}

func (s *service) requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.sent...)
}

// newWorker returns a worker endpoint for a bot whose /report is queued,
// completing through a recorded service.
func newWorker(t *testing.T, key *interactiontest.Key) (*router.Endpoint, *service) {
	t.Helper()
	svc := &service{}
	srv := httptest.NewServer(svc)
	t.Cleanup(srv.Close)
	client, err := rest.NewClient(srv.URL+"/api/v10", rest.NoAuth{})
	if err != nil {
		t.Fatal(err)
	}
	r := router.New(router.DispatchOnly())
	r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("the report"), nil
	}, router.Queued())
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	return router.NewEndpoint(mux, key.Verifier(), router.WithClient(client)), svc
}

// jobJSON is the job of a /report signed with key, in JSON.
func jobJSON(t *testing.T, key *interactiontest.Key) string {
	t.Helper()
	body := interactiontest.Command("report").JSON()
	sig, ts := key.Sign(body)
	data, err := json.Marshal(queue.Job{Body: body, Signature: sig, Timestamp: ts, Received: time.Now(),
		Deferral: interaction.CallbackDeferredChannelMessageWithSource})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// A batch's messages are completed, and those the worker refuses are
// reported, for the queue to deliver again and then set aside.
func TestTheSQSWorkerCompletesTheBatchAndReportsWhatItRefuses(t *testing.T) {
	key := interactiontest.NewKey("awslambda")
	worker, svc := newWorker(t, key)
	var ev events.SQSEvent
	event(t, "sqs-event.json", &ev)
	sample := ev.Records[0]
	ev.Records = nil
	for _, m := range []struct{ id, body string }{
		{"good", jobJSON(t, key)},
		{"forged", jobJSON(t, interactiontest.NewKey("forger"))},
		{"not a job", `{"hello":"world"}`},
		{"not JSON", `hello`},
	} {
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
	if len(failed) != 3 || !failed["forged"] || !failed["not a job"] || !failed["not JSON"] {
		t.Errorf("reported %v, want the three messages refused", out.BatchItemFailures)
	}
	if sent := svc.requests(); len(sent) != 1 || !strings.Contains(sent[0], "the report") {
		t.Errorf("the service was sent %q, want the good job's answer", sent)
	}
}

func TestTheInvokeWorkerCompletesItsPayload(t *testing.T) {
	key := interactiontest.NewKey("awslambda")
	worker, svc := newWorker(t, key)
	h := lambda.NewHandler(awslambda.InvokeWorker(worker))
	if _, err := h.Invoke(context.Background(), []byte(jobJSON(t, key))); err != nil {
		t.Fatalf("the worker failed: %v", err)
	}
	if sent := svc.requests(); len(sent) != 1 || !strings.Contains(sent[0], "the report") {
		t.Errorf("the service was sent %q", sent)
	}
	_, err := h.Invoke(context.Background(), []byte(jobJSON(t, interactiontest.NewKey("forger"))))
	if !errors.Is(err, interaction.ErrBadSignature) && (err == nil || !strings.Contains(err.Error(), "signature")) {
		t.Errorf("a forged job: %v, want the signature refused", err)
	}
	if sent := svc.requests(); len(sent) != 1 {
		t.Errorf("a forged job was answered: %q", sent)
	}
}
