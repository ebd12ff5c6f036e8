// Package caption reads the text a client shows on a component that names
// it to a user, as a person finds a button or a menu on the screen: the
// emulator and package switchboardtest find the component a click names
// by it, and say which components a message has.
package caption

import (
	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
)

// Of returns the text the client shows on c that names it to a user: a
// button's label, a select menu's placeholder, a text input's label; ""
// for other components and for raw ones, which are not read.
func Of(c interaction.Component) string {
	switch c := c.(type) {
	case component.Button:
		return c.Label
	case component.StringSelect:
		return c.Placeholder
	case component.UserSelect:
		return c.Placeholder
	case component.RoleSelect:
		return c.Placeholder
	case component.MentionableSelect:
		return c.Placeholder
	case component.ChannelSelect:
		return c.Placeholder
	case component.TextInput:
		return c.Label
	}
	return ""
}
