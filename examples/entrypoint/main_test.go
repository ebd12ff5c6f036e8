package main

import (
	"context"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/router"
)

// run runs ex with args, and returns what it printed and the error.
func run(ex playground.Example, args ...string) (string, error) {
	var out strings.Builder
	err := playground.Run(context.Background(), ex, args, strings.NewReader(""), &out, &out)
	return out.String(), err
}

func TestTheScriptShowsBothHandlers(t *testing.T) {
	t.Parallel()
	out, err := run(example)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{
		"~ PRIMARY_ENTRY_POINT  Launch  description, contexts, handler",
		"owner in #general › launch\n  the service launches the Activity itself; the bot is not asked\n",
		`intro: "Launch" handled by the bot again (handler APP_HANDLER)`,
		"· the client had an old version of the command; it reloaded it and sends it again\n" +
			"  bot › Game night happens in a voice channel: join the Lounge and launch it there.  (only you can see this)\n",
		"owner in #Lounge › launch\n  bot launches the Activity\n",
		"owner in #Lounge › /Launch\n  ✗ the client offers no such command",
		"owner in DMs › launch\n  ✗ the client offers no such command: command \"Launch\" is not offered in the BOT_DM context",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "! the service refuses this answer") {
		t.Errorf("the service refused an answer:\n%s", out)
	}
}

// The service keeps one entry point per application. Under another name,
// the bot's would be a second one beside the service's "Launch", which a
// sync without -prune leaves alone; the plan is refused before any write.
func TestASecondEntryPointIsRefused(t *testing.T) {
	ex := example
	ex.Bot = func(playground.Env) (*router.Router, error) {
		r := router.New()
		r.EntryPoint("Game Night", startGameNight, router.Description("Start game night"))
		return r, nil
	}
	out, err := run(ex)
	if err == nil || !strings.Contains(err.Error(), "it would hold 2 PRIMARY_ENTRY_POINT commands, more than the 1 allowed") {
		t.Fatalf("got %v\n%s", err, out)
	}
}

// Without an Activity the service takes no entry point command at all.
func TestAnEntryPointNeedsAnActivity(t *testing.T) {
	ex := example
	ex.Emulator = emulator.Config{}
	out, err := run(ex)
	if err == nil || !strings.Contains(err.Error(), "Entry point commands are only for applications with an Activity") {
		t.Fatalf("got %v\n%s", err, out)
	}
}

// A script given with -script replaces what the example shows, its first
// part on the service's own "Launch" included: the entry point is the
// bot's from the first line on.
func TestAScriptOfOnesOwnReplacesTheExamplesWhole(t *testing.T) {
	t.Parallel()
	var emu *emulator.Server
	ex := example
	own := ex.Setup
	ex.Setup = func(ctx context.Context, s *playground.Session) error {
		emu = s.Emulator()
		if own != nil {
			return own(ctx, s)
		}
		return nil
	}
	out, err := run(ex, "-script", playground.ScriptFile(t, "in #Lounge", "launch"))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	playground.Shows(t, out, "owner in #Lounge › launch\n  bot launches the Activity\n")
	for _, unwanted := range []string{"intro:", "the service launches the Activity itself", "Before the bot registered"} {
		if strings.Contains(out, unwanted) {
			t.Errorf("the output has %q:\n%s", unwanted, out)
		}
	}
	if n := len(emu.Launches()); n != 0 {
		t.Errorf("the service launched %d times; the script never asked it to", n)
	}
}
