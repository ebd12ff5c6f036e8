package component

import (
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
)

// Numbered returns cs with every component's ID set as the service numbers
// the components of a message or a modal: the components as the service
// keeps them and shows them back. A component keeps the id the bot gave
// it; one without (or with 0) gets the next number, counting from 1, that
// no component of cs has, in the order of Walk, each parent before what it
// holds. A label without an id that holds an input without one is so
// numbered 1 and its input 2, as in the service's examples of modal
// submissions.
//
// Raw components are parsed; one that does not parse is an error, as from
// ParseAll. The ids are not checked: a body that ValidateMessage or
// ValidateModal accepts has no id out of bounds and none twice. cs and
// what it holds are not modified.
func Numbered(cs []interaction.Component) ([]interaction.Component, error) {
	parsed, err := ParseAll(cs)
	if err != nil {
		return nil, err
	}
	ids := idsByPath(parsed)
	out := make([]interaction.Component, len(parsed))
	for i, c := range parsed {
		out[i] = withIDs(c, Path("/components/"+strconv.Itoa(i)), ids)
	}
	return out, nil
}

// idsByPath returns the numeric id of every component of cs, parsed, by its
// path, as Numbered numbers them.
func idsByPath(cs []interaction.Component) map[Path]int {
	ids := make(map[Path]int)
	used := make(map[int]bool)
	for p, c := range Walk(cs) {
		if id, ok := NumericID(c); ok {
			ids[p], used[id] = id, true
		}
	}
	next := 1
	for p := range Walk(cs) {
		if _, ok := ids[p]; ok {
			continue
		}
		for used[next] {
			next++
		}
		ids[p], used[next] = next, true
	}
	return ids
}

// withIDs returns c, found at p, and what it holds, with their ids from
// ids. Containers get new lists, so that the ones they came with are not
// modified.
func withIDs(c interaction.Component, p Path, ids map[Path]int) interaction.Component {
	id := ids[p]
	switch t := c.(type) {
	case ActionRow:
		t.ID, t.Components = id, listWithIDs(t.Components, p+"/components", ids)
		return t
	case Section:
		t.ID, t.Components = id, listWithIDs(t.Components, p+"/components", ids)
		if t.Accessory != nil {
			t.Accessory = withIDs(t.Accessory, p+"/accessory", ids)
		}
		return t
	case Container:
		t.ID, t.Components = id, listWithIDs(t.Components, p+"/components", ids)
		return t
	case Label:
		t.ID = id
		if t.Component != nil {
			t.Component = withIDs(t.Component, p+"/component", ids)
		}
		return t
	case Button:
		t.ID = id
		return t
	case StringSelect:
		t.ID = id
		return t
	case UserSelect:
		t.ID = id
		return t
	case RoleSelect:
		t.ID = id
		return t
	case MentionableSelect:
		t.ID = id
		return t
	case ChannelSelect:
		t.ID = id
		return t
	case TextInput:
		t.ID = id
		return t
	case FileUpload:
		t.ID = id
		return t
	case TextDisplay:
		t.ID = id
		return t
	case Thumbnail:
		t.ID = id
		return t
	case MediaGallery:
		t.ID = id
		return t
	case File:
		t.ID = id
		return t
	case Separator:
		t.ID = id
		return t
	case RadioGroup:
		t.ID = id
		return t
	case CheckboxGroup:
		t.ID = id
		return t
	case Checkbox:
		t.ID = id
		return t
	}
	return c
}

func listWithIDs(cs []interaction.Component, p Path, ids map[Path]int) []interaction.Component {
	if cs == nil {
		return nil
	}
	out := make([]interaction.Component, len(cs))
	for i, c := range cs {
		if c != nil {
			out[i] = withIDs(c, p+Path("/"+strconv.Itoa(i)), ids)
		}
	}
	return out
}
