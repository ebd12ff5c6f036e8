package component

import (
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
)

// ButtonStyle is how a button looks and what pressing it does.
type ButtonStyle int

// Button styles. Primary to Danger send an interaction with the button's
// custom_id; Link opens its url; Premium offers the purchase of its SKU.
const (
	ButtonPrimary   ButtonStyle = 1
	ButtonSecondary ButtonStyle = 2
	ButtonSuccess   ButtonStyle = 3
	ButtonDanger    ButtonStyle = 4
	ButtonLink      ButtonStyle = 5
	ButtonPremium   ButtonStyle = 6
)

var buttonStyleNames = [...]string{
	ButtonPrimary:   "PRIMARY",
	ButtonSecondary: "SECONDARY",
	ButtonSuccess:   "SUCCESS",
	ButtonDanger:    "DANGER",
	ButtonLink:      "LINK",
	ButtonPremium:   "PREMIUM",
}

// String returns the name of the style, such as "PRIMARY", or
// ButtonStyle(n) for a number the service does not define.
func (s ButtonStyle) String() string {
	if s > 0 && int(s) < len(buttonStyleNames) {
		return buttonStyleNames[s]
	}
	return "ButtonStyle(" + strconv.Itoa(int(s)) + ")"
}

// PartialEmoji is the emoji of a button or a select option: a custom emoji
// by its ID (and name), or a Unicode emoji by its Name alone.
type PartialEmoji struct {
	ID       interaction.Snowflake `json:"id,omitzero"`
	Name     string                `json:"name,omitempty"`
	Animated bool                  `json:"animated,omitzero"`
}

// Button is a button of a message: in an action row, or as the accessory
// of a section.
type Button struct {
	// ID is the component's optional numeric identifier, unique in the
	// message; the service numbers the components that have none.
	ID    int         `json:"id,omitzero"`
	Style ButtonStyle `json:"style"`
	// Label is the text on the button, at most 80 characters.
	Label string       `json:"label,omitempty"`
	Emoji PartialEmoji `json:"emoji,omitzero"`
	// CustomID comes back in the interaction a press sends; only the
	// styles Primary to Danger have one.
	CustomID string `json:"custom_id,omitempty"`
	// SKUID is the SKU a Premium button sells.
	SKUID interaction.Snowflake `json:"sku_id,omitzero"`
	// URL is where a Link button leads.
	URL      string `json:"url,omitempty"`
	Disabled bool   `json:"disabled,omitzero"`
}

// ComponentType returns ComponentButton.
func (Button) ComponentType() interaction.ComponentType { return interaction.ComponentButton }
