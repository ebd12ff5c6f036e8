package emulator

import (
	"slices"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
)

// bounds are how many values a select menu (or a file upload) takes, and
// whether a modal may be submitted without any.
type bounds struct {
	min, max int
	required bool
}

// boundsOf reads the service's defaults into the optional fields of a
// select menu or a file upload: min_values 1, max_values 1, required.
func boundsOf(min, max *int, required *bool) bounds {
	b := bounds{min: 1, max: 1, required: true}
	if min != nil {
		b.min = *min
	}
	if max != nil {
		b.max = *max
	}
	if required != nil {
		b.required = *required
	}
	return b
}

// check refuses a count of values the client would not send: fewer than
// the minimum or more than the maximum. In a modal an input that is not
// required may be left empty whatever its minimum.
func (b bounds) check(name string, n int, inModal bool) *InvocationError {
	if inModal && n == 0 {
		if b.required && b.min > 0 {
			return invalid("%s is required", name)
		}
		return nil
	}
	if n < b.min {
		return invalid("%s takes at least %d values, not %d", name, b.min, n)
	}
	if n > b.max {
		return invalid("%s takes at most %d values, not %d", name, b.max, n)
	}
	return nil
}

// chosen checks the values a user chooses in the select menu c, in a
// message or (inModal) a modal, and returns them as the interaction
// carries them, adding the users, roles and channels they name to the
// resolved data.
func (in *input) chosen(c interaction.Component, values []string, inModal bool) ([]string, *InvocationError) {
	var (
		b        bounds
		disabled bool
		pick     func(string) (string, *InvocationError)
	)
	name, _ := component.CustomID(c)
	name = "select menu " + strconv.Quote(name)
	switch c := c.(type) {
	case component.StringSelect:
		b, disabled = boundsOf(c.MinValues, c.MaxValues, c.Required), c.Disabled
		pick = func(v string) (string, *InvocationError) { return offered(c, name, v) }
	case component.UserSelect:
		b, disabled = boundsOf(c.MinValues, c.MaxValues, c.Required), c.Disabled
		pick = func(v string) (string, *InvocationError) { return in.entity(name, v, true, false, nil) }
	case component.RoleSelect:
		b, disabled = boundsOf(c.MinValues, c.MaxValues, c.Required), c.Disabled
		pick = func(v string) (string, *InvocationError) { return in.entity(name, v, false, true, nil) }
	case component.MentionableSelect:
		b, disabled = boundsOf(c.MinValues, c.MaxValues, c.Required), c.Disabled
		pick = func(v string) (string, *InvocationError) { return in.entity(name, v, true, true, nil) }
	case component.ChannelSelect:
		b, disabled = boundsOf(c.MinValues, c.MaxValues, c.Required), c.Disabled
		types := c.ChannelTypes
		pick = func(v string) (string, *InvocationError) { return in.entity(name, v, false, false, &types) }
	default:
		return nil, invalid("%v is not a select menu", c.ComponentType())
	}
	if disabled {
		return nil, invalid("%s is disabled", name)
	}
	if err := b.check(name, len(values), inModal); err != nil {
		return nil, err
	}
	out := make([]string, 0, len(values))
	for _, v := range values {
		got, err := pick(v)
		if err != nil {
			return nil, err
		}
		if slices.Contains(out, got) {
			return nil, invalid("%s: %q is chosen twice", name, v)
		}
		out = append(out, got)
	}
	return out, nil
}

// offered returns the value of the option of a string select that v names
// by its value or, failing that, by its label.
func offered(c component.StringSelect, name, v string) (string, *InvocationError) {
	for _, o := range c.Options {
		if o.Value == v {
			return v, nil
		}
	}
	for _, o := range c.Options {
		if o.Label == v {
			return o.Value, nil
		}
	}
	labels := make([]string, len(c.Options))
	for i, o := range c.Options {
		labels[i] = o.Label
	}
	return "", invalid("%s offers no option %q; it offers %s", name, v, strings.Join(labels, ", "))
}

// entity resolves the id of a user, a role or a channel chosen in an
// entity select menu: what the client offers where the menu is, the
// members of the guild (in the bot's direct messages, the user and the
// bot), the guild's roles, and its channels of the types the menu allows
// (types nil: the menu takes no channel).
func (in *input) entity(name, v string, users, roles bool, types *[]interaction.ChannelType) (string, *InvocationError) {
	target, ok := id(v)
	if !ok {
		return "", invalid("%s takes ids, not %q", name, v)
	}
	st := in.s.st
	switch {
	case users && in.g != nil && in.g.members[target] != nil && st.users[target] != nil:
		in.addUser(st.users[target])
	case users && in.g == nil && (target == in.invoker || target == st.app.botUser):
		in.addUser(st.users[target])
	case roles && in.g != nil && in.g.roles[target] != nil:
		in.addRole(in.g.roles[target])
	case types != nil && in.g != nil && in.g.channels[target] != nil:
		c := in.g.channels[target]
		if len(*types) > 0 && !slices.Contains(*types, c.Type) {
			return "", invalid("%s: #%s is a %v channel; the menu takes %s", name, c.Name, c.Type, channelTypeNames(*types))
		}
		in.addChannel(c)
	default:
		return "", invalid("%s: %s is no choice the client offers here", name, v)
	}
	return target.String(), nil
}
