package emulator

import (
	"strings"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
)

// The radio group, the checkbox group and the checkbox of a modal, as the
// client lets a user fill them in. Their options are named by value or
// label, as a string select's are.

// choosable reports whether an input of type t is chosen in with values:
// a select menu, a radio group or a checkbox group.
func choosable(t interaction.ComponentType) bool {
	return t.IsSelect() || t == interaction.ComponentRadioGroup || t == interaction.ComponentCheckboxGroup
}

// preselected returns the values of the options a group starts with.
func preselected(opts []component.GroupOption) []string {
	var out []string
	for _, o := range opts {
		if o.Default {
			out = append(out, o.Value)
		}
	}
	return out
}

// pickedIn checks what a user picks in a radio group, at most one option
// and one at least when it is required, and returns the value the
// submission carries: the option's, or "" (sent as null) for none.
func pickedIn(c component.RadioGroup, name string, values []string) (string, *InvocationError) {
	name = "radio group " + name
	switch {
	case len(values) > 1:
		return "", invalid("%s takes one choice, not %d", name, len(values))
	case len(values) == 0:
		if c.Required == nil || *c.Required {
			return "", invalid("%s is required", name)
		}
		return "", nil
	}
	return groupOffered(c.Options, name, values[0])
}

// tickedIn checks what a user ticks in a checkbox group, as many options
// as it takes and none twice, and returns their values in the order
// given: the service sends them in no set order.
func tickedIn(c component.CheckboxGroup, name string, values []string) ([]string, *InvocationError) {
	name = "checkbox group " + name
	most := len(c.Options)
	b := boundsOf(c.MinValues, &most, c.Required)
	if c.MaxValues != nil {
		b.max = *c.MaxValues
	}
	if err := b.check(name, len(values), true); err != nil {
		return nil, err
	}
	out := make([]string, 0, len(values))
	for _, v := range values {
		got, err := groupOffered(c.Options, name, v)
		if err != nil {
			return nil, err
		}
		for _, o := range out {
			if o == got {
				return nil, invalid("%s: %q is ticked twice", name, v)
			}
		}
		out = append(out, got)
	}
	return out, nil
}

// groupOffered returns the value of the option of a group that v names by
// its value or, failing that, by its label.
func groupOffered(opts []component.GroupOption, name, v string) (string, *InvocationError) {
	for _, o := range opts {
		if o.Value == v {
			return v, nil
		}
	}
	for _, o := range opts {
		if o.Label == v {
			return o.Value, nil
		}
	}
	labels := make([]string, len(opts))
	for i, o := range opts {
		labels[i] = o.Label
	}
	return "", invalid("%s offers no option %q; it offers %s", name, v, strings.Join(labels, ", "))
}
