package command

import (
	"github.com/switchboard-go/switchboard/interaction"
)

// Localizations maps locales to the text shown to users of that locale.
type Localizations map[interaction.Locale]string

// Command is an application command as the service's create and bulk
// overwrite endpoints take it, and as its read endpoints return it (the
// fields the service fills in are set then).
type Command struct {
	// Set by the service.
	ID            interaction.Snowflake `json:"id,omitzero"`
	ApplicationID interaction.Snowflake `json:"application_id,omitzero"`
	GuildID       interaction.Snowflake `json:"guild_id,omitzero"`
	Version       interaction.Snowflake `json:"version,omitzero"`

	// Type defaults to CHAT_INPUT when zero.
	Type                     interaction.CommandType `json:"type,omitzero"`
	Name                     string                  `json:"name"`
	NameLocalizations        Localizations           `json:"name_localizations,omitempty"`
	Description              string                  `json:"description,omitempty"`
	DescriptionLocalizations Localizations           `json:"description_localizations,omitempty"`
	// Options are the options, subcommands and groups of a CHAT_INPUT
	// command.
	Options []Option `json:"options,omitempty"`
	// DefaultMemberPermissions are the permissions a member needs to see
	// and use the command unless an overwrite says otherwise. nil leaves
	// it to everyone; a zero set restricts it to administrators.
	DefaultMemberPermissions *interaction.Permissions `json:"default_member_permissions,omitempty"`
	// DMPermission says whether a global command is offered in DMs; nil
	// sends nothing. The service deprecated it in favour of Contexts; the
	// field stays, since the service still takes and returns it.
	DMPermission *bool `json:"dm_permission,omitempty"`
	// DefaultPermission false restricts the command to administrators;
	// nil sends nothing. The service deprecated it in favour of
	// DefaultMemberPermissions; the field stays, since the service still
	// takes and returns it.
	DefaultPermission *bool                         `json:"default_permission,omitempty"`
	NSFW              bool                          `json:"nsfw,omitzero"`
	IntegrationTypes  []interaction.IntegrationType `json:"integration_types,omitempty"`
	Contexts          []interaction.ContextType     `json:"contexts,omitempty"`
	// Handler says who answers a PRIMARY_ENTRY_POINT command.
	Handler interaction.EntryPointHandlerType `json:"handler,omitzero"`
}

// CommandType returns the command's type, CHAT_INPUT when unset.
func (c *Command) CommandType() interaction.CommandType {
	if c.Type == 0 {
		return interaction.CommandChatInput
	}
	return c.Type
}

// Option is a command option, subcommand or subcommand group.
type Option struct {
	Type                     interaction.OptionType `json:"type"`
	Name                     string                 `json:"name"`
	NameLocalizations        Localizations          `json:"name_localizations,omitempty"`
	Description              string                 `json:"description"`
	DescriptionLocalizations Localizations          `json:"description_localizations,omitempty"`
	Required                 bool                   `json:"required,omitzero"`
	// Choices are the only values a user may pick, for STRING, INTEGER and
	// NUMBER options.
	Choices []interaction.Choice `json:"choices,omitempty"`
	// Options are the options of a subcommand, or the subcommands of a
	// group.
	Options []Option `json:"options,omitempty"`
	// ChannelTypes restricts a CHANNEL option to channels of these types.
	ChannelTypes []interaction.ChannelType `json:"channel_types,omitempty"`
	// FileTypes restricts an ATTACHMENT option to the files whose name
	// ends in one of these extensions, or in one of the extensions of
	// these groups: at most 10 entries, each "image", "video", "audio"
	// or an extension with its leading dot, such as ".pdf", in any case
	// (the service stores extensions in lower case). The client checks
	// the name only, never the contents.
	FileTypes []string `json:"file_types,omitempty"`
	// MinValue and MaxValue bound an INTEGER (whole numbers) or NUMBER
	// option; the zero Value means no bound.
	MinValue interaction.Value `json:"min_value,omitzero"`
	MaxValue interaction.Value `json:"max_value,omitzero"`
	// MinLength and MaxLength bound a STRING option; nil means no bound.
	MinLength    *int `json:"min_length,omitempty"`
	MaxLength    *int `json:"max_length,omitempty"`
	Autocomplete bool `json:"autocomplete,omitzero"`
}
