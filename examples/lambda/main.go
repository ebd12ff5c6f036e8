// Lambda is a bot that runs on AWS Lambda: an endpoint function behind a
// function URL, which hands what it defers to an Amazon SQS queue, and a
// worker function, whose event source is that queue, that completes it.
// This program runs it locally, the way it is deployed, on the embedded
// emulator, with its queue in memory and the worker beside the endpoint.
//
//	go run ./examples/lambda                   the bot on the embedded emulator, its queue in memory
//	go run ./examples/lambda/function sync     register its commands (registry.RunSync)
//
// Lambda freezes a function's process once it has returned its answer,
// so a deferred answer left to a goroutine may never be sent. /report is
// slow by nature and declared router.Queued: the endpoint defers it at
// once, and its handler runs in the worker. /search is quick once its
// index is loaded, slow after a cold start: the endpoint then hands it
// over at the deadline, and the worker runs it again. /ping answers at
// once, in the function URL's response.
//
// The example is three packages, so that what is deployed links no more
// than it runs:
//
//	bot/        the bot's commands and handlers (package bot)
//	function/   the program on Lambda, the bootstrap of both functions:
//	            the endpoint, or the worker, as SWITCHBOARD_ROLE says;
//	            and the sync step
//	.           this program, the local mode, which embeds the emulator
//
// template.yaml is the AWS SAM template that builds function/ into both
// functions and deploys them with the queue; the README's Serverless
// section has the commands that build, package, deploy and sync it.
package main

import (
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/examples/lambda/bot"
	"github.com/switchboard-go/switchboard/router"
)

func main() { playground.Main(example) }

var example = playground.Example{
	Name:  "lambda",
	About: "a bot for AWS Lambda: what its endpoint defers, a worker completes from a queue",
	Bot: func(env playground.Env) (*router.Router, error) {
		return bot.New().Router(env.Log), nil
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
