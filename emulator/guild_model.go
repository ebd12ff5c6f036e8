package emulator

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/permission"
)

// OverwriteType says whom a channel's permission overwrite is for.
type OverwriteType int

// The types of permission overwrite, as the service numbers them.
const (
	OverwriteRole   OverwriteType = 0
	OverwriteMember OverwriteType = 1
)

// Overwrite is a channel's permission overwrite, as the service spells it:
// the permissions it denies and allows a role (@everyone's id is the
// guild's) or a member, in that order.
type Overwrite struct {
	ID    interaction.Snowflake   `json:"id"`
	Type  OverwriteType           `json:"type"`
	Allow interaction.Permissions `json:"allow"`
	Deny  interaction.Permissions `json:"deny"`
}

// Ban is a user banned from a guild, with the reason the request gave
// (its X-Audit-Log-Reason header), empty when it gave none.
type Ban struct {
	User   interaction.User
	Reason string
}

// ban is a ban as the guild keeps it.
type ban struct {
	user   interaction.Snowflake
	reason string
}

// timedOut reports whether the member is timed out now.
func (g *guild) timedOut(m *interaction.Member) bool {
	if m.CommunicationDisabledUntil.IsZero() {
		return false
	}
	now := time.Now
	if g.now != nil {
		now = g.now
	}
	return m.CommunicationDisabledUntil.After(now())
}

// subject returns the member as package permission sees them; the zero
// Member, with no permissions, for a user who is not a member.
func (g *guild) subject(user interaction.Snowflake) permission.Member {
	m := g.members[user]
	if m == nil {
		return permission.Member{Guild: g.id, User: user}
	}
	p := permission.Member{Guild: g.id, User: user, Owner: user == g.owner, TimedOut: g.timedOut(m)}
	if everyone := g.roles[g.id]; everyone != nil {
		p.Everyone = everyone.Permissions
	}
	for _, id := range m.Roles {
		if r := g.roles[id]; r != nil && id != g.id {
			p.Roles = append(p.Roles, permRole(r))
		}
	}
	return p
}

func permRole(r *interaction.Role) permission.Role {
	return permission.Role{ID: r.ID, Position: r.Position, Permissions: r.Permissions}
}

// channelOf returns ch as package permission sees it: a thread with its
// parent's overwrites.
func (g *guild) channelOf(ch *interaction.Channel) permission.Channel {
	if ch == nil {
		return permission.Channel{}
	}
	id := ch.ID
	if ch.Type.IsThread() && ch.ParentID != 0 {
		id = ch.ParentID
	}
	os := g.overwrites[id]
	out := make([]permission.Overwrite, len(os))
	for i, o := range os {
		out[i] = permission.Overwrite{ID: o.ID, Type: permission.OverwriteType(o.Type), Allow: o.Allow, Deny: o.Deny}
	}
	return permission.Channel{Type: ch.Type, Overwrites: out}
}

// checkOverwrites reports what is wrong with overwrites for a channel of g:
// an unknown type, a role not of the guild, a user not among users, or an
// id named twice.
func (g *guild) checkOverwrites(os []Overwrite, users func(interaction.Snowflake) bool) error {
	seen := map[interaction.Snowflake]bool{}
	for i, o := range os {
		switch {
		case o.Type != OverwriteRole && o.Type != OverwriteMember:
			return fmt.Errorf("overwrite %d has type %d, neither a role (0) nor a member (1)", i, o.Type)
		case o.Type == OverwriteRole && g.roles[o.ID] == nil:
			return fmt.Errorf("overwrite %d names role %s, which is not a role of guild %s", i, o.ID, g.id)
		case o.Type == OverwriteMember && !users(o.ID):
			return fmt.Errorf("overwrite %d names user %s, whom the emulator does not know", i, o.ID)
		case seen[o.ID]:
			return fmt.Errorf("overwrite %d names %s a second time", i, o.ID)
		}
		seen[o.ID] = true
	}
	return nil
}

// joinBot makes the application's bot a member of g, with the managed
// role the service gives a bot that joins a guild: named after the bot,
// just above @everyone, with perms (the permissions of the installation).
// A bot already a member is left as it is. The caller holds the state's
// lock.
func (st *state) joinBot(g *guild, perms interaction.Permissions, joined time.Time) {
	bot := st.app.botUser
	if g.members[bot] != nil {
		return
	}
	role := g.botRoles[st.app.id]
	if role == 0 || g.roles[role] == nil {
		role = st.newID()
		g.roles[role] = &interaction.Role{ID: role, Name: st.users[bot].Username, Position: 1, Managed: true, Permissions: perms}
		g.setBotRole(st.app.id, role)
	}
	g.members[bot] = &interaction.Member{User: *st.users[bot], Roles: []interaction.Snowflake{role}, JoinedAt: joined}
}

// install records that app has applications.commands in g.
func (g *guild) install(app interaction.Snowflake) {
	if g.installed == nil {
		g.installed = map[interaction.Snowflake]bool{}
	}
	g.installed[app] = true
}

// setBotRole records role as the managed role of app's bot in g.
func (g *guild) setBotRole(app, role interaction.Snowflake) {
	if g.botRoles == nil {
		g.botRoles = map[interaction.Snowflake]interaction.Snowflake{}
	}
	g.botRoles[app] = role
}

// sortedBans returns g's bans by user id.
func (g *guild) sortedBans() []*ban {
	out := make([]*ban, 0, len(g.bans))
	for _, b := range g.bans {
		out = append(out, b)
	}
	slices.SortFunc(out, func(a, b *ban) int { return cmp.Compare(a.user, b.user) })
	return out
}

// defaultBotPermissions are those of the bot's managed role in the guild
// New makes: what a moderation bot asks for when it is added, its
// members' and its messages' (pins, deletions of others' messages).
const defaultBotPermissions = interaction.PermissionKickMembers | interaction.PermissionBanMembers |
	interaction.PermissionManageNicknames | interaction.PermissionManageRoles | interaction.PermissionModerateMembers |
	interaction.PermissionManageMessages | interaction.PermissionPinMessages

// SetOverwrites sets the permission overwrites of a channel of a guild in
// place of its own, as a member with Manage Roles may in the client; none
// clears them. What members may do there follows: the permissions
// interactions carry, the commands offered, and the requests the bot may
// make. A thread has none: it follows its parent's.
//
// A refusal changes nothing and is an *InvocationError: ErrUnknownTarget
// for an unknown guild or a channel not of it; ErrInvalidInput for a
// thread, or an overwrite of an unknown type, naming a role not of the
// guild or a user the emulator does not know, or naming an id twice.
func (s *Server) SetOverwrites(guild, channel interaction.Snowflake, overwrites ...Overwrite) error {
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	g := st.guilds[guild]
	if g == nil {
		return refuse(ErrUnknownTarget, "no guild "+guild.String())
	}
	ch := g.channels[channel]
	if ch == nil {
		return refuse(ErrUnknownTarget, "no channel "+channel.String()+" in guild "+guild.String())
	}
	if ch.Type.IsThread() {
		return refuse(ErrInvalidInput, "channel "+channel.String()+" is a thread, which follows its parent's overwrites")
	}
	if err := g.checkOverwrites(overwrites, func(id interaction.Snowflake) bool { return st.users[id] != nil }); err != nil {
		return refuse(ErrInvalidInput, "channel "+channel.String()+": "+err.Error())
	}
	if g.overwrites == nil {
		g.overwrites = map[interaction.Snowflake][]Overwrite{}
	}
	g.overwrites[channel] = slices.Clone(overwrites)
	st.touch()
	return nil
}

// SetTimeout times a member of a guild out until a time, as a moderator
// may in the client; the zero time lifts the timeout. Until then the
// member keeps only View Channel and Read Message History, unless they own
// the guild or are an administrator, and uses no command.
//
// A refusal changes nothing and is an *InvocationError: ErrUnknownTarget
// for an unknown guild, or a user who is not a member of it;
// ErrInvalidInput for a time more than 28 days ahead, as the service
// refuses one.
func (s *Server) SetTimeout(guild, user interaction.Snowflake, until time.Time) error {
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	g := st.guilds[guild]
	if g == nil {
		return refuse(ErrUnknownTarget, "no guild "+guild.String())
	}
	m := g.members[user]
	if m == nil {
		return refuse(ErrUnknownTarget, "user "+user.String()+" is not a member of guild "+guild.String())
	}
	if until.After(st.now().Add(maxTimeout)) {
		return refuse(ErrInvalidInput, "a timeout ends at most 28 days ahead")
	}
	if !until.IsZero() {
		until = until.UTC()
	}
	m.CommunicationDisabledUntil = until
	s.publishMember(g, user, false)
	st.touch()
	return nil
}
