package emulator

import (
	"slices"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// scopeBot is the scope that adds the application's bot user to a guild.
const scopeBot = "bot"

// InstallGuild adds the application to a guild, as user does by completing
// the authorization flow with that guild chosen, and sends the webhook
// event APPLICATION_AUTHORIZED with the guild. scopes are those of a guild
// installation: applications.commands, which lets the application have
// commands in the guild, and bot, which also makes the bot a member and
// includes applications.commands; like adding a bot, it needs no code
// exchange to take effect (the specification's authentication rule 3).
// The bot joins with its managed role, named after it and without
// permissions; InstallBot gives the role the permissions a flow asks for.
//
// The user must be a member of the guild who may manage it: the service
// asks for Manage Server of whoever adds an application to a server.
// Installing again where the application is installed is an
// authorization like the first, and sends the event again.
//
// A refusal changes nothing and is an *InvocationError: ErrUnknownTarget
// for an unknown user or guild, or a user who is not a member;
// ErrPermissionDenied for a member without Manage Server; ErrInvalidInput
// for no scopes, or others than those two.
func (s *Server) InstallGuild(user, guild interaction.Snowflake, scopes ...string) error {
	return s.install(0, user, guild, 0, scopes)
}

// InstallBot adds the application's bot to a guild, as user does by
// completing the authorization flow of the scopes bot and
// applications.commands with that guild chosen and the permissions perms
// asked for (the flow's permissions parameter): the bot joins with its
// managed role, named after it, holding perms, at the bottom of the
// roles but @everyone. It is InstallGuild otherwise, refusals included.
// A bot already in the guild keeps its role as it is, as the service's
// does: a guild's members change a role's permissions, not a new flow.
func (s *Server) InstallBot(user, guild interaction.Snowflake, perms interaction.Permissions) error {
	return s.install(0, user, guild, perms, []string{scopeBot, scopeCommands})
}

// install is InstallGuild for the application with id, 0 for the first,
// the bot's managed role holding perms if the bot joins.
func (s *Server) install(id, user, guild interaction.Snowflake, perms interaction.Permissions, scopes []string) error {
	unlock, err := s.lockFor(id)
	if err != nil {
		return err
	}
	defer unlock()
	st := s.st
	scopes = uniqueScopes(scopes)
	if len(scopes) == 0 {
		return refuse(ErrInvalidInput, "a guild installation needs the scope bot or applications.commands")
	}
	for _, sc := range scopes {
		if sc != scopeBot && sc != scopeCommands {
			return refuse(ErrInvalidInput, "a guild installation takes the scopes bot and applications.commands, not "+sc+
				"; a user grants other scopes with AuthorizeUser")
		}
	}
	g := st.guilds[guild]
	switch {
	case g == nil:
		return refuse(ErrUnknownTarget, "no guild "+guild.String())
	case st.users[user] == nil:
		return refuse(ErrUnknownTarget, "no user "+user.String())
	case g.members[user] == nil:
		return refuse(ErrUnknownTarget, "user "+user.String()+" is not a member of guild "+guild.String())
	case !basePermissions(g, user).Has(interaction.PermissionManageGuild):
		return refuse(ErrPermissionDenied, "user "+user.String()+" may not manage guild "+guild.String()+
			": adding an application to a server takes Manage Server")
	}
	g.install(st.app.id)
	if slices.Contains(scopes, scopeBot) {
		if !slices.Contains(scopes, scopeCommands) {
			// The bot scope includes applications.commands (rule 3),
			// and the authorization lists what it granted.
			scopes = append(scopes, scopeCommands)
		}
		if g.members[st.app.botUser] == nil {
			st.joinBot(g, perms, st.now().UTC().Truncate(time.Second))
			s.publishGuildJoined(g)
		}
	}
	st.touch()
	s.emitGuildAuthorized(user, g, scopes)
	return nil
}
