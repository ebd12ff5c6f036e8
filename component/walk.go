package component

import (
	"iter"
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
)

// Path is where a component is in a message or modal, as a JSON pointer
// (RFC 6901) into its body: "/components/1/components/0" is the first
// component of the second row, "/components/0/accessory" the accessory of
// a section, "/components/2/component" the input of a label.
type Path string

// Walk returns an iterator over every component of cs and the components
// inside them, depth first in the order of the JSON, each with its path.
// Raw components are parsed as they are reached; one that does not parse
// is yielded as it is, without what it holds.
func Walk(cs []interaction.Component) iter.Seq2[Path, interaction.Component] {
	return func(yield func(Path, interaction.Component) bool) {
		walkList(cs, "/components", 0, yield)
	}
}

func walkList(cs []interaction.Component, ptr string, depth int, yield func(Path, interaction.Component) bool) bool {
	for i, c := range cs {
		if !walk(c, ptr+"/"+strconv.Itoa(i), depth, yield) {
			return false
		}
	}
	return true
}

func walk(c interaction.Component, ptr string, depth int, yield func(Path, interaction.Component) bool) bool {
	if c == nil || depth > maxDepth {
		return true
	}
	if raw, ok := c.(interaction.RawComponent); ok {
		if p, _, err := parse(raw, nil, depth); err == nil {
			c = p
		}
	}
	if !yield(Path(ptr), c) {
		return false
	}
	switch c := c.(type) {
	case ActionRow:
		return walkList(c.Components, ptr+"/components", depth+1, yield)
	case Section:
		return walkList(c.Components, ptr+"/components", depth+1, yield) &&
			walk(c.Accessory, ptr+"/accessory", depth+1, yield)
	case Container:
		return walkList(c.Components, ptr+"/components", depth+1, yield)
	case Label:
		return walk(c.Component, ptr+"/component", depth+1, yield)
	}
	return true
}

// Find returns the first component of cs, or inside them, whose custom_id
// is customID, and its path: the component a click or a submission names.
func Find(cs []interaction.Component, customID string) (interaction.Component, Path, bool) {
	for p, c := range Walk(cs) {
		if id, ok := CustomID(c); ok && id == customID {
			return c, p, true
		}
	}
	return nil, "", false
}

// CustomID returns the custom_id of c, and false when c has none: when c
// is not a button, a select or an input of a modal (a text input, a file
// upload, a radio group, a checkbox group, a checkbox), or leaves it empty
// (as link and premium buttons do). Raw components are not read;
// parse them first.
func CustomID(c interaction.Component) (string, bool) {
	id := customID(c)
	return id, id != ""
}

func customID(c interaction.Component) string {
	switch c := c.(type) {
	case Button:
		return c.CustomID
	case StringSelect:
		return c.CustomID
	case UserSelect:
		return c.CustomID
	case RoleSelect:
		return c.CustomID
	case MentionableSelect:
		return c.CustomID
	case ChannelSelect:
		return c.CustomID
	case TextInput:
		return c.CustomID
	case FileUpload:
		return c.CustomID
	case RadioGroup:
		return c.CustomID
	case CheckboxGroup:
		return c.CustomID
	case Checkbox:
		return c.CustomID
	}
	return ""
}

// NumericID returns the numeric id of c, and false when c has none: when c
// leaves it 0, for the service to number it, or is not a component of this
// package. Raw components are not read; parse them first.
func NumericID(c interaction.Component) (int, bool) {
	id := numericID(c)
	return id, id != 0
}

func numericID(c interaction.Component) int {
	switch c := c.(type) {
	case ActionRow:
		return c.ID
	case Button:
		return c.ID
	case StringSelect:
		return c.ID
	case UserSelect:
		return c.ID
	case RoleSelect:
		return c.ID
	case MentionableSelect:
		return c.ID
	case ChannelSelect:
		return c.ID
	case TextInput:
		return c.ID
	case Label:
		return c.ID
	case FileUpload:
		return c.ID
	case Section:
		return c.ID
	case TextDisplay:
		return c.ID
	case Thumbnail:
		return c.ID
	case MediaGallery:
		return c.ID
	case File:
		return c.ID
	case Separator:
		return c.ID
	case Container:
		return c.ID
	case RadioGroup:
		return c.ID
	case CheckboxGroup:
		return c.ID
	case Checkbox:
		return c.ID
	}
	return 0
}
