package main

import (
	"context"
	"errors"
	"testing"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
)

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

func TestACommandWithSubcommandsCannotHaveAHandler(t *testing.T) {
	r := newBot()
	r.Command("ticket", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("never"), nil
	}, router.Description("Ask the staff for help"))
	_, err := r.Build()
	var re *router.RouteError
	if !errors.As(err, &re) || re.Path != "ticket" {
		t.Fatalf("Build returned %v, want a RouteError for ticket", err)
	}
	t.Log(err)
}
