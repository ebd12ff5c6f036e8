package queue_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/queue"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// The worker of a bot on Cloud Run, a service of its own to which a
// Cloud Tasks queue pushes the jobs the endpoint hands over: the
// endpoint's queue.Func creates a task whose HTTP request posts the job,
// in JSON, to this service.
func ExamplePushWorker() {
	r := router.New()
	r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("The report is ready."), nil
	}, router.Description("Builds the weekly report"), router.Queued())
	mux, err := r.Build()
	if err != nil {
		panic(err)
	}
	verifier, err := interaction.NewVerifier(os.Getenv("SWITCHBOARD_PUBLIC_KEY"))
	if err != nil {
		panic(err)
	}
	client, err := rest.NewClient(os.Getenv("SWITCHBOARD_BASE_URL"), rest.NoAuth{})
	if err != nil {
		panic(err)
	}
	worker := router.NewEndpoint(mux, verifier, router.WithClient(client))
	srv := &http.Server{
		Addr:              ":" + os.Getenv("PORT"),
		Handler:           &queue.PushWorker{Worker: worker},
		ReadHeaderTimeout: 10 * time.Second,
	}
	if err := srv.ListenAndServe(); err != nil {
		panic(err)
	}
}

// A worker in the same process as the endpoint, as a bot runs locally
// the way it is deployed with a real queue.
func ExampleMemory() {
	var (
		mux      *router.Mux // the bot's, built
		verifier *interaction.Verifier
		client   *rest.Client
	)
	q := queue.NewMemory(64)
	endpoint := router.NewEndpoint(mux, verifier, router.WithClient(client), router.WithQueue(q))
	worker := router.NewEndpoint(mux, verifier, router.WithClient(client))
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	go q.Serve(ctx, worker, nil)
	_ = endpoint // served as without a queue
}

// A worker that takes the jobs from a queue itself decodes each message
// with DecodeJob: what is no job is refused as ErrInvalidJob, to be set
// aside rather than tried again.
func ExampleDecodeJob() {
	for _, message := range []string{
		`{"body":"{\"type\":2}","signature":"ab","timestamp":"1","received":"2025-11-22T08:26:40Z","deferral":5}`,
		`{"body":"{\"type\":2}","deferral":5}`,
		`hello`,
	} {
		job, err := queue.DecodeJob([]byte(message))
		if errors.Is(err, queue.ErrInvalidJob) {
			fmt.Println("set aside:", err)
			continue
		}
		fmt.Printf("a job of %d bytes, received at %s\n", len(job.Body), job.Received.Format("15:04:05"))
	}
	// Output:
	// a job of 10 bytes, received at 08:26:40
	// set aside: queue: invalid job: /signature is empty
	// set aside: queue: invalid job: invalid character 'h' looking for beginning of value
}
