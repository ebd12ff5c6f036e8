package router

import (
	"strings"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
)

// Fields are the inputs of a submitted modal, by custom_id: its text
// inputs, selects, file uploads, radio groups, checkbox groups and
// checkboxes, wherever the modal's layout put them. A Request for another
// interaction has none.
type Fields struct {
	data    *interaction.Data // nil unless the interaction is a modal's
	pattern string
}

// Has reports whether the modal has the input.
func (f Fields) Has(customID string) bool { return f.Get(customID).present }

// Text returns what the user typed into the text input, "" when they left
// it empty; false when the modal has no such text input.
func (f Fields) Text(customID string) (string, bool) {
	v := f.Get(customID)
	if !v.present || v.input.Type != interaction.ComponentTextInput {
		return "", false
	}
	return v.input.Value, true
}

// Values returns what the select, checkbox group or file upload holds:
// the values chosen or ticked, or the ids of the users, roles, channels or
// files; false when the modal has no such input.
func (f Fields) Values(customID string) ([]string, bool) {
	v := f.Get(customID)
	if !v.present || !holdsValues(v.input.Type) {
		return nil, false
	}
	return v.input.Values, true
}

// Checked reports whether the checkbox was ticked; ok is false when the
// modal has no such checkbox.
func (f Fields) Checked(customID string) (checked, ok bool) {
	v := f.Get(customID)
	if !v.present || v.input.Type != interaction.ComponentCheckbox {
		return false, false
	}
	return v.input.Checked, true
}

// Choice returns the value of the option chosen in the radio group;
// chosen is false when none was, or when the modal has no such radio
// group (Get tells the two apart).
func (f Fields) Choice(customID string) (value string, chosen bool) {
	v := f.Get(customID)
	if !v.present || v.input.Type != interaction.ComponentRadioGroup {
		return "", false
	}
	return v.input.Choice()
}

// holdsValues reports whether an input of type t sends a list of values:
// a select, a checkbox group or a file upload.
func holdsValues(t interaction.ComponentType) bool {
	return t.IsSelect() || t == interaction.ComponentCheckboxGroup || t == interaction.ComponentFileUpload
}

// Get returns the input; its accessors report why it cannot be read as
// asked.
func (f Fields) Get(customID string) Field {
	v := Field{customID: customID, where: where{kind: "modal", pattern: f.pattern, input: customID}}
	if f.data != nil {
		v.modal = true
		v.input, v.present = f.data.Submitted(customID)
		v.resolved = f.data.Resolved
	}
	return v
}

// Field is one input of a submitted modal, read with a typed accessor.
type Field struct {
	customID string
	input    interaction.SubmittedComponent
	present  bool
	modal    bool // whether the interaction is a modal submission
	resolved interaction.Resolved
	where    where
}

// CustomID returns the input's custom_id.
func (v Field) CustomID() string { return v.customID }

// Present reports whether the modal has the input.
func (v Field) Present() bool { return v.present }

// Type returns the input's component type, or 0 when the modal lacks it.
func (v Field) Type() interaction.ComponentType {
	if !v.present {
		return 0
	}
	return v.input.Type
}

// Text returns what the user typed into the text input, "" when they left
// it empty.
func (v Field) Text() (string, error) {
	if err := v.want(interaction.ComponentTextInput, "text"); err != nil {
		return "", err
	}
	return v.input.Value, nil
}

// number returns the text of a text input to read as a number: trimmed,
// and not empty.
func (v Field) number(what string) (string, error) {
	text, err := v.Text()
	if err != nil {
		return "", err
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return "", v.where.error(-1, fault{option.ErrMissing, "left empty, where " + what + " is asked"})
	}
	return text, nil
}

// Int returns the text of a text input as a base-10 integer; spaces around
// it are ignored. An input left empty is an error matching
// option.ErrMissing.
func (v Field) Int() (int64, error) {
	text, err := v.number("an integer")
	if err != nil {
		return 0, err
	}
	i, f := parseInt(text)
	if !f.ok() {
		return 0, v.where.error(-1, f)
	}
	return i, nil
}

// Float returns the text of a text input as a finite decimal number, as
// Int does for integers.
func (v Field) Float() (float64, error) {
	text, err := v.number("a number")
	if err != nil {
		return 0, err
	}
	x, f := parseFloat(text)
	if !f.ok() {
		return 0, v.where.error(-1, f)
	}
	return x, nil
}

// Values returns what a select, checkbox group or file upload holds: the
// values chosen or ticked, or the ids of the users, roles, channels or
// files. A checkbox group sends its values in no set order, and an empty
// list when nothing was ticked.
func (v Field) Values() ([]string, error) {
	if err := v.checkPresent(); err != nil {
		return nil, err
	}
	if !holdsValues(v.input.Type) {
		return nil, v.where.typeError(v.input.Type, "values")
	}
	return v.input.Values, nil
}

// Bool returns whether a checkbox was ticked.
func (v Field) Bool() (bool, error) {
	if err := v.want(interaction.ComponentCheckbox, "ticked or unticked state"); err != nil {
		return false, err
	}
	return v.input.Checked, nil
}

// Choice returns the value of the option chosen in a radio group, and
// false when the user chose none, which a radio group that is not
// required allows.
func (v Field) Choice() (value string, chosen bool, err error) {
	if err := v.want(interaction.ComponentRadioGroup, "choice"); err != nil {
		return "", false, err
	}
	value, chosen = v.input.Choice()
	return value, chosen, nil
}

// Members returns the members chosen in a user or mentionable select
// submitted in a guild, in the order chosen; a user the service sent
// without a membership is an error matching option.ErrUnresolved.
func (v Field) Members() ([]interaction.Member, error) {
	users, err := v.Users()
	if err != nil {
		return nil, err
	}
	out := make([]interaction.Member, len(users))
	for i, u := range users {
		if !u.HasMember {
			return nil, v.where.error(i, fault{option.ErrUnresolved, "user " + u.ID.String() + " comes without a membership"})
		}
		out[i] = u.Member
		out[i].User = u.User
	}
	return out, nil
}

// Attachments returns the files uploaded in a file upload.
func (v Field) Attachments() ([]interaction.Attachment, error) {
	s, err := v.selection()
	if err != nil {
		return nil, err
	}
	return s.attachments()
}

// Users returns the users chosen in a user or mentionable select, each
// with their membership when the modal was submitted in a guild.
func (v Field) Users() ([]option.ResolvedUser, error) {
	s, err := v.selection()
	if err != nil {
		return nil, err
	}
	return s.users()
}

// Roles returns the roles chosen in a role or mentionable select.
func (v Field) Roles() ([]interaction.Role, error) {
	s, err := v.selection()
	if err != nil {
		return nil, err
	}
	return s.roles()
}

// Channels returns the channels chosen in a channel select.
func (v Field) Channels() ([]interaction.Channel, error) {
	s, err := v.selection()
	if err != nil {
		return nil, err
	}
	return s.channels()
}

// Mentionables returns the users and roles chosen in a mentionable
// select.
func (v Field) Mentionables() ([]option.ResolvedMentionable, error) {
	s, err := v.selection()
	if err != nil {
		return nil, err
	}
	return s.mentionables()
}

func (v Field) selection() (selection, error) {
	if err := v.checkPresent(); err != nil {
		return selection{}, err
	}
	return selection{values: v.input.Values, resolved: v.resolved, typ: v.input.Type, where: v.where}, nil
}

// checkPresent returns an error when the modal lacks the input.
func (v Field) checkPresent() error {
	switch {
	case !v.modal:
		return v.where.error(-1, fault{option.ErrMissing, "the interaction is not a modal submission"})
	case !v.present:
		return v.where.error(-1, fault{option.ErrMissing, "the modal has no such input"})
	}
	return nil
}

// want returns an error unless the input is present and of type t.
func (v Field) want(t interaction.ComponentType, what string) error {
	if err := v.checkPresent(); err != nil {
		return err
	}
	if v.input.Type != t {
		return v.where.typeError(v.input.Type, what)
	}
	return nil
}
