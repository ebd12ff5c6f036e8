package component

import "github.com/switchboard-go/switchboard/interaction"

// The fields the five select menus share follow the service's defaults:
// min_values and max_values default to 1, required (in a modal) to true.
// Those fields are pointers, so that nil leaves the default and an explicit
// value, 0 included, is sent as it is; new(0) or the With modifiers set
// them.

// SelectOption is a choice of a string select.
type SelectOption struct {
	// Label is what the user sees, Value what the interaction carries;
	// each at most 100 characters.
	Label string `json:"label"`
	Value string `json:"value"`
	// Description is a line under the label, at most 100 characters.
	Description string       `json:"description,omitempty"`
	Emoji       PartialEmoji `json:"emoji,omitzero"`
	// Default preselects the option.
	Default bool `json:"default,omitzero"`
}

// StringSelect is a select menu of options the bot lists.
type StringSelect struct {
	ID       int    `json:"id,omitzero"`
	CustomID string `json:"custom_id"`
	// Options are the choices, 1 to 25.
	Options []SelectOption `json:"options"`
	// Placeholder shows while nothing is chosen, at most 150 characters.
	Placeholder string `json:"placeholder,omitempty"`
	// MinValues is how many options must be chosen, 0 to 25; nil means 1.
	MinValues *int `json:"min_values,omitempty"`
	// MaxValues is how many options may be chosen, 1 to 25; nil means 1.
	MaxValues *int `json:"max_values,omitempty"`
	// Required says whether a modal can be submitted without a choice;
	// nil means true. Messages ignore it.
	Required *bool `json:"required,omitempty"`
	Disabled bool  `json:"disabled,omitzero"`
}

// ComponentType returns ComponentStringSelect.
func (StringSelect) ComponentType() interaction.ComponentType {
	return interaction.ComponentStringSelect
}

// DefaultValueType is the kind of entity a DefaultValue names.
type DefaultValueType string

// Kinds of default values.
const (
	DefaultUser    DefaultValueType = "user"
	DefaultRole    DefaultValueType = "role"
	DefaultChannel DefaultValueType = "channel"
)

// DefaultValue is an entity a user, role, mentionable or channel select
// shows as chosen when the message appears.
type DefaultValue struct {
	ID   interaction.Snowflake `json:"id"`
	Type DefaultValueType      `json:"type"`
}

// UserSelect is a select menu of the users of a channel.
type UserSelect struct {
	ID            int            `json:"id,omitzero"`
	CustomID      string         `json:"custom_id"`
	Placeholder   string         `json:"placeholder,omitempty"`
	DefaultValues []DefaultValue `json:"default_values,omitempty"`
	MinValues     *int           `json:"min_values,omitempty"`
	MaxValues     *int           `json:"max_values,omitempty"`
	Required      *bool          `json:"required,omitempty"`
	Disabled      bool           `json:"disabled,omitzero"`
}

// ComponentType returns ComponentUserSelect.
func (UserSelect) ComponentType() interaction.ComponentType { return interaction.ComponentUserSelect }

// RoleSelect is a select menu of the roles of a guild.
type RoleSelect struct {
	ID            int            `json:"id,omitzero"`
	CustomID      string         `json:"custom_id"`
	Placeholder   string         `json:"placeholder,omitempty"`
	DefaultValues []DefaultValue `json:"default_values,omitempty"`
	MinValues     *int           `json:"min_values,omitempty"`
	MaxValues     *int           `json:"max_values,omitempty"`
	Required      *bool          `json:"required,omitempty"`
	Disabled      bool           `json:"disabled,omitzero"`
}

// ComponentType returns ComponentRoleSelect.
func (RoleSelect) ComponentType() interaction.ComponentType { return interaction.ComponentRoleSelect }

// MentionableSelect is a select menu of users and roles.
type MentionableSelect struct {
	ID            int            `json:"id,omitzero"`
	CustomID      string         `json:"custom_id"`
	Placeholder   string         `json:"placeholder,omitempty"`
	DefaultValues []DefaultValue `json:"default_values,omitempty"`
	MinValues     *int           `json:"min_values,omitempty"`
	MaxValues     *int           `json:"max_values,omitempty"`
	Required      *bool          `json:"required,omitempty"`
	Disabled      bool           `json:"disabled,omitzero"`
}

// ComponentType returns ComponentMentionableSelect.
func (MentionableSelect) ComponentType() interaction.ComponentType {
	return interaction.ComponentMentionableSelect
}

// ChannelSelect is a select menu of channels, of the ChannelTypes listed
// or of any type.
type ChannelSelect struct {
	ID            int                       `json:"id,omitzero"`
	CustomID      string                    `json:"custom_id"`
	ChannelTypes  []interaction.ChannelType `json:"channel_types,omitempty"`
	Placeholder   string                    `json:"placeholder,omitempty"`
	DefaultValues []DefaultValue            `json:"default_values,omitempty"`
	MinValues     *int                      `json:"min_values,omitempty"`
	MaxValues     *int                      `json:"max_values,omitempty"`
	Required      *bool                     `json:"required,omitempty"`
	Disabled      bool                      `json:"disabled,omitzero"`
}

// ComponentType returns ComponentChannelSelect.
func (ChannelSelect) ComponentType() interaction.ComponentType {
	return interaction.ComponentChannelSelect
}
