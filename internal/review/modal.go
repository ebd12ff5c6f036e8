package review

import (
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// Limits of a modal (the facts of components).
const (
	maxModalCustomID   = 100
	maxModalTitle      = 45
	maxModalComponents = 5
)

// modal checks the form of a MODAL answer: its custom_id, title and
// number of components in the service's words, then its components as
// package component validates them.
func (c *checker) modal(m *interaction.Modal) {
	c.dataPlace = c.base + " › modal"
	if m == nil {
		if c.room() {
			c.add(c.data, rules.BaseTypeRequired, c.say("required: a MODAL answer carries its modal", "This field is required"))
		}
		return
	}
	if n := utf8.RuneCountInString(m.CustomID); (n < 1 || n > maxModalCustomID) && c.room() {
		c.add(c.data+"/custom_id", rules.BaseTypeBadLength, c.between(n, 1, maxModalCustomID, "characters"))
	}
	if n := utf8.RuneCountInString(m.Title); (n < 1 || n > maxModalTitle) && c.room() {
		c.add(c.data+"/title", rules.BaseTypeBadLength, c.between(n, 1, maxModalTitle, "characters"))
	}
	switch n := len(m.Components); {
	case n > maxModalComponents && c.room():
		c.addPast(c.data+"/components", maxModalComponents, rules.BaseTypeBadLength, c.between(n, 1, maxModalComponents, "components"))
	case n < 1 && c.room():
		c.add(c.data+"/components", rules.BaseTypeBadLength, c.between(n, 1, maxModalComponents, "components"))
	}
	c.adopt(component.ValidateModal(*m))
}
