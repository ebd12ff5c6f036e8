package component

import (
	"errors"
	"strconv"

	"github.com/goccy/go-json/jsontext"
	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/jsonerr"
)

// ErrMalformed reports JSON that is not a component: not an object, no
// type, a field of the wrong kind, or components nested deeper than any
// layout of the service.
var ErrMalformed = errors.New("component: malformed component")

// ErrUnknownType reports a component type the service does not define.
var ErrUnknownType = errors.New("component: unknown component type")

// ParseError says which component does not parse and why. It matches
// ErrMalformed or ErrUnknownType with errors.Is. It never quotes the JSON,
// which is a message's text.
type ParseError struct {
	// Pointer is the JSON pointer (RFC 6901) to the value at fault, from
	// what was parsed: "/components/1/label" from a component given to
	// Parse, "/0/components/1/label" from a list given to ParseAll. It is
	// "" for the whole of what was parsed.
	Pointer string
	// Reason says what is wrong.
	Reason string
	kind   error
}

// Error returns the pointer and the reason.
func (e *ParseError) Error() string {
	if e.Pointer == "" {
		return "component: " + e.Reason
	}
	return "component: " + e.Pointer + ": " + e.Reason
}

// Unwrap returns ErrMalformed or ErrUnknownType.
func (e *ParseError) Unwrap() error { return e.kind }

func malformed(ptr, reason string) *ParseError {
	return &ParseError{Pointer: ptr, Reason: reason, kind: ErrMalformed}
}

// maxDepth bounds how deeply components nest. The service's deepest layout
// is three levels (a container's section's accessory, or a container's
// row's button); the bound leaves room for a wrong layout to be reported
// as such, and stops a cyclic tree of Go values.
const maxDepth = 8

// Parse reads c into the component of this package that its type names:
// a RawComponent, as the components of a received message arrive, is
// decoded, and so are the raw components inside rows, sections, containers
// and labels. A component of this package passes through, with any raw
// components inside it parsed (the original is not modified). Any other
// implementation of interaction.Component is encoded and read back.
func Parse(c interaction.Component) (interaction.Component, error) {
	out, _, err := parse(c, nil, 0)
	return out, err
}

// ParseAll parses each component of cs, as Parse does. Error pointers
// start with the index in cs, as in "/2/components/0".
func ParseAll(cs interaction.Components) ([]interaction.Component, error) {
	out := make([]interaction.Component, len(cs))
	for i, c := range cs {
		p, _, err := parse(c, &location{index: i}, 0)
		if err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}

// location is where a component is, as a list of steps kept on the stack
// while parsing: a pointer's text is built only for an error.
type location struct {
	up    *location
	field string // "" for an element of the list being parsed
	index int    // -1 for a field that holds one component
}

// String returns the JSON pointer of l; nil is "".
func (l *location) String() string {
	if l == nil {
		return ""
	}
	s := l.up.String()
	if l.field != "" {
		s += "/" + l.field
	}
	if l.index >= 0 {
		s += "/" + strconv.Itoa(l.index)
	}
	return s
}

// parse parses c, found at at, depth levels down, and reports whether the
// result differs from c. A nil component passes through: validation names
// it where it is missing.
func parse(c interaction.Component, at *location, depth int) (interaction.Component, bool, error) {
	if depth > maxDepth {
		return nil, false, malformed(at.String(), "components nest more than "+strconv.Itoa(maxDepth)+" levels deep")
	}
	// A component that does not change is returned as the interface value
	// it came in, which costs no allocation.
	switch t := c.(type) {
	case nil:
		return nil, false, nil
	case interaction.RawComponent:
		out, err := parseRaw(t, at, depth, 0)
		return out, true, err
	case ActionRow:
		kids, changed, err := parseList(t.Components, at, "components", depth)
		if err != nil || !changed {
			return c, false, err
		}
		t.Components = kids
		return t, true, nil
	case Section:
		kids, changed, err := parseList(t.Components, at, "components", depth)
		if err != nil {
			return nil, false, err
		}
		acc, accChanged, err := parse(t.Accessory, &location{up: at, field: "accessory", index: -1}, depth+1)
		if err != nil || !changed && !accChanged {
			return c, false, err
		}
		t.Components, t.Accessory = kids, acc
		return t, true, nil
	case Container:
		kids, changed, err := parseList(t.Components, at, "components", depth)
		if err != nil || !changed {
			return c, false, err
		}
		t.Components = kids
		return t, true, nil
	case Label:
		inner, changed, err := parse(t.Component, &location{up: at, field: "component", index: -1}, depth+1)
		if err != nil || !changed {
			return c, false, err
		}
		t.Component = inner
		return t, true, nil
	case Button, StringSelect, UserSelect, RoleSelect, MentionableSelect, ChannelSelect,
		TextInput, FileUpload, TextDisplay, Thumbnail, MediaGallery, File, Separator,
		RadioGroup, CheckboxGroup, Checkbox:
		return c, false, nil
	}
	b, err := jsonv2.Marshal(c)
	if err != nil {
		return nil, false, malformed(at.String(), "a component of Go type that does not encode to JSON")
	}
	out, err := parseRaw(b, at, depth, 0)
	return out, true, err
}

// isTyped reports whether c is nil or one of the component types of this
// package, which need no parsing of their own.
func isTyped(c interaction.Component) bool {
	switch c.(type) {
	case nil, ActionRow, Button, StringSelect, UserSelect, RoleSelect, MentionableSelect, ChannelSelect,
		TextInput, Label, FileUpload, Section, TextDisplay, Thumbnail, MediaGallery, File, Separator, Container,
		RadioGroup, CheckboxGroup, Checkbox:
		return true
	}
	return false
}

// parseList parses the components in the list field of a container at
// at, which is depth levels down. It returns cs itself when no component
// changed.
func parseList(cs []interaction.Component, at *location, field string, depth int) ([]interaction.Component, bool, error) {
	var out []interaction.Component
	for i, c := range cs {
		p, changed, err := parse(c, &location{up: at, field: field, index: i}, depth+1)
		if err != nil {
			return nil, false, err
		}
		if changed && out == nil {
			out = make([]interaction.Component, len(cs))
			copy(out, cs[:i])
		}
		if out != nil {
			out[i] = p
		}
	}
	if out == nil {
		return cs, false, nil
	}
	return out, true, nil
}

// The wire shapes of the components that hold components: their children
// arrive as raw JSON and are parsed one by one, so that an error names the
// child at fault.
type (
	rowIn struct {
		ID         int                    `json:"id"`
		Components interaction.Components `json:"components"`
	}
	sectionIn struct {
		ID         int                      `json:"id"`
		Components interaction.Components   `json:"components"`
		Accessory  interaction.RawComponent `json:"accessory"`
	}
	containerIn struct {
		ID          int                    `json:"id"`
		Components  interaction.Components `json:"components"`
		AccentColor *int                   `json:"accent_color"`
		Spoiler     bool                   `json:"spoiler"`
	}
	labelIn struct {
		ID          int                      `json:"id"`
		Label       string                   `json:"label"`
		Description string                   `json:"description"`
		Component   interaction.RawComponent `json:"component"`
	}
	// checkboxIn notes a required field, which a checkbox does not
	// take, for validation to report.
	checkboxIn struct {
		checkboxWire
		Required *bool `json:"required"`
	}
)

// parseRaw decodes the component b, found at at, depth levels down. want
// is the type b must have, or 0 for any.
func parseRaw(b []byte, at *location, depth int, want interaction.ComponentType) (interaction.Component, error) {
	if depth > maxDepth {
		return nil, malformed(at.String(), "components nest more than "+strconv.Itoa(maxDepth)+" levels deep")
	}
	var head struct {
		Type *interaction.ComponentType `json:"type"`
	}
	if err := jsonv2.Unmarshal(b, &head); err != nil {
		return nil, decodeFailure(err, at)
	}
	if head.Type == nil {
		return nil, malformed(at.String(), "a component must have a type")
	}
	t := *head.Type
	if want != 0 && t != want {
		return nil, malformed(at.String()+"/type", "type is "+t.String()+", not "+want.String())
	}
	switch t {
	case interaction.ComponentActionRow:
		var w rowIn
		if err := jsonv2.Unmarshal(b, &w); err != nil {
			return nil, decodeFailure(err, at)
		}
		kids, _, err := parseList(w.Components, at, "components", depth)
		return ActionRow{ID: w.ID, Components: kids}, err
	case interaction.ComponentSection:
		var w sectionIn
		if err := jsonv2.Unmarshal(b, &w); err != nil {
			return nil, decodeFailure(err, at)
		}
		kids, _, err := parseList(w.Components, at, "components", depth)
		if err != nil {
			return nil, err
		}
		acc, err := parseChild(w.Accessory, &location{up: at, field: "accessory", index: -1}, depth)
		return Section{ID: w.ID, Components: kids, Accessory: acc}, err
	case interaction.ComponentContainer:
		var w containerIn
		if err := jsonv2.Unmarshal(b, &w); err != nil {
			return nil, decodeFailure(err, at)
		}
		kids, _, err := parseList(w.Components, at, "components", depth)
		return Container{ID: w.ID, Components: kids, AccentColor: w.AccentColor, Spoiler: w.Spoiler}, err
	case interaction.ComponentLabel:
		var w labelIn
		if err := jsonv2.Unmarshal(b, &w); err != nil {
			return nil, decodeFailure(err, at)
		}
		inner, err := parseChild(w.Component, &location{up: at, field: "component", index: -1}, depth)
		return Label{ID: w.ID, Label: w.Label, Description: w.Description, Component: inner}, err
	case interaction.ComponentButton:
		return decodeLeaf[buttonWire](b, at, func(w *buttonWire) interaction.Component { return Button(w.plainButton) })
	case interaction.ComponentStringSelect:
		return decodeLeaf[stringSelectWire](b, at, func(w *stringSelectWire) interaction.Component {
			return StringSelect(w.plainStringSelect)
		})
	case interaction.ComponentUserSelect:
		return decodeLeaf[userSelectWire](b, at, func(w *userSelectWire) interaction.Component {
			return UserSelect(w.plainUserSelect)
		})
	case interaction.ComponentRoleSelect:
		return decodeLeaf[roleSelectWire](b, at, func(w *roleSelectWire) interaction.Component {
			return RoleSelect(w.plainRoleSelect)
		})
	case interaction.ComponentMentionableSelect:
		return decodeLeaf[mentionableSelectWire](b, at, func(w *mentionableSelectWire) interaction.Component {
			return MentionableSelect(w.plainMentionableSelect)
		})
	case interaction.ComponentChannelSelect:
		return decodeLeaf[channelSelectWire](b, at, func(w *channelSelectWire) interaction.Component {
			return ChannelSelect(w.plainChannelSelect)
		})
	case interaction.ComponentTextInput:
		return decodeLeaf[textInputWire](b, at, func(w *textInputWire) interaction.Component {
			return TextInput(w.plainTextInput)
		})
	case interaction.ComponentFileUpload:
		return decodeLeaf[fileUploadWire](b, at, func(w *fileUploadWire) interaction.Component {
			return FileUpload(w.plainFileUpload)
		})
	case interaction.ComponentRadioGroup:
		return decodeLeaf[radioGroupWire](b, at, func(w *radioGroupWire) interaction.Component {
			return RadioGroup(w.plainRadioGroup)
		})
	case interaction.ComponentCheckboxGroup:
		return decodeLeaf[checkboxGroupWire](b, at, func(w *checkboxGroupWire) interaction.Component {
			return CheckboxGroup(w.plainCheckboxGroup)
		})
	case interaction.ComponentCheckbox:
		return decodeLeaf[checkboxIn](b, at, func(w *checkboxIn) interaction.Component {
			c := Checkbox(w.plainCheckbox)
			c.required = w.Required != nil
			return c
		})
	case interaction.ComponentTextDisplay:
		return decodeLeaf[textDisplayWire](b, at, func(w *textDisplayWire) interaction.Component {
			return TextDisplay(w.plainTextDisplay)
		})
	case interaction.ComponentThumbnail:
		return decodeLeaf[thumbnailWire](b, at, func(w *thumbnailWire) interaction.Component {
			return Thumbnail(w.plainThumbnail)
		})
	case interaction.ComponentMediaGallery:
		return decodeLeaf[mediaGalleryWire](b, at, func(w *mediaGalleryWire) interaction.Component {
			return MediaGallery(w.plainMediaGallery)
		})
	case interaction.ComponentFile:
		return decodeLeaf[fileWire](b, at, func(w *fileWire) interaction.Component { return File(w.plainFile) })
	case interaction.ComponentSeparator:
		return decodeLeaf[separatorWire](b, at, func(w *separatorWire) interaction.Component {
			return Separator(w.plainSeparator)
		})
	}
	return nil, &ParseError{Pointer: at.String() + "/type", Reason: "unknown component type " + strconv.Itoa(int(t)), kind: ErrUnknownType}
}

// parseChild parses the single component a section or label holds; JSON
// null or an absent field is no component.
func parseChild(raw interaction.RawComponent, at *location, depth int) (interaction.Component, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	return parseRaw(raw, at, depth+1, 0)
}

// decodeLeaf decodes b into a wire struct W and returns the component that
// typed makes of it.
func decodeLeaf[W any](b []byte, at *location, typed func(*W) interaction.Component) (interaction.Component, error) {
	var w W
	if err := jsonv2.Unmarshal(b, &w); err != nil {
		return nil, decodeFailure(err, at)
	}
	return typed(&w), nil
}

// decodeFailure describes a decoder's error for the component at loc. The
// decoder's messages may quote the input, so only their structure is
// used: the pointer to the value at fault and the kind of JSON found there.
func decodeFailure(err error, loc *location) *ParseError {
	var ptr jsontext.Pointer
	reason := "not valid JSON"
	for err != nil {
		var sem *jsonv2.SemanticError
		var syn *jsontext.SyntacticError
		switch {
		case errors.As(err, &sem):
			ptr += sem.JSONPointer
			if sem.JSONKind != 0 {
				reason = "a value of the wrong kind (" + jsonerr.KindName(sem.JSONKind) + ")"
			} else {
				reason = "a value of the wrong kind"
			}
			err = sem.Err
			continue
		case errors.As(err, &syn):
			ptr += syn.JSONPointer
			reason = "not valid JSON"
		}
		break
	}
	return malformed(loc.String()+safePointer(string(ptr)), reason)
}

// safePointer returns the part of a JSON pointer from the decoder that
// names fields of the component types and indexes: the tokens up to the
// first that is not lower-case letters, digits and underscores, which
// would be the input's text rather than a field of a component.
func safePointer(p string) string {
	end := 0
	for i := 0; i < len(p); {
		if p[i] != '/' {
			break
		}
		j := i + 1
		for j < len(p) && p[j] != '/' {
			c := p[j]
			if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_') {
				return p[:end]
			}
			j++
		}
		if j-i-1 == 0 || j-i-1 > 32 {
			return p[:end]
		}
		end, i = j, j
	}
	return p[:end]
}
