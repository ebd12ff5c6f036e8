package command

import (
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// command checks cmds[i], which sits at index in the request body (-1 for a
// create body). The checks follow the order of the command's fields.
//
// Two fields need no check: any 64-bit set is a valid
// default_member_permissions (nil leaves the command to everyone, the empty
// set to administrators), and nsfw may be set on any command. The service
// refuses age-restricted commands in applications with discovery enabled,
// which the validator cannot know.
func (v *validator) command(cmds []Command, i, index int) {
	c := &cmds[i]
	v.index, v.cmd, v.path, v.size = index, c, v.path[:0], 0
	t := c.CommandType()

	switch t {
	case interaction.CommandChatInput, interaction.CommandUser, interaction.CommandMessage:
	case interaction.CommandPrimaryEntryPoint:
		if !v.scope.IsGlobal() {
			v.report(field("type"), rules.ApplicationCommandGlobalOnly, "PRIMARY_ENTRY_POINT commands are allowed only in the global scope")
		}
	default:
		// The rules of an unknown type are unknown; only the rules that
		// hold for every type are checked.
		v.report(field("type"), rules.EnumTypeCoerce,
			"type must be a command type (1-4), is "+strconv.Itoa(int(c.Type)))
	}

	if t >= interaction.CommandChatInput && t <= interaction.CommandPrimaryEntryPoint {
		rule := menuNameRule
		if t == interaction.CommandChatInput {
			rule = slashNameRule
		}
		n := v.text(field("name"), "name", c.Name, rule)
		v.duplicateCommand(cmds, i)
		v.size = v.localizations("name_localizations", "name", c.Name, n, c.NameLocalizations, rule, nil, 0)

		switch t {
		case interaction.CommandChatInput:
			n := v.text(field("description"), "description", c.Description, descriptionRule)
			v.size += v.localizations("description_localizations", "description", c.Description, n,
				c.DescriptionLocalizations, descriptionRule, nil, 0)
		case interaction.CommandPrimaryEntryPoint:
			n := v.text(field("description"), "description", c.Description, entryDescriptionRule)
			v.localizations("description_localizations", "description", c.Description, n,
				c.DescriptionLocalizations, descriptionRule, nil, 0)
		default:
			if c.Description != "" {
				v.report(field("description"), rules.ApplicationCommandFieldNotAllowed, "description is not allowed on "+t.String()+" commands")
			}
			if len(c.DescriptionLocalizations) > 0 {
				v.report(field("description_localizations"), rules.ApplicationCommandFieldNotAllowed,
					"description_localizations are not allowed on "+t.String()+" commands")
			}
		}

		if t == interaction.CommandChatInput {
			v.options(c.Options, levelCommand)
		} else if len(c.Options) > 0 {
			v.report(field("options"), rules.ApplicationCommandFieldNotAllowed, "options are allowed only on CHAT_INPUT commands")
		}
	}

	// dm_permission, integration_types and contexts take effect only on
	// global commands; on a guild command the service accepts them and
	// ignores them, which Warnings reports.
	v.integrationTypes(c.IntegrationTypes)
	v.contexts(c.Contexts)

	// The service documents handler as optional on PRIMARY_ENTRY_POINT
	// commands and names no default for a command created without one, so
	// its absence is not a violation.
	if c.Handler != 0 {
		switch {
		case t != interaction.CommandPrimaryEntryPoint:
			v.report(field("handler"), rules.ApplicationCommandFieldNotAllowed, "handler is allowed only on PRIMARY_ENTRY_POINT commands")
		case c.Handler != interaction.HandlerApp && c.Handler != interaction.HandlerServiceLaunchActivity:
			v.report(field("handler"), rules.EnumTypeCoerce,
				"handler must be APP_HANDLER (1) or SERVICE_LAUNCH_ACTIVITY (2), is "+strconv.Itoa(int(c.Handler)))
		}
	}

	// The walk above has summed the size of the command, commandSize's
	// count, as it went.
	if t == interaction.CommandChatInput && v.size > maxCommandSize {
		v.report(at{}, rules.ApplicationCommandTooLarge, "names, descriptions and values must total at most "+
			strconv.Itoa(maxCommandSize)+" characters, total "+strconv.Itoa(v.size))
	}
}

// integrationTypes checks the installation contexts of the command. The
// values are checked in every scope: the service ignores the field on a
// guild command, but it still has to read as installation contexts.
func (v *validator) integrationTypes(ts []interaction.IntegrationType) {
	for k, t := range ts {
		if t != interaction.GuildInstall && t != interaction.UserInstall {
			v.report(fieldElem("integration_types", k), rules.EnumTypeCoerce,
				"integration_types must hold GUILD_INSTALL (0) or USER_INSTALL (1), has "+strconv.Itoa(int(t)))
			continue
		}
		for _, u := range ts[:k] {
			if u == t {
				v.report(fieldElem("integration_types", k), rules.ApplicationCommandDuplicateValue,
					"integration_types must not list "+t.String()+" twice")
				break
			}
		}
	}
}

// contexts checks the interaction contexts of the command, in every scope,
// as integrationTypes does.
func (v *validator) contexts(cs []interaction.ContextType) {
	for k, c := range cs {
		if c < interaction.ContextGuild || c > interaction.ContextPrivateChannel {
			v.report(fieldElem("contexts", k), rules.EnumTypeCoerce,
				"contexts must hold GUILD (0), BOT_DM (1) or PRIVATE_CHANNEL (2), has "+strconv.Itoa(int(c)))
			continue
		}
		for _, d := range cs[:k] {
			if d == c {
				v.report(fieldElem("contexts", k), rules.ApplicationCommandDuplicateValue, "contexts must not list "+c.String()+" twice")
				break
			}
		}
	}
}

// globalOnly reports, as warnings, the fields of the current guild command
// that only global commands hold. The service's guild bulk overwrite takes
// dm_permission, integration_types (by default [0]) and contexts (by
// default [0,1,2]); it accepts them on any guild command, and a guild
// command read back carries none of them. They change nothing: a guild
// command is offered in its guild, never in direct messages.
func (v *validator) globalOnly() {
	c := v.cmd
	if c.DMPermission != nil {
		v.report(field("dm_permission"), rules.ApplicationCommandGlobalOnly,
			"dm_permission has effect only on global commands; the service ignores it on a guild command")
	}
	if len(c.IntegrationTypes) > 0 {
		v.report(field("integration_types"), rules.ApplicationCommandGlobalOnly,
			"integration_types have effect only on global commands; the service ignores them on a guild command")
	}
	if len(c.Contexts) > 0 {
		v.report(field("contexts"), rules.ApplicationCommandGlobalOnly,
			"contexts have effect only on global commands; the service ignores them on a guild command")
		for k, ctx := range c.Contexts {
			if ctx == interaction.ContextBotDM {
				v.report(fieldElem("contexts", k), rules.ApplicationCommandGuildBotDM,
					"a guild command is never offered in direct messages, whatever its contexts say")
			}
		}
	}
}
