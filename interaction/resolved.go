package interaction

import jsonv2 "github.com/goccy/go-json/v2"

// Resolved holds the users, members, roles, channels, messages and
// attachments an interaction refers to, each keyed by id.
//
// It keeps the JSON the service sent and decodes only the entries a handler
// looks up: most handlers read one user or none, and decoding every entry of
// every map up front would cost more than the rest of the request. Lookups
// are safe for concurrent use; each decodes its entry afresh, and the
// strings of users, members and channels share the interaction's copy of
// the body instead of being copied.
type Resolved struct {
	raw []byte
	// index locates every entry of raw, so that a lookup goes straight to
	// its entry instead of scanning the object.
	index []resolvedEntry
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

// resolvedEntry locates one entry of the resolved object: raw[start:end] is
// its JSON object.
type resolvedEntry struct {
	id         Snowflake
	kind       uint8
	start, end uint32
}

// resolvedNames are the field names of the kinds, for errors.
var resolvedNames = [...]string{
	resolvedUsers:       "users",
	resolvedMembers:     "members",
	resolvedRoles:       "roles",
	resolvedChannels:    "channels",
	resolvedMessages:    "messages",
	resolvedAttachments: "attachments",
}

func resolvedKind(key []byte) uint8 {
	switch string(key) {
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

// newResolved keeps raw, a resolved object, with its index.
func newResolved(raw []byte) (Resolved, error) {
	p := parser{b: raw, path: "resolved"}
	r := Resolved{raw: p.resolved()}
	if err := p.end(); err != nil {
		return Resolved{}, err
	}
	if n := p.indexLen(); n > 0 {
		r.index = make([]resolvedEntry, n)
		p.copyIndex(r.index)
	}
	return r, nil
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
	return newResolved(b)
}

// IsZero reports whether the interaction carried no resolved data.
func (r Resolved) IsZero() bool { return len(r.raw) == 0 }

// Raw returns the resolved object as the service sent it.
func (r Resolved) Raw() []byte { return r.raw }

// Decode decodes every entry.
func (r Resolved) Decode() (ResolvedData, error) {
	var d ResolvedData
	if len(r.raw) == 0 {
		return d, nil
	}
	err := jsonv2.UnmarshalOf(r.raw, &d)
	return d, err
}

// User returns the resolved user with the id.
func (r Resolved) User(id Snowflake) (User, bool) {
	var u User
	entry, ok := r.entry(resolvedUsers, id)
	if !ok {
		return u, false
	}
	p := parser{b: entry, path: "resolved.users"}
	p.user(&u)
	return u, p.err == nil
}

// Member returns the resolved member with the id, with its user filled in
// from the resolved users.
func (r Resolved) Member(id Snowflake) (Member, bool) {
	var m Member
	entry, ok := r.entry(resolvedMembers, id)
	if !ok {
		return m, false
	}
	p := parser{b: entry, path: "resolved.members"}
	p.member(&m)
	if p.err != nil {
		return Member{}, false
	}
	if m.User.ID == 0 {
		m.User, _ = r.User(id)
	}
	return m, true
}

// Role returns the resolved role with the id.
func (r Resolved) Role(id Snowflake) (Role, bool) { return lookup[Role](r, resolvedRoles, id) }

// Channel returns the resolved channel with the id.
func (r Resolved) Channel(id Snowflake) (Channel, bool) {
	var c Channel
	entry, ok := r.entry(resolvedChannels, id)
	if !ok {
		return c, false
	}
	p := parser{b: entry, path: "resolved.channels"}
	p.channel(&c)
	return c, p.err == nil
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
	// The decoder may reuse b: keep a copy, which lookups refer into.
	nr, err := newResolved(append([]byte(nil), b...))
	if err != nil {
		return err
	}
	*r = nr
	return nil
}

// entry returns the JSON object of an entry. When an id appears twice the
// last one wins, as JSON decoders read duplicate keys.
func (r Resolved) entry(kind uint8, id Snowflake) ([]byte, bool) {
	if id == 0 {
		return nil, false
	}
	for i := len(r.index) - 1; i >= 0; i-- {
		if e := &r.index[i]; e.id == id && e.kind == kind {
			return r.raw[e.start:e.end:e.end], true
		}
	}
	return nil, false
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
