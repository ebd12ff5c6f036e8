package component

import "github.com/switchboard-go/switchboard/interaction"

// Select returns a string select of options.
func Select(customID string, options ...SelectOption) StringSelect {
	return StringSelect{CustomID: customID, Options: options}
}

// Option returns an option of a string select: label is shown, value is
// what the interaction carries.
func Option(label, value string) SelectOption { return SelectOption{Label: label, Value: value} }

// WithDescription returns o with a line of text under its label.
func (o SelectOption) WithDescription(d string) SelectOption {
	o.Description = d
	return o
}

// WithEmoji returns o with an emoji beside its label.
func (o SelectOption) WithEmoji(e PartialEmoji) SelectOption {
	o.Emoji = e
	return o
}

// Preselect returns o chosen when the message appears.
func (o SelectOption) Preselect() SelectOption {
	o.Default = true
	return o
}

// WithPlaceholder returns s with text shown while nothing is chosen.
func (s StringSelect) WithPlaceholder(p string) StringSelect {
	s.Placeholder = p
	return s
}

// WithMinValues returns s requiring at least n choices; 0 lets the user
// clear the choice.
func (s StringSelect) WithMinValues(n int) StringSelect {
	s.MinValues = &n
	return s
}

// WithMaxValues returns s allowing up to n choices.
func (s StringSelect) WithMaxValues(n int) StringSelect {
	s.MaxValues = &n
	return s
}

// Optional returns s that a modal can be submitted without.
func (s StringSelect) Optional() StringSelect {
	s.Required = new(false)
	return s
}

// Disable returns s greyed out.
func (s StringSelect) Disable() StringSelect {
	s.Disabled = true
	return s
}

// SelectUsers returns a select of users.
func SelectUsers(customID string) UserSelect { return UserSelect{CustomID: customID} }

// WithPlaceholder returns s with text shown while nothing is chosen.
func (s UserSelect) WithPlaceholder(p string) UserSelect {
	s.Placeholder = p
	return s
}

// WithMinValues returns s requiring at least n choices.
func (s UserSelect) WithMinValues(n int) UserSelect {
	s.MinValues = &n
	return s
}

// WithMaxValues returns s allowing up to n choices.
func (s UserSelect) WithMaxValues(n int) UserSelect {
	s.MaxValues = &n
	return s
}

// WithDefaults returns s showing the users ids as chosen.
func (s UserSelect) WithDefaults(ids ...interaction.Snowflake) UserSelect {
	s.DefaultValues = defaults(DefaultUser, ids)
	return s
}

// Optional returns s that a modal can be submitted without.
func (s UserSelect) Optional() UserSelect {
	s.Required = new(false)
	return s
}

// Disable returns s greyed out.
func (s UserSelect) Disable() UserSelect {
	s.Disabled = true
	return s
}

// SelectRoles returns a select of roles.
func SelectRoles(customID string) RoleSelect { return RoleSelect{CustomID: customID} }

// WithPlaceholder returns s with text shown while nothing is chosen.
func (s RoleSelect) WithPlaceholder(p string) RoleSelect {
	s.Placeholder = p
	return s
}

// WithMinValues returns s requiring at least n choices.
func (s RoleSelect) WithMinValues(n int) RoleSelect {
	s.MinValues = &n
	return s
}

// WithMaxValues returns s allowing up to n choices.
func (s RoleSelect) WithMaxValues(n int) RoleSelect {
	s.MaxValues = &n
	return s
}

// WithDefaults returns s showing the roles ids as chosen.
func (s RoleSelect) WithDefaults(ids ...interaction.Snowflake) RoleSelect {
	s.DefaultValues = defaults(DefaultRole, ids)
	return s
}

// Optional returns s that a modal can be submitted without.
func (s RoleSelect) Optional() RoleSelect {
	s.Required = new(false)
	return s
}

// Disable returns s greyed out.
func (s RoleSelect) Disable() RoleSelect {
	s.Disabled = true
	return s
}

// SelectMentionables returns a select of users and roles.
func SelectMentionables(customID string) MentionableSelect {
	return MentionableSelect{CustomID: customID}
}

// WithPlaceholder returns s with text shown while nothing is chosen.
func (s MentionableSelect) WithPlaceholder(p string) MentionableSelect {
	s.Placeholder = p
	return s
}

// WithMinValues returns s requiring at least n choices.
func (s MentionableSelect) WithMinValues(n int) MentionableSelect {
	s.MinValues = &n
	return s
}

// WithMaxValues returns s allowing up to n choices.
func (s MentionableSelect) WithMaxValues(n int) MentionableSelect {
	s.MaxValues = &n
	return s
}

// WithDefaults returns s showing vs, users and roles, as chosen.
func (s MentionableSelect) WithDefaults(vs ...DefaultValue) MentionableSelect {
	s.DefaultValues = vs
	return s
}

// Optional returns s that a modal can be submitted without.
func (s MentionableSelect) Optional() MentionableSelect {
	s.Required = new(false)
	return s
}

// Disable returns s greyed out.
func (s MentionableSelect) Disable() MentionableSelect {
	s.Disabled = true
	return s
}

// SelectChannels returns a select of channels of the types listed, or of
// any type when none is.
func SelectChannels(customID string, types ...interaction.ChannelType) ChannelSelect {
	return ChannelSelect{CustomID: customID, ChannelTypes: types}
}

// WithPlaceholder returns s with text shown while nothing is chosen.
func (s ChannelSelect) WithPlaceholder(p string) ChannelSelect {
	s.Placeholder = p
	return s
}

// WithMinValues returns s requiring at least n choices.
func (s ChannelSelect) WithMinValues(n int) ChannelSelect {
	s.MinValues = &n
	return s
}

// WithMaxValues returns s allowing up to n choices.
func (s ChannelSelect) WithMaxValues(n int) ChannelSelect {
	s.MaxValues = &n
	return s
}

// WithDefaults returns s showing the channels ids as chosen.
func (s ChannelSelect) WithDefaults(ids ...interaction.Snowflake) ChannelSelect {
	s.DefaultValues = defaults(DefaultChannel, ids)
	return s
}

// Optional returns s that a modal can be submitted without.
func (s ChannelSelect) Optional() ChannelSelect {
	s.Required = new(false)
	return s
}

// Disable returns s greyed out.
func (s ChannelSelect) Disable() ChannelSelect {
	s.Disabled = true
	return s
}

// UserValue returns a user as a default value of a mentionable select.
func UserValue(id interaction.Snowflake) DefaultValue { return DefaultValue{ID: id, Type: DefaultUser} }

// RoleValue returns a role as a default value of a mentionable select.
func RoleValue(id interaction.Snowflake) DefaultValue { return DefaultValue{ID: id, Type: DefaultRole} }

func defaults(t DefaultValueType, ids []interaction.Snowflake) []DefaultValue {
	vs := make([]DefaultValue, len(ids))
	for i, id := range ids {
		vs[i] = DefaultValue{ID: id, Type: t}
	}
	return vs
}
