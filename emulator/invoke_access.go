package emulator

import (
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/permission"
)

// allPermissions is every permission bit the service defines: what the
// guild's owner and administrators hold.
const allPermissions = (interaction.PermissionBypassSlowmode<<1 - 1) &^ (1<<47 | 1<<48)

// basePermissions are a member's guild permissions: @everyone's and their
// roles', and all of them for the owner and for administrators.
func basePermissions(g *guild, user interaction.Snowflake) interaction.Permissions {
	m := g.members[user]
	if m == nil {
		return 0
	}
	if user == g.owner {
		return allPermissions
	}
	var p interaction.Permissions
	if everyone := g.roles[g.id]; everyone != nil {
		p = everyone.Permissions
	}
	for _, id := range m.Roles {
		if r := g.roles[id]; r != nil {
			p |= r.Permissions
		}
	}
	if p.Has(interaction.PermissionAdministrator) {
		return allPermissions
	}
	return p
}

// channelPermissions are a member's permissions in a channel. The
// emulator's channels carry no permission overwrites, so they are the
// guild permissions; a timed-out member keeps only viewing and reading, as
// the service does.
func channelPermissions(g *guild, user interaction.Snowflake, _ *interaction.Channel) interaction.Permissions {
	p := basePermissions(g, user)
	if m := g.members[user]; m != nil && !m.CommunicationDisabledUntil.IsZero() &&
		!p.Has(interaction.PermissionAdministrator) {
		p &= interaction.PermissionViewChannel | interaction.PermissionReadMessageHistory
	}
	return p
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
// user's own installation authorizes answers to none of them. The caller
// holds s.st.mu.
func (s *Server) checkAccess(g *guild, cmd *commandRef, user interaction.Snowflake, ch *interaction.Channel) *InvocationError {
	m := g.members[user]
	perms := channelPermissions(g, user, ch)
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
	if byCmd := s.st.permissions[g.id]; byCmd != nil {
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
