package main

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
)

// withEmulator returns the example with a Setup that keeps the emulator
// it runs on, for looking at what was sent once it has run.
func withEmulator(emu **emulator.Server) playground.Example {
	ex := example
	ex.Setup = func(ctx context.Context, s *playground.Session) error {
		*emu = s.Emulator()
		return nil
	}
	return ex
}

func TestTheScriptReachesEachPath(t *testing.T) {
	out := playground.Output(t, example, "")
	playground.Shows(t, out,
		"/ticket staff assign number: to:  Give a ticket to someone, everywhere",
		"owner in #general › /ping\n  bot › pong\n",
		"bot › Ticket #1 opened: printer on fire\n",
		"bot › #1 printer on fire (by owner)\n        #2 cannot log in (by bob)\n",
		"bob in #general › /ticket\n  ✗ the client refuses: command \"ticket\" has subcommands and cannot be invoked by itself\n",
		"bob in #general › /ticket staff\n  ✗ the client refuses: subcommand group \"staff\" needs one of its subcommands\n",
		"bob in #general › /ticket staff close number:1\n  bot › Only staff may use /ticket staff close.  (only you can see this)\n",
		"bot › Ticket #2 is now ada's.\n",
		"bot › Ticket #1 closed.\n",
		"bot › There is no open ticket #1.  (only you can see this)\n",
		"ada in #general › /ticket list\n  bot › #2 cannot log in (by bob), with ada\n",
	)
}

func TestFoldersAreNeverSentToTheBot(t *testing.T) {
	var emu *emulator.Server
	playground.OutputRefusing(t, withEmulator(&emu), 3, "", "-quiet", "-script", playground.ScriptFile(t,
		"/ticket",
		"/ticket staff",
		"/ticket open",
		"/ticket open topic:x",
		"/ticket staff close number:1",
	))
	var paths []string
	for _, rec := range emu.Interactions() {
		paths = append(paths, rec.Interaction.Data.Path())
	}
	if got, want := strings.Join(paths, ", "), "ticket open, ticket staff close"; got != want {
		t.Fatalf("the bot was sent %q, want %q", got, want)
	}
	// The service nests the leaf in its group and subcommand.
	data := emu.Interactions()[1].Interaction.Data
	group, sub, leaf := data.Route()
	if data.Name != "ticket" || group != "staff" || sub != "close" || len(leaf) != 1 || leaf[0].Name != "number" {
		t.Errorf("ticket staff close arrived as %q %q %q %v", data.Name, group, sub, leaf)
	}
	if n, ok := leaf[0].Value.Int(); !ok || n != 1 {
		t.Errorf("number arrived as %v", leaf[0].Value)
	}
}

func TestTheClientChecksEachSubcommandsOptions(t *testing.T) {
	out := playground.OutputRefusing(t, example, 3, "", "-quiet", "-script", playground.ScriptFile(t,
		"/ticket staff close number:0",
		"/ticket staff assign number:1",
		"/ticket close number:1",
		"in dm",
		"/ticket open topic:\"from home\"",
		"/ticket staff close number:1",
	))
	playground.Shows(t, out,
		`✗ the client refuses: option "number": 0 is below the minimum 1`,
		`✗ the client refuses: required option "to" is missing`,
		`✗ the client refuses: "close" is no subcommand of /ticket`,
		"owner in DMs › /ticket open topic:\"from home\"\n  bot › Ticket #1 opened: from home\n",
		// Outside a guild there is no member, so no permissions to check.
		"owner in DMs › /ticket staff close number:1\n  bot › Only staff may use /ticket staff close.",
	)
}

func TestACommandWithSubcommandsCannotHaveAHandler(t *testing.T) {
	r, err := newBot(playground.Env{})
	if err != nil {
		t.Fatal(err)
	}
	r.Command("ticket", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("never"), nil
	}, router.Description("Ask the staff for help"))
	_, err = r.Build()
	var re *router.RouteError
	if !errors.As(err, &re) || re.Path != "ticket" {
		t.Fatalf("Build returned %v, want a RouteError for ticket", err)
	}
	t.Log(err)
}
