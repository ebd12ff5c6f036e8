package interaction

import (
	"bytes"

	"github.com/goccy/go-json/jsontext"
	jsonv2 "github.com/goccy/go-json/v2"
)

// ComponentType is the kind of a message or modal component.
type ComponentType int

// Component types, as the service's facts of components list them. Types
// 15, 16 and 20 are not documented. FILE_UPLOAD (19), RADIO_GROUP (21),
// CHECKBOX_GROUP (22) and CHECKBOX (23) are inputs of modals, each inside
// a label.
const (
	ComponentActionRow         ComponentType = 1
	ComponentButton            ComponentType = 2
	ComponentStringSelect      ComponentType = 3
	ComponentTextInput         ComponentType = 4
	ComponentUserSelect        ComponentType = 5
	ComponentRoleSelect        ComponentType = 6
	ComponentMentionableSelect ComponentType = 7
	ComponentChannelSelect     ComponentType = 8
	ComponentSection           ComponentType = 9
	ComponentTextDisplay       ComponentType = 10
	ComponentThumbnail         ComponentType = 11
	ComponentMediaGallery      ComponentType = 12
	ComponentFile              ComponentType = 13
	ComponentSeparator         ComponentType = 14
	ComponentContainer         ComponentType = 17
	ComponentLabel             ComponentType = 18
	ComponentFileUpload        ComponentType = 19
	ComponentRadioGroup        ComponentType = 21
	ComponentCheckboxGroup     ComponentType = 22
	ComponentCheckbox          ComponentType = 23
)

// componentTypeNames holds the name of each ComponentType, indexed by its
// value.
var componentTypeNames = [...]string{
	ComponentActionRow:         "ACTION_ROW",
	ComponentButton:            "BUTTON",
	ComponentStringSelect:      "STRING_SELECT",
	ComponentTextInput:         "TEXT_INPUT",
	ComponentUserSelect:        "USER_SELECT",
	ComponentRoleSelect:        "ROLE_SELECT",
	ComponentMentionableSelect: "MENTIONABLE_SELECT",
	ComponentChannelSelect:     "CHANNEL_SELECT",
	ComponentSection:           "SECTION",
	ComponentTextDisplay:       "TEXT_DISPLAY",
	ComponentThumbnail:         "THUMBNAIL",
	ComponentMediaGallery:      "MEDIA_GALLERY",
	ComponentFile:              "FILE",
	ComponentSeparator:         "SEPARATOR",
	ComponentContainer:         "CONTAINER",
	ComponentLabel:             "LABEL",
	ComponentFileUpload:        "FILE_UPLOAD",
	ComponentRadioGroup:        "RADIO_GROUP",
	ComponentCheckboxGroup:     "CHECKBOX_GROUP",
	ComponentCheckbox:          "CHECKBOX",
}

// String returns the name of the type, such as "BUTTON", or
// ComponentType(n) for a number the service does not define.
func (t ComponentType) String() string {
	return enumName(componentTypeNames[:], "ComponentType", t)
}

// IsSelect reports whether the type is one of the five select menus.
func (t ComponentType) IsSelect() bool {
	switch t {
	case ComponentStringSelect, ComponentUserSelect, ComponentRoleSelect,
		ComponentMentionableSelect, ComponentChannelSelect:
		return true
	}
	return false
}

// IsModalInput reports whether the type is an input of a modal: a text
// input, a select, a file upload, a radio group, a checkbox group or a
// checkbox.
func (t ComponentType) IsModalInput() bool {
	switch t {
	case ComponentTextInput, ComponentFileUpload, ComponentRadioGroup, ComponentCheckboxGroup, ComponentCheckbox:
		return true
	}
	return t.IsSelect()
}

// Component is a component of a message or a modal: one of the types of
// package component, which build components within the service's limits,
// or a RawComponent, which carries the JSON of one as it is. A component
// encodes to JSON with its type.
type Component interface {
	ComponentType() ComponentType
}

// RawComponent is a component as JSON: a message's components as the
// service sent them decode to RawComponents, which an answer may send back
// unchanged, and package component reads them into its types.
type RawComponent jsontext.Value

// ComponentType returns the type the JSON names, or 0 when it names none.
func (c RawComponent) ComponentType() ComponentType {
	var head struct {
		Type ComponentType `json:"type"`
	}
	if jsonv2.Unmarshal(c, &head) != nil {
		return 0
	}
	return head.Type
}

// MarshalJSON returns the JSON as it is, or null for an empty component.
func (c RawComponent) MarshalJSON() ([]byte, error) {
	if len(c) == 0 {
		return []byte("null"), nil
	}
	return c, nil
}

// UnmarshalJSON keeps a copy of b.
func (c *RawComponent) UnmarshalJSON(b []byte) error {
	*c = append((*c)[:0], b...)
	return nil
}

// Components is a list of components. It decodes each element as a
// RawComponent, whose JSON is kept as it came.
type Components []Component

// UnmarshalJSON decodes a JSON array of components, or null, into raw
// components. It refuses elements that are not objects.
func (cs *Components) UnmarshalJSON(b []byte) error {
	if string(bytes.TrimSpace(b)) == "null" {
		*cs = nil
		return nil
	}
	var raws []jsontext.Value
	if err := jsonv2.Unmarshal(b, &raws); err != nil {
		return err
	}
	out := make(Components, len(raws))
	for i, r := range raws {
		if r.Kind() != '{' {
			return wireError("expected an array of objects")
		}
		out[i] = RawComponent(bytes.Clone(r))
	}
	*cs = out
	return nil
}
