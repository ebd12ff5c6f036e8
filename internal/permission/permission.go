// Package permission computes, as the service does, what a guild member
// may do: their permissions in the guild and in a channel, under the
// channel's overwrites and the implicit rules (Base, Overwritten,
// Effective); whom they may act on and which roles they may give, by the
// role hierarchy (CanActOn, CanGive); and whether they may use an
// application command in a channel, given the command's default member
// permissions and the command overwrites set in the guild (Evaluate). The
// emulator refuses requests and invocations by them. The command
// overwrites themselves, which a bot reads and edits, are package
// command's Permission.
//
// Every function is pure: its input is a small value the caller fills in
// from what it holds.
package permission

import (
	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// MaxOverwrites is the most overwrites one command may have in a guild.
const MaxOverwrites = 100

// Access is everything that decides whether a member may use a command in a
// channel: the command's default member permissions, the member, the
// channel, and the overwrites set in the guild for the command and for the
// whole application.
type Access struct {
	Guild       interaction.Snowflake
	Application interaction.Snowflake
	Command     interaction.Snowflake
	// DefaultMemberPermissions is the command's field: nil leaves the
	// command to everyone, a set requires every bit of it, and the empty
	// set leaves it to administrators.
	DefaultMemberPermissions *interaction.Permissions

	// User and Roles are the member; Roles need not list @everyone.
	User  interaction.Snowflake
	Roles []interaction.Snowflake
	// Permissions are the member's computed permissions: Administrator
	// there (which the guild's owner always has) passes every check.
	Permissions interaction.Permissions

	// Channel is where the command is used. For a thread, Parent is the
	// channel it belongs to: overwrites name channels, and a channel's
	// overwrite covers its threads.
	Channel interaction.Snowflake
	Parent  interaction.Snowflake

	// CommandOverwrites are the command's own overwrites in the guild;
	// ApplicationOverwrites those stored under the application's id, which
	// stand for every command in whatever the command's own leave open.
	CommandOverwrites     []command.Permission
	ApplicationOverwrites []command.Permission
}

// Decision is the answer of Evaluate: whether the member may use the
// command, and the rule that decided it.
type Decision struct {
	Allowed bool
	Reason  string
}

// Evaluate answers whether a member may use a command in a channel, in the
// order the service follows since its second version of command permissions
// (command overwrites override the application's instead of replacing them
// all, and default member permissions still apply under overwrites that do
// not decide):
//
//  1. Members with Administrator always may.
//  2. The channel: an overwrite for the channel (its parent, for a thread),
//     else the all-channels one (guild id − 1), first among the command's
//     overwrites, then the application's. A denial there ends it; an
//     allowance lets the member checks go on.
//  3. The member, at command level and then at application level: the
//     user's own overwrite; else the roles', where one allowed role is
//     enough and a denied role counts only when none of the member's roles
//     is allowed; else @everyone (the guild's id).
//  4. When no overwrite spoke, default member permissions: none set lets
//     everyone in, otherwise the member needs all of its bits.
func Evaluate(in Access) Decision {
	if in.Permissions.Has(interaction.PermissionAdministrator) {
		return Decision{true, "administrator"}
	}
	if d, ok := channelRule(in); ok && !d.Allowed {
		return d
	}
	levels := [...]struct {
		name string
		ps   []command.Permission
	}{{"command", in.CommandOverwrites}, {"application", in.ApplicationOverwrites}}
	for _, l := range levels {
		if d, ok := memberRule(in, l.name, l.ps); ok {
			return d
		}
	}
	if in.DefaultMemberPermissions == nil {
		return Decision{true, "default member permissions: none required"}
	}
	need := *in.DefaultMemberPermissions
	if need == 0 {
		return Decision{false, "default member permissions: administrators only"}
	}
	if in.Permissions.Has(need) {
		return Decision{true, "default member permissions: member has " + need.String()}
	}
	return Decision{false, "default member permissions: member lacks " + (need &^ in.Permissions).String()}
}

// channelRule finds the channel overwrite that applies, if any.
func channelRule(in Access) (Decision, bool) {
	channel := in.Channel
	if in.Parent != 0 {
		channel = in.Parent
	}
	all := command.AllChannels(in.Guild)
	levels := [...]struct {
		name string
		ps   []command.Permission
	}{{"command", in.CommandOverwrites}, {"application", in.ApplicationOverwrites}}
	for _, l := range levels {
		for _, target := range [...]struct {
			id   interaction.Snowflake
			what string
		}{{channel, "channel overwrite"}, {all, "all-channels overwrite"}} {
			if target.id == 0 && target.what == "channel overwrite" {
				continue
			}
			if p, ok := find(l.ps, command.PermissionChannel, target.id); ok {
				return verdict(p.Permission, l.name+" "+target.what), true
			}
		}
	}
	return Decision{}, false
}

// memberRule applies one level's user, role and @everyone overwrites.
func memberRule(in Access, level string, ps []command.Permission) (Decision, bool) {
	if p, ok := find(ps, command.PermissionUser, in.User); ok {
		return verdict(p.Permission, level+" user overwrite"), true
	}
	var allowed, denied bool
	for _, p := range ps {
		if p.Type != command.PermissionRole || p.ID == command.Everyone(in.Guild) || !hasRole(in.Roles, p.ID) {
			continue
		}
		if p.Permission {
			allowed = true
		} else {
			denied = true
		}
	}
	switch {
	case allowed:
		return Decision{true, level + " role overwrite"}, true
	case denied:
		return Decision{false, level + " role overwrite"}, true
	}
	if p, ok := find(ps, command.PermissionRole, command.Everyone(in.Guild)); ok {
		return verdict(p.Permission, level+" @everyone overwrite"), true
	}
	return Decision{}, false
}

func verdict(allowed bool, rule string) Decision { return Decision{allowed, rule} }

func find(ps []command.Permission, t command.PermissionType, id interaction.Snowflake) (command.Permission, bool) {
	for _, p := range ps {
		if p.Type == t && p.ID == id {
			return p, true
		}
	}
	return command.Permission{}, false
}

func hasRole(roles []interaction.Snowflake, id interaction.Snowflake) bool {
	for _, r := range roles {
		if r == id {
			return true
		}
	}
	return false
}
