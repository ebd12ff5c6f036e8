package router

import (
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
)

// SelectedUsers returns the users chosen in the user select (or
// mentionable select) used, each with their membership when the
// interaction came from a guild. A value the interaction's resolved data
// lacks is an error, never left out; of a mentionable select, the roles
// chosen are left out (SelectedMentionables returns both).
func (r *Request) SelectedUsers() ([]option.ResolvedUser, error) { return r.selection().users() }

// SelectedRoles returns the roles chosen in the role select (or
// mentionable select) used; of a mentionable select, the users chosen are
// left out.
func (r *Request) SelectedRoles() ([]interaction.Role, error) { return r.selection().roles() }

// SelectedChannels returns the channels chosen in the channel select used.
func (r *Request) SelectedChannels() ([]interaction.Channel, error) {
	return r.selection().channels()
}

// SelectedMentionables returns the users and roles chosen in the
// mentionable select used.
func (r *Request) SelectedMentionables() ([]option.ResolvedMentionable, error) {
	return r.selection().mentionables()
}

// selection returns the values of the component used, ready to look up.
func (r *Request) selection() selection {
	return selection{
		values:   r.Values(),
		resolved: r.Interaction.Data.Resolved,
		typ:      r.ComponentType(),
		where:    where{kind: "component", pattern: r.Pattern()},
	}
}

// selection is what a select menu or a file upload holds: values, which
// for all but a string select are ids that the interaction's resolved data
// describes.
type selection struct {
	values   []string
	resolved interaction.Resolved
	typ      interaction.ComponentType
	where    where
}

func (s selection) users() ([]option.ResolvedUser, error) {
	if s.typ != interaction.ComponentUserSelect && s.typ != interaction.ComponentMentionableSelect {
		return nil, s.where.typeError(s.typ, "users")
	}
	if s.typ == interaction.ComponentMentionableSelect {
		return pick(s, func(m option.ResolvedMentionable) (option.ResolvedUser, bool) { return m.User, !m.IsRole })
	}
	out := make([]option.ResolvedUser, 0, len(s.values))
	for i := range s.values {
		id, err := s.id(i)
		if err != nil {
			return nil, err
		}
		u, ok := lookUpUser(s.resolved, id)
		if !ok {
			return nil, s.unresolved(i, "user", id)
		}
		out = append(out, u)
	}
	return out, nil
}

// pick returns what keep takes of the users and roles of a mentionable
// select, which must all be resolved.
func pick[T any](s selection, keep func(option.ResolvedMentionable) (T, bool)) ([]T, error) {
	all, err := s.mentionables()
	if err != nil {
		return nil, err
	}
	out := make([]T, 0, len(all))
	for _, m := range all {
		if v, ok := keep(m); ok {
			out = append(out, v)
		}
	}
	return out, nil
}

func (s selection) roles() ([]interaction.Role, error) {
	if s.typ != interaction.ComponentRoleSelect && s.typ != interaction.ComponentMentionableSelect {
		return nil, s.where.typeError(s.typ, "roles")
	}
	if s.typ == interaction.ComponentMentionableSelect {
		return pick(s, func(m option.ResolvedMentionable) (interaction.Role, bool) { return m.Role, m.IsRole })
	}
	return lookUpAll(s, "role", s.resolved.Role)
}

func (s selection) channels() ([]interaction.Channel, error) {
	if s.typ != interaction.ComponentChannelSelect {
		return nil, s.where.typeError(s.typ, "channels")
	}
	return lookUpAll(s, "channel", s.resolved.Channel)
}

func (s selection) attachments() ([]interaction.Attachment, error) {
	if s.typ != interaction.ComponentFileUpload {
		return nil, s.where.typeError(s.typ, "files")
	}
	return lookUpAll(s, "attachment", s.resolved.Attachment)
}

func (s selection) mentionables() ([]option.ResolvedMentionable, error) {
	switch s.typ {
	case interaction.ComponentMentionableSelect, interaction.ComponentUserSelect, interaction.ComponentRoleSelect:
	default:
		return nil, s.where.typeError(s.typ, "users or roles")
	}
	out := make([]option.ResolvedMentionable, 0, len(s.values))
	for i := range s.values {
		id, err := s.id(i)
		if err != nil {
			return nil, err
		}
		if u, ok := lookUpUser(s.resolved, id); ok {
			out = append(out, option.ResolvedMentionable{ID: id, User: u})
			continue
		}
		r, ok := s.resolved.Role(id)
		if !ok {
			return nil, s.unresolved(i, "user or role", id)
		}
		out = append(out, option.ResolvedMentionable{ID: id, IsRole: true, Role: r})
	}
	return out, nil
}

// lookUpAll looks up every value of s with look.
func lookUpAll[T any](s selection, what string, look func(interaction.Snowflake) (T, bool)) ([]T, error) {
	out := make([]T, 0, len(s.values))
	for i := range s.values {
		id, err := s.id(i)
		if err != nil {
			return nil, err
		}
		v, ok := look(id)
		if !ok {
			return nil, s.unresolved(i, what, id)
		}
		out = append(out, v)
	}
	return out, nil
}

func lookUpUser(res interaction.Resolved, id interaction.Snowflake) (u option.ResolvedUser, ok bool) {
	ok, u.HasMember = res.DecodeUserAndMember(id, &u.User, &u.Member)
	if !ok {
		return option.ResolvedUser{}, false
	}
	return u, true
}

// id parses the value at i as an id.
func (s selection) id(i int) (interaction.Snowflake, error) {
	id, f := parseID(s.values[i])
	if !f.ok() {
		return 0, s.where.error(i, f)
	}
	return id, nil
}

func (s selection) unresolved(i int, what string, id interaction.Snowflake) error {
	return s.where.error(i, fault{option.ErrUnresolved, what + " " + id.String() + " is not in the interaction's resolved data"})
}

// where is what an InputError is about: a component's values, or an
// input of a modal.
type where struct {
	kind    string // "component" or "modal"
	pattern string
	input   string // the input's custom_id, in a modal
}

func (w where) error(index int, f fault) error {
	return &InputError{Pattern: w.pattern, Input: w.input, Index: index, Kind: f.kind, kind: w.kind, detail: f.detail}
}

// typeError reports that a component of type t does not hold what.
func (w where) typeError(t interaction.ComponentType, what string) error {
	if t == 0 {
		return w.error(-1, fault{option.ErrType, "the interaction is no " + w.kind + "'s, and holds no " + what})
	}
	return w.error(-1, fault{option.ErrType, "a " + t.String() + " holds no " + what})
}

// InputError says why what a user chose or entered cannot be read as
// asked: the values of the select menu used, or an input of a submitted
// modal.
type InputError struct {
	// Pattern is the custom_id pattern of the route, "" when none matched.
	Pattern string
	// Input is the custom_id of the modal's input, "" for the values of a
	// component.
	Input string
	// Index is the position of the value at fault among the values, or -1
	// when the fault is not one value's.
	Index int
	// Kind is option.ErrMissing for an input the modal lacks, or a text
	// input left empty when a number is asked; option.ErrType for a
	// component or input that does not hold what is asked, or text that
	// does not parse; option.ErrRange for a number beyond its type's
	// range; option.ErrUnresolved for an id the resolved data lacks.
	Kind error

	kind   string // "component" or "modal"
	detail string
}

// Error says where the fault is and what it is.
func (e *InputError) Error() string {
	s := e.kind
	if e.Pattern != "" {
		s += " " + strconv.Quote(e.Pattern)
	}
	if e.Input != "" {
		s += ": input " + strconv.Quote(e.Input)
	}
	if e.Index >= 0 {
		s += ": value " + strconv.Itoa(e.Index)
	}
	return s + ": " + e.detail
}

// Unwrap returns the kind, so that errors.Is(err, option.ErrUnresolved)
// works.
func (e *InputError) Unwrap() error { return e.Kind }
