package queue_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"os"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/queue"
	"github.com/switchboard-go/switchboard/redisstore"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// The worker of a bot on Cloud Run, a service of its own to which a
// Cloud Tasks queue pushes the jobs the endpoint hands over: the
// endpoint's queue.Func creates a task whose HTTP request posts the job,
// in JSON, to this service. The endpoint and the worker read the same
// keys from SWITCHBOARD_QUEUE_KEY (a secret of Secret Manager), and the
// worker's claims are in Redis, which its instances share.
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
	keys, err := queue.ParseKeys(os.Getenv("SWITCHBOARD_QUEUE_KEY"))
	if err != nil {
		panic(fmt.Errorf("SWITCHBOARD_QUEUE_KEY: %w", err))
	}
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR")})
	worker, err := endpoint.New(mux, verifier, endpoint.WithClient(client), endpoint.WithJobKeys(keys),
		endpoint.WithJobClaims(redisstore.NewReplayGuard(rdb, "bot:jobs:")))
	if err != nil {
		panic(err)
	}
	push, err := queue.NewPushWorker(worker) // an error without a client or keys
	if err != nil {
		panic(err)
	}
	srv := &http.Server{
		Addr:              ":" + os.Getenv("PORT"),
		Handler:           push,
		ReadHeaderTimeout: 10 * time.Second,
	}
	if err := srv.ListenAndServe(); err != nil {
		panic(err)
	}
}

// A worker in the same process as the endpoint, as a bot runs locally
// the way it is deployed with a real queue. They share keys made for the
// process, and the guard in which the jobs are claimed.
func ExampleMemory() {
	var (
		mux      *router.Mux // the bot's, built
		verifier *interaction.Verifier
		client   *rest.Client
	)
	q := queue.NewMemory(64)
	shared := []endpoint.Option{endpoint.WithClient(client), endpoint.WithJobKeys(queue.RandomKeys()),
		endpoint.WithJobClaims(replay.NewMemoryGuard(0))}
	e, err := endpoint.New(mux, verifier, append(shared, endpoint.WithQueue(q))...)
	if err != nil {
		log.Fatal(err)
	}
	worker, err := endpoint.New(mux, verifier, shared...)
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	go q.Serve(ctx, worker, nil)
	_ = e // served as without a queue
}

// A worker that takes the jobs from a queue itself decodes each message
// with DecodeJob: what is no job is refused as ErrInvalidJob, to be set
// aside rather than tried again. The body is in base64; whether the job
// is proved, Complete checks with the worker's keys.
func ExampleDecodeJob() {
	for _, message := range []string{
		`{"body":"eyJ0eXBlIjoyfQ==","signature":"ab","timestamp":"1","received":"2025-11-22T08:26:40Z","deferral":5,"proof":"AQ=="}`,
		`{"body":"eyJ0eXBlIjoyfQ==","deferral":5,"proof":"AQ=="}`,
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

// The keys an endpoint and its workers share come from a secret, such as
// an environment variable: a missing or short key stops the program at
// its start. The second key is the one being rotated out.
func ExampleParseKeys() {
	for _, env := range []string{
		"",
		"0123456789abcdef",
		"8d1f3c0b6e2a4f5d9c7b1a0e3f2d4c5b6a7980f1e2d3c4b5a69788f0e1d2c3b4, 3q2+7w==",
		"8d1f3c0b6e2a4f5d9c7b1a0e3f2d4c5b6a7980f1e2d3c4b5a69788f0e1d2c3b4, K7gNU3sdo+OL0wNhqoVWhr3g6s1xYv72ol/pe/Unols=",
	} {
		keys, err := queue.ParseKeys(env)
		if err != nil {
			fmt.Println("SWITCHBOARD_QUEUE_KEY:", err)
			continue
		}
		fmt.Println(keys)
	}
	// Output:
	// SWITCHBOARD_QUEUE_KEY: queue: no key to prove jobs with
	// SWITCHBOARD_QUEUE_KEY: queue: key 1 of 1 is 8 bytes, less than the 32 a key needs
	// SWITCHBOARD_QUEUE_KEY: queue: key 2 of 2 is 4 bytes, less than the 32 a key needs
	// queue.Keys(2)
}

// The endpoint proves each job it hands over; a worker with the same
// keys takes it, and refuses it changed, or proved by other keys.
func ExampleKeys() {
	keys, err := queue.ParseKeys("5b0c2f7e9a1d4b6c8e0f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b")
	if err != nil {
		panic(err)
	}
	job := queue.Job{Body: []byte(`{"type":2}`), Signature: "ab", Timestamp: "1763800000",
		Received: time.Unix(1763800000, 0), Deferral: interaction.CallbackDeferredChannelMessageWithSource}
	keys.Prove(&job)
	fmt.Println("as handed over:", keys.Verify(&job))
	job.Received = job.Received.Add(10 * time.Minute)
	fmt.Println("received later:", keys.Verify(&job))
	// Output:
	// as handed over: <nil>
	// received later: queue: the job is not proved by a key of the worker's: its proof does not hold
}
