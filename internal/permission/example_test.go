package permission_test

import (
	"fmt"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/permission"
)

// Evaluate answers what the service would, given the member, the channel
// and the overwrites: here, a command left by default to members who can
// ban, with overwrites that open it to a helper role in one channel.
func ExampleEvaluate() {
	const (
		guild   = 22
		app     = 100
		cmd     = 101
		helpers = 30
		modLog  = 40
		general = 41
	)
	banMembers := interaction.PermissionBanMembers
	access := permission.Access{
		Guild: guild, Application: app, Command: cmd,
		DefaultMemberPermissions: &banMembers,
		CommandOverwrites: []command.Permission{
			command.AllowRole(helpers),
			command.DenyChannel(command.AllChannels(guild)),
			command.AllowChannel(modLog),
		},
	}

	for _, tc := range []struct {
		who     string
		roles   []interaction.Snowflake
		perms   interaction.Permissions
		channel interaction.Snowflake
	}{
		{"helper in #mod-log", []interaction.Snowflake{helpers}, 0, modLog},
		{"helper in #general", []interaction.Snowflake{helpers}, 0, general},
		{"member in #mod-log", nil, 0, modLog},
		{"banner in #mod-log", nil, banMembers, modLog},
		{"admin in #general", nil, interaction.PermissionAdministrator, general},
	} {
		in := access
		in.User, in.Roles, in.Permissions, in.Channel = 7, tc.roles, tc.perms, tc.channel
		d := permission.Evaluate(in)
		fmt.Printf("%-19s %-5v %s\n", tc.who, d.Allowed, d.Reason)
	}
	// Output:
	// helper in #mod-log  true  command role overwrite
	// helper in #general  false command all-channels overwrite
	// member in #mod-log  false default member permissions: member lacks BAN_MEMBERS
	// banner in #mod-log  true  default member permissions: member has BAN_MEMBERS
	// admin in #general   true  administrator
}

// Effective answers what a member may do in a channel: here #staff, which
// @everyone may not view and the Helper role may, and where Helpers may
// not send.
func ExampleEffective() {
	const (
		guild   = 22
		helpers = 30
	)
	everyone := interaction.PermissionViewChannel | interaction.PermissionSendMessages | interaction.PermissionEmbedLinks
	staff := permission.Channel{Type: interaction.ChannelGuildText, Overwrites: []permission.Overwrite{
		{ID: guild, Type: permission.OverwriteRole, Deny: interaction.PermissionViewChannel},
		{ID: helpers, Type: permission.OverwriteRole, Allow: interaction.PermissionViewChannel, Deny: interaction.PermissionSendMessages},
	}}
	helper := permission.Member{Guild: guild, User: 7, Everyone: everyone, Roles: []permission.Role{{ID: helpers, Position: 1}}}
	member := permission.Member{Guild: guild, User: 8, Everyone: everyone}

	fmt.Println("helper:", permission.Effective(helper, staff))
	fmt.Println("member:", permission.Effective(member, staff))
	// Output:
	// helper: VIEW_CHANNEL
	// member: 0
}
