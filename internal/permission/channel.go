package permission

import "github.com/switchboard-go/switchboard/interaction"

// All is every permission bit the service defines: what the guild's owner
// and administrators hold. Bits 47 and 48 are not among them (the service's
// permissions table has no bit 47, and 48 is a voice channel's status,
// which the emulator leaves out with voice).
const All = (interaction.PermissionBypassSlowmode<<1 - 1) &^ (1<<47 | 1<<48)

// OverwriteType says whom a channel's permission overwrite is for, as the
// service numbers it.
type OverwriteType int

// The types of permission overwrite.
const (
	OverwriteRole   OverwriteType = 0
	OverwriteMember OverwriteType = 1
)

// Overwrite is a channel's permission overwrite: the bits it denies and
// allows a role (@everyone's id is the guild's) or a member.
type Overwrite struct {
	ID    interaction.Snowflake
	Type  OverwriteType
	Allow interaction.Permissions
	Deny  interaction.Permissions
}

// Role is what the computations read of a guild role.
type Role struct {
	ID          interaction.Snowflake
	Position    int
	Permissions interaction.Permissions
}

// Member is a guild member as the computations see them: who they are,
// their roles (without @everyone), whether they own the guild, and whether
// they are timed out now.
type Member struct {
	Guild    interaction.Snowflake // the guild's id, which is @everyone's
	User     interaction.Snowflake
	Owner    bool
	Everyone interaction.Permissions // the permissions of @everyone
	Roles    []Role
	TimedOut bool
}

// Channel is what the computations read of a channel: its type and its
// overwrites. A thread has no overwrites of its own: give it its parent's.
type Channel struct {
	Type       interaction.ChannelType
	Overwrites []Overwrite
}

// Base returns a member's guild permissions, as the service computes them
// before any channel: all of them for the owner; otherwise @everyone's and
// every role's together, and all of them when that holds Administrator.
func Base(m Member) interaction.Permissions {
	if m.Owner {
		return All
	}
	p := m.Everyone
	for _, r := range m.Roles {
		p |= r.Permissions
	}
	if p.Has(interaction.PermissionAdministrator) {
		return All
	}
	return p
}

// Overwritten returns a member's permissions in a channel with its
// overwrites applied, in the order the service documents: Administrator
// (and the owner) pass every overwrite; otherwise @everyone's overwrite
// denies then allows; then the overwrites of all the member's roles,
// whose denials are taken together and then their allowances, so that
// one role's allowance beats another's denial whatever their positions;
// then the member's own overwrite denies then allows. A timed-out member
// keeps only View Channel and Read Message History, unless they own the
// guild or are an administrator.
//
// This is the value the service writes in an interaction's permissions:
// the implicit rules of Effective are not applied to it.
func Overwritten(m Member, ch Channel) interaction.Permissions {
	p := Base(m)
	if p.Has(interaction.PermissionAdministrator) {
		return All
	}
	if o, ok := findOverwrite(ch.Overwrites, OverwriteRole, m.Guild); ok {
		p = p&^o.Deny | o.Allow
	}
	var allow, deny interaction.Permissions
	for _, o := range ch.Overwrites {
		if o.Type == OverwriteRole && o.ID != m.Guild && hasRoleIn(m.Roles, o.ID) {
			allow |= o.Allow
			deny |= o.Deny
		}
	}
	p = p&^deny | allow
	if o, ok := findOverwrite(ch.Overwrites, OverwriteMember, m.User); ok {
		p = p&^o.Deny | o.Allow
	}
	if m.TimedOut {
		p &= interaction.PermissionViewChannel | interaction.PermissionReadMessageHistory
	}
	return p
}

// sendDependent are the permissions that mean nothing without the right
// to send a message in the channel.
const sendDependent = interaction.PermissionMentionEveryone | interaction.PermissionSendTTSMessages |
	interaction.PermissionAttachFiles | interaction.PermissionEmbedLinks

// Effective returns what a member may do in a channel: Overwritten, less
// what the service's implicit rules take away. Without View Channel the
// member may do nothing there. Without the right to send messages, Mention
// Everyone, Send TTS Messages, Attach Files and Embed Links are ignored;
// in a thread that right is Send Messages in Threads, as Send Messages has
// no effect there.
func Effective(m Member, ch Channel) interaction.Permissions {
	p := Overwritten(m, ch)
	if Base(m).Has(interaction.PermissionAdministrator) {
		// Administrator is a guild permission: an overwrite that
		// names the bit grants nothing by it.
		return p
	}
	if !p.Has(interaction.PermissionViewChannel) {
		return 0
	}
	send := interaction.PermissionSendMessages
	if ch.Type.IsThread() {
		send = interaction.PermissionSendMessagesInThreads
	}
	if !p.Has(send) {
		p &^= sendDependent
	}
	return p
}

func findOverwrite(os []Overwrite, t OverwriteType, id interaction.Snowflake) (Overwrite, bool) {
	for _, o := range os {
		if o.Type == t && o.ID == id {
			return o, true
		}
	}
	return Overwrite{}, false
}

func hasRoleIn(roles []Role, id interaction.Snowflake) bool {
	for _, r := range roles {
		if r.ID == id {
			return true
		}
	}
	return false
}
