package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/awslambda"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// The roles of the program on Lambda, which SWITCHBOARD_ROLE names: the
// function behind the URL the service posts interactions to, and the
// worker that completes what it defers.
const (
	roleEndpoint = "endpoint"
	roleWorker   = "worker"
)

// runLambda serves the bot as a Lambda function, in the role the
// environment says, and returns only when the configuration is wrong;
// on Lambda the error ends the function's start, which Lambda reports.
//
//	SWITCHBOARD_ROLE          endpoint (the default) or worker
//	SWITCHBOARD_PUBLIC_KEY    the application's public key, in hex
//	SWITCHBOARD_BASE_URL      the service's API base URL, ending in /v10
//	SWITCHBOARD_QUEUE_URL     the endpoint's: the SQS queue's URL
//
// The endpoint hands what it defers to the queue; the worker, whose
// event source is that queue, completes it. The handlers only answer
// interactions, through their tokens: no bot token is needed.
func runLambda(ctx context.Context, getenv func(string) string, start func(handler any)) error {
	role := getenv("SWITCHBOARD_ROLE")
	if role == "" {
		role = roleEndpoint
	}
	if role != roleEndpoint && role != roleWorker {
		return fmt.Errorf("SWITCHBOARD_ROLE is %q: it is %s or %s", role, roleEndpoint, roleWorker)
	}
	verifier, err := interaction.NewVerifier(getenv("SWITCHBOARD_PUBLIC_KEY"))
	if err != nil {
		return fmt.Errorf("SWITCHBOARD_PUBLIC_KEY: %w", err)
	}
	client, err := rest.NewClient(getenv("SWITCHBOARD_BASE_URL"), rest.NoAuth{})
	if err != nil {
		return fmt.Errorf("SWITCHBOARD_BASE_URL: %w", err)
	}
	// Lambda sends what a function writes to CloudWatch Logs, a line
	// an event.
	log := zerolog.New(os.Stderr).With().Timestamp().Str("role", role).Logger()
	mux, err := newBot().router(log).Build()
	if err != nil {
		return err
	}
	opts := []router.Option{router.WithLogger(log), router.WithClient(client)}
	if role == roleWorker {
		// The handlers only answer: run twice, they answer twice the
		// same. A bot whose handlers act gives the worker a replay
		// guard in a store the worker's instances share.
		start(awslambda.SQSWorker(router.NewEndpoint(mux, verifier, opts...)))
		return nil
	}
	url := getenv("SWITCHBOARD_QUEUE_URL")
	if url == "" {
		return errors.New("SWITCHBOARD_QUEUE_URL is not set: the endpoint hands what it defers to that SQS queue")
	}
	// The SDK finds the function's credentials and region in its
	// environment.
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return fmt.Errorf("the AWS SDK's configuration: %w", err)
	}
	q := sqsQueue(sqs.NewFromConfig(cfg), url)
	start(awslambda.FunctionURL(router.NewEndpoint(mux, verifier, append(opts, router.WithQueue(q))...)))
	return nil
}

// startLambda is lambda.Start: it serves handler for as long as the
// function runs.
func startLambda(handler any) { lambda.Start(handler) }
