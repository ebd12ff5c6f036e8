package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

func TestEachPathReachesItsHandler(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	bot.Command("/ping").Shows("pong")
	bot.Command("/ticket list").Shows("No open tickets.")
	bot.Command(`/ticket open topic:"printer on fire"`, switchboardtest.As(bot.Admin)).Shows("Ticket #1 opened: printer on fire")
	bot.Command(`/ticket open topic:"cannot log in"`).Shows("Ticket #2 opened: cannot log in")
	if got := bot.Command("/ticket list").Content(); got != "#1 printer on fire (by owner)\n#2 cannot log in (by bob)" {
		t.Errorf("the list is %q", got)
	}
	bot.Command(`/ticket open topic:"from home"`, switchboardtest.InDM()).Shows("Ticket #3 opened: from home")
}

// The staff group's middleware runs before each of its handlers, and
// answers itself whoever may not manage the server.
func TestOnlyStaffWorkOnTickets(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	bot.Command(`/ticket open topic:"printer on fire"`)
	bot.Command(`/ticket open topic:"cannot log in"`)

	refused := bot.Command("/ticket staff close number:1")
	if got := refused.Content(); got != "Only staff may use /ticket staff close." || !refused.Ephemeral() {
		t.Errorf("bob closed a ticket: %q\n%s", got, refused)
	}
	// Outside a guild there is no member, so no permissions to check.
	bot.Command("/ticket staff close number:1", switchboardtest.As(bot.Moderator), switchboardtest.InDM()).
		Shows("Only staff may use /ticket staff close.")

	staff := switchboardtest.As(bot.Moderator)
	bot.Command("/ticket staff assign number:2 to:@ada", staff).Shows("Ticket #2 is now ada's.")
	bot.Command("/ticket staff close number:1", staff).Shows("Ticket #1 closed.")
	// The handler's own rule: a closed ticket cannot be closed again.
	again := bot.Command("/ticket staff close number:1", staff)
	if got := again.Content(); got != "There is no open ticket #1." || !again.Ephemeral() {
		t.Errorf("closing #1 again: %q\n%s", got, again)
	}
	bot.Command("/ticket staff close number:3", staff).Shows("There is no open ticket #3.")
	if got := bot.Command("/ticket list").Content(); got != "#2 cannot log in (by bob), with ada" {
		t.Errorf("the list is %q", got)
	}
}

// A command or group with subcommands is a folder the client opens: it
// is never sent by itself, and each subcommand's options are checked.
func TestTheClientSendsOnlyLeaves(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	for _, tt := range []struct{ line, why string }{
		{"/ticket", `command "ticket" has subcommands and cannot be invoked by itself`},
		{"/ticket staff", `subcommand group "staff" needs one of its subcommands`},
		{"/ticket open", `required option "topic" is missing`},
		{"/ticket staff close number:0", `option "number": 0 is below the minimum 1`},
		{"/ticket staff assign number:1", `required option "to" is missing`},
		{"/ticket close number:1", `"close" is no subcommand of /ticket`},
	} {
		x, err := bot.TryCommand(tt.line, switchboardtest.As(bot.Moderator))
		if !errors.Is(err, emulator.ErrInvalidInput) || !strings.Contains(err.Error(), tt.why) || x != nil {
			t.Errorf("%s: %v, want the client to refuse it before the bot hears of it: %s", tt.line, err, tt.why)
		}
	}
}

// The service nests the leaf in its group and subcommand, and the router
// finds the handler by its path.
func TestALeafArrivesNestedInItsGroup(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	data := bot.Command("/ticket staff close number:1", switchboardtest.As(bot.Admin)).Interaction().Data
	group, sub, leaf := data.Route()
	if data.Name != "ticket" || group != "staff" || sub != "close" || len(leaf) != 1 || leaf[0].Name != "number" || data.Path() != "ticket staff close" {
		t.Errorf("ticket staff close arrived as %q %q %q %v", data.Name, group, sub, leaf)
	}
	if n, ok := leaf[0].Value.Int(); !ok || n != 1 {
		t.Errorf("number arrived as %v", leaf[0].Value)
	}
}
