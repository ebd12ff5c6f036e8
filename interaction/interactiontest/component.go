package interactiontest

import (
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// Component starts a MESSAGE_COMPONENT interaction: a use of the component
// customID, of type t, on a message the bot sent (see OnMessage). Add the
// values of a select with Values, or with the Selected methods for entity
// selects.
func Component(customID string, t interaction.ComponentType) *Builder {
	b := newBuilder(interaction.TypeMessageComponent)
	b.ix.Data = interaction.Data{CustomID: customID, ComponentType: t}
	b.ix.Message = &interaction.Message{
		ID:            MessageID,
		ChannelID:     ChannelID,
		Author:        interaction.User{ID: ApplicationID, Username: "bot", Bot: true},
		Timestamp:     time.Now().UTC().Truncate(time.Millisecond),
		Type:          20, // a reply to an interaction
		ApplicationID: ApplicationID,
	}
	return b
}

// Button returns a click on the button customID.
func Button(customID string) *Builder { return Component(customID, interaction.ComponentButton) }

// Select returns a choice in the string select customID.
func Select(customID string, values ...string) *Builder {
	return Component(customID, interaction.ComponentStringSelect).Values(values...)
}

// OnMessage puts the component on msg, or on no message when msg is nil.
// A message's guild and channel follow the interaction's.
func (b *Builder) OnMessage(msg *interaction.Message) *Builder {
	if msg != nil {
		m := *msg
		msg = &m
	}
	b.ix.Message = msg
	return b
}

// Values adds values chosen in a select.
func (b *Builder) Values(values ...string) *Builder {
	b.ix.Data.Values = append(b.ix.Data.Values, values...)
	return b
}

// SelectedUser adds a user chosen in a user or mentionable select, with
// their membership when member is not nil.
func (b *Builder) SelectedUser(u interaction.User, member *interaction.Member) *Builder {
	b.addUser(u, member)
	return b.Values(u.ID.String())
}

// SelectedRole adds a role chosen in a role or mentionable select.
func (b *Builder) SelectedRole(r interaction.Role) *Builder {
	b.addRole(r)
	return b.Values(r.ID.String())
}

// SelectedChannel adds a channel chosen in a channel select.
func (b *Builder) SelectedChannel(c interaction.Channel) *Builder {
	if b.resolved.Channels == nil {
		b.resolved.Channels = map[interaction.Snowflake]interaction.Channel{}
	}
	b.resolved.Channels[c.ID] = c
	return b.Values(c.ID.String())
}

// ModalSubmit starts a MODAL_SUBMIT interaction of the modal customID,
// opened by a command (see FromMessage for one a component opened). Add
// what the user entered with TextInput and the other input methods.
func ModalSubmit(customID string) *Builder {
	b := newBuilder(interaction.TypeModalSubmit)
	b.ix.Data = interaction.Data{CustomID: customID}
	return b
}

// FromMessage makes the modal one that a component of msg opened: the
// submission then carries the message, and may update it.
func (b *Builder) FromMessage(msg interaction.Message) *Builder {
	b.ix.Message = &msg
	return b
}

// label adds a label holding input to a submitted modal, as the service
// sends the modals of today; its ids count from 1 in the modal's order.
func (b *Builder) label(input interaction.SubmittedComponent) *Builder {
	id := 2*len(b.ix.Data.Components) + 1
	input.ID = id + 1
	b.ix.Data.Components = append(b.ix.Data.Components,
		interaction.SubmittedComponent{Type: interaction.ComponentLabel, ID: id, Component: &input})
	return b
}

// TextInput adds a text input of a submitted modal with what the user
// typed into it.
func (b *Builder) TextInput(customID, value string) *Builder {
	return b.label(interaction.SubmittedComponent{Type: interaction.ComponentTextInput, CustomID: customID, Value: value})
}

// RowTextInput adds a text input inside an action row, as legacy modals
// lay them out.
func (b *Builder) RowTextInput(customID, value string) *Builder {
	b.ix.Data.Components = append(b.ix.Data.Components, interaction.SubmittedComponent{
		Type:       interaction.ComponentActionRow,
		Components: []interaction.SubmittedComponent{{Type: interaction.ComponentTextInput, CustomID: customID, Value: value}},
	})
	return b
}

// ModalSelect adds a string select of a submitted modal with the values
// chosen.
func (b *Builder) ModalSelect(customID string, values ...string) *Builder {
	return b.label(interaction.SubmittedComponent{Type: interaction.ComponentStringSelect, CustomID: customID, Values: values})
}

// FileUpload adds a file upload of a submitted modal with the files
// uploaded, which it resolves.
func (b *Builder) FileUpload(customID string, files ...interaction.Attachment) *Builder {
	ids := make([]string, len(files))
	for i, a := range files {
		if b.resolved.Attachments == nil {
			b.resolved.Attachments = map[interaction.Snowflake]interaction.Attachment{}
		}
		b.resolved.Attachments[a.ID] = a
		ids[i] = a.ID.String()
	}
	return b.label(interaction.SubmittedComponent{Type: interaction.ComponentFileUpload, CustomID: customID, Values: ids})
}

// RadioGroup adds a radio group of a submitted modal with the value of the
// option chosen, or "" for none (the service sends null).
func (b *Builder) RadioGroup(customID, value string) *Builder {
	return b.label(interaction.SubmittedComponent{Type: interaction.ComponentRadioGroup, CustomID: customID, Value: value})
}

// CheckboxGroup adds a checkbox group of a submitted modal with the values
// of the options ticked.
func (b *Builder) CheckboxGroup(customID string, values ...string) *Builder {
	if values == nil {
		values = []string{}
	}
	return b.label(interaction.SubmittedComponent{Type: interaction.ComponentCheckboxGroup, CustomID: customID, Values: values})
}

// Checkbox adds a checkbox of a submitted modal, ticked or not.
func (b *Builder) Checkbox(customID string, checked bool) *Builder {
	return b.label(interaction.SubmittedComponent{Type: interaction.ComponentCheckbox, CustomID: customID, Checked: checked})
}

// ModalUsers adds a user select of a submitted modal with the users
// chosen, each with their membership where members holds one (members
// may be nil, or shorter than users), and resolves them.
func (b *Builder) ModalUsers(customID string, users []interaction.User, members []*interaction.Member) *Builder {
	ids := make([]string, len(users))
	for i, u := range users {
		var m *interaction.Member
		if i < len(members) {
			m = members[i]
		}
		b.addUser(u, m)
		ids[i] = u.ID.String()
	}
	return b.label(interaction.SubmittedComponent{Type: interaction.ComponentUserSelect, CustomID: customID, Values: ids})
}

// ModalRoles adds a role select of a submitted modal with the roles
// chosen, and resolves them.
func (b *Builder) ModalRoles(customID string, roles ...interaction.Role) *Builder {
	ids := make([]string, len(roles))
	for i, r := range roles {
		b.addRole(r)
		ids[i] = r.ID.String()
	}
	return b.label(interaction.SubmittedComponent{Type: interaction.ComponentRoleSelect, CustomID: customID, Values: ids})
}

// ModalMentionables adds a mentionable select of a submitted modal with
// the users and roles chosen, users first, and resolves them.
func (b *Builder) ModalMentionables(customID string, users []interaction.User, roles []interaction.Role) *Builder {
	ids := make([]string, 0, len(users)+len(roles))
	for _, u := range users {
		b.addUser(u, nil)
		ids = append(ids, u.ID.String())
	}
	for _, r := range roles {
		b.addRole(r)
		ids = append(ids, r.ID.String())
	}
	return b.label(interaction.SubmittedComponent{Type: interaction.ComponentMentionableSelect, CustomID: customID, Values: ids})
}

// ModalChannels adds a channel select of a submitted modal with the
// channels chosen, and resolves them.
func (b *Builder) ModalChannels(customID string, channels ...interaction.Channel) *Builder {
	ids := make([]string, len(channels))
	for i, c := range channels {
		if b.resolved.Channels == nil {
			b.resolved.Channels = map[interaction.Snowflake]interaction.Channel{}
		}
		b.resolved.Channels[c.ID] = c
		ids[i] = c.ID.String()
	}
	return b.label(interaction.SubmittedComponent{Type: interaction.ComponentChannelSelect, CustomID: customID, Values: ids})
}
