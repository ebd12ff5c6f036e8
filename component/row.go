package component

import "github.com/switchboard-go/switchboard/interaction"

// ActionRow is a row of a message or of a legacy modal: up to five
// buttons, or one select menu, or (in a modal) one text input.
type ActionRow struct {
	ID         int                     `json:"id,omitzero"`
	Components []interaction.Component `json:"components"`
}

// ComponentType returns ComponentActionRow.
func (ActionRow) ComponentType() interaction.ComponentType { return interaction.ComponentActionRow }
