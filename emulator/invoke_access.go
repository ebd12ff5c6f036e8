package emulator

import (
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/permission"
)

// basePermissions are a member's guild permissions: @everyone's and their
// roles', and all of them for the owner and for administrators; none for
// a user who is not a member.
func basePermissions(g *guild, user interaction.Snowflake) interaction.Permissions {
	if g.members[user] == nil {
		return 0
	}
	return permission.Base(g.subject(user))
}

// channelPermissions are what a member may do in a channel of g, as the
// service computes it (permission.Effective): the guild permissions under
// the channel's overwrites (a thread's parent's), less what the implicit
// rules take away, and only viewing and reading for a member timed out
// now, unless they own the guild or are an administrator. None for a user
// who is not a member.
func channelPermissions(g *guild, user interaction.Snowflake, ch *interaction.Channel) interaction.Permissions {
	if g.members[user] == nil {
		return 0
	}
	return permission.Effective(g.subject(user), g.channelOf(ch))
}

// appPermissions are what the application may do in a channel of g: its
// bot's permissions there, and without its bot those of @everyone, with
// Attach Files and Embed Links, which an application always has to answer
// (public facts of the service: the change log's "Calculated Permissions
// in Interaction Payloads", and discord/discord-api-docs#5316).
func (s *Server) appPermissions(g *guild, ch *interaction.Channel) interaction.Permissions {
	if g.members[s.st.app.botUser] != nil {
		return channelPermissions(g, s.st.app.botUser, ch)
	}
	var p interaction.Permissions
	if everyone := g.roles[g.id]; everyone != nil {
		p = everyone.Permissions
	}
	return p | interaction.PermissionAttachFiles | interaction.PermissionEmbedLinks
}

// checkAccess evaluates the command permissions of a member in a channel.
// They are settings of the guild's installation, so a command only the
// user's own installation authorizes answers to none of them. A member
// uses no command in a channel they may not view, and no command of the
// guild's installation without Use Application Commands there, which a
// timeout takes away. The caller holds s.st.mu.
func (s *Server) checkAccess(g *guild, cmd *commandRef, user interaction.Snowflake, ch *interaction.Channel) *InvocationError {
	m := g.members[user]
	perms := channelPermissions(g, user, ch)
	if !perms.Has(interaction.PermissionViewChannel) {
		return refuse(ErrPermissionDenied, "the member may not view the channel")
	}
	if cmd.byGuild && !perms.Has(interaction.PermissionUseApplicationCommands) {
		return refuse(ErrPermissionDenied, "the member lacks USE_APPLICATION_COMMANDS in the channel")
	}
	if !cmd.byGuild {
		return userCommandAccess(cmd, perms)
	}
	in := permission.Access{
		Guild: g.id, Application: s.st.app.id, Command: cmd.c.ID,
		DefaultMemberPermissions: cmd.c.DefaultMemberPermissions,
		User:                     user, Roles: m.Roles, Permissions: perms,
		Channel: ch.ID,
	}
	if ch.Type.IsThread() {
		in.Parent = ch.ParentID
	}
	if byCmd := s.st.app.permissions[g.id]; byCmd != nil {
		in.CommandOverwrites = byCmd[cmd.c.ID]
		in.ApplicationOverwrites = byCmd[s.st.app.id]
	}
	// The deprecated default_permission false disables a command for
	// everyone but administrators, like default_member_permissions "0".
	if cmd.c.DefaultPermission != nil && !*cmd.c.DefaultPermission && in.DefaultMemberPermissions == nil {
		zero := interaction.Permissions(0)
		in.DefaultMemberPermissions = &zero
	}
	if d := permission.Evaluate(in); !d.Allowed {
		return refuse(ErrPermissionDenied, d.Reason)
	}
	return userCommandAccess(cmd, perms)
}

// userCommandAccess applies the specification's rule that a user command
// needs the right to send messages in the channel; perms are the
// member's there.
func userCommandAccess(cmd *commandRef, perms interaction.Permissions) *InvocationError {
	if cmd.c.CommandType() == interaction.CommandUser && !perms.Has(interaction.PermissionSendMessages) {
		return refuse(ErrPermissionDenied, "a user command needs SEND_MESSAGES in the channel")
	}
	return nil
}
