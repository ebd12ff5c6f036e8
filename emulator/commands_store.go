package emulator

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// Error codes of the command endpoints beyond the shared ones.
const (
	// codeEntryPointRemoved: a global bulk overwrite would delete the
	// application's entry point command. The service's public answer is
	// 400 with code 50240.
	codeEntryPointRemoved = 50240
)

// commandLimit is the most commands of type t a scope may hold. A guild may
// hold no PRIMARY_ENTRY_POINT command, which the validator reports.
func commandLimit(t interaction.CommandType) int {
	switch t {
	case interaction.CommandUser, interaction.CommandMessage:
		return 15
	case interaction.CommandPrimaryEntryPoint:
		return 1
	}
	return 100
}

// errMaxCommands is the service's answer when a create would pass the limit
// of a type; its message carries the limit, as the service's does.
func errMaxCommands(limit int) *apiError {
	return errBadRequest(codeMaxCommands, "Maximum number of application commands reached ("+strconv.Itoa(limit)+")")
}

func errMaxDailyCreates() *apiError {
	return errBadRequest(codeMaxDailyCreates,
		"Max number of daily application command creates has been reached ("+strconv.Itoa(command.DailyCreates)+")")
}

// indexByName returns the index of the command named name of type t, or -1.
func indexByName(cmds []*command.Command, name string, t interaction.CommandType) int {
	for i, c := range cmds {
		if c.Name == name && c.Type == t {
			return i
		}
	}
	return -1
}

// countType counts the commands of type t.
func countType(cmds []*command.Command, t interaction.CommandType) int {
	n := 0
	for _, c := range cmds {
		if c.Type == t {
			n++
		}
	}
	return n
}

// createsLeft is how many commands scope may still create today.
func (s *state) createsLeft(scope command.Scope) int {
	c := s.app.creates[scope.Guild]
	if c == nil || c.day != day(s.now()) {
		return command.DailyCreates
	}
	return max(command.DailyCreates-c.n, 0)
}

// countCreates records n creates in scope today.
func (s *state) countCreates(scope command.Scope, n int) {
	today := day(s.now())
	c := s.app.creates[scope.Guild]
	if c == nil || c.day != today {
		c = &dailyCount{day: today}
		s.app.creates[scope.Guild] = c
	}
	c.n += n
}

// dropPermissions deletes the permissions of command id: in its guild, or
// in every guild for a global command.
func (s *state) dropPermissions(scope command.Scope, id interaction.Snowflake) {
	if !scope.IsGlobal() {
		delete(s.app.permissions[scope.Guild], id)
		return
	}
	for _, perms := range s.app.permissions {
		delete(perms, id)
	}
}

// substantial reports whether b differs from a in anything but identity:
// such a change gives the command a new version. Values a field takes by
// default count as that default, so sending what the service would assume
// anyway changes nothing. installContexts are the application's, the
// default of integration_types.
func substantial(scope command.Scope, a, b *command.Command, installContexts []interaction.IntegrationType) bool {
	ja, _ := json.Marshal(canonical(scope, *a, installContexts))
	jb, _ := json.Marshal(canonical(scope, *b, installContexts))
	return !bytes.Equal(ja, jb)
}

// canonical returns c without its identity and with its defaults explicit.
func canonical(scope command.Scope, c command.Command, installContexts []interaction.IntegrationType) command.Command {
	c.ID, c.ApplicationID, c.GuildID, c.Version = 0, 0, 0, 0
	c.Type = c.CommandType()
	yes := true
	if c.DefaultPermission == nil {
		c.DefaultPermission = &yes
	}
	if scope.IsGlobal() {
		if c.DMPermission == nil {
			c.DMPermission = &yes
		}
		if len(c.IntegrationTypes) == 0 {
			c.IntegrationTypes = installContexts
		}
	}
	return c
}

// readOnlyFields are the fields of a command an edit cannot change: the
// ones the service sets, and the type.
var readOnlyFields = []string{"id", "application_id", "guild_id", "version", "type"}

// applyPatch returns old with the fields of an edit body applied: a field
// replaces the old value entirely, null clears it.
func applyPatch(old *command.Command, patch map[string]json.RawMessage) (command.Command, *apiError) {
	raw, _ := json.Marshal(old)
	var merged map[string]json.RawMessage
	_ = json.Unmarshal(raw, &merged)
	for k, v := range patch {
		if isReadOnly(k) {
			continue
		}
		if string(bytes.TrimSpace(v)) == "null" {
			delete(merged, k)
			continue
		}
		merged[k] = v
	}
	raw, _ = json.Marshal(merged)
	var cmd command.Command
	if err := json.Unmarshal(raw, &cmd); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return cmd, errInvalidBody("/"+strings.ReplaceAll(typeErr.Field, ".", "/"), rules.BaseTypeBadType,
				"Value is not of the expected type "+typeErr.Type.String()+".")
		}
		return cmd, errInvalidBody("", rules.BaseTypeBadType, err.Error())
	}
	return cmd, nil
}

func isReadOnly(field string) bool {
	for _, f := range readOnlyFields {
		if f == field {
			return true
		}
	}
	return false
}
