package emulator

import (
	"errors"
	"slices"
	"strings"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// Some rules of a command depend on the application it belongs to, which
// the validator cannot know: an entry point command, and its handler, are
// only for an application with an Activity; integration_types may list
// only the installation contexts the application supports; a discoverable
// application may have no age-restricted command.
//
// The service's answers to these are not public. The emulator answers
// them as it answers every invalid body, 400 with 50035 and an errors tree
// that points at the field, under codes of its own.
const (
	// codeNeedsActivity: an entry point command, or a handler, for an
	// application without an Activity.
	codeNeedsActivity = "APPLICATION_COMMAND_ENTRY_POINT_NEEDS_ACTIVITY"
	// codeUnsupportedInstallation: integration_types lists an
	// installation context the application does not support.
	codeUnsupportedInstallation = "APPLICATION_COMMAND_INTEGRATION_TYPE_UNSUPPORTED"
	// codeDiscoverableNSFW: an age-restricted command of an application
	// with discovery enabled.
	codeDiscoverableNSFW = "APPLICATION_COMMAND_NSFW_DISCOVERABLE"
)

// installationContexts checks the installation contexts of a Config and
// returns them as a set in ascending order.
//
// Without any, the application supports GUILD_INSTALL only. New
// applications on the real service start with both contexts
// (discord/discord-api-docs#7396), but GUILD_INSTALL alone is what the
// emulated world holds, a guild that installed the application and no user
// who did, and it keeps a command created without integration_types
// reading back [0], as it does for every application without USER_INSTALL
// and as command.DiffFields expects. With both configured such a command
// reads back [0, 1], the application's contexts, as the specification
// says and as the service answers since that report was fixed.
func installationContexts(in []interaction.IntegrationType) ([]interaction.IntegrationType, error) {
	if len(in) == 0 {
		return []interaction.IntegrationType{interaction.GuildInstall}, nil
	}
	out := slices.Clone(in)
	slices.Sort(out)
	out = slices.Compact(out)
	for _, t := range out {
		if t != interaction.GuildInstall && t != interaction.UserInstall {
			return nil, errors.New("emulator: Config.InstallationContexts: unknown installation context " + itoa(int(t)) +
				"; they are GUILD_INSTALL (0) and USER_INSTALL (1)")
		}
	}
	if out[0] != interaction.GuildInstall {
		return nil, errors.New("emulator: Config.InstallationContexts must include GUILD_INSTALL (0): " +
			"the application is installed in the guild the emulator makes")
	}
	return out, nil
}

// applicationViolations returns the rules of the application that cmd
// breaks in scope. pointer is where cmd is in the request body: "" for the
// body of a create or an edit, "/3" for the fourth element of a bulk
// overwrite. The caller holds s.st.mu.
func (s *Server) applicationViolations(scope command.Scope, pointer string, cmd *command.Command) rules.Violations {
	var vs rules.Violations
	add := func(field, code, message string) {
		vs = append(vs, rules.Violation{Command: cmd.Name, Place: cmd.Name, Pointer: pointer + "/" + field, Code: code, Message: message})
	}
	if cmd.NSFW && s.st.app.discoverable {
		add("nsfw", codeDiscoverableNSFW,
			"An application with discovery enabled cannot have age-restricted commands; turn discovery off (Config.Discoverable, -discoverable) or drop nsfw.")
	}
	if !scope.IsGlobal() {
		// A guild takes no entry point command, which the validator
		// refuses whatever the application has.
		return vs
	}
	if cmd.CommandType() == interaction.CommandPrimaryEntryPoint && !s.st.app.activities {
		add("type", codeNeedsActivity,
			"Entry point commands are only for applications with an Activity; give the application one with Config.Activities or -activities.")
		if cmd.Handler != 0 {
			add("handler", codeNeedsActivity, "A handler is only for the entry point command of an application with an Activity.")
		}
	}
	supported := s.st.app.installContexts
	for i, t := range cmd.IntegrationTypes {
		if t == interaction.UserInstall && !slices.Contains(supported, t) {
			// Unknown values are the validator's to report.
			add("integration_types/"+itoa(i), codeUnsupportedInstallation,
				"The application does not support the "+t.String()+" installation context, only "+contextNames(supported)+
					"; enable it with Config.InstallationContexts or -installation-contexts "+itoa(int(interaction.GuildInstall))+","+itoa(int(t))+".")
		}
	}
	return vs
}

// contextNames names installation contexts, as in "GUILD_INSTALL".
func contextNames(ts []interaction.IntegrationType) string {
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = t.String()
	}
	return strings.Join(names, ", ")
}
