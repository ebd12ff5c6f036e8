package emulator

import (
	"iter"
	"slices"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/caption"
)

// componentIndex finds the messages kept by the names of their
// components, the custom_ids and what they show (a button's label, a
// select menu's placeholder), so that a use that names no message finds
// the newest one with the component without looking at every message.
// It is part of the state, under its lock.
type componentIndex struct {
	// byName holds, for each name, the messages with a component of that
	// name, in the order of their ids.
	byName map[string][]interaction.Snowflake
	// names holds the names each message is found by.
	names map[interaction.Snowflake][]string
}

// set indexes m as it stands: by the names of its components, or by none
// when it is deleted.
func (x *componentIndex) set(m *Message) {
	var names []string
	if !m.Deleted {
		for _, c := range component.Walk(m.Data.Components) {
			if id, ok := component.CustomID(c); ok && !slices.Contains(names, id) {
				names = append(names, id)
			}
			if shown := caption.Of(c); shown != "" && !slices.Contains(names, shown) {
				names = append(names, shown)
			}
		}
	}
	old := x.names[m.ID]
	for _, name := range old {
		if !slices.Contains(names, name) {
			x.drop(name, m.ID)
		}
	}
	for _, name := range names {
		if slices.Contains(old, name) {
			continue
		}
		if x.byName == nil {
			x.byName, x.names = map[string][]interaction.Snowflake{}, map[interaction.Snowflake][]string{}
		}
		ids := x.byName[name]
		if i, found := slices.BinarySearch(ids, m.ID); !found {
			x.byName[name] = slices.Insert(ids, i, m.ID)
		}
	}
	if len(names) == 0 {
		delete(x.names, m.ID)
		return
	}
	x.names[m.ID] = names
}

// remove forgets the message with id.
func (x *componentIndex) remove(id interaction.Snowflake) {
	for _, name := range x.names[id] {
		x.drop(name, id)
	}
	delete(x.names, id)
}

// drop takes the message with id off the list of name.
func (x *componentIndex) drop(name string, id interaction.Snowflake) {
	ids := x.byName[name]
	if i, found := slices.BinarySearch(ids, id); found {
		ids = slices.Delete(ids, i, i+1)
	}
	if len(ids) == 0 {
		delete(x.byName, name)
		return
	}
	x.byName[name] = ids
}

// newestFirst yields the messages with a component of name, the newest
// first. The index must not change while it yields.
func (x *componentIndex) newestFirst(name string) iter.Seq[interaction.Snowflake] {
	return func(yield func(interaction.Snowflake) bool) {
		ids := x.byName[name]
		for i := len(ids) - 1; i >= 0; i-- {
			if !yield(ids[i]) {
				return
			}
		}
	}
}
