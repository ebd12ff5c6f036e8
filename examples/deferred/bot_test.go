package main

import (
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// newTestBot is the bot, logging to the test.
func newTestBot(t *testing.T) *switchboardtest.Bot {
	return switchboardtest.New(t, newBot(zerolog.New(zerolog.NewTestWriter(t))))
}

func TestABuildCompletesItsAnswerAndFollowsItUp(t *testing.T) {
	t.Parallel()
	bot := newTestBot(t)
	build := bot.Command("/build branch:main")
	if build.Answer().Type != interaction.CallbackDeferredChannelMessageWithSource {
		t.Fatalf("the first answer is %v, want a deferral\n%s", build.Answer().Type, build)
	}
	// The deferral, its completion, three follow-ups, an edit of one and
	// the deletion of another, the last thing the build does.
	build.Wait().WaitChanges(7)

	original := build.Message()
	if original.Data.Content != "Build of main passed." || original.Loading() || !original.Edited.IsZero() {
		t.Errorf("the answer is %q, loading %v, edited at %v; want it completed, which is no edit\n%s",
			original.Data.Content, original.Loading(), original.Edited, build)
	}
	want := []struct {
		content         string
		edited, deleted bool
	}{
		{"Tests: 128 passed.", false, false},
		{"Artifacts: bot-main-linux-amd64.tar.gz", true, false},
		{"Cleaning the build cache…", false, true},
	}
	fs := build.Followups()
	if len(fs) != len(want) {
		t.Fatalf("%d follow-ups, want %d\n%s", len(fs), len(want), build)
	}
	for i, w := range want {
		f := fs[i]
		if f.Data.Content != w.content || f.Edited.IsZero() == w.edited || f.Deleted != w.deleted {
			t.Errorf("follow-up %d: %q edited %v deleted %v, want %q edited %v deleted %v\n%s",
				i+1, f.Data.Content, !f.Edited.IsZero(), f.Deleted, w.content, w.edited, w.deleted, build)
		}
	}
	// What the user reads, in the order written: the deleted notice is
	// gone.
	build.Shows("Build of main passed.", "Tests: 128 passed.", "Artifacts: bot-main-linux-amd64.tar.gz")
	var kinds []string
	for _, e := range build.History() {
		kinds = append(kinds, string(e.Kind))
	}
	if got := strings.Join(kinds, " "); got != "deferred completed followed_up followed_up edited followed_up deleted" {
		t.Errorf("the history is %s\n%s", got, build)
	}
}

func TestAFailedBuildSaysSoInItsAnswer(t *testing.T) {
	t.Parallel()
	bot := newTestBot(t)
	build := bot.Command("/build branch:broken").Wait()
	if got := build.Content(); got != "Build of broken failed: main.go:12: undefined: frobnicate" {
		t.Errorf("the answer is %q\n%s", got, build)
	}
	if n := len(build.Followups()); n != 0 {
		t.Errorf("%d follow-ups to a failed build\n%s", n, build)
	}
}

func TestTheLogsAreShownOnlyToWhoAsked(t *testing.T) {
	t.Parallel()
	bot := newTestBot(t)
	logs := bot.Command("/logs")
	if !logs.Message().Loading() || !logs.Ephemeral() {
		t.Fatalf("the deferral is not an ephemeral thinking message\n%s", logs)
	}
	logs.Wait()
	if got := logs.Content(); got != "The last build of main passed; its log has 2,113 lines." || !logs.Ephemeral() {
		t.Errorf("the answer is %q, ephemeral %v\n%s", got, logs.Ephemeral(), logs)
	}
}
