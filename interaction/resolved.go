package interaction

import (
	"reflect"

	"github.com/goccy/go-json/jsontext"
	jsonv2 "github.com/goccy/go-json/v2"
)

// Resolved holds the users, members, roles, channels, messages and
// attachments an interaction refers to, each keyed by id.
//
// It keeps the JSON the service sent and decodes only the entries a handler
// looks up: most handlers read one user or none, and decoding, or even
// indexing, every entry up front would cost every request what few use. A
// lookup reads the object to its entry and decodes the entry afresh; lookups
// are safe for concurrent use.
type Resolved struct {
	raw []byte
}

// Kinds of resolved entries, in the order of the service's field names.
const (
	resolvedUsers uint8 = iota + 1
	resolvedMembers
	resolvedRoles
	resolvedChannels
	resolvedMessages
	resolvedAttachments
)

// resolvedKind returns the kind of entries a member of the resolved object
// holds, from its quoted name, or 0 for a member of another name.
func resolvedKind(name []byte) uint8 {
	text, ok := quotedText(name)
	if !ok {
		return 0
	}
	switch string(text) {
	case "users":
		return resolvedUsers
	case "members":
		return resolvedMembers
	case "roles":
		return resolvedRoles
	case "channels":
		return resolvedChannels
	case "messages":
		return resolvedMessages
	case "attachments":
		return resolvedAttachments
	}
	return 0
}

// resolvedFinder finds entries of a resolved object: one kind, or a user
// and a member at once, which share their id. The decoder goccy/go-json
// gives UnmarshalJSONFrom reads the object in place, so its offsets are
// offsets into the object: a lookup reads the object once and copies
// nothing.
type resolvedFinder struct {
	id Snowflake
	// kinds are the kinds of entry sought; 0 seeks nothing.
	kinds [2]uint8
	// found[i] is the entry of kinds[i]: object[start:end]; end is 0 until
	// it is found. When an id appears twice the last one wins, as JSON
	// decoders read duplicate names, though Decode refuses them.
	found [2]struct{ start, end int64 }
}

// UnmarshalJSONFrom reads a resolved object from dec: every member, as the
// decoder must, skipping all but the entries of the kinds sought.
func (f *resolvedFinder) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	if err := readBrace(dec, '{'); err != nil {
		return err
	}
	for dec.PeekKind() == '"' {
		name, err := dec.ReadValue()
		if err != nil {
			return err
		}
		k := resolvedKind(name)
		slot := -1
		for i, want := range f.kinds {
			if want != 0 && want == k {
				slot = i
			}
		}
		if slot < 0 || dec.PeekKind() != '{' {
			if err := dec.SkipValue(); err != nil {
				return err
			}
			continue
		}
		if err := f.entries(dec, slot); err != nil {
			return err
		}
	}
	return readBrace(dec, '}')
}

// entries reads the object of entries of kinds[slot], keyed by id.
func (f *resolvedFinder) entries(dec *jsontext.Decoder, slot int) error {
	if err := readBrace(dec, '{'); err != nil {
		return err
	}
	for dec.PeekKind() == '"' {
		key, err := dec.ReadValue()
		if err != nil {
			return err
		}
		// The key is read before the entry is: reading the entry may
		// reuse the memory of the key's bytes.
		match := parseResolvedID(key) == f.id
		entry, err := dec.ReadValue()
		if err != nil {
			return err
		}
		if match {
			end := dec.InputOffset()
			f.found[slot].start, f.found[slot].end = end-int64(len(entry)), end
		}
	}
	return readBrace(dec, '}')
}

// parseResolvedID reads the quoted id that keys a resolved entry, or 0,
// which no entry is looked up by.
func parseResolvedID(key []byte) Snowflake {
	text, ok := quotedText(key)
	if !ok {
		return 0
	}
	id, _ := parseUint(text)
	return Snowflake(id)
}

// readBrace reads the brace that must come next.
func readBrace(dec *jsontext.Decoder, brace jsontext.Kind) error {
	tok, err := dec.ReadToken()
	if err == nil && tok.Kind() != brace {
		return errNotObject
	}
	return err
}

// ResolvedData is every entry of Resolved, decoded.
type ResolvedData struct {
	Users       map[Snowflake]User       `json:"users,omitempty"`
	Members     map[Snowflake]Member     `json:"members,omitempty"`
	Roles       map[Snowflake]Role       `json:"roles,omitempty"`
	Channels    map[Snowflake]Channel    `json:"channels,omitempty"`
	Messages    map[Snowflake]Message    `json:"messages,omitempty"`
	Attachments map[Snowflake]Attachment `json:"attachments,omitempty"`
}

// NewResolved encodes data as the resolved object of an interaction; tests
// and emulators build payloads with it.
func NewResolved(data ResolvedData) (Resolved, error) {
	b, err := jsonv2.Marshal(data)
	if err != nil {
		return Resolved{}, err
	}
	return Resolved{raw: b}, nil
}

// IsZero reports whether the interaction carried no resolved data.
func (r Resolved) IsZero() bool { return len(r.raw) == 0 }

// Raw returns the resolved object as the service sent it.
func (r Resolved) Raw() []byte { return r.raw }

// Decode decodes every entry. Its error is a *DecodeError naming the entry
// that does not decode.
func (r Resolved) Decode() (ResolvedData, error) {
	var d ResolvedData
	if len(r.raw) == 0 {
		return d, nil
	}
	if err := jsonv2.UnmarshalOf(r.raw, &d); err != nil {
		return d, decodeError(err, r.raw, "resolved", reflect.TypeFor[ResolvedData]())
	}
	return d, nil
}

// elemType is the type the object decodes to, along which decode errors
// name the fields of the raw object.
func (Resolved) elemType() reflect.Type { return reflect.TypeFor[ResolvedData]() }

// User returns the resolved user with the id.
func (r Resolved) User(id Snowflake) (User, bool) { return lookup[User](r, resolvedUsers, id) }

// Member returns the resolved member with the id, with its user filled in
// from the resolved users.
func (r Resolved) Member(id Snowflake) (Member, bool) {
	_, m, _, ok := r.UserAndMember(id)
	return m, ok
}

// UserAndMember returns the resolved user with the id and, when the
// interaction came from a guild, the user's membership, with its user
// filled in; one read of the resolved object finds both.
func (r Resolved) UserAndMember(id Snowflake) (u User, m Member, hasUser, hasMember bool) {
	if id == 0 || len(r.raw) == 0 {
		return u, m, false, false
	}
	f := resolvedFinder{id: id, kinds: [2]uint8{resolvedUsers, resolvedMembers}}
	if jsonv2.UnmarshalOf(r.raw, &f) != nil {
		return u, m, false, false
	}
	if e := f.found[0]; e.end != 0 {
		hasUser = jsonv2.UnmarshalOf(r.raw[e.start:e.end:e.end], &u) == nil
		if !hasUser {
			u = User{}
		}
	}
	if e := f.found[1]; e.end != 0 {
		hasMember = jsonv2.UnmarshalOf(r.raw[e.start:e.end:e.end], &m) == nil
		switch {
		case !hasMember:
			m = Member{}
		case m.User.ID == 0:
			m.User = u
		}
	}
	return u, m, hasUser, hasMember
}

// Role returns the resolved role with the id.
func (r Resolved) Role(id Snowflake) (Role, bool) { return lookup[Role](r, resolvedRoles, id) }

// Channel returns the resolved channel with the id.
func (r Resolved) Channel(id Snowflake) (Channel, bool) {
	return lookup[Channel](r, resolvedChannels, id)
}

// Message returns the resolved message with the id.
func (r Resolved) Message(id Snowflake) (Message, bool) {
	return lookup[Message](r, resolvedMessages, id)
}

// Attachment returns the resolved attachment with the id.
func (r Resolved) Attachment(id Snowflake) (Attachment, bool) {
	return lookup[Attachment](r, resolvedAttachments, id)
}

// RawMessage returns the resolved message with the id as the service sent
// it, for the fields Message does not carry.
func (r Resolved) RawMessage(id Snowflake) ([]byte, bool) {
	return r.entry(resolvedMessages, id)
}

// MarshalJSON returns the resolved object as it was received.
func (r Resolved) MarshalJSON() ([]byte, error) {
	if len(r.raw) == 0 {
		return []byte("null"), nil
	}
	return r.raw, nil
}

// UnmarshalJSON keeps a copy of the object; null leaves it empty.
func (r *Resolved) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*r = Resolved{}
		return nil
	}
	if len(b) == 0 || b[0] != '{' {
		return errNotObject
	}
	// b may be the decoder's buffer, which it reuses.
	r.raw = append([]byte(nil), b...)
	return nil
}

// entry returns the JSON of the entry of the kind with the id.
func (r Resolved) entry(kind uint8, id Snowflake) ([]byte, bool) {
	if id == 0 || len(r.raw) == 0 {
		return nil, false
	}
	f := resolvedFinder{id: id, kinds: [2]uint8{kind}}
	if jsonv2.UnmarshalOf(r.raw, &f) != nil || f.found[0].end == 0 {
		return nil, false
	}
	e := f.found[0]
	return r.raw[e.start:e.end:e.end], true
}

func lookup[T any](r Resolved, kind uint8, id Snowflake) (T, bool) {
	var v T
	entry, ok := r.entry(kind, id)
	if !ok {
		return v, false
	}
	if err := jsonv2.UnmarshalOf(entry, &v); err != nil {
		var zero T
		return zero, false
	}
	return v, true
}
