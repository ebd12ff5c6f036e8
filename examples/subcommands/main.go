// Subcommands shows how a bot arranges its commands in a tree: a plain
// command, a command whose subcommands do the work, and a subcommand group
// inside it with subcommands of its own and middleware that guards them.
//
//	go run ./examples/subcommands
//
// The service calls every node of the tree a command option; the router
// lets a bot register a handler by its path instead ("ping", "ticket open",
// "ticket staff close") and finds it again for each interaction. Only the
// leaves have handlers: a command or group with subcommands is a folder the
// client opens, never something a user can send by itself.
package main

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

func main() { playground.Main(example) }

var example = playground.Example{
	Name:   "subcommands",
	About:  "a command, subcommands, and a subcommand group with its own middleware",
	Bot:    func(playground.Env) (*router.Router, error) { return newBot(), nil },
	Script: script,
}

const script = `
# Every path the bot offers, as the client lists them.
commands
# A plain command: the path is its name.
/ping
# Two subcommands of /ticket: each path reaches its own handler.
/ticket open topic:"printer on fire"
as @bob
/ticket open topic:"cannot log in"
/ticket list
# /ticket is a folder of subcommands, and /ticket staff a folder in it: neither can be sent by itself.
/ticket
/ticket staff
# The staff group's middleware runs before each of its handlers: bob cannot manage the server.
/ticket staff close number:1
as @ada
/ticket staff assign number:2 to:@ada
/ticket staff close number:1
# The handler's own rule: a closed ticket cannot be closed again.
/ticket staff close number:1
/ticket list
`

// ticket is a request for help, numbered from 1 by its place in the desk.
type ticket struct {
	topic, author, assignee string
	closed                  bool
}

// desk holds the tickets; handlers run concurrently, so it is locked.
type desk struct {
	mu      sync.Mutex
	tickets []ticket
}

func newBot() *router.Router {
	d := &desk{}
	r := router.New()

	r.Command("ping", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))

	// The group is the command /ticket; its subcommands register by name
	// within it, or by full path on the router, as "ticket list" is.
	tickets := r.Group("ticket", router.Description("Ask the staff for help"))
	tickets.Command("open", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		topic, _ := req.Options.String("topic")
		d.mu.Lock()
		defer d.mu.Unlock()
		d.tickets = append(d.tickets, ticket{topic: topic, author: req.Invoker().Username})
		return interaction.Reply(fmt.Sprintf("Ticket #%d opened: %s", len(d.tickets), topic)).WithAllowedMentions(interaction.NoMentions()), nil
	}, router.Description("Open a ticket"), router.Options(
		option.String("topic", "What it is about").Required().MaxLength(100),
	))
	r.Command("ticket list", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		d.mu.Lock()
		defer d.mu.Unlock()
		var lines []string
		for i, t := range d.tickets {
			if t.closed {
				continue
			}
			line := fmt.Sprintf("#%d %s (by %s)", i+1, t.topic, t.author)
			if t.assignee != "" {
				line += ", with " + t.assignee
			}
			lines = append(lines, line)
		}
		if len(lines) == 0 {
			return interaction.Reply("No open tickets."), nil
		}
		return interaction.Reply(strings.Join(lines, "\n")).WithAllowedMentions(interaction.NoMentions()), nil
	}, router.Description("List the open tickets"))

	// Permissions belong to a whole command, so the service cannot keep
	// members out of /ticket staff alone: the group's middleware does.
	staff := tickets.Group("staff", router.Description("Work on tickets"))
	staff.Use(staffOnly)
	number := option.Integer("number", "The ticket's number").Required().Min(1)
	staff.Command("assign", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		n, _ := req.Options.Int("number")
		to, _ := req.Options.User("to")
		return d.change(n, func(t *ticket) string {
			t.assignee = to.Username
			return fmt.Sprintf("Ticket #%d is now %s's.", n, to.Username)
		}), nil
	}, router.Description("Give a ticket to someone"), router.Options(
		number, option.User("to", "Who takes it").Required(),
	))
	staff.Command("close", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		n, _ := req.Options.Int("number")
		return d.change(n, func(t *ticket) string {
			t.closed = true
			return fmt.Sprintf("Ticket #%d closed.", n)
		}), nil
	}, router.Description("Close a ticket"), router.Options(number))
	return r
}

// change applies edit to open ticket n and answers with what edit says.
func (d *desk) change(n int64, edit func(*ticket) string) interaction.Response {
	d.mu.Lock()
	defer d.mu.Unlock()
	if n > int64(len(d.tickets)) || d.tickets[n-1].closed {
		return interaction.Reply(fmt.Sprintf("There is no open ticket #%d.", n)).Ephemeral()
	}
	return interaction.Reply(edit(&d.tickets[n-1]))
}

// staffOnly lets through members who may manage the server, and answers
// everyone else itself, without calling the handler.
func staffOnly(next router.Handler) router.Handler {
	return router.HandlerFunc(func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		member, ok := req.Interaction.Member.Get()
		if !ok || !member.Permissions.Has(interaction.PermissionManageGuild) {
			return interaction.Reply("Only staff may use /" + req.Path() + ".").Ephemeral(), nil
		}
		return next.ServeInteraction(ctx, req)
	})
}
