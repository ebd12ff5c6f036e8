package command_test

import (
	"encoding/json"
	"fmt"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

func ExampleScope() {
	const app = 1191201000000000001
	for _, s := range []command.Scope{command.Global, command.InGuild(1191202000000000002)} {
		fmt.Println(s, s.IsGlobal(), s.CommandsPath(app))
	}
	// Output:
	// global true /applications/1191201000000000001/commands
	// guild 1191202000000000002 false /applications/1191201000000000001/guilds/1191202000000000002/commands
}

// Overwrites leave a command to moderators and keep it out of every channel
// but one. Everyone and AllChannels give the ids that stand for all members
// and all channels of a guild.
func ExampleAllowRole() {
	const (
		guild      = 1191202000000000002
		moderators = 1191208000000000008
		modLog     = 1191203000000000003
	)
	perms := []command.Permission{
		command.DenyRole(command.Everyone(guild)),
		command.AllowRole(moderators),
		command.DenyChannel(command.AllChannels(guild)),
		command.AllowChannel(modLog),
	}
	for _, p := range perms {
		fmt.Println(p.Type, p.ID, p.Permission)
	}
	b, _ := json.Marshal(perms[1])
	fmt.Println(string(b))
	// Output:
	// ROLE 1191202000000000002 false
	// ROLE 1191208000000000008 true
	// CHANNEL 1191202000000000001 false
	// CHANNEL 1191203000000000003 true
	// {"id":"1191208000000000008","type":1,"permission":true}
}

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
	access := command.Access{
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
		d := command.Evaluate(in)
		fmt.Printf("%-19s %-5v %s\n", tc.who, d.Allowed, d.Reason)
	}
	// Output:
	// helper in #mod-log  true  command role overwrite
	// helper in #general  false command all-channels overwrite
	// member in #mod-log  false default member permissions: member lacks BAN_MEMBERS
	// banner in #mod-log  true  default member permissions: member has BAN_MEMBERS
	// admin in #general   true  administrator
}
