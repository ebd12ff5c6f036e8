package emulator

import (
	"slices"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/registry"
)

// commandRef is a command found for an invocation, and its scope.
type commandRef struct {
	c      *registry.Command
	global bool
}

// lookupCommand finds the command a user can reach by name and type: the
// guild's own first, then the global one, as the client lists them. In the
// bot's direct messages (g nil) only global commands exist. The caller holds
// s.st.mu.
func (s *Server) lookupCommand(g *guild, name string, t interaction.CommandType) (*commandRef, *InvocationError) {
	if g != nil {
		if i := indexByName(s.st.commands[g.id], name, t); i >= 0 {
			return &commandRef{c: s.st.commands[g.id][i]}, nil
		}
	}
	i := indexByName(s.st.commands[0], name, t)
	if i < 0 {
		where := "the bot's direct messages"
		if g != nil {
			where = "the guild"
		}
		return nil, refuse(ErrUnknownCommand, "no "+t.String()+" command "+strconv.Quote(name)+" in "+where)
	}
	c := s.st.commands[0][i]
	ctx := interaction.ContextGuild
	if g == nil {
		ctx = interaction.ContextBotDM
	}
	if !allowedIn(c, ctx) {
		return nil, refuse(ErrUnknownCommand, "command "+strconv.Quote(name)+" is not offered in the "+ctx.String()+" context")
	}
	return &commandRef{c: c, global: true}, nil
}

// allowedIn reports whether a global command is offered in a context. With
// no contexts set the service offers a command everywhere, except that the
// deprecated dm_permission false still keeps it out of direct messages
// (public facts of the service: contexts default to every context for new
// commands, and dm_permission predates them). A command installed only to
// users is not offered in a guild that installed the application.
func allowedIn(c *registry.Command, ctx interaction.ContextType) bool {
	if c.Contexts != nil {
		if !slices.Contains(c.Contexts, ctx) {
			return false
		}
	} else if ctx == interaction.ContextBotDM && c.DMPermission != nil && !*c.DMPermission {
		return false
	}
	if len(c.IntegrationTypes) > 0 && !slices.Contains(c.IntegrationTypes, interaction.GuildInstall) {
		return false
	}
	return true
}

// readRepair applies the version check of global commands: the first time a
// user meets a command their client loads it; when it has changed since,
// the invocation is refused and the client reloads it. The caller holds
// s.st.mu.
func (s *Server) readRepair(user interaction.Snowflake, cmd *commandRef) *InvocationError {
	if !cmd.global {
		return nil // guild commands update instantly
	}
	seen := s.st.seenVersions[user]
	if seen == nil {
		seen = map[interaction.Snowflake]interaction.Snowflake{}
		s.st.seenVersions[user] = seen
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
