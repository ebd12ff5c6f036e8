package component

import "github.com/switchboard-go/switchboard/interaction"

// The radio group, the checkbox group and the checkbox are inputs of
// modals, each inside a Label, and never parts of messages. Their fields
// and limits follow the service's public documentation (Component
// Reference, February 2026).

// GroupOption is a choice of a radio group or a checkbox group. Unlike a
// SelectOption it has no emoji.
type GroupOption struct {
	// Value is what the submission carries, Label what the user sees;
	// each 1 to 100 characters.
	Value string `json:"value"`
	Label string `json:"label"`
	// Description is a line under the label, at most 100 characters.
	Description string `json:"description,omitempty"`
	// Default preselects the option: ticks it in a checkbox group, picks
	// it in a radio group, which may preselect one option only.
	Default bool `json:"default,omitzero"`
}

// RadioGroup is an input of a modal where the user picks one of 2 to 10
// options, or none when it is not required. The submission carries the
// value of the option picked, or null.
type RadioGroup struct {
	ID       int           `json:"id,omitzero"`
	CustomID string        `json:"custom_id"`
	Options  []GroupOption `json:"options"`
	// Required says whether the modal can be submitted without a pick;
	// nil means true.
	Required *bool `json:"required,omitempty"`
}

// ComponentType returns ComponentRadioGroup.
func (RadioGroup) ComponentType() interaction.ComponentType { return interaction.ComponentRadioGroup }

// CheckboxGroup is an input of a modal where the user ticks some of 1 to
// 10 options. The submission carries the values of the options ticked, in
// no particular order.
type CheckboxGroup struct {
	ID       int           `json:"id,omitzero"`
	CustomID string        `json:"custom_id"`
	Options  []GroupOption `json:"options"`
	// MinValues is how many options must be ticked, 0 to 10; nil means 1.
	// While Required is true, or nil, it is nil or at least 1.
	MinValues *int `json:"min_values,omitempty"`
	// MaxValues is how many options may be ticked, 1 to 10 and no more
	// than there are options; nil means as many as there are.
	MaxValues *int `json:"max_values,omitempty"`
	// Required says whether the modal can be submitted with nothing
	// ticked; nil means true.
	Required *bool `json:"required,omitempty"`
}

// ComponentType returns ComponentCheckboxGroup.
func (CheckboxGroup) ComponentType() interaction.ComponentType {
	return interaction.ComponentCheckboxGroup
}

// Checkbox is an input of a modal: one box, for a yes or no. The
// submission carries true when it is ticked, false otherwise. It has no
// required field: a box that must be ticked is a CheckboxGroup of one
// option.
type Checkbox struct {
	ID       int    `json:"id,omitzero"`
	CustomID string `json:"custom_id"`
	// Default starts the box ticked.
	Default bool `json:"default,omitzero"`
	// required is set when the JSON it was parsed from carries a
	// required field, which the service does not take on a checkbox, so
	// that validation reports it. It is never encoded.
	required bool
}

// ComponentType returns ComponentCheckbox.
func (Checkbox) ComponentType() interaction.ComponentType { return interaction.ComponentCheckbox }
