package option

import (
	"math"

	"github.com/switchboard-go/switchboard/interaction"
)

// MaxInteger is the largest magnitude of an INTEGER option: the service
// accepts integers from -(2^53-1) to 2^53-1, the integers a double holds
// exactly.
const MaxInteger = 1<<53 - 1

// MaxNumber is the largest magnitude of a NUMBER option.
const MaxNumber = 1 << 53

// Values are the options given to the invoked command or subcommand.
type Values struct {
	opts     []interaction.OptionData
	resolved interaction.Resolved
}

// Of returns the options given to the leaf of the interaction's command path.
func Of(ix *interaction.Interaction) Values {
	_, _, leaf := ix.Data.Route()
	return Values{opts: leaf, resolved: ix.Data.Resolved}
}

// New returns Values over options already at the leaf, resolving ids
// through resolved.
func New(opts []interaction.OptionData, resolved interaction.Resolved) Values {
	return Values{opts: opts, resolved: resolved}
}

// Len returns the number of options given.
func (v Values) Len() int { return len(v.opts) }

// All returns the options as received, in the order the service sent them.
func (v Values) All() []interaction.OptionData { return v.opts }

// Resolved returns the interaction's resolved data.
func (v Values) Resolved() interaction.Resolved { return v.resolved }

// Has reports whether the user gave the option.
func (v Values) Has(name string) bool { return v.find(name) != nil }

func (v Values) find(name string) *interaction.OptionData {
	for i := range v.opts {
		if v.opts[i].Name == name {
			return &v.opts[i]
		}
	}
	return nil
}

// Get returns the option's value; its accessors report why it cannot be
// read.
func (v Values) Get(name string) Value {
	return Value{name: name, opt: v.find(name), resolved: v.resolved}
}

// The accessors of Values read through the unexported accessors of Value,
// which report a failure as a fault rather than an *Error: an option that
// is absent is an ordinary answer here, and building an error only to drop
// it would allocate on every call.

// String returns a STRING option.
func (v Values) String(name string) (string, bool) {
	s, f := v.Get(name).str()
	return s, f.ok()
}

// Int returns an INTEGER option.
func (v Values) Int(name string) (int64, bool) {
	i, f := v.Get(name).int()
	return i, f.ok()
}

// Float returns a NUMBER option, or an INTEGER option as a float64.
func (v Values) Float(name string) (float64, bool) {
	x, f := v.Get(name).float()
	return x, f.ok()
}

// Bool returns a BOOLEAN option.
func (v Values) Bool(name string) (bool, bool) {
	b, f := v.Get(name).bool()
	return b, f.ok()
}

// ID returns the id a USER, CHANNEL, ROLE, MENTIONABLE or ATTACHMENT option
// holds, without looking it up.
func (v Values) ID(name string) (interaction.Snowflake, bool) {
	id, f := v.Get(name).id()
	return id, f.ok()
}

// User returns a USER option, or a MENTIONABLE option that names a user,
// with the member when the command was used in a guild.
func (v Values) User(name string) (u ResolvedUser, ok bool) {
	return u, v.Get(name).user(&u).ok()
}

// Channel returns a CHANNEL option.
func (v Values) Channel(name string) (interaction.Channel, bool) {
	c, f := v.Get(name).channel()
	return c, f.ok()
}

// Role returns a ROLE option, or a MENTIONABLE option that names a role.
func (v Values) Role(name string) (interaction.Role, bool) {
	r, f := v.Get(name).role()
	return r, f.ok()
}

// Mentionable returns a MENTIONABLE option.
func (v Values) Mentionable(name string) (ResolvedMentionable, bool) {
	m, f := v.Get(name).mentionable()
	return m, f.ok()
}

// Attachment returns an ATTACHMENT option.
func (v Values) Attachment(name string) (interaction.Attachment, bool) {
	a, f := v.Get(name).attachment()
	return a, f.ok()
}

// ResolvedUser is a user picked in an option, with their membership of the guild
// the command was used in.
type ResolvedUser struct {
	interaction.User
	// Member is set when HasMember is true: in a guild, for a user who is a
	// member of it.
	Member    interaction.Member
	HasMember bool
}

// ResolvedMentionable is a user or a role picked in a MENTIONABLE option.
type ResolvedMentionable struct {
	ID interaction.Snowflake
	// IsRole tells which of User and Role is set.
	IsRole bool
	User   ResolvedUser
	Role   interaction.Role
}

// Value is one option's value, read with a typed accessor.
type Value struct {
	name     string
	opt      *interaction.OptionData
	resolved interaction.Resolved
}

// Name returns the option's name.
func (v Value) Name() string { return v.name }

// Present reports whether the user gave the option.
func (v Value) Present() bool { return v.opt != nil }

// Type returns the option's type, or 0 when it is missing.
func (v Value) Type() interaction.OptionType {
	if v.opt == nil {
		return 0
	}
	return v.opt.Type
}

// Raw returns the value as the service sent it.
func (v Value) Raw() interaction.Value {
	if v.opt == nil {
		return interaction.Value{}
	}
	return v.opt.Value
}

// fault is why an option cannot be read: the kind and the type asked for,
// or the zero fault when it can be. Unlike an *Error it needs no
// allocation.
type fault struct {
	kind error
	want interaction.OptionType
}

func (f fault) ok() bool { return f.kind == nil }

// error returns the *Error for f, or nil when f is the zero fault.
func (v Value) error(f fault) error {
	if f.kind == nil {
		return nil
	}
	e := &Error{Option: v.name, Want: f.want, Kind: f.kind}
	if v.opt != nil {
		e.Got = v.opt.Type
	}
	return e
}

// check faults unless the option is present and of one of the types.
func (v Value) check(want interaction.OptionType, also interaction.OptionType) fault {
	if v.opt == nil {
		return fault{ErrMissing, want}
	}
	if v.opt.Type != want && (also == 0 || v.opt.Type != also) {
		return fault{ErrType, want}
	}
	return fault{}
}

// Text returns a STRING option.
func (v Value) Text() (string, error) {
	s, f := v.str()
	return s, v.error(f)
}

func (v Value) str() (string, fault) {
	if f := v.check(interaction.OptionString, 0); !f.ok() {
		return "", f
	}
	s, ok := v.opt.Value.Str()
	if !ok {
		return "", fault{ErrType, interaction.OptionString}
	}
	return s, fault{}
}

// Int returns an INTEGER option; integers beyond ±(2^53-1), and numbers
// with a fraction, are out of range.
func (v Value) Int() (int64, error) {
	i, f := v.int()
	return i, v.error(f)
}

func (v Value) int() (int64, fault) {
	if f := v.check(interaction.OptionInteger, 0); !f.ok() {
		return 0, f
	}
	i, ok := v.opt.Value.Int()
	if !ok {
		if _, isNum := v.opt.Value.Float(); isNum {
			return 0, fault{ErrRange, interaction.OptionInteger}
		}
		return 0, fault{ErrType, interaction.OptionInteger}
	}
	if i > MaxInteger || i < -MaxInteger {
		return 0, fault{ErrRange, interaction.OptionInteger}
	}
	return i, fault{}
}

// Float returns a NUMBER option, or an INTEGER option as a float64; numbers
// beyond ±2^53 are out of range, and so is an INTEGER option that Int finds
// out of range.
func (v Value) Float() (float64, error) {
	x, f := v.float()
	return x, v.error(f)
}

func (v Value) float() (float64, fault) {
	if f := v.check(interaction.OptionNumber, interaction.OptionInteger); !f.ok() {
		return 0, f
	}
	if v.opt.Type == interaction.OptionInteger {
		// An INTEGER option has the narrower range of its own type whichever
		// accessor reads it.
		i, f := v.int()
		return float64(i), f
	}
	x, ok := v.opt.Value.Float()
	if !ok {
		return 0, fault{ErrType, interaction.OptionNumber}
	}
	if math.Abs(x) > MaxNumber || math.IsNaN(x) {
		return 0, fault{ErrRange, interaction.OptionNumber}
	}
	return x, fault{}
}

// Bool returns a BOOLEAN option.
func (v Value) Bool() (bool, error) {
	b, f := v.bool()
	return b, v.error(f)
}

func (v Value) bool() (bool, fault) {
	if f := v.check(interaction.OptionBoolean, 0); !f.ok() {
		return false, f
	}
	b, ok := v.opt.Value.Bool()
	if !ok {
		return false, fault{ErrType, interaction.OptionBoolean}
	}
	return b, fault{}
}

// ID returns the id a USER, CHANNEL, ROLE, MENTIONABLE or ATTACHMENT option
// holds.
func (v Value) ID() (interaction.Snowflake, error) {
	id, f := v.id()
	return id, v.error(f)
}

func (v Value) id() (interaction.Snowflake, fault) {
	if v.opt == nil {
		return 0, fault{ErrMissing, interaction.OptionMentionable}
	}
	switch v.opt.Type {
	case interaction.OptionUser, interaction.OptionChannel, interaction.OptionRole,
		interaction.OptionMentionable, interaction.OptionAttachment:
	default:
		return 0, fault{ErrType, interaction.OptionMentionable}
	}
	id, ok := v.opt.Value.Snowflake()
	if !ok {
		return 0, fault{ErrType, v.opt.Type}
	}
	return id, fault{}
}

// User returns a USER option, or a MENTIONABLE option that names a user.
func (v Value) User() (u ResolvedUser, err error) {
	return u, v.error(v.user(&u))
}

// user reads a USER option, or a MENTIONABLE option that names a user,
// into *out, which it leaves alone on a fault. A ResolvedUser is large:
// written once where it is wanted, it is not copied through every frame
// of the look-up, nor does each frame keep room for it on the stack.
func (v Value) user(out *ResolvedUser) fault {
	if f := v.check(interaction.OptionUser, interaction.OptionMentionable); !f.ok() {
		return f
	}
	id, f := v.id()
	if !f.ok() {
		return f
	}
	return v.userByID(id, out)
}

// userByID looks up the user with the id into *out, which it leaves
// alone on a fault.
func (v Value) userByID(id interaction.Snowflake, out *ResolvedUser) fault {
	var ok bool
	ok, out.HasMember = v.resolved.DecodeUserAndMember(id, &out.User, &out.Member)
	switch {
	case !ok:
		*out = ResolvedUser{}
		return fault{ErrUnresolved, interaction.OptionUser}
	case out.HasMember:
		out.Member.User = out.User
	}
	return fault{}
}

// Channel returns a CHANNEL option.
func (v Value) Channel() (interaction.Channel, error) {
	c, f := v.channel()
	return c, v.error(f)
}

func (v Value) channel() (interaction.Channel, fault) {
	if f := v.check(interaction.OptionChannel, 0); !f.ok() {
		return interaction.Channel{}, f
	}
	id, f := v.id()
	if !f.ok() {
		return interaction.Channel{}, f
	}
	c, ok := v.resolved.Channel(id)
	if !ok {
		return interaction.Channel{}, fault{ErrUnresolved, interaction.OptionChannel}
	}
	return c, fault{}
}

// Role returns a ROLE option, or a MENTIONABLE option that names a role.
func (v Value) Role() (interaction.Role, error) {
	r, f := v.role()
	return r, v.error(f)
}

func (v Value) role() (interaction.Role, fault) {
	if f := v.check(interaction.OptionRole, interaction.OptionMentionable); !f.ok() {
		return interaction.Role{}, f
	}
	id, f := v.id()
	if !f.ok() {
		return interaction.Role{}, f
	}
	r, ok := v.resolved.Role(id)
	if !ok {
		return interaction.Role{}, fault{ErrUnresolved, interaction.OptionRole}
	}
	return r, fault{}
}

// Mentionable returns a MENTIONABLE option: the user or role it names.
func (v Value) Mentionable() (ResolvedMentionable, error) {
	m, f := v.mentionable()
	return m, v.error(f)
}

func (v Value) mentionable() (ResolvedMentionable, fault) {
	if f := v.check(interaction.OptionMentionable, 0); !f.ok() {
		return ResolvedMentionable{}, f
	}
	id, f := v.id()
	if !f.ok() {
		return ResolvedMentionable{}, f
	}
	var m ResolvedMentionable
	if v.userByID(id, &m.User).ok() {
		m.ID = id
		return m, fault{}
	}
	if r, ok := v.resolved.Role(id); ok {
		return ResolvedMentionable{ID: id, IsRole: true, Role: r}, fault{}
	}
	return ResolvedMentionable{}, fault{ErrUnresolved, interaction.OptionMentionable}
}

// Attachment returns an ATTACHMENT option.
func (v Value) Attachment() (interaction.Attachment, error) {
	a, f := v.attachment()
	return a, v.error(f)
}

func (v Value) attachment() (interaction.Attachment, fault) {
	if f := v.check(interaction.OptionAttachment, 0); !f.ok() {
		return interaction.Attachment{}, f
	}
	id, f := v.id()
	if !f.ok() {
		return interaction.Attachment{}, f
	}
	a, ok := v.resolved.Attachment(id)
	if !ok {
		return interaction.Attachment{}, fault{ErrUnresolved, interaction.OptionAttachment}
	}
	return a, fault{}
}
