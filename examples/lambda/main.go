// Lambda is a bot that runs on AWS Lambda: an endpoint function behind a
// function URL, which hands what it defers to an Amazon SQS queue, and a
// worker function, whose event source is that queue, that completes it.
//
//	go run ./examples/lambda            the bot on the embedded emulator, its queue in memory
//	go run ./examples/lambda sync       register its commands (registry.RunSync)
//	(on Lambda)                          the endpoint, or the worker, as SWITCHBOARD_ROLE says
//
// Lambda freezes a function's process once it has returned its answer,
// so a deferred answer left to a goroutine may never be sent. /report is
// slow by nature and declared router.Queued: the endpoint defers it at
// once, and its handler runs in the worker. /search is quick once its
// index is loaded, slow after a cold start: the endpoint then hands it
// over at the deadline, and the worker runs it again. /ping answers at
// once, in the function URL's response.
//
// On Lambda (AWS_LAMBDA_RUNTIME_API is set), runLambda reads its role
// and configuration from the environment; template.yaml beside this file
// is the AWS SAM template that deploys both functions and the queue, and
// the README's Serverless section the commands that build, package,
// deploy and sync it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/router"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	switch {
	case os.Getenv("AWS_LAMBDA_RUNTIME_API") != "":
		err = runLambda(ctx, os.Getenv, startLambda)
	case len(os.Args) > 1 && os.Args[1] == "sync":
		err = syncCommands(ctx, os.Args[2:])
	default:
		stop()
		playground.Main(example)
		return
	}
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(os.Stderr, "lambda: %v\n", err)
		os.Exit(1)
	}
}

// syncCommands registers the bot's commands, as a step of a deploy.
func syncCommands(ctx context.Context, args []string) error {
	mux, err := newBot().router(zerolog.Nop()).Build()
	if err != nil {
		return err
	}
	return registry.RunSync(ctx, args, mux.Definitions(), os.Getenv, os.Stdout, os.Stderr)
}

var example = playground.Example{
	Name:  "lambda",
	About: "a bot for AWS Lambda: what its endpoint defers, a worker completes from a queue",
	Bot: func(env playground.Env) (*router.Router, error) {
		return newBot().router(env.Log), nil
	},
	Queue:  true,
	Script: script,
}

const script = `
# /ping answers at once, in the response.
/ping
# /report is declared Queued: the endpoint defers it at once and hands it to the queue, and the worker builds the report.
/report
wait
# The first /search waits for the runbooks' index to load: at the deadline the endpoint hands it to the queue, and the worker runs it again.
/search query:rollback
wait
# The index is loaded now: the next /search answers in time.
/search query:certificates
`
