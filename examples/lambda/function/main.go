// Function is the program of examples/lambda that runs on AWS Lambda,
// built as the bootstrap of a provided.al2023 function: the endpoint
// behind a function URL, which hands what it defers to an Amazon SQS
// queue, or the worker, whose event source is that queue, that completes
// it, as SWITCHBOARD_ROLE says. Its sync step registers the bot's
// commands, as a step of the deploy.
//
//	(on Lambda)                                the endpoint, or the worker, as SWITCHBOARD_ROLE says
//	go run ./examples/lambda/function sync     register its commands (registry.RunSync)
//
// It links the bot (package bot), the Lambda adapter and the AWS SDK, and
// not the emulator: go run ./examples/lambda runs the same bot on the
// embedded emulator, from a program of its own. template.yaml, in the
// directory above, is the AWS SAM template that builds this directory
// into both functions and deploys them with the queue; the README's
// Serverless section has the commands that build, package, deploy and
// sync it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/awslambda"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/examples/lambda/bot"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/queue"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/rest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, startLambda, os.Stdout, os.Stderr)
	stop()
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(os.Stderr, "function: %v\n", err)
		os.Exit(1)
	}
}

// run serves the bot on Lambda when the Lambda runtime started the
// program (AWS_LAMBDA_RUNTIME_API is set), and otherwise runs the
// subcommand args name.
func run(ctx context.Context, args []string, getenv func(string) string, start func(handler any), stdout, stderr io.Writer) error {
	if getenv("AWS_LAMBDA_RUNTIME_API") != "" {
		return runLambda(ctx, getenv, start)
	}
	if len(args) == 0 {
		usage(stderr)
		return errors.New("AWS_LAMBDA_RUNTIME_API is not set: the program serves where the Lambda runtime starts it")
	}
	switch args[0] {
	case "sync":
		return syncCommands(ctx, args[1:], getenv, stdout, stderr)
	case "-h", "-help", "--help", "help":
		usage(stderr)
		return flag.ErrHelp
	}
	usage(stderr)
	return fmt.Errorf("unknown subcommand %q: away from Lambda the program takes only sync", args[0])
}

// usage says what the program is, and what it does away from Lambda.
func usage(w io.Writer) {
	fmt.Fprint(w, "function: the bot of examples/lambda as it runs on AWS Lambda, the bootstrap of a\n"+
		"provided.al2023 function: the Lambda runtime sets AWS_LAMBDA_RUNTIME_API, and SWITCHBOARD_ROLE\n"+
		"says whether it serves the endpoint or the worker. go run ./examples/lambda runs the bot on\n"+
		"the embedded emulator.\n\n"+
		"Usage: function sync [flags]   register the bot's commands (sync -h lists its flags)\n")
}

// syncCommands registers the bot's commands, as a step of a deploy.
func syncCommands(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	mux, err := bot.New().Router(zerolog.Nop()).Build()
	if err != nil {
		return err
	}
	return registry.RunSync(ctx, args, mux.Definitions(), getenv, stdout, stderr)
}

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
//	SWITCHBOARD_QUEUE_KEY     both roles': the secret key, or keys, that
//	                          prove the jobs (queue.ParseKeys)
//	SWITCHBOARD_QUEUE_URL     the endpoint's: the SQS queue's URL
//
// The endpoint hands what it defers to the queue, each job proved with
// the key; the worker, whose event source is that queue, completes the
// jobs the key proves, and no other. The handlers only answer
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
	keys, err := queue.ParseKeys(getenv("SWITCHBOARD_QUEUE_KEY"))
	if err != nil {
		return fmt.Errorf("SWITCHBOARD_QUEUE_KEY: %w", err)
	}
	// Lambda sends what a function writes to CloudWatch Logs, a line
	// an event: what goes wrong, not the routine of each request.
	log := zerolog.New(os.Stderr).Level(zerolog.InfoLevel).With().Timestamp().Str("role", role).Logger()
	mux, err := bot.New().Router(log).Build()
	if err != nil {
		return err
	}
	// Each instance claims its jobs in its own memory, dropping a
	// message SQS delivers to it twice. The handlers only answer: run
	// twice by two instances, they answer twice the same. A bot whose
	// handlers act claims the jobs in a store the instances share
	// (redisstore.NewReplayGuard).
	opts := []endpoint.Option{endpoint.WithLogger(log), endpoint.WithClient(client), endpoint.WithJobKeys(keys),
		endpoint.WithJobClaims(replay.NewMemoryGuard(0))}
	if role == roleWorker {
		worker, err := endpoint.New(mux, verifier, opts...)
		if err != nil {
			return err
		}
		start(awslambda.SQSWorker(worker))
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
	e, err := endpoint.New(mux, verifier, append(opts, endpoint.WithQueue(q))...)
	if err != nil {
		return err
	}
	start(awslambda.FunctionURL(e))
	return nil
}

// startLambda is lambda.Start: it serves handler for as long as the
// function runs.
func startLambda(handler any) { lambda.Start(handler) }
