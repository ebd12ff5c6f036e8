package component

import "github.com/switchboard-go/switchboard/interaction"

// Label is a top-level component of a modal that titles one input: a text
// input, a string select or a file upload.
type Label struct {
	ID int `json:"id,omitzero"`
	// Label is the title, at most 45 characters.
	Label string `json:"label"`
	// Description is a line under the title, at most 100 characters.
	Description string                `json:"description,omitempty"`
	Component   interaction.Component `json:"component"`
}

// ComponentType returns ComponentLabel.
func (Label) ComponentType() interaction.ComponentType { return interaction.ComponentLabel }

// FileUpload is an input of a modal, inside a Label, where the user
// attaches files. The facts of the service do not describe it; its fields
// and limits follow the service's public documentation: min_values 0 to
// 10 (default 1), max_values 1 to 10 (default 1), required by default.
type FileUpload struct {
	ID        int    `json:"id,omitzero"`
	CustomID  string `json:"custom_id"`
	MinValues *int   `json:"min_values,omitempty"`
	MaxValues *int   `json:"max_values,omitempty"`
	Required  *bool  `json:"required,omitempty"`
}

// ComponentType returns ComponentFileUpload.
func (FileUpload) ComponentType() interaction.ComponentType { return interaction.ComponentFileUpload }
