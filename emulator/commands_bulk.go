package emulator

import (
	"cmp"
	"net/http"
	"slices"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/commandwords"
	"github.com/switchboard-go/switchboard/rules"
)

// maxBulkCommands is the longest body a bulk overwrite takes: the sum of the
// limits per type. The service refuses a longer one as a whole with
// BASE_TYPE_MAX_LENGTH "Must be 130 or fewer in length." and a shorter one
// that passes a type's limit with 30032 (public reports of its answers).
const maxBulkCommands = 130

// overwriteCommands answers PUT .../commands: the body becomes the scope's
// list of commands, of every type.
//
// An element with the id of one of the scope's commands is that command,
// renamed if its name changed; an element without one is the command of its
// name and type when there is one. Those keep their id, and their version
// unless they changed substantially. The other elements are created and
// count toward the day's creates, and the commands no element matched are
// deleted, with their permissions. Everything is checked before anything
// changes.
func (s *Server) overwriteCommands(r *request) (int, any, *apiError) {
	scope, err := s.commandScope(r, true)
	if err != nil {
		return 0, nil, err
	}
	var body []command.Command
	if err := decodeBody(r, &body); err != nil {
		return 0, nil, err
	}
	if len(body) > maxBulkCommands {
		return 0, nil, errInvalidBody("", rules.BaseTypeMaxLength, "Must be 130 or fewer in length.")
	}
	for i := range body {
		body[i].ApplicationID, body[i].GuildID, body[i].Version = 0, 0, 0
		body[i].Type = body[i].CommandType()
	}
	if err := s.checkBulk(scope, body, r.body); err != nil {
		return 0, nil, err
	}

	st := s.st
	old := st.app.commands[scope.Guild]
	matches := matchBulk(old, body)
	kept := map[interaction.Snowflake]bool{}
	creates := 0
	for _, m := range matches {
		if m == nil {
			creates++
		} else {
			kept[m.ID] = true
		}
	}
	for _, o := range old {
		// The service will not let a bulk overwrite drop the entry point
		// command, which would disable the application's Activity; it
		// must be deleted on its own.
		if o.Type == interaction.CommandPrimaryEntryPoint && !kept[o.ID] {
			return 0, nil, errBadRequest(codeEntryPointRemoved,
				"You cannot remove this app's Entry Point command in a bulk update operation. "+
					"Please include the Entry Point command in your update request or delete it separately.")
		}
	}
	if creates > st.createsLeft(scope) {
		return 0, nil, errMaxDailyCreates()
	}

	next := make([]*command.Command, len(body))
	for i, c := range body {
		c.ID = 0
		next[i] = s.stored(scope, c, matches[i])
		if m := matches[i]; m != nil && m.Name != c.Name {
			st.dropPermissions(scope, m.ID)
		}
	}
	for _, o := range old {
		if !kept[o.ID] {
			st.dropPermissions(scope, o.ID)
		}
	}
	st.countCreates(scope, creates)
	list := slices.Clone(next)
	slices.SortFunc(list, func(a, b *command.Command) int { return cmp.Compare(a.ID, b.ID) })
	st.app.commands[scope.Guild] = list

	out := make([]commandJSON, len(next))
	for i, c := range next {
		out[i] = s.render(scope, c, view{full: true})
	}
	return http.StatusOK, out, nil
}

// checkBulk validates a bulk body, raw as it came, against the rules of
// the application too. Too many commands of a type is the service's 30032 rather than a
// form error, and is reported only when the body is otherwise valid.
func (s *Server) checkBulk(scope command.Scope, body []command.Command, raw []byte) *apiError {
	var form rules.Violations
	tooMany := false
	for _, v := range commandwords.AsService(command.Validate(scope, body)) {
		if v.Code == rules.ApplicationCommandsTooMany {
			tooMany = true
			continue
		}
		form = append(form, v)
	}
	for i := range body {
		form = append(form, s.applicationViolations(scope, "/"+itoa(i), &body[i])...)
	}
	if len(form) > 0 {
		return errViolations(requiredWhereAbsent(form, raw))
	}
	if tooMany {
		for _, t := range []interaction.CommandType{interaction.CommandChatInput, interaction.CommandUser,
			interaction.CommandMessage, interaction.CommandPrimaryEntryPoint} {
			n := 0
			for i := range body {
				if body[i].Type == t {
					n++
				}
			}
			if n > commandLimit(t) {
				return errMaxCommands(commandLimit(t))
			}
		}
	}
	return nil
}

// matchBulk returns, for each element of body, the existing command it
// replaces, or nil for a new one. Ids match first, so that a command
// renamed in place does not lose its id to an element that merely has its
// old name; each existing command is matched at most once, and only by an
// element of its type, since the type of a command never changes.
func matchBulk(old []*command.Command, body []command.Command) []*command.Command {
	matches := make([]*command.Command, len(body))
	used := map[interaction.Snowflake]bool{}
	for i, c := range body {
		if c.ID == 0 {
			continue
		}
		for _, o := range old {
			if o.ID == c.ID && o.Type == c.Type && !used[o.ID] {
				matches[i], used[o.ID] = o, true
				break
			}
		}
	}
	for i, c := range body {
		if matches[i] != nil {
			continue
		}
		if j := indexByName(old, c.Name, c.Type); j >= 0 && !used[old[j].ID] {
			matches[i], used[old[j].ID] = old[j], true
		}
	}
	return matches
}
