package interaction

import (
	"strconv"

	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/internal/jsonscan"
)

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
	entry, ok := lookupRaw(r.raw, "users", id)
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
	entry, ok := lookupRaw(r.raw, "members", id)
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
func (r Resolved) Role(id Snowflake) (Role, bool) { return lookup[Role](r.raw, "roles", id) }

// Channel returns the resolved channel with the id.
func (r Resolved) Channel(id Snowflake) (Channel, bool) {
	var c Channel
	entry, ok := lookupRaw(r.raw, "channels", id)
	if !ok {
		return c, false
	}
	p := parser{b: entry, path: "resolved.channels"}
	p.channel(&c)
	return c, p.err == nil
}

// Message returns the resolved message with the id.
func (r Resolved) Message(id Snowflake) (Message, bool) {
	return lookup[Message](r.raw, "messages", id)
}

// Attachment returns the resolved attachment with the id.
func (r Resolved) Attachment(id Snowflake) (Attachment, bool) {
	return lookup[Attachment](r.raw, "attachments", id)
}

// RawMessage returns the resolved message with the id as the service sent
// it, for the fields Message does not carry.
func (r Resolved) RawMessage(id Snowflake) ([]byte, bool) {
	return lookupRaw(r.raw, "messages", id)
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
		r.raw = nil
		return nil
	}
	if len(b) == 0 || b[0] != '{' {
		return &jsonFieldError{field: "resolved", text: string(b)}
	}
	// The decoder may reuse b: keep a copy, which lookups may refer into.
	r.raw = append([]byte(nil), b...)
	return nil
}

func lookupRaw(raw []byte, kind string, id Snowflake) ([]byte, bool) {
	if len(raw) == 0 || id == 0 {
		return nil, false
	}
	group, ok, _ := jsonscan.Lookup(raw, kind)
	if !ok {
		return nil, false
	}
	var key [20]byte
	k := strconv.AppendUint(key[:0], uint64(id), 10)
	it := jsonscan.NewObject(group)
	for name, v, ok := it.Next(); ok; name, v, ok = it.Next() {
		if string(name) == string(k) {
			return v, true
		}
	}
	return nil, false
}

func lookup[T any](raw []byte, kind string, id Snowflake) (T, bool) {
	var v T
	entry, ok := lookupRaw(raw, kind, id)
	if !ok {
		return v, false
	}
	if err := jsonv2.UnmarshalOf(entry, &v); err != nil {
		var zero T
		return zero, false
	}
	return v, true
}
