package switchboardtest_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// window is the response window of these tests, and margin the answer
// margin WithResponseWindow gives the endpoint in it: half of it.
const (
	window = 500 * time.Millisecond
	margin = window / 2
)

// slowBot is a bot whose /report works until release is closed, which
// the endpoint defers, and whose /patient, which the endpoint may not
// defer, answers when its context ends.
func slowBot(release <-chan struct{}) *router.Router {
	r := router.New()
	r.Command("report", func(ctx context.Context, _ *router.Request) (interaction.Response, error) {
		select {
		case <-release:
			return interaction.Reply("Weekly report: 42 deploys."), nil
		case <-ctx.Done():
			return interaction.Response{}, ctx.Err()
		}
	}, router.Description("Build the weekly report"))
	r.Command("patient", func(ctx context.Context, _ *router.Request) (interaction.Response, error) {
		<-ctx.Done()
		return interaction.Reply("Gave up: " + ctx.Err().Error() + "."), nil
	}, router.Description("Wait as long as allowed"), router.NoAutoDefer())
	r.Command("stubborn", func(ctx context.Context, _ *router.Request) (interaction.Response, error) {
		<-ctx.Done()
		<-release // past the window: the answer comes too late
		return interaction.Reply("Too late."), nil
	}, router.Description("Ignore the deadline"), router.NoAutoDefer())
	return r
}

// The endpoint defers a slow handler at the margin of the shortened
// window, and completes its answer by editing the original message.
func TestWithResponseWindowASlowHandlerIsDeferredAndCompleted(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	bot := switchboardtest.New(t, slowBot(release), switchboardtest.WithResponseWindow(window))
	x := bot.Command("/report")
	if x.Answer().Type != interaction.CallbackDeferredChannelMessageWithSource || !x.Message().Loading() {
		t.Fatalf("the answer is %v, want the endpoint's deferral\n%s", x.Answer().Type, x)
	}
	// The endpoint waits for the handler until the margin, no less.
	if x.Result.Took < window-margin {
		t.Errorf("deferred after %v, before the margin (%v into the window)\n%s", x.Result.Took, window-margin, x)
	}
	close(release)
	x.Wait().Shows("Weekly report: 42 deploys.")
	var kinds []string
	for _, e := range x.History() {
		kinds = append(kinds, string(e.Kind))
	}
	if got := strings.Join(kinds, " "); got != "deferred completed" {
		t.Errorf("the history is %s, want the deferral and its completion\n%s", got, x)
	}
}

// A handler the endpoint may not defer has its context end at the margin,
// in time for its answer to arrive.
func TestWithResponseWindowAHandlersContextEndsAtTheMargin(t *testing.T) {
	bot := switchboardtest.New(t, slowBot(nil), switchboardtest.WithResponseWindow(window))
	x := bot.Command("/patient")
	x.Shows("Gave up: context deadline exceeded.")
	if x.Result.Took < window-margin {
		t.Errorf("answered after %v, before the margin\n%s", x.Result.Took, x)
	}
}

// The emulator waits for the shortened window, whether WithEmulator
// comes before WithResponseWindow or after it.
func TestWithResponseWindowIsTheEmulatorsWindow(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		opts []switchboardtest.Option
	}{
		{"alone", []switchboardtest.Option{switchboardtest.WithResponseWindow(window)}},
		{"before WithEmulator", []switchboardtest.Option{switchboardtest.WithResponseWindow(window), switchboardtest.WithEmulator(emulator.Config{})}},
		{"after WithEmulator", []switchboardtest.Option{switchboardtest.WithEmulator(emulator.Config{}), switchboardtest.WithResponseWindow(window)}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			release := make(chan struct{})
			defer close(release)
			bot := switchboardtest.New(t, slowBot(release), tt.opts...)
			_, err := bot.TryCommand("/stubborn")
			if err == nil || !strings.Contains(err.Error(), "the application did not respond within "+window.String()) {
				t.Errorf("an answer past the window: %v", err)
			}
		})
	}
}

func TestTheWithResponseWindowExampleTestPasses(t *testing.T) { testStats(t) }
