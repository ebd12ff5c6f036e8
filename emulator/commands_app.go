package emulator

import (
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/registry"
)

// Some rules of a command depend on the application it belongs to, which
// the validator cannot know: an entry point command, and its handler, are
// only for an application with an Activity.
//
// The service's answers to these are not public. The emulator answers
// them as it answers every invalid body, 400 with 50035 and an errors tree
// that points at the field, under codes of its own.
const (
	// codeNeedsActivity: an entry point command, or a handler, for an
	// application without an Activity.
	codeNeedsActivity = "APPLICATION_COMMAND_ENTRY_POINT_NEEDS_ACTIVITY"
)

// applicationViolations returns the rules of the application that cmd
// breaks in scope. pointer is where cmd is in the request body: "" for the
// body of a create or an edit, "/3" for the fourth element of a bulk
// overwrite. The caller holds s.st.mu.
func (s *Server) applicationViolations(scope registry.Scope, pointer string, cmd *registry.Command) registry.Violations {
	if !scope.IsGlobal() {
		// A guild takes no entry point command, which the validator
		// refuses whatever the application has.
		return nil
	}
	var vs registry.Violations
	add := func(field, code, message string) {
		vs = append(vs, registry.Violation{Command: cmd.Name, Place: cmd.Name, Pointer: pointer + "/" + field, Code: code, Message: message})
	}
	if cmd.CommandType() == interaction.CommandPrimaryEntryPoint && !s.st.app.activities {
		add("type", codeNeedsActivity,
			"Entry point commands are only for applications with an Activity; give the application one with Config.Activities or -activities.")
		if cmd.Handler != 0 {
			add("handler", codeNeedsActivity, "A handler is only for the entry point command of an application with an Activity.")
		}
	}
	return vs
}
