package emulator

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"

	"github.com/switchboard-go/switchboard/emulator/internal/gateway"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/permission"
	"github.com/switchboard-go/switchboard/rules"
)

// Error codes the permission endpoints add to those of errors.go; the
// specification does not show them, these are the real service's.
const (
	codeUnknownChannel        = 10003
	codeUnknownRole           = 10011
	codeMissingOAuth2Scope    = 50026
	messageUnknownPermissions = "Unknown application command permissions"
)

// scopePermissionsUpdate is the OAuth2 scope a user's token needs to edit
// command permissions.
const scopePermissionsUpdate = "applications.commands.permissions.update"

// listPermissions is GET .../guilds/{guild}/commands/permissions: the
// overwrites of every command of the application in the guild that has
// some, the application-wide defaults included.
func (s *Server) listPermissions(r *request) (int, any, *apiError) {
	if err := s.canReadPermissions(r); err != nil {
		return 0, nil, err
	}
	g, err := s.permissionsGuild(r)
	if err != nil {
		return 0, nil, err
	}
	byID := s.st.app.permissions[g.id]
	ids := make([]interaction.Snowflake, 0, len(byID))
	for id, ps := range byID {
		if len(ps) > 0 {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	out := make([]command.GuildPermissions, 0, len(ids))
	for _, id := range ids {
		out = append(out, s.guildPermissions(g.id, id, byID[id]))
	}
	return http.StatusOK, out, nil
}

// getPermissions is GET .../commands/{cmd}/permissions. {cmd} is a command
// of the guild, a global command, or the application's id for its
// defaults.
func (s *Server) getPermissions(r *request) (int, any, *apiError) {
	if err := s.canReadPermissions(r); err != nil {
		return 0, nil, err
	}
	g, err := s.permissionsGuild(r)
	if err != nil {
		return 0, nil, err
	}
	id, err := s.permissionsTarget(r, g)
	if err != nil {
		return 0, nil, err
	}
	ps := s.st.app.permissions[g.id][id]
	if len(ps) == 0 {
		// The real service answers 404 rather than an empty list for a
		// command without overwrites (discord/discord-api-docs#2737).
		return 0, nil, errNotFound(codeUnknownPermissions, messageUnknownPermissions)
	}
	return http.StatusOK, s.guildPermissions(g.id, id, ps), nil
}

// editPermissions is PUT .../commands/{cmd}/permissions: it replaces every
// overwrite of the command in the guild; an empty list deletes them. The
// real service also sends the Application Command Permissions Update
// gateway event; the emulator has no gateway.
func (s *Server) editPermissions(r *request) (int, any, *apiError) {
	c := r.caller
	switch {
	case c.bot:
		return 0, nil, errForbidden(codeBotsCannotUse, "Bots cannot use this endpoint")
	case c.token.kind != tokenUser || !c.has(scopePermissionsUpdate):
		// A client credentials token never carries the scope (see
		// clientCredentialScopes): the token must act for a user. The
		// real service answers a token without the scope with 50026
		// (discord/discord-api-docs#5239).
		return 0, nil, errForbidden(codeMissingOAuth2Scope, "Missing required OAuth2 scope")
	}
	g, err := s.permissionsGuild(r)
	if err != nil {
		return 0, nil, err
	}
	id, err := s.permissionsTarget(r, g)
	if err != nil {
		return 0, nil, err
	}
	if err := canManageCommandPermissions(g, c.token.user); err != nil {
		return 0, nil, err
	}
	ps, err := decodePermissions(r, g)
	if err != nil {
		return 0, nil, err
	}
	byID := s.st.app.permissions[g.id]
	if len(ps) == 0 {
		delete(byID, id)
	} else {
		if byID == nil {
			byID = map[interaction.Snowflake][]command.Permission{}
			s.st.app.permissions[g.id] = byID
		}
		byID[id] = ps
	}
	out := s.guildPermissions(g.id, id, ps)
	// The gateway's sessions hear of it, whatever their intents (the
	// specification's Events).
	if s.gw.Listening(uint64(s.st.app.id)) {
		s.publish(gateway.Event{Name: "APPLICATION_COMMAND_PERMISSIONS_UPDATE", Guild: uint64(g.id), Data: mustJSON(out)})
	}
	return http.StatusOK, out, nil
}

// batchEditPermissions is the batch PUT .../commands/permissions, which
// Permissions v2 disabled: the real service answers every call with 405 and
// code 0 (discord/discord-api-docs#4687, discordjs/discord.js#7856).
func (s *Server) batchEditPermissions(r *request) (int, any, *apiError) {
	r.header.Set("Allow", http.MethodGet)
	return 0, nil, &apiError{status: http.StatusMethodNotAllowed, code: codeGeneral, message: "405: Method Not Allowed"}
}

// canReadPermissions lets in the callers the specification's rule 1 names,
// a bot token or a client credentials token of the application, and a user
// token that may edit permissions, which needs to read what it edits.
func (s *Server) canReadPermissions(r *request) *apiError {
	c := r.caller
	if c.bot || c.token.kind == tokenClient || c.has(scopePermissionsUpdate) {
		return nil
	}
	return errForbidden(codeMissingOAuth2Scope, "Missing required OAuth2 scope")
}

// permissionsGuild checks the path's application and returns its guild. A
// path value that is not a snowflake names nothing, like an unknown id.
func (s *Server) permissionsGuild(r *request) (*guild, *apiError) {
	if err := s.checkApplication(r); err != nil {
		return nil, err
	}
	return s.installedGuild(r)
}

// permissionsTarget returns the path's command id: a command of g, a
// global command, or the application's id.
func (s *Server) permissionsTarget(r *request, g *guild) (interaction.Snowflake, *apiError) {
	id, err := interaction.ParseSnowflake(r.PathValue("cmd"))
	if err == nil && id == s.st.app.id {
		return id, nil
	}
	if err == nil {
		for _, scope := range []interaction.Snowflake{g.id, 0} {
			for _, c := range s.st.app.commands[scope] {
				if c.ID == id {
					return id, nil
				}
			}
		}
	}
	return 0, errNotFound(codeUnknownCommand, "Unknown application command")
}

// guildPermissions is the object the endpoints answer with.
func (s *Server) guildPermissions(guildID, id interaction.Snowflake, ps []command.Permission) command.GuildPermissions {
	if ps == nil {
		ps = []command.Permission{}
	}
	return command.GuildPermissions{ID: id, ApplicationID: s.st.app.id, GuildID: guildID, Permissions: slices.Clone(ps)}
}

// canManageCommandPermissions applies the specification's Authentication
// rule 2: the user must be able to manage the guild and its roles. The
// owner and administrators can; anyone else needs Manage Guild and Manage
// Roles from their roles, @everyone included.
func canManageCommandPermissions(g *guild, user interaction.Snowflake) *apiError {
	if g.members[user] == nil {
		return errForbidden(codeMissingAccess, "Missing Access")
	}
	// The owner and administrators hold every permission.
	if !basePermissions(g, user).Has(interaction.PermissionManageGuild | interaction.PermissionManageRoles) {
		return errForbidden(codeMissingPermissions, "Missing Permissions")
	}
	return nil
}

// decodePermissions reads and checks the body {"permissions": [...]}. Shape
// errors come back as one 50035 with every problem in its tree; then each
// role and channel must be of the guild.
func decodePermissions(r *request, g *guild) ([]command.Permission, *apiError) {
	var body struct {
		Permissions json.RawMessage `json:"permissions"`
	}
	if err := decodeBody(r, &body); err != nil {
		return nil, err
	}
	if len(body.Permissions) == 0 || string(body.Permissions) == "null" {
		return nil, errInvalidBody("/permissions", rules.BaseTypeRequired, "This field is required")
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(body.Permissions, &raw); err != nil {
		return nil, errInvalidBody("/permissions", rules.BaseTypeBadType, "Must be an array.")
	}
	if len(raw) > permission.MaxOverwrites {
		return nil, errInvalidBody("/permissions", rules.BaseTypeMaxLength,
			"Must be "+strconv.Itoa(permission.MaxOverwrites)+" or fewer in length.")
	}
	invalid := &apiError{status: http.StatusBadRequest, code: codeInvalidFormBody, message: "Invalid Form Body", errors: map[string]any{}}
	ps := make([]command.Permission, 0, len(raw))
	for i, item := range raw {
		p, ok := decodePermission(item, "/permissions/"+strconv.Itoa(i), invalid)
		if ok {
			ps = append(ps, p)
		}
	}
	if len(invalid.errors) > 0 {
		return nil, invalid
	}
	for _, p := range ps {
		switch p.Type {
		case command.PermissionRole:
			if g.roles[p.ID] == nil {
				return nil, errNotFound(codeUnknownRole, "Unknown Role")
			}
		case command.PermissionChannel:
			if p.ID != command.AllChannels(g.id) && g.channels[p.ID] == nil {
				return nil, errNotFound(codeUnknownChannel, "Unknown Channel")
			}
		case command.PermissionUser:
			// Any user: an overwrite may name a user who is not, or no
			// longer, a member, as on the real service
			// (discord/discord-api-docs#4911).
		}
	}
	return ps, nil
}

// decodePermission checks one overwrite at pointer, recording its problems
// in invalid.
func decodePermission(item json.RawMessage, pointer string, invalid *apiError) (command.Permission, bool) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(item, &fields); err != nil || fields == nil {
		invalid.add(pointer, rules.DictTypeConvert, "Only dictionaries may be used in a DictType")
		return command.Permission{}, false
	}
	var p command.Permission
	ok := true
	problem := func(field, code, message string) {
		invalid.add(pointer+"/"+field, code, message)
		ok = false
	}
	if v, has := fields["id"]; !has || string(v) == "null" {
		problem("id", rules.BaseTypeRequired, "This field is required")
	} else if err := p.ID.UnmarshalJSON(v); err != nil || p.ID == 0 {
		problem("id", rules.NumberTypeCoerce, "Value "+string(v)+" is not snowflake.")
	}
	if v, has := fields["type"]; !has || string(v) == "null" {
		problem("type", rules.BaseTypeRequired, "This field is required")
	} else if err := json.Unmarshal(v, &p.Type); err != nil ||
		(p.Type != command.PermissionRole && p.Type != command.PermissionUser && p.Type != command.PermissionChannel) {
		problem("type", rules.BaseTypeChoices, "Value must be one of {1, 2, 3}.")
	}
	if v, has := fields["permission"]; !has || string(v) == "null" {
		problem("permission", rules.BaseTypeRequired, "This field is required")
	} else if err := json.Unmarshal(v, &p.Permission); err != nil {
		problem("permission", rules.BaseTypeBool, "Must be either true or false.")
	}
	return p, ok
}
