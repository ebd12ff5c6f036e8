package main

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
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

func TestTheRecordsHoldTheCompletedAnswersAndFollowUps(t *testing.T) {
	t.Parallel()
	// The example, keeping its emulator to read the records once the
	// script has run.
	var emu *emulator.Server
	ex := example
	ex.Bot = func(env playground.Env) (*router.Router, error) {
		emu = env.Emulator
		return newBot(env)
	}
	playground.Output(t, ex, "", "-quiet")
	recs := emu.Interactions()
	if len(recs) != 3 {
		t.Fatalf("%d interactions recorded, want 3", len(recs))
	}
	build, broken, logs := recs[0], recs[1], recs[2]

	for _, rec := range recs {
		if rec.Answer == nil || rec.Answer.Type != interaction.CallbackDeferredChannelMessageWithSource {
			t.Errorf("/%s: first answer %+v, want a deferral", rec.Interaction.Data.Name, rec.Answer)
		}
		if rec.Original == nil || rec.Original.Loading() || rec.Original.Deleted {
			t.Errorf("/%s: original %+v, want it completed", rec.Interaction.Data.Name, rec.Original)
		}
	}
	if got := build.Original.Data.Content; got != "Build of main passed." {
		t.Errorf("/build branch:main: original %q", got)
	}
	// A completion is not an edit.
	if !build.Original.Edited.IsZero() {
		t.Errorf("/build branch:main: the original was edited at %v", build.Original.Edited)
	}
	want := []struct {
		content         string
		edited, deleted bool
	}{
		{"Tests: 128 passed.", false, false},
		{"Artifacts: bot-main-linux-amd64.tar.gz", true, false},
		{"Cleaning the build cache…", false, true},
	}
	if len(build.Followups) != len(want) {
		t.Fatalf("/build branch:main: %d follow-ups, want %d: %+v", len(build.Followups), len(want), build.Followups)
	}
	for i, w := range want {
		f := build.Followups[i]
		if f.Data.Content != w.content || f.Edited.IsZero() == w.edited || f.Deleted != w.deleted {
			t.Errorf("follow-up %d: %q edited %v deleted %v, want %q edited %v deleted %v",
				i, f.Data.Content, !f.Edited.IsZero(), f.Deleted, w.content, w.edited, w.deleted)
		}
	}

	if got := broken.Original.Data.Content; !strings.HasPrefix(got, "Build of broken failed") || len(broken.Followups) != 0 {
		t.Errorf("/build branch:broken: original %q, %d follow-ups", got, len(broken.Followups))
	}
	if logs.Original.Data.Flags&interaction.FlagEphemeral == 0 || logs.Answer.Message.Flags&interaction.FlagEphemeral == 0 {
		t.Errorf("/logs: the deferral (flags %v) and its answer (flags %v) should be ephemeral", logs.Answer.Message.Flags, logs.Original.Data.Flags)
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
