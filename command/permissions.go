package command

import (
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
)

// PermissionType is the kind of target a command permission overwrite
// applies to.
type PermissionType int

// Permission overwrite targets.
const (
	PermissionRole    PermissionType = 1
	PermissionUser    PermissionType = 2
	PermissionChannel PermissionType = 3
)

// String returns "ROLE", "USER" or "CHANNEL", or PermissionType(n) for a
// number the service does not define.
func (t PermissionType) String() string {
	switch t {
	case PermissionRole:
		return "ROLE"
	case PermissionUser:
		return "USER"
	case PermissionChannel:
		return "CHANNEL"
	}
	return "PermissionType(" + strconv.Itoa(int(t)) + ")"
}

// Permission is one overwrite: it allows or denies a command to a role, a
// user, or in a channel.
type Permission struct {
	// ID is the role, user or channel; Everyone and AllChannels give the
	// constants that stand for all members and all channels.
	ID         interaction.Snowflake `json:"id"`
	Type       PermissionType        `json:"type"`
	Permission bool                  `json:"permission"`
}

// GuildPermissions are the overwrites of one command in one guild, or, when
// ID is the application's id, the defaults for every command of the
// application in that guild that has no overwrites of its own.
type GuildPermissions struct {
	ID            interaction.Snowflake `json:"id"`
	ApplicationID interaction.Snowflake `json:"application_id"`
	GuildID       interaction.Snowflake `json:"guild_id"`
	Permissions   []Permission          `json:"permissions"`
}

// AppliesToAllCommands reports whether the overwrites are the application's
// defaults rather than one command's.
func (p GuildPermissions) AppliesToAllCommands() bool { return p.ID == p.ApplicationID }

// Everyone returns the id that stands for every member of a guild in a ROLE
// overwrite: the guild's own id, which is also the id of its @everyone role.
func Everyone(guild interaction.Snowflake) interaction.Snowflake { return guild }

// AllChannels returns the id that stands for every channel of a guild in a
// CHANNEL overwrite: the guild's id minus one.
func AllChannels(guild interaction.Snowflake) interaction.Snowflake { return guild - 1 }

// AllowRole returns an overwrite that allows a role.
func AllowRole(id interaction.Snowflake) Permission {
	return Permission{ID: id, Type: PermissionRole, Permission: true}
}

// DenyRole returns an overwrite that denies a role.
func DenyRole(id interaction.Snowflake) Permission {
	return Permission{ID: id, Type: PermissionRole, Permission: false}
}

// AllowUser returns an overwrite that allows a user.
func AllowUser(id interaction.Snowflake) Permission {
	return Permission{ID: id, Type: PermissionUser, Permission: true}
}

// DenyUser returns an overwrite that denies a user.
func DenyUser(id interaction.Snowflake) Permission {
	return Permission{ID: id, Type: PermissionUser, Permission: false}
}

// AllowChannel returns an overwrite that allows the command in a channel
// (and the threads in it).
func AllowChannel(id interaction.Snowflake) Permission {
	return Permission{ID: id, Type: PermissionChannel, Permission: true}
}

// DenyChannel returns an overwrite that denies the command in a channel (and
// the threads in it).
func DenyChannel(id interaction.Snowflake) Permission {
	return Permission{ID: id, Type: PermissionChannel, Permission: false}
}
