package interaction

import (
	"reflect"
	"strconv"

	"github.com/goccy/go-json/jsontext"
	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/internal/jsonw"
)

// SubmittedComponent is a component of a submitted modal as the service
// sends it back: a row (legacy modals) or a label holding an input, or the
// input itself with what the user entered. Text displays come back with
// their type and id only.
//
// What an input holds depends on its type, as the service sends it: a
// text input's text and a radio group's choice are in Value, a checkbox's
// state in Checked, and the values of a select, a checkbox group or a file
// upload in Values.
type SubmittedComponent struct {
	Type ComponentType `json:"type"`
	// ID is the component's numeric identifier within the modal.
	ID int `json:"id,omitzero"`
	// CustomID names an input.
	CustomID string `json:"custom_id,omitempty"`
	// Value is the text of a text input, "" when left empty, or the value
	// of the option chosen in a radio group, "" when none was (the service
	// sends null).
	Value string `json:"value,omitempty"`
	// Checked reports whether a checkbox was ticked: the service sends
	// its value as a boolean.
	Checked bool `json:"-"`
	// Values are what a select, a checkbox group or a file upload holds:
	// the values chosen or ticked, or the ids of the users, roles,
	// channels or attachments, which the interaction's Resolved holds. A
	// checkbox group's values need not be in the order of its options.
	Values []string `json:"values,omitempty"`
	// Components are the inputs of a row.
	Components []SubmittedComponent `json:"components,omitempty"`
	// Component is the input of a label.
	Component *SubmittedComponent `json:"component,omitempty"`
}

// IsInput reports whether the component holds what a user entered: a text
// input, a select, a file upload, a radio group, a checkbox group or a
// checkbox.
func (c *SubmittedComponent) IsInput() bool { return c.Type.IsModalInput() }

// Choice returns the value of the option chosen in a radio group, and
// false when none was chosen or the component is no radio group.
func (c *SubmittedComponent) Choice() (string, bool) {
	return c.Value, c.Type == ComponentRadioGroup && c.Value != ""
}

// MarshalJSON encodes the component as the service does: a text input
// always with its value, a radio group with its value or null, a checkbox
// with a boolean value, and a select, checkbox group or file upload always
// with its values.
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
	case c.Type == ComponentRadioGroup:
		b = append(b, `,"value":`...)
		if c.Value == "" {
			b = append(b, "null"...)
		} else {
			b = jsonw.AppendString(b, c.Value)
		}
	case c.Type == ComponentCheckbox:
		b = append(b, `,"value":`...)
		b = strconv.AppendBool(b, c.Checked)
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

// submittedWire is the JSON of a SubmittedComponent, whose "value" is a
// string, a boolean or null depending on the component's type.
type submittedWire struct {
	Type       ComponentType        `json:"type"`
	ID         int                  `json:"id"`
	CustomID   string               `json:"custom_id"`
	Value      submittedValue       `json:"value"`
	Values     []string             `json:"values"`
	Components []SubmittedComponent `json:"components"`
	Component  *SubmittedComponent  `json:"component"`
}

// UnmarshalJSONFrom decodes the component from the stream, so that the
// components nested in it are read once, and checks that its value is of
// the kind its type sends: a string for a text input, a string or null
// for a radio group, a boolean for a checkbox. A type this package does
// not know may send any of the three.
func (c *SubmittedComponent) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	if dec.StackDepth() > maxSubmittedStackDepth {
		// Each nested component costs the decoder a copy of the levels
		// above it: stopped here, a body of thousands of levels costs
		// no more than one the service sends.
		return stop(&jsonv2.SemanticError{JSONPointer: dec.StackPointer(), GoType: submittedType, Err: errSubmittedTooDeep})
	}
	var w submittedWire
	if err := jsonv2.UnmarshalDecode(dec, &w); err != nil {
		return stop(err)
	}
	if err := w.Value.check(w.Type); err != nil {
		// The error is the value's, named by its place in the stream
		// as the decoder names its own: the pointer of the value just
		// read, this component.
		return stop(&jsonv2.SemanticError{JSONPointer: dec.StackPointer() + "/value", GoType: submittedType, Err: err})
	}
	*c = SubmittedComponent{
		Type: w.Type, ID: w.ID, CustomID: w.CustomID,
		Value: w.Value.text, Checked: w.Value.checked,
		Values: w.Values, Components: w.Components, Component: w.Component,
	}
	return nil
}

// UnmarshalJSON decodes the component as UnmarshalJSONFrom does, for
// decoders that read whole values, such as encoding/json's.
func (c *SubmittedComponent) UnmarshalJSON(b []byte) error {
	return unstopped(jsonv2.Unmarshal(b, c))
}

// submittedType is the type a SubmittedComponent's own errors name, as the
// decoder names the type of a method's error.
var submittedType = reflect.TypeFor[SubmittedComponent]()

// stopped is the error of a submitted component, carried out of the
// components around it as a syntax error, so that the decoder stops at
// once. After a semantic error the decoder reads on to the end of the
// value at fault, so that it could decode what follows, and again at
// each component around it, each time from the start of that one's value:
// the rest of a body nested thousands of levels deep would be read once for
// each level of components, with a stack of its depth each time. Decode
// reports the error carried, as unstopped finds it.
type stopped struct{ err error }

func (e *stopped) Error() string { return e.err.Error() }
func (e *stopped) Unwrap() error { return e.err }

// stop returns err as a syntax error that carries it: one the decoder
// stops at. A syntax error stops it already.
func stop(err error) error {
	if _, ok := err.(*jsontext.SyntacticError); ok {
		return err
	}
	return &jsontext.SyntacticError{Err: &stopped{err}}
}

// unstopped returns the error a syntax error made by stop carries, or err.
// It looks through the semantic errors around it without errors.As, whose
// target would cost every error an allocation.
func unstopped(err error) error {
	for e := err; ; {
		switch x := e.(type) {
		case *jsonv2.SemanticError:
			e = x.Err
		case *jsontext.SyntacticError:
			if carried, ok := x.Err.(*stopped); ok {
				return carried.err
			}
			return err
		default:
			return err
		}
	}
}

// submittedValue is the "value" of a submitted component as it came.
type submittedValue struct {
	kind    jsontext.Kind // 0 when absent
	text    string
	checked bool
}

// UnmarshalJSONFrom reads a string, a boolean or null.
func (v *submittedValue) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	tok, err := dec.ReadToken()
	if err != nil {
		return err
	}
	switch k := tok.Kind(); k {
	case '"':
		*v = submittedValue{kind: k, text: tok.String()}
	case 't', 'f':
		*v = submittedValue{kind: 't', checked: tok.Bool()}
	case 'n':
		*v = submittedValue{kind: k}
	default:
		return errSubmittedValue
	}
	return nil
}

// errSubmittedValue is the error of a value that is no string, boolean or
// null; check's errors say which of them a type sends.
const errSubmittedValue = wireError("expected a string, a boolean or null")

// check returns an error unless v is what a component of type t sends.
func (v submittedValue) check(t ComponentType) error {
	if v.kind == 0 {
		return nil
	}
	var ok bool
	switch t {
	case ComponentTextInput:
		ok = v.kind == '"'
	case ComponentRadioGroup:
		ok = v.kind == '"' || v.kind == 'n'
	case ComponentCheckbox:
		ok = v.kind == 't'
	default:
		// Other inputs send values, not a value; a type to come may
		// send either.
		return nil
	}
	if ok {
		return nil
	}
	return wireError("a " + t.String() + " sends " + valueKinds(t) + ", got " + kindName(v.kind))
}

// valueKinds names the kinds of value a component of type t sends.
func valueKinds(t ComponentType) string {
	switch t {
	case ComponentRadioGroup:
		return "a string or null"
	case ComponentCheckbox:
		return "a boolean"
	}
	return "a string"
}

// kindName names a kind of JSON value as submittedValue keeps it.
func kindName(k jsontext.Kind) string {
	switch k {
	case '"':
		return "a string"
	case 't':
		return "a boolean"
	}
	return "null"
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
// selects, file uploads, radio groups, checkbox groups and checkboxes) in
// the modal's order, until yield returns false.
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

// maxSubmittedStackDepth is the depth of the JSON a submitted component
// may start at, past which decoding stops: a modal's components start at
// 3 (the interaction, its data, its components), and each level of
// nesting adds 2, so this leaves room for 4 levels beyond the service's
// maxSubmittedDepth, which Decode checks with a clearer error once the
// body is read.
const maxSubmittedStackDepth = 3 + 2*(maxSubmittedDepth+4)

// errSubmittedTooDeep is the error of components nested past
// maxSubmittedStackDepth.
const errSubmittedTooDeep = wireError("components nested too deeply")
