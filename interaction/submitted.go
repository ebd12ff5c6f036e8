package interaction

import (
	"strconv"

	"github.com/switchboard-go/switchboard/internal/jsonw"
)

// SubmittedComponent is a component of a submitted modal as the service
// sends it back: a row (legacy modals) or a label holding an input, or the
// input itself with what the user entered. Text displays come back with
// their type and id only.
type SubmittedComponent struct {
	Type ComponentType `json:"type"`
	// ID is the component's numeric identifier within the modal.
	ID int `json:"id,omitzero"`
	// CustomID names an input: a text input, select or file upload.
	CustomID string `json:"custom_id,omitempty"`
	// Value is the text of a text input, "" when left empty.
	Value string `json:"value,omitempty"`
	// Values are what a select or file upload holds: the values chosen, or
	// the ids of the users, roles, channels or attachments, which the
	// interaction's Resolved holds.
	Values []string `json:"values,omitempty"`
	// Components are the inputs of a row.
	Components []SubmittedComponent `json:"components,omitempty"`
	// Component is the input of a label.
	Component *SubmittedComponent `json:"component,omitempty"`
}

// IsInput reports whether the component holds what a user entered: a text
// input, a select or a file upload.
func (c *SubmittedComponent) IsInput() bool {
	return c.Type == ComponentTextInput || c.Type == ComponentFileUpload || c.Type.IsSelect()
}

// MarshalJSON encodes the component as the service does: a text input
// always with its value, a select or file upload always with its values.
func (c SubmittedComponent) MarshalJSON() ([]byte, error) { return c.appendJSON(nil), nil }

func (c *SubmittedComponent) appendJSON(b []byte) []byte {
	b = append(b, `{"type":`...)
	b = strconv.AppendInt(b, int64(c.Type), 10)
	if c.ID != 0 {
		b = append(b, `,"id":`...)
		b = strconv.AppendInt(b, int64(c.ID), 10)
	}
	if c.CustomID != "" || c.IsInput() {
		b = append(b, `,"custom_id":`...)
		b = jsonw.AppendString(b, c.CustomID)
	}
	switch {
	case c.Type == ComponentTextInput:
		b = append(b, `,"value":`...)
		b = jsonw.AppendString(b, c.Value)
	case c.IsInput():
		b = append(b, `,"values":[`...)
		for i, v := range c.Values {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonw.AppendString(b, v)
		}
		b = append(b, ']')
	}
	if c.Components != nil {
		b = append(b, `,"components":[`...)
		for i := range c.Components {
			if i > 0 {
				b = append(b, ',')
			}
			b = c.Components[i].appendJSON(b)
		}
		b = append(b, ']')
	}
	if c.Component != nil {
		b = append(b, `,"component":`...)
		b = c.Component.appendJSON(b)
	}
	return append(b, '}')
}

// Submitted returns the input of a submitted modal whose custom_id is
// customID, wherever the modal's layout put it.
func (d *Data) Submitted(customID string) (SubmittedComponent, bool) {
	if c := findSubmitted(d.Components, customID); c != nil {
		return *c, true
	}
	return SubmittedComponent{}, false
}

// Inputs calls yield with each input of a submitted modal (text inputs,
// selects, file uploads) in the modal's order, until yield returns false.
func (d *Data) Inputs(yield func(SubmittedComponent) bool) {
	for i := range d.Components {
		if !d.Components[i].walk(yield) {
			return
		}
	}
}

// walk calls yield with each input at or under c, until yield returns
// false, and reports whether it did not.
func (c *SubmittedComponent) walk(yield func(SubmittedComponent) bool) bool {
	if c.IsInput() && !yield(*c) {
		return false
	}
	for i := range c.Components {
		if !c.Components[i].walk(yield) {
			return false
		}
	}
	return c.Component == nil || c.Component.walk(yield)
}

func findSubmitted(cs []SubmittedComponent, customID string) *SubmittedComponent {
	for i := range cs {
		if found := cs[i].find(customID); found != nil {
			return found
		}
	}
	return nil
}

// find returns the input at or under c whose custom_id is customID.
func (c *SubmittedComponent) find(customID string) *SubmittedComponent {
	if c.IsInput() && c.CustomID == customID {
		return c
	}
	if found := findSubmitted(c.Components, customID); found != nil {
		return found
	}
	if c.Component != nil {
		return c.Component.find(customID)
	}
	return nil
}

// depth returns how deep components nest at and under c.
func (c *SubmittedComponent) depth() int {
	d := 0
	for i := range c.Components {
		d = max(d, c.Components[i].depth())
	}
	if c.Component != nil {
		d = max(d, c.Component.depth())
	}
	return d + 1
}

// maxSubmittedDepth bounds how deep a submitted modal nests: a modal holds
// rows or labels, and they hold inputs.
const maxSubmittedDepth = 2
