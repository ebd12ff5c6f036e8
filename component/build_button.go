package component

import "github.com/switchboard-go/switchboard/interaction"

// Row returns an action row of cs: up to five buttons, or one select, or
// (in a modal) one text input.
func Row(cs ...interaction.Component) ActionRow { return ActionRow{Components: cs} }

// PrimaryButton returns a button of the Primary style (blurple). A press
// sends an interaction with customID.
func PrimaryButton(customID, label string) Button {
	return Button{Style: ButtonPrimary, CustomID: customID, Label: label}
}

// SecondaryButton returns a button of the Secondary style (grey).
func SecondaryButton(customID, label string) Button {
	return Button{Style: ButtonSecondary, CustomID: customID, Label: label}
}

// SuccessButton returns a button of the Success style (green).
func SuccessButton(customID, label string) Button {
	return Button{Style: ButtonSuccess, CustomID: customID, Label: label}
}

// DangerButton returns a button of the Danger style (red).
func DangerButton(customID, label string) Button {
	return Button{Style: ButtonDanger, CustomID: customID, Label: label}
}

// LinkButton returns a button that opens url; a press sends no
// interaction.
func LinkButton(url, label string) Button {
	return Button{Style: ButtonLink, URL: url, Label: label}
}

// PremiumButton returns a button that offers the purchase of a SKU. The
// service draws its label and emoji from the SKU; a press sends no
// interaction.
func PremiumButton(sku interaction.Snowflake) Button {
	return Button{Style: ButtonPremium, SKUID: sku}
}

// WithEmoji returns b with an emoji beside (or instead of) its label.
func (b Button) WithEmoji(e PartialEmoji) Button {
	b.Emoji = e
	return b
}

// Disable returns b shown greyed out: the client does not let it be
// pressed.
func (b Button) Disable() Button {
	b.Disabled = true
	return b
}

// Emoji returns a Unicode emoji, such as "👍", for a button or an option.
func Emoji(name string) PartialEmoji { return PartialEmoji{Name: name} }

// CustomEmoji returns a custom emoji by its ID and name.
func CustomEmoji(id interaction.Snowflake, name string) PartialEmoji {
	return PartialEmoji{ID: id, Name: name}
}
