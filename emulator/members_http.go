package emulator

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/permission"
	"github.com/switchboard-go/switchboard/rules"
)

// Limits of the member routes.
const (
	maxNick        = 32                  // the description's; the documentation is silent
	maxMemberRoles = 350                 // the description's
	maxTimeout     = 28 * 24 * time.Hour // "up to 28 days in the future"
	maxAuditReason = 512                 // characters of X-Audit-Log-Reason, decoded
)

// codeNotInVoice is the service's 40032, "Target user is not connected to
// voice": the emulator's members never are.
const codeNotInVoice = 40032

// auditReason returns the request's X-Audit-Log-Reason, which the service
// percent-decodes as a form value ("+" is a space), or answers 400 50035
// for one of more than 512 characters.
func auditReason(r *request) (string, *apiError) {
	raw := r.Header.Get("X-Audit-Log-Reason")
	reason, err := url.QueryUnescape(raw)
	if err != nil {
		reason = raw
	}
	if utf8.RuneCountInString(reason) > maxAuditReason {
		return "", errInvalidBody("/audit_log_reason", rules.BaseTypeMaxLength,
			"Must be "+strconv.Itoa(maxAuditReason)+" or fewer in length.")
	}
	return reason, nil
}

// botActsOn refuses, 403 Missing Permissions, an action of the bot on a
// member the role hierarchy puts out of its reach: the owner, the bot
// itself, or a member whose highest role is not strictly below the bot's.
func (s *Server) botActsOn(g *guild, target interaction.Snowflake) *apiError {
	if !permission.CanActOn(g.subject(s.st.app.botUser), g.subject(target)) {
		return errForbidden(codeMissingPermissions, "Missing Permissions")
	}
	return nil
}

// botGives refuses, 403 Missing Permissions, giving or taking away a role
// the bot may not: one at or above its highest, without Manage Roles, or
// a managed role, which belongs to its integration.
func (s *Server) botGives(g *guild, role *interaction.Role) *apiError {
	if role.Managed || !permission.CanGive(g.subject(s.st.app.botUser), permRole(role)) {
		return errForbidden(codeMissingPermissions, "Missing Permissions")
	}
	return nil
}

// pathRole returns the role the path's {role} names, or 404 Unknown Role.
func pathRole(r *request, g *guild) (*interaction.Role, *apiError) {
	id, err := interaction.ParseSnowflake(r.PathValue("role"))
	if err != nil || g.roles[id] == nil {
		return nil, errNotFound(codeUnknownRole, "Unknown Role")
	}
	return g.roles[id], nil
}

// memberRoleChange is PUT and DELETE /guilds/{guild}/members/{user}/roles/{role}:
// with Manage Roles, a role below the bot's highest is given or taken
// away (204, and nothing to do when the member already has it or has it
// not). @everyone, which every member has, changes nothing.
func (s *Server) memberRoleChange(r *request, add bool) (int, any, *apiError) {
	g, e := s.botGuild(r)
	if e != nil {
		return 0, nil, e
	}
	m, e := s.pathMember(r, g)
	if e != nil {
		return 0, nil, e
	}
	role, e := pathRole(r, g)
	if e != nil {
		return 0, nil, e
	}
	if _, e := auditReason(r); e != nil {
		return 0, nil, e
	}
	if role.ID == g.id {
		return http.StatusNoContent, nil, nil
	}
	if e := s.botGives(g, role); e != nil {
		return 0, nil, e
	}
	has := slices.Contains(m.Roles, role.ID)
	switch {
	case add && !has:
		m.Roles = slices.Sorted(slices.Values(append(slices.Clone(m.Roles), role.ID)))
	case !add && has:
		m.Roles = slices.DeleteFunc(slices.Clone(m.Roles), func(id interaction.Snowflake) bool { return id == role.ID })
	}
	if add != has {
		s.publishMember(g, m.User.ID, false)
	}
	return http.StatusNoContent, nil, nil
}

func (s *Server) addGuildMemberRole(r *request) (int, any, *apiError) {
	return s.memberRoleChange(r, true)
}

func (s *Server) removeGuildMemberRole(r *request) (int, any, *apiError) {
	return s.memberRoleChange(r, false)
}

// memberPatch is the body of PATCH /guilds/{guild}/members/{user}: each
// field absent leaves the member as it is, null clears it.
type memberPatch struct {
	Nick                       *json.RawMessage
	Roles                      *json.RawMessage
	CommunicationDisabledUntil *json.RawMessage
	Mute                       *json.RawMessage
	Deaf                       *json.RawMessage
	ChannelID                  *json.RawMessage
	Flags                      *json.RawMessage
}

// decodeMemberPatch reads the body of PATCH member, telling a field that
// is null from one that is absent, which decoding into a pointer does not.
func decodeMemberPatch(r *request) (memberPatch, *apiError) {
	var (
		in     memberPatch
		fields map[string]json.RawMessage
	)
	if len(r.body) == 0 {
		return in, nil
	}
	if e := decodeBody(r, &fields); e != nil {
		return in, e
	}
	for name, to := range map[string]**json.RawMessage{
		"nick": &in.Nick, "roles": &in.Roles, "communication_disabled_until": &in.CommunicationDisabledUntil,
		"mute": &in.Mute, "deaf": &in.Deaf, "channel_id": &in.ChannelID, "flags": &in.Flags,
	} {
		if v, ok := fields[name]; ok {
			*to = &v
		}
	}
	return in, nil
}

// patched reports whether a field was given, null or not, and null
// whether it was null.
func patched(f *json.RawMessage) bool   { return f != nil }
func patchNull(f *json.RawMessage) bool { return f != nil && string(*f) == "null" }

// updateGuildMember is PATCH /guilds/{guild}/members/{user}. Each field
// takes its permission and the hierarchy: nick Manage Nicknames, roles
// Manage Roles for each role given or taken away, a timeout Moderate
// Members and neither the owner nor an administrator as its target, flags
// Manage Guild or Manage Roles or all of Moderate, Kick and Ban Members;
// the nick and the timeout need the member below the bot. Voice fields are
// 400 40032, as the emulator's members are never in a voice channel. It
// answers 200 with the member.
func (s *Server) updateGuildMember(r *request) (int, any, *apiError) {
	g, e := s.botGuild(r)
	if e != nil {
		return 0, nil, e
	}
	m, e := s.pathMember(r, g)
	if e != nil {
		return 0, nil, e
	}
	if _, e := auditReason(r); e != nil {
		return 0, nil, e
	}
	in, e := decodeMemberPatch(r)
	if e != nil {
		return 0, nil, e
	}
	bad := newInvalidBody()
	var (
		nick  string
		roles []interaction.Snowflake
		until time.Time
		flags uint64
	)
	if patched(in.Nick) && !patchNull(in.Nick) {
		if json.Unmarshal(*in.Nick, &nick) != nil {
			bad.add("/nick", rules.BaseTypeString, "Could not interpret \""+string(*in.Nick)+"\" as string.")
		} else if utf8.RuneCountInString(nick) > maxNick {
			bad.add("/nick", rules.BaseTypeMaxLength, "Must be "+strconv.Itoa(maxNick)+" or fewer in length.")
		}
	}
	if patched(in.Roles) && !patchNull(in.Roles) {
		if json.Unmarshal(*in.Roles, &roles) != nil {
			bad.add("/roles", rules.BaseTypeBadType, "Value is not of the expected type []snowflake.")
		} else if len(roles) > maxMemberRoles {
			bad.add("/roles", rules.BaseTypeMaxLength, "Must be "+strconv.Itoa(maxMemberRoles)+" or fewer in length.")
		}
	}
	if patched(in.CommunicationDisabledUntil) && !patchNull(in.CommunicationDisabledUntil) {
		var text string
		if json.Unmarshal(*in.CommunicationDisabledUntil, &text) != nil {
			bad.add("/communication_disabled_until", rules.BaseTypeBadType, "Could not parse "+string(*in.CommunicationDisabledUntil)+". Should be ISO8601.")
		} else if t, err := time.Parse(time.RFC3339Nano, text); err != nil {
			bad.add("/communication_disabled_until", rules.BaseTypeBadType, "Could not parse "+text+". Should be ISO8601.")
		} else if t.After(r.arrived.Add(maxTimeout)) {
			bad.add("/communication_disabled_until", "INVALID_COMMUNICATION_DISABLED_TIMESTAMP", "Invalid communication disabled timestamp")
		} else {
			until = t.UTC()
		}
	}
	if patched(in.Flags) && !patchNull(in.Flags) && json.Unmarshal(*in.Flags, &flags) != nil {
		bad.add("/flags", rules.NumberTypeCoerce, "Value \""+string(*in.Flags)+"\" is not int.")
	}
	if len(bad.errors) > 0 {
		return 0, nil, bad
	}
	for _, f := range []*json.RawMessage{in.Mute, in.Deaf, in.ChannelID} {
		if patched(f) {
			return 0, nil, errBadRequest(codeNotInVoice, "Target user is not connected to voice.")
		}
	}
	target := m.User.ID
	var added, removed []*interaction.Role
	if patched(in.Roles) {
		want := map[interaction.Snowflake]bool{}
		for _, id := range roles {
			if id == g.id {
				continue
			}
			role := g.roles[id]
			if role == nil {
				return 0, nil, errNotFound(codeUnknownRole, "Unknown Role")
			}
			if !want[id] && !slices.Contains(m.Roles, id) {
				added = append(added, role)
			}
			want[id] = true
		}
		for _, id := range m.Roles {
			if !want[id] && g.roles[id] != nil {
				removed = append(removed, g.roles[id])
			}
		}
	}
	// Permissions, then the hierarchy, field by field: nothing changes
	// unless every field may.
	if patched(in.Nick) {
		if e := firstRefusal(s.botNeeds(g, interaction.PermissionManageNicknames), s.botActsOn(g, target)); e != nil {
			return 0, nil, e
		}
	}
	for _, role := range append(slices.Clone(added), removed...) {
		if e := s.botGives(g, role); e != nil {
			return 0, nil, e
		}
	}
	if patched(in.CommunicationDisabledUntil) {
		if e := firstRefusal(s.botNeeds(g, interaction.PermissionModerateMembers), s.botActsOn(g, target)); e != nil {
			return 0, nil, e
		}
		if basePermissions(g, target).Has(interaction.PermissionAdministrator) {
			return 0, nil, errForbidden(codeMissingPermissions, "Missing Permissions")
		}
	}
	if patched(in.Flags) {
		bot := basePermissions(g, s.st.app.botUser)
		if !bot.Has(interaction.PermissionManageGuild) && !bot.Has(interaction.PermissionManageRoles) &&
			!bot.Has(interaction.PermissionModerateMembers|interaction.PermissionKickMembers|interaction.PermissionBanMembers) {
			return 0, nil, errForbidden(codeMissingPermissions, "Missing Permissions")
		}
	}
	if patched(in.Nick) {
		m.Nick = nick
	}
	if patched(in.Roles) {
		kept := []interaction.Snowflake{}
		for _, id := range roles {
			if id != g.id && !slices.Contains(kept, id) {
				kept = append(kept, id)
			}
		}
		slices.Sort(kept)
		m.Roles = kept
	}
	if patched(in.CommunicationDisabledUntil) {
		m.CommunicationDisabledUntil = until
	}
	if patched(in.Flags) {
		m.Flags = flags
	}
	s.publishMember(g, m.User.ID, false)
	return http.StatusOK, guildMemberJSON(m), nil
}

// firstRefusal returns the first of es that is not nil.
func firstRefusal(es ...*apiError) *apiError {
	for _, e := range es {
		if e != nil {
			return e
		}
	}
	return nil
}

// kickGuildMember is DELETE /guilds/{guild}/members/{user}: with Kick
// Members, a member below the bot leaves the guild (204).
func (s *Server) kickGuildMember(r *request) (int, any, *apiError) {
	g, e := s.botGuild(r)
	if e != nil {
		return 0, nil, e
	}
	m, e := s.pathMember(r, g)
	if e != nil {
		return 0, nil, e
	}
	if _, e := auditReason(r); e != nil {
		return 0, nil, e
	}
	if e := firstRefusal(s.botNeeds(g, interaction.PermissionKickMembers), s.botActsOn(g, m.User.ID)); e != nil {
		return 0, nil, e
	}
	delete(g.members, m.User.ID)
	s.publishMember(g, m.User.ID, true)
	return http.StatusNoContent, nil, nil
}
