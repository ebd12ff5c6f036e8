package component

import (
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
)

// TextInputStyle is the shape of a text input.
type TextInputStyle int

// Text input styles.
const (
	// TextInputShort is a single line.
	TextInputShort TextInputStyle = 1
	// TextInputParagraph is a box of several lines.
	TextInputParagraph TextInputStyle = 2
)

// String returns "SHORT", "PARAGRAPH", or TextInputStyle(n) for a number
// the service does not define.
func (s TextInputStyle) String() string {
	switch s {
	case TextInputShort:
		return "SHORT"
	case TextInputParagraph:
		return "PARAGRAPH"
	}
	return "TextInputStyle(" + strconv.Itoa(int(s)) + ")"
}

// TextInput is a field of a modal where the user types text.
type TextInput struct {
	ID       int            `json:"id,omitzero"`
	CustomID string         `json:"custom_id"`
	Style    TextInputStyle `json:"style"`
	// Label is the text above the input, at most 45 characters, when the
	// input sits in an action row; in a Label, the Label says it and the
	// input has none.
	Label string `json:"label,omitempty"`
	// MinLength is the fewest characters accepted, 0 to 4000; 0 is also
	// the service's default.
	MinLength int `json:"min_length,omitzero"`
	// MaxLength is the most characters accepted, 1 to 4000; nil means
	// 4000.
	MaxLength *int `json:"max_length,omitempty"`
	// Required says whether the modal can be submitted with the input
	// empty; nil means true.
	Required *bool `json:"required,omitempty"`
	// Value is the text the input starts with, at most 4000 characters.
	Value string `json:"value,omitempty"`
	// Placeholder shows while the input is empty, at most 100 characters.
	Placeholder string `json:"placeholder,omitempty"`
}

// ComponentType returns ComponentTextInput.
func (TextInput) ComponentType() interaction.ComponentType { return interaction.ComponentTextInput }
