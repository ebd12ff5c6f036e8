// Permissions shows who may use a command: the permissions a command asks
// of members by default, declared with the command, and the overwrites a
// guild's managers set on top of them.
//
//	go run ./examples/permissions
//
// The bot declares /warn for members who can moderate (router.Permissions)
// and /lockdown for administrators (router.AdminsOnly); /report is for
// everyone. Overwrites are the guild's, not the bot's: the service takes
// them only with the token of a user who manages the guild, never with the
// bot's. Setup shows both, then sets overwrites with ada's token, got by
// exchanging the authorization code she granted.
//
// The service decides in this order (Permissions v2): administrators always
// may; then a channel overwrite (the command's, then the application's),
// where a denial ends it; then the member's user or role overwrites, first
// the command's, then the application's; and only when no overwrite spoke,
// the command's default member permissions.
package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

func main() { playground.Main(example) }

var example = playground.Example{
	Name:  "permissions",
	About: "default member permissions, and the overwrites a guild's managers set with a user's token",
	Bot:   func(playground.Env) (*router.Router, error) { return newBot(), nil },
	Setup: func(ctx context.Context, s *playground.Session) error {
		return setOverwrites(ctx, s.Emulator(), s.API(), s.Printf)
	},
	Script: script,
}

const script = `
# bob is a plain member. In #general the application-wide overwrites close every command; the channel is checked first.
as @bob
/warn user:@ada
# /report's own overwrite allows #general, and a command's overwrites come before the application's. It asks no permission.
/report text:"the pinned rules are out of date"
# #moderation is open, so the member checks go on: no overwrite names bob, and /warn asks for Moderate Members by default.
in #moderation
/warn user:@ada
# /lockdown is for administrators by default.
/lockdown
# ada has Moderate Members from her Moderator role; no overwrite names her on /warn.
as @ada
/warn user:@bob reason:spam
# /lockdown's role overwrite allows the Moderator role, so ada, though she is no administrator.
/lockdown
# But a channel denial comes before any allowance of a user or a role.
in #general
/lockdown
# Administrators always may, whatever the overwrites say.
as @owner
/lockdown
`

func newBot() *router.Router {
	r := router.New()
	r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("Thanks, " + req.Invoker().Username + ": the moderators will look at it.").Ephemeral(), nil
	}, router.Description("Report a problem to the moderators"), router.Options(
		option.String("text", "What is wrong").Required().MaxLength(500),
	))

	r.Command("warn", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		user, _ := req.Options.User("user")
		reason, ok := req.Options.String("reason")
		if !ok {
			reason = "no reason given"
		}
		return interaction.Reply(req.Invoker().Username + " warned " + user.Username + " (" + reason + ")."), nil
	}, router.Description("Warn a member"),
		router.Permissions(interaction.PermissionModerateMembers),
		router.Options(
			option.User("user", "Who to warn").Required(),
			option.String("reason", "Why").MaxLength(200),
		))

	r.Command("lockdown", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		channel, _ := req.Interaction.Channel.Get()
		return interaction.Reply("#" + channel.Name + " is locked down by " + req.Invoker().Username + "."), nil
	}, router.Description("Stop everyone but moderators from writing here"), router.AdminsOnly())
	return r
}

// setOverwrites sets the overwrites of the emulator's guild as ada, who
// manages the guild, after showing that the bot, whose client is bot,
// cannot; say tells each step.
func setOverwrites(ctx context.Context, emu *emulator.Server, bot *rest.Client, say func(format string, args ...any)) error {
	app, guild := emu.ApplicationID, emu.GuildID
	// Overwrites name commands by the ids the service gave them.
	cmds, err := bot.ListCommands(ctx, app, command.Global, false)
	if err != nil {
		return err
	}
	ids := make(map[string]interaction.Snowflake)
	for _, c := range cmds {
		ids[c.Name] = c.ID
	}
	general, _ := emu.FindChannel(guild, "#general")
	moderation, _ := emu.FindChannel(guild, "#moderation")
	moderators, _ := emu.FindRole(guild, "@Moderator")

	// The bot may read overwrites, but not set them.
	_, err = bot.SetPermissions(ctx, app, guild, ids["lockdown"], []command.Permission{command.AllowRole(moderators)})
	var refused *rest.APIError
	if !errors.Is(err, rest.ErrBotsCannotUse) || !errors.As(err, &refused) {
		return fmt.Errorf("setting overwrites with the bot's token: want code %d, got %v", rest.ErrBotsCannotUse, err)
	}
	say("the bot's token may not set overwrites: %d %s (code %d)", refused.Status, refused.Message, refused.Code)

	// ada authorized the application in her browser, granting
	// applications.commands.permissions.update; the browser brought a
	// one-time code back to the redirect URI, which the bot trades for her
	// token.
	token, err := bot.ExchangeCode(ctx, emu.ClientID, emu.ClientSecret, emu.AuthorizationCode, emu.RedirectURI)
	if err != nil {
		return err
	}
	asAda := bot.WithAuth(rest.BearerToken(token.AccessToken))
	me, err := asAda.CurrentUser(ctx)
	if err != nil {
		return err
	}
	say("traded %s's one-time authorization code for her token (scopes: %s)", me.Username, token.Scope)

	overwrites := []struct {
		command interaction.Snowflake // the application's id stands for every command
		what    string
		perms   []command.Permission
	}{
		{app, "every command: all channels denied, #moderation allowed", []command.Permission{
			command.DenyChannel(command.AllChannels(guild)),
			command.AllowChannel(moderation),
		}},
		{ids["report"], "/report: #general allowed", []command.Permission{command.AllowChannel(general)}},
		{ids["lockdown"], "/lockdown: the Moderator role allowed", []command.Permission{command.AllowRole(moderators)}},
	}
	for _, o := range overwrites {
		if _, err := asAda.SetPermissions(ctx, app, guild, o.command, o.perms); err != nil {
			return err
		}
		say("%s set the overwrites of %s", me.Username, o.what)
	}
	return nil
}
