package main

import (
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/examples/lambda/bot"
	"github.com/switchboard-go/switchboard/router"
)

// The local mode runs the script on the embedded emulator, the endpoint
// and the worker served from one process with the queue in memory: each
// command answered as the functions on Lambda answer it.
func TestTheScriptShowsEachWayOfAnswering(t *testing.T) {
	t.Parallel()
	// The report is queued whatever it takes, so the script shows the
	// same with a report that takes a moment rather than the 6 seconds
	// of the deployed bot. The index loads past the deadline, which the
	// worker then waits for in full: a second past the handler's end
	// (the service's 3 seconds less the endpoint's margin of half a
	// second) rather than the deployed bot's one and a half, still wide
	// enough that the handler's end comes first on a loaded machine.
	ex := example
	ex.Bot = func(env playground.Env) (*router.Router, error) {
		b := bot.New()
		b.ReportTakes = 50 * time.Millisecond
		b.LoadTakes = endpoint.DefaultResponseDeadline - endpoint.DefaultAnswerMargin + time.Second
		return b.Router(env.Log), nil
	}
	out := playground.Output(t, ex, "")
	for _, want := range []string{
		"owner in #general › /ping\n  bot › pong\n",
		"owner in #general › /report\n" +
			"  bot is thinking… (only you can see this)\n" +
			"owner in #general › wait\n" +
			"  bot (completes its answer) › Weekly report: 42 deploys, 3 incidents, 99.95% uptime.  (only you can see this)\n",
		"owner in #general › /search query:rollback\n" +
			"  bot is thinking…\n" +
			"owner in #general › wait\n" +
			"  bot (completes its answer) › 3 runbooks mention \"rollback\".\n",
		"owner in #general › /search query:certificates\n  bot › 3 runbooks mention \"certificates\".\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks\n%s\nin:\n%s", want, out)
		}
	}
}
