package permission_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/permission"
)

func TestEvaluate(t *testing.T) {
	const (
		guild   interaction.Snowflake = 1000
		app     interaction.Snowflake = 2000
		cmd     interaction.Snowflake = 3000
		user    interaction.Snowflake = 4000
		mod     interaction.Snowflake = 5000
		helper  interaction.Snowflake = 5001
		general interaction.Snowflake = 6000
		thread  interaction.Snowflake = 6001
		other   interaction.Snowflake = 6002
	)
	ban := interaction.PermissionBanMembers
	none := interaction.Permissions(0)
	base := permission.Access{Guild: guild, Application: app, Command: cmd, User: user, Roles: []interaction.Snowflake{mod, helper},
		Permissions: interaction.PermissionSendMessages, Channel: general}
	with := func(f func(a *permission.Access)) permission.Access { a := base; f(&a); return a }

	tests := []struct {
		name   string
		in     permission.Access
		allow  bool
		reason string
	}{
		{"nothing set", base, true, "default member permissions: none required"},
		{"administrator passes a denial", with(func(a *permission.Access) {
			a.Permissions |= interaction.PermissionAdministrator
			a.CommandOverwrites = []command.Permission{command.DenyUser(user), command.DenyChannel(general)}
			a.DefaultMemberPermissions = &none
		}), true, "administrator"},
		{"command channel denies", with(func(a *permission.Access) { a.CommandOverwrites = []command.Permission{command.DenyChannel(general)} }), false, "command channel overwrite"},
		{"command channel beats command all-channels", with(func(a *permission.Access) {
			a.CommandOverwrites = []command.Permission{command.DenyChannel(command.AllChannels(guild)), command.AllowChannel(general)}
		}), true, "default member permissions: none required"},
		{"command all-channels denies", with(func(a *permission.Access) {
			a.CommandOverwrites = []command.Permission{command.DenyChannel(command.AllChannels(guild)), command.AllowChannel(other)}
		}), false, "command all-channels overwrite"},
		{"command channel beats application channel", with(func(a *permission.Access) {
			a.CommandOverwrites = []command.Permission{command.AllowChannel(general)}
			a.ApplicationOverwrites = []command.Permission{command.DenyChannel(general)}
		}), true, "default member permissions: none required"},
		{"application channel denies", with(func(a *permission.Access) {
			a.ApplicationOverwrites = []command.Permission{command.DenyChannel(general)}
		}), false, "application channel overwrite"},
		{"application all-channels denies", with(func(a *permission.Access) {
			a.ApplicationOverwrites = []command.Permission{command.DenyChannel(command.AllChannels(guild))}
		}), false, "application all-channels overwrite"},
		{"thread follows its parent", with(func(a *permission.Access) {
			a.Channel, a.Parent = thread, general
			a.CommandOverwrites = []command.Permission{command.DenyChannel(general)}
		}), false, "command channel overwrite"},
		{"channel allow still needs default permissions", with(func(a *permission.Access) {
			a.CommandOverwrites = []command.Permission{command.AllowChannel(general)}
			a.DefaultMemberPermissions = &ban
		}), false, "default member permissions: member lacks BAN_MEMBERS"},
		{"command user denies", with(func(a *permission.Access) {
			a.CommandOverwrites = []command.Permission{command.DenyUser(user), command.AllowRole(mod)}
		}), false, "command user overwrite"},
		{"command user allows over default", with(func(a *permission.Access) {
			a.CommandOverwrites = []command.Permission{command.AllowUser(user)}
			a.DefaultMemberPermissions = &none
		}), true, "command user overwrite"},
		{"one allowed role is enough", with(func(a *permission.Access) {
			a.CommandOverwrites = []command.Permission{command.DenyRole(mod), command.AllowRole(helper)}
		}), true, "command role overwrite"},
		{"a denied role", with(func(a *permission.Access) {
			a.CommandOverwrites = []command.Permission{command.DenyRole(mod), command.AllowRole(999)}
		}), false, "command role overwrite"},
		{"roles beat @everyone", with(func(a *permission.Access) {
			a.CommandOverwrites = []command.Permission{command.DenyRole(guild), command.AllowRole(mod)}
		}), true, "command role overwrite"},
		{"command @everyone denies", with(func(a *permission.Access) {
			a.CommandOverwrites = []command.Permission{command.DenyRole(command.Everyone(guild))}
		}), false, "command @everyone overwrite"},
		{"command @everyone beats application user", with(func(a *permission.Access) {
			a.CommandOverwrites = []command.Permission{command.AllowRole(command.Everyone(guild))}
			a.ApplicationOverwrites = []command.Permission{command.DenyUser(user)}
		}), true, "command @everyone overwrite"},
		{"application user denies", with(func(a *permission.Access) { a.ApplicationOverwrites = []command.Permission{command.DenyUser(user)} }), false, "application user overwrite"},
		{"application role allows over default", with(func(a *permission.Access) {
			a.ApplicationOverwrites = []command.Permission{command.AllowRole(helper), command.DenyRole(command.Everyone(guild))}
			a.DefaultMemberPermissions = &ban
		}), true, "application role overwrite"},
		{"application @everyone denies", with(func(a *permission.Access) {
			a.ApplicationOverwrites = []command.Permission{command.DenyRole(command.Everyone(guild))}
		}), false, "application @everyone overwrite"},
		{"other users' overwrites do not apply", with(func(a *permission.Access) {
			a.CommandOverwrites = []command.Permission{command.DenyUser(user + 1), command.DenyRole(999)}
		}), true, "default member permissions: none required"},
		{"default permissions held", with(func(a *permission.Access) {
			a.Permissions |= ban
			a.DefaultMemberPermissions = &ban
		}), true, "default member permissions: member has BAN_MEMBERS"},
		{"default permissions lacking", with(func(a *permission.Access) { a.DefaultMemberPermissions = &ban }), false, "default member permissions: member lacks BAN_MEMBERS"},
		{"zero default is administrators only", with(func(a *permission.Access) { a.DefaultMemberPermissions = &none }), false, "default member permissions: administrators only"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := permission.Evaluate(tt.in)
			if got.Allowed != tt.allow || got.Reason != tt.reason {
				t.Errorf("Evaluate = %+v, want {Allowed:%v Reason:%q}", got, tt.allow, tt.reason)
			}
		})
	}
}
