package interaction

import (
	"cmp"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"

	jsonv2 "github.com/goccy/go-json/v2"
)

// Resolved holds the users, members, roles, channels, messages and
// attachments an interaction refers to, each keyed by id.
//
// It keeps the JSON the service sent and decodes only the entries a handler
// looks up: most handlers read one user or none, and decoding every entry
// up front would cost every request what few use. The first lookup reads
// the object for the entries of its id alone; a second reads it once
// more, noting where each entry is, and each lookup from then on finds
// its entry in that index: reading k entries costs k entries and two
// passes, not k passes. Each lookup decodes its entry afresh. Copies of a
// Resolved share the index; lookups are safe for concurrent use.
type Resolved struct {
	raw []byte
	// index locates the entries of raw; it is made with raw and filled in
	// by the second lookup.
	index *resolvedIndex
}

// resolvedIndex is where each entry of a resolved object is, by kind and
// id, found in one read of the object.
type resolvedIndex struct {
	// lookups counts the lookups begun: the first reads the object for
	// its id alone, and the index is built by the second.
	lookups atomic.Uint32
	once    sync.Once
	// entries are the entries of every kind, sorted by kind and id; when
	// an id appears twice the last one wins, as JSON decoders read
	// duplicate names, though Decode refuses them.
	entries []resolvedEntry
}

// resolvedEntry is where the entry of a kind and id is in the object:
// raw[start:end].
type resolvedEntry struct {
	kind       uint8
	id         Snowflake
	start, end int64
}

// compare orders entries by kind, then id.
func (e resolvedEntry) compare(kind uint8, id Snowflake) int {
	if c := cmp.Compare(e.kind, kind); c != 0 {
		return c
	}
	return cmp.Compare(e.id, id)
}

// newResolved returns the Resolved of the object raw, which it keeps.
func newResolved(raw []byte) Resolved { return Resolved{raw: raw, index: new(resolvedIndex)} }

// Kinds of resolved entries, in the order of the service's field names.
const (
	resolvedUsers uint8 = iota + 1
	resolvedMembers
	resolvedRoles
	resolvedChannels
	resolvedMessages
	resolvedAttachments
	resolvedKinds // one past the last kind
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

// span is where an entry is in the resolved object, raw[start:end]; the
// zero span is no entry.
type span struct{ start, end int }

// found reports whether s is an entry.
func (s span) found() bool { return s.end > 0 }

// spans are the entries of one id, by kind.
type spans [resolvedKinds]span

// find notes in *found, which is zero, where the entries with the id
// are, of each kind in the set kinds (1<<kind for each). The first lookup
// of a Resolved reads the object for them alone; the second indexes every
// entry, and it and those after it search the index. An object that does
// not read has no entries.
func (r Resolved) find(id Snowflake, kinds uint8, found *spans) {
	if id == 0 || len(r.raw) == 0 {
		return
	}
	x := r.index
	if x == nil || x.lookups.Add(1) == 1 {
		// A handler that looks up one user or channel, as most do,
		// needs no index. (A Resolved made as a literal has none.)
		if !scanResolved(r.raw, func(k uint8, entry Snowflake, start, end int) {
			if entry == id && kinds&(1<<k) != 0 {
				found[k] = span{start, end}
			}
		}) {
			*found = spans{}
		}
		return
	}
	x.once.Do(func() { x.build(r.raw) })
	for k := range resolvedKinds {
		if kinds&(1<<k) == 0 {
			continue
		}
		// The first entry past id; the one before it is id's last, if any.
		i, _ := slices.BinarySearchFunc(x.entries, id+1, func(e resolvedEntry, next Snowflake) int { return e.compare(k, next) })
		if i > 0 && x.entries[i-1].kind == k && x.entries[i-1].id == id {
			found[k] = span{int(x.entries[i-1].start), int(x.entries[i-1].end)}
		}
	}
}

// build notes where each entry of the object raw is.
func (x *resolvedIndex) build(raw []byte) {
	// Room for the entries of most objects, allocated only by the
	// lookups that index: every interaction with resolved data
	// allocates the index, and most never build it.
	x.entries = make([]resolvedEntry, 0, 8)
	if !scanResolved(raw, func(k uint8, id Snowflake, start, end int) {
		x.entries = append(x.entries, resolvedEntry{kind: k, id: id, start: int64(start), end: int64(end)})
	}) {
		x.entries = nil
		return
	}
	// Sorted stably, the last of equal ids last: the search finds the
	// last, which wins.
	slices.SortStableFunc(x.entries, func(a, b resolvedEntry) int { return a.compare(b.kind, b.id) })
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
	return newResolved(b), nil
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
		return d, decodeError(err, r.raw, "/data/resolved", reflect.TypeFor[ResolvedData]())
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
	hasUser, hasMember = r.DecodeUserAndMember(id, &u, &m)
	return u, m, hasUser, hasMember
}

// DecodeUserAndMember is UserAndMember for a caller that keeps the user
// and the membership in values of its own, such as option.ResolvedUser's
// fields: it sets *u and *m to what it finds, and to zero what it does
// not. A User and a Member are large: decoded where they are kept, they
// are not copied through the frames of the caller's look-up.
func (r Resolved) DecodeUserAndMember(id Snowflake, u *User, m *Member) (hasUser, hasMember bool) {
	*u = User{}
	*m = Member{}
	var at spans
	r.find(id, 1<<resolvedUsers|1<<resolvedMembers, &at)
	if e := at[resolvedUsers]; e.found() {
		hasUser = jsonv2.UnmarshalOf(r.raw[e.start:e.end:e.end], u) == nil
		if !hasUser {
			*u = User{}
		}
	}
	if e := at[resolvedMembers]; e.found() {
		hasMember = jsonv2.UnmarshalOf(r.raw[e.start:e.end:e.end], m) == nil
		switch {
		case !hasMember:
			*m = Member{}
		case m.User.ID == 0:
			m.User = *u
		}
	}
	return hasUser, hasMember
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
	// b may be the decoder's buffer, which it reuses. The index is
	// made now, empty, so that copies share it; the first look-up fills
	// it.
	*r = newResolved(append([]byte(nil), b...))
	return nil
}

// entry returns the JSON of the entry of the kind with the id.
func (r Resolved) entry(kind uint8, id Snowflake) ([]byte, bool) {
	var at spans
	r.find(id, 1<<kind, &at)
	e := at[kind]
	if !e.found() {
		return nil, false
	}
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
