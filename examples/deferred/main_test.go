package main

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
)

func TestTheScriptPrintsEachStepInOrder(t *testing.T) {
	t.Parallel()
	out := playground.Output(t, example, "")
	// Each command's lines, whole: the bot writes one message after the
	// other, and the script waits for it after each command.
	for _, want := range []string{
		"owner in #general › /build branch:main\n" +
			"  bot is thinking…\n" +
			"owner in #general › wait\n" +
			"  bot (completes its answer) › Build of main passed.\n" +
			"  bot (follow-up) › Tests: 128 passed.\n" +
			"  bot (follow-up) › Uploading the artifacts…\n" +
			"  bot (edits a follow-up) › Artifacts: bot-main-linux-amd64.tar.gz\n" +
			"  bot (follow-up) › Cleaning the build cache…\n" +
			"  bot deleted its follow-up\n\n#",
		"owner in #general › /build branch:broken\n" +
			"  bot is thinking…\n" +
			"owner in #general › wait\n" +
			"  bot (completes its answer) › Build of broken failed: main.go:12: undefined: frobnicate\n\n#",
		"owner in #general › /logs\n" +
			"  bot is thinking… (only you can see this)\n" +
			"owner in #general › wait\n" +
			"  bot (completes its answer) › The last build of main passed; its log has 2,113 lines.  (only you can see this)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks\n%s\nin:\n%s", want, out)
		}
	}
	if !strings.HasSuffix(out, "(only you can see this)\n") {
		t.Errorf("the output goes on after the last answer:\n%s", out)
	}
}

func TestABuildStillRunningAtTheEndIsWaitedFor(t *testing.T) {
	t.Parallel()
	// Without a wait after it, the end of the script waits for the work.
	out := playground.Output(t, example, "/build branch:next\n", "-script", "-", "-quiet")
	if !strings.HasSuffix(out, "  bot (edits a follow-up) › Artifacts: bot-next-linux-amd64.tar.gz\n  bot (follow-up) › Cleaning the build cache…\n  bot deleted its follow-up\n") {
		t.Errorf("the script ended before the build:\n%s", out)
	}
}
