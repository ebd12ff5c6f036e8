package emulator

import (
	"slices"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// SetRoles gives a member of a guild these roles in place of theirs, as
// the guild's owner may: what the member may do follows, the commands
// offered to them and the permissions their interactions carry. The roles
// are the guild's; @everyone, which every member has, is not one to give.
// A managed role, such as the bot's own, stays with the member who has it,
// as on the service, whatever roles lists, and is given to no one else.
//
// A refusal changes nothing and is an *InvocationError: ErrUnknownTarget
// for an unknown guild, or a user who is not a member of it;
// ErrInvalidInput for a role that is not one of the guild's, or a managed
// role of another member.
func (s *Server) SetRoles(guild, user interaction.Snowflake, roles ...interaction.Snowflake) error {
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
	for _, r := range roles {
		if r == g.id {
			return refuse(ErrInvalidInput, "every member has @everyone; it is not a role to give")
		}
		if g.roles[r] == nil {
			return refuse(ErrInvalidInput, "role "+r.String()+" is not a role of guild "+guild.String())
		}
		if g.roles[r].Managed && !slices.Contains(m.Roles, r) {
			return refuse(ErrInvalidInput, "role "+r.String()+" is managed by an integration; it is given to no one")
		}
	}
	roles = slices.Clone(roles) // the caller's slice is not written
	for _, r := range m.Roles {
		if g.roles[r] != nil && g.roles[r].Managed {
			roles = append(roles, r)
		}
	}
	roles = slices.Compact(slices.Sorted(slices.Values(roles)))
	if roles == nil {
		roles = []interaction.Snowflake{}
	}
	m.Roles = roles
	s.publishMember(g, user, false)
	st.touch()
	return nil
}

// Join makes a user a member of a guild, with no role but @everyone,
// joined now, as when they accept an invite: a gateway session with
// GUILD_MEMBERS receives GUILD_MEMBER_ADD. A member already is left as
// they are.
//
// A refusal changes nothing and is an *InvocationError: ErrUnknownTarget
// for an unknown guild or user, ErrPermissionDenied for a user banned
// from the guild, whom the service keeps out, and ErrInvalidInput for a
// bot, which joins through an installation (InstallBot).
func (s *Server) Join(guild, user interaction.Snowflake) error {
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	g := st.guilds[guild]
	u := st.users[user]
	switch {
	case g == nil:
		return refuse(ErrUnknownTarget, "no guild "+guild.String())
	case u == nil:
		return refuse(ErrUnknownTarget, "no user "+user.String())
	case u.Bot:
		return refuse(ErrInvalidInput, "user "+user.String()+" is a bot: a bot joins a guild through an installation")
	case g.members[user] != nil:
		return nil
	case g.bans[user] != nil:
		return refuse(ErrPermissionDenied, "user "+user.String()+" is banned from guild "+guild.String())
	}
	g.members[user] = &interaction.Member{User: *u, Roles: []interaction.Snowflake{}, JoinedAt: st.now().UTC().Truncate(time.Second)}
	s.publishMemberAdded(g, user)
	st.touch()
	return nil
}
