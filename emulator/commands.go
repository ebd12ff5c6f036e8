package emulator

import (
	"encoding/json"
	"net/http"
	"slices"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/commandwords"
	"github.com/switchboard-go/switchboard/internal/filetype"
	"github.com/switchboard-go/switchboard/rules"
)

// commandRoutes registers the global and guild command endpoints. The
// permission routes under .../commands/permissions are registered elsewhere;
// ServeMux prefers their literal segment to {cmd}.
func (s *Server) commandRoutes(mux *http.ServeMux) {
	for _, base := range []struct{ path, bucket string }{
		{"/applications/{app}/commands", "commands"},
		{"/applications/{app}/guilds/{guild}/commands", "guild-commands"},
	} {
		s.route(mux, "GET "+base.path, base.bucket, false, s.listCommands)
		s.route(mux, "POST "+base.path, base.bucket, false, s.createCommand)
		s.route(mux, "PUT "+base.path, base.bucket, false, s.overwriteCommands)
		s.route(mux, "GET "+base.path+"/{cmd}", base.bucket, false, s.getCommand)
		s.route(mux, "PATCH "+base.path+"/{cmd}", base.bucket, false, s.editCommand)
		s.route(mux, "DELETE "+base.path+"/{cmd}", base.bucket, false, s.deleteCommand)
	}
}

// listCommands answers GET .../commands: the scope's commands in the order
// they were created, localized for the requester unless with_localizations
// asks for the dictionaries.
func (s *Server) listCommands(r *request) (int, any, *apiError) {
	scope, err := s.commandScope(r, false)
	if err != nil {
		return 0, nil, err
	}
	v := view{locale: requesterLocale(r.Request)}
	if q := r.URL.Query().Get("with_localizations"); q == "true" || q == "True" || q == "1" {
		v = view{full: true}
	}
	out := make([]commandJSON, 0, len(s.st.app.commands[scope.Guild]))
	for _, c := range s.st.app.commands[scope.Guild] {
		out = append(out, s.render(scope, c, v))
	}
	return http.StatusOK, out, nil
}

// getCommand answers GET .../commands/{cmd}.
func (s *Server) getCommand(r *request) (int, any, *apiError) {
	scope, err := s.commandScope(r, false)
	if err != nil {
		return 0, nil, err
	}
	_, c, err := s.findCommand(r, scope)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, s.render(scope, c, view{full: true}), nil
}

// createCommand answers POST .../commands, which is an upsert: a command
// with the same name and type in the scope is overwritten in place (200),
// otherwise one is created (201).
func (s *Server) createCommand(r *request) (int, any, *apiError) {
	scope, err := s.commandScope(r, true)
	if err != nil {
		return 0, nil, err
	}
	var cmd command.Command
	if err := decodeBody(r, &cmd); err != nil {
		return 0, nil, err
	}
	// The service sets these itself; a body that sends them is not refused.
	cmd.ID, cmd.ApplicationID, cmd.GuildID, cmd.Version = 0, 0, 0, 0
	if vs := append(commandwords.AsService(command.ValidateCommand(scope, cmd)), s.applicationViolations(scope, "", &cmd)...); len(vs) > 0 {
		return 0, nil, errViolations(requiredWhereAbsent(vs, r.body))
	}
	st := s.st
	cmd.Type = cmd.CommandType()
	cmds := st.app.commands[scope.Guild]
	if i := indexByName(cmds, cmd.Name, cmd.Type); i >= 0 {
		old := cmds[i]
		next := s.stored(scope, cmd, old)
		st.app.commands[scope.Guild] = slices.Clone(cmds)
		st.app.commands[scope.Guild][i] = next
		return http.StatusOK, s.render(scope, next, view{full: true}), nil
	}
	if max := commandLimit(cmd.Type); countType(cmds, cmd.Type) >= max {
		return 0, nil, errMaxCommands(max)
	}
	if st.createsLeft(scope) < 1 {
		return 0, nil, errMaxDailyCreates()
	}
	st.countCreates(scope, 1)
	next := s.stored(scope, cmd, nil)
	st.app.commands[scope.Guild] = append(slices.Clip(cmds), next)
	return http.StatusCreated, s.render(scope, next, view{full: true}), nil
}

// editCommand answers PATCH .../commands/{cmd}: each field of the body
// replaces the command's value, null clears it, and omitted fields stay.
func (s *Server) editCommand(r *request) (int, any, *apiError) {
	scope, err := s.commandScope(r, true)
	if err != nil {
		return 0, nil, err
	}
	i, old, err := s.findCommand(r, scope)
	if err != nil {
		return 0, nil, err
	}
	var patch map[string]json.RawMessage
	if err := decodeBody(r, &patch); err != nil {
		return 0, nil, err
	}
	cmd, err := applyPatch(old, patch)
	if err != nil {
		return 0, nil, err
	}
	if vs := append(commandwords.AsService(command.ValidateCommand(scope, cmd)), s.applicationViolations(scope, "", &cmd)...); len(vs) > 0 {
		// An edit leaves out what it does not change: nothing it
		// leaves out is missing.
		return 0, nil, errViolations(vs)
	}
	st := s.st
	cmds := st.app.commands[scope.Guild]
	if j := indexByName(cmds, cmd.Name, cmd.Type); j >= 0 && j != i {
		return 0, nil, errInvalidBody("/name", rules.ApplicationCommandsDuplicateName, "Application command names must be unique")
	}
	next := s.stored(scope, cmd, old)
	if next.Name != old.Name {
		st.dropPermissions(scope, old.ID)
	}
	st.app.commands[scope.Guild] = slices.Clone(cmds)
	st.app.commands[scope.Guild][i] = next
	return http.StatusOK, s.render(scope, next, view{full: true}), nil
}

// deleteCommand answers DELETE .../commands/{cmd}; the command's
// permissions go with it.
func (s *Server) deleteCommand(r *request) (int, any, *apiError) {
	scope, err := s.commandScope(r, true)
	if err != nil {
		return 0, nil, err
	}
	i, c, err := s.findCommand(r, scope)
	if err != nil {
		return 0, nil, err
	}
	st := s.st
	st.app.commands[scope.Guild] = slices.Delete(slices.Clone(st.app.commands[scope.Guild]), i, i+1)
	st.dropPermissions(scope, c.ID)
	return http.StatusNoContent, nil, nil
}

// findCommand returns the command {cmd} of the scope and its index. An id
// that is not a snowflake names no command.
func (s *Server) findCommand(r *request, scope command.Scope) (int, *command.Command, *apiError) {
	id, err := interaction.ParseSnowflake(r.PathValue("cmd"))
	if err == nil {
		for i, c := range s.st.app.commands[scope.Guild] {
			if c.ID == id {
				return i, c, nil
			}
		}
	}
	return 0, nil, errNotFound(codeUnknownCommand, "Unknown application command")
}

// stored returns the command to keep for cmd, a valid body of scope: it
// takes the identity of old when it replaces old, and a new version unless
// nothing substantial changed. Stored commands are never modified; a write
// replaces them, so a reader holding one is never surprised.
//
// A guild command keeps no dm_permission, integration_types or contexts:
// the service accepts them there and ignores them (the guild bulk
// overwrite's body lists them, and a guild command read back has none), so
// they can neither restrict the command nor give it a new version. The
// extensions of file_types are kept in lower case, as the service
// normalizes them, so that ".PDF" sent again is no change.
func (s *Server) stored(scope command.Scope, cmd command.Command, old *command.Command) *command.Command {
	st := s.st
	c := cmd
	c.Type = c.CommandType()
	c.Options = lowerFileTypes(c.Options)
	c.ApplicationID, c.GuildID = st.app.id, scope.Guild
	if !scope.IsGlobal() {
		c.DMPermission, c.IntegrationTypes, c.Contexts = nil, nil, nil
	}
	if old == nil {
		c.ID = st.newID()
		c.Version = c.ID
		return &c
	}
	c.ID, c.Version = old.ID, old.Version
	if substantial(scope, old, &c, st.app.installContexts) {
		c.Version = st.newID()
	}
	return &c
}

// lowerFileTypes returns opts with the extensions of every file_types in
// lower case: opts itself when none changes, otherwise new lists, so that
// the body a command came from is not modified.
func lowerFileTypes(opts []command.Option) []command.Option {
	var out []command.Option
	for i, o := range opts {
		types, sub := filetype.Normal(o.FileTypes), lowerFileTypes(o.Options)
		if sameList(types, o.FileTypes) && sameList(sub, o.Options) {
			continue
		}
		if out == nil {
			out = slices.Clone(opts)
		}
		out[i].FileTypes, out[i].Options = types, sub
	}
	if out == nil {
		return opts
	}
	return out
}

// sameList reports whether a and b are one list, as filetype.Normal and
// lowerFileTypes return the list they were given when nothing changes.
func sameList[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
