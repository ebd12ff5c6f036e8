// Contextmenu shows the commands of the client's context menus: a USER
// command, used on a member, and a MESSAGE command, used on a message.
//
//	go run ./examples/contextmenu
//
// A context-menu command is a name and nothing else the user reads: no
// description and no options, since the user picks it from a menu rather
// than typing it. Its name may have capitals and spaces ("Show Profile"),
// which a slash command's may not, and is unique only among commands of its
// type. Its handler reads the target the service resolved for it:
// req.TargetUser for a USER command, req.TargetMessage for a MESSAGE one.
package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

func main() { playground.Main(example) }

var example = playground.Example{
	Name:   "contextmenu",
	About:  "USER and MESSAGE commands, from the context menus of members and messages",
	Bot:    func(playground.Env) (*router.Router, error) { return newBot(), nil },
	Intro:  showRegistered,
	Script: script,
}

const script = `
# First the bot posts a message, so that there is one of its messages to use a command on.
/post text:"Menus are one right-click away"
# A MESSAGE command from that message's menu: the bot reads the message it was used on.
message "Quote Message" last
# A USER command from a member's menu: the bot reads the user and their membership of the guild.
user "Show Profile" @bob
user "Show Profile" @ada
# Each menu lists the commands of its type: a member's menu has no "Quote Message".
user "Quote Message" @bob
# In the bot's direct messages there is no guild, so the target has no membership.
in dm
user "Show Profile" @emulator-bot
`

func newBot() *router.Router {
	r := router.New()
	r.Command("post", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		text, _ := req.Options.String("text")
		// What a user typed pings nobody when the bot repeats it.
		return interaction.Reply(text).WithAllowedMentions(interaction.NoMentions()), nil
	}, router.Description("Have the bot post a message"), router.Options(
		option.String("text", "What to post").Required().MaxLength(2000),
	))

	// Neither takes router.Description or router.Options: Build refuses
	// both on a context-menu command.
	r.MessageCommand("Quote Message", quoteMessage)
	r.UserCommand("Show Profile", showProfile)
	return r
}

// quoteMessage quotes the message the command was used on, with its author.
func quoteMessage(ctx context.Context, req *router.Request) (interaction.Response, error) {
	m, ok := req.TargetMessage()
	if !ok {
		return interaction.Response{}, fmt.Errorf("no target message in %s", req.Path())
	}
	words := count(len(strings.Fields(m.Content)), "word")
	return interaction.Reply(fmt.Sprintf("> %s\n— %s, %s", m.Content, m.Author.DisplayName(), words)).WithAllowedMentions(interaction.NoMentions()), nil
}

// count says how many of a thing there are, the noun agreeing with the
// number: "1 word", "0 words", "2 words".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// showProfile describes the user the command was used on. In a guild the
// service resolves their membership too, with their permissions in the
// channel the command was used in.
func showProfile(ctx context.Context, req *router.Request) (interaction.Response, error) {
	u, ok := req.TargetUser()
	if !ok {
		return interaction.Response{}, fmt.Errorf("no target user in %s", req.Path())
	}
	profile := fmt.Sprintf("%s (@%s)", u.DisplayName(), u.Username)
	if u.Bot {
		profile += ", a bot"
	}
	if !u.HasMember {
		return interaction.Reply(profile + " · no membership: not used in a guild").Ephemeral(), nil
	}
	days := int(time.Since(u.Member.JoinedAt).Hours() / 24)
	roles := count(len(u.Member.Roles), "role")
	ban := "cannot ban members here"
	if u.Member.Permissions.Has(interaction.PermissionBanMembers) {
		ban = "can ban members here"
	}
	return interaction.Reply(fmt.Sprintf("%s · joined %d days ago · %s · %s", profile, days, roles, ban)).Ephemeral(), nil
}

// showRegistered prints the commands as the service holds them once
// registered: the context-menu ones have their names as declared, spaces
// and capitals kept, and no description.
func showRegistered(ctx context.Context, s *playground.Session) error {
	cmds, err := s.API().ListCommands(ctx, s.Emulator().ApplicationID, command.Global, false)
	if err != nil {
		return err
	}
	for _, c := range cmds {
		description := fmt.Sprintf("%q", c.Description)
		if c.Description == "" {
			description = "no description"
		}
		s.Printf("the service holds %-10s %-16q %s", c.CommandType(), c.Name, description)
	}
	return nil
}
