package awslambda_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/awslambda"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/queue"
	"github.com/switchboard-go/switchboard/redisstore"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// sendMessage stands for the call of the AWS SDK that sends a message to
// an Amazon SQS queue:
//
//	_, err := sqsClient.SendMessage(ctx, &sqs.SendMessageInput{
//		QueueUrl:    aws.String(os.Getenv("QUEUE_URL")),
//		MessageBody: aws.String(body),
//	})
func sendMessage(ctx context.Context, body string) error { return nil }

// One binary serves both functions of a bot on Lambda: the endpoint,
// behind its function URL, hands what it defers to an SQS queue, and the
// worker, whose event source is that queue, completes it. Both read the
// keys that prove the jobs from one secret, and the worker's instances
// claim each job in Redis, so that a message SQS delivers twice runs
// once.
func Example() {
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
	sqs := queue.Func(func(ctx context.Context, job queue.Job) error {
		body, err := json.Marshal(job)
		if err != nil {
			return err
		}
		return sendMessage(ctx, string(body))
	})
	keys, err := queue.ParseKeys(os.Getenv("SWITCHBOARD_QUEUE_KEY"))
	if err != nil {
		panic(fmt.Errorf("SWITCHBOARD_QUEUE_KEY: %w", err))
	}
	// SQS may deliver a job twice, to two instances: the claims that
	// run it once are in a store they all share.
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR")})
	opts := []endpoint.Option{endpoint.WithClient(client), endpoint.WithJobKeys(keys),
		endpoint.WithJobClaims(redisstore.NewReplayGuard(rdb, "bot:jobs:"))}
	if os.Getenv("SWITCHBOARD_ROLE") == "worker" {
		worker, err := endpoint.New(mux, verifier, opts...)
		if err != nil {
			panic(err)
		}
		lambda.Start(awslambda.SQSWorker(worker))
		return
	}
	e, err := endpoint.New(mux, verifier, append(opts, endpoint.WithQueue(sqs))...)
	if err != nil {
		panic(err)
	}
	lambda.Start(awslambda.FunctionURL(e))
}
