package component

import "github.com/switchboard-go/switchboard/interaction"

// Label is a top-level component of a modal that titles one input: a text
// input, one of the five selects, a file upload, a radio group, a checkbox
// group or a checkbox. Every input of a modal sits in a label, but for the
// text input of the older layout, in an action row.
type Label struct {
	ID int `json:"id,omitzero"`
	// Label is the title, at most 45 characters.
	Label string `json:"label"`
	// Description is a line under the title, at most 100 characters.
	Description string `json:"description,omitempty"`
	// Component is the input, exactly one.
	Component interaction.Component `json:"component"`
}

// ComponentType returns ComponentLabel.
func (Label) ComponentType() interaction.ComponentType { return interaction.ComponentLabel }

// FileUpload is an input of a modal, inside a Label, where the user
// attaches files: min_values 0 to 10 (default 1), max_values 1 to 10
// (default 1), required by default; while required is true, min_values is
// nil or at least 1. Each file may be as large as the user's own upload
// limit in the channel.
type FileUpload struct {
	ID        int    `json:"id,omitzero"`
	CustomID  string `json:"custom_id"`
	MinValues *int   `json:"min_values,omitempty"`
	MaxValues *int   `json:"max_values,omitempty"`
	Required  *bool  `json:"required,omitempty"`
	// FileTypes limits the files the user may choose to those whose
	// name ends in one of the extensions listed, or of the groups listed
	// ("image", "video", "audio"): at most 10 entries, each a group or an
	// extension with its leading dot, such as ".pdf", in any case. The
	// client checks only the name, never the contents. Empty, any file
	// is accepted.
	FileTypes []string `json:"file_types,omitempty"`
}

// ComponentType returns ComponentFileUpload.
func (FileUpload) ComponentType() interaction.ComponentType { return interaction.ComponentFileUpload }
