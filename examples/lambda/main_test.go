package main

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
)

// The local mode runs the script on the embedded emulator, the endpoint
// and the worker served from one process with the queue in memory: each
// command answered as the functions on Lambda answer it.
func TestTheScriptShowsEachWayOfAnswering(t *testing.T) {
	t.Parallel()
	out := playground.Output(t, example, "")
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
