package emulator

import (
	"slices"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// commandRef is a command found for an invocation, its scope, and the
// installations of the application that authorize its use there.
type commandRef struct {
	c      *command.Command
	global bool
	// byGuild reports that the guild's installation authorizes it, or in
	// the bot's direct messages a guild the user shares with the bot;
	// byUser that the user's own installation does.
	byGuild, byUser bool
}

// lookupCommand finds the command a user can reach by name and type: the
// guild's own first, then the global one, as the client lists them. In the
// bot's direct messages (g nil) only global commands exist, and in a guild
// without the application only global commands the user installed. The
// caller holds s.st.mu.
func (s *Server) lookupCommand(g *guild, user interaction.Snowflake, name string, t interaction.CommandType) (*commandRef, *InvocationError) {
	st := s.st
	if g != nil && g.installed[st.app.id] {
		if i := indexByName(st.app.commands[g.id], name, t); i >= 0 {
			return &commandRef{c: st.app.commands[g.id][i], byGuild: true}, nil
		}
	}
	where := "the bot's direct messages"
	if g != nil {
		where = "the guild"
	}
	i := indexByName(st.app.commands[0], name, t)
	if i < 0 {
		return nil, refuse(ErrUnknownCommand, "no "+t.String()+" command "+strconv.Quote(name)+" in "+where)
	}
	c := st.app.commands[0][i]
	ctx := interaction.ContextGuild
	if g == nil {
		ctx = interaction.ContextBotDM
	}
	if !allowedIn(c, ctx) {
		return nil, refuse(ErrUnknownCommand, "command "+strconv.Quote(name)+" is not offered in the "+ctx.String()+" context")
	}
	types := c.IntegrationTypes
	if len(types) == 0 {
		types = st.app.installContexts
	}
	ref := &commandRef{c: c, global: true}
	if slices.Contains(types, interaction.GuildInstall) {
		ref.byGuild = g != nil && g.installed[st.app.id] || g == nil && s.sharesGuildWithBot(user)
	}
	ref.byUser = slices.Contains(types, interaction.UserInstall) && st.app.userInstalls[user]
	if !ref.byGuild && !ref.byUser {
		// A command installed only to users is not offered in a guild
		// that installed the application, nor anywhere to a user who did
		// not install it.
		return nil, refuse(ErrUnknownCommand, "command "+strconv.Quote(name)+" is not installed for the user in "+where+
			" (its integration types are "+contextNames(types)+")")
	}
	return ref, nil
}

// allowedIn reports whether a global command is offered in an interaction
// context. With no contexts set the service offers a command everywhere,
// except that the deprecated dm_permission false still keeps it out of
// direct messages (public facts of the service: contexts default to every
// context for new commands, and dm_permission predates them).
func allowedIn(c *command.Command, ctx interaction.ContextType) bool {
	if c.Contexts != nil {
		return slices.Contains(c.Contexts, ctx)
	}
	return ctx != interaction.ContextBotDM || c.DMPermission == nil || *c.DMPermission
}

// readRepair applies the version check of global commands: the first time a
// user meets a command their client loads it; when it has changed since,
// the invocation is refused and the client reloads it. The caller holds
// s.st.mu.
func (s *Server) readRepair(user interaction.Snowflake, cmd *commandRef) *InvocationError {
	if !cmd.global {
		return nil // guild commands update instantly
	}
	seen := s.st.app.seenVersions[user]
	if seen == nil {
		seen = map[interaction.Snowflake]interaction.Snowflake{}
		s.st.app.seenVersions[user] = seen
	}
	v, ok := seen[cmd.c.ID]
	seen[cmd.c.ID] = cmd.c.Version
	if ok && v != cmd.c.Version {
		return refuse(ErrStale, "command "+strconv.Quote(cmd.c.Name)+" changed since the client loaded it; it has been reloaded")
	}
	return nil
}

// channelNamed returns the guild's channel with the name.
func channelNamed(g *guild, name string) *interaction.Channel {
	for _, c := range g.channels {
		if strings.EqualFold(c.Name, name) {
			return c
		}
	}
	return nil
}

// sharesGuildWithBot reports whether the user and the bot are both members
// of some guild: the condition for the bot's direct messages to offer global
// commands.
func (s *Server) sharesGuildWithBot(user interaction.Snowflake) bool {
	for _, g := range s.st.guilds {
		if g.members[user] != nil && g.members[s.st.app.botUser] != nil {
			return true
		}
	}
	return false
}
