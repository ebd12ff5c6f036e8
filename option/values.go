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
	opts     []interaction.Option
	resolved interaction.Resolved
}

// Of returns the options given to the leaf of the interaction's command path.
func Of(ix *interaction.Interaction) Values {
	_, _, leaf := ix.Data.Route()
	return Values{opts: leaf, resolved: ix.Data.Resolved}
}

// New returns Values over options already at the leaf, resolving ids
// through resolved.
func New(opts []interaction.Option, resolved interaction.Resolved) Values {
	return Values{opts: opts, resolved: resolved}
}

// Len returns the number of options given.
func (v Values) Len() int { return len(v.opts) }

// All returns the options as received, in the order the service sent them.
func (v Values) All() []interaction.Option { return v.opts }

// Resolved returns the interaction's resolved data.
func (v Values) Resolved() interaction.Resolved { return v.resolved }

// Has reports whether the user gave the option.
func (v Values) Has(name string) bool { return v.find(name) != nil }

func (v Values) find(name string) *interaction.Option {
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

// String returns a STRING option.
func (v Values) String(name string) (string, bool) {
	s, err := v.Get(name).String()
	return s, err == nil
}

// Int returns an INTEGER option.
func (v Values) Int(name string) (int64, bool) {
	i, err := v.Get(name).Int()
	return i, err == nil
}

// Float returns a NUMBER option, or an INTEGER option as a float64.
func (v Values) Float(name string) (float64, bool) {
	f, err := v.Get(name).Float()
	return f, err == nil
}

// Bool returns a BOOLEAN option.
func (v Values) Bool(name string) (bool, bool) {
	b, err := v.Get(name).Bool()
	return b, err == nil
}

// ID returns the id a USER, CHANNEL, ROLE, MENTIONABLE or ATTACHMENT option
// holds, without looking it up.
func (v Values) ID(name string) (interaction.Snowflake, bool) {
	id, err := v.Get(name).ID()
	return id, err == nil
}

// User returns a USER option, or a MENTIONABLE option that names a user,
// with the member when the command was used in a guild.
func (v Values) User(name string) (User, bool) {
	u, err := v.Get(name).User()
	return u, err == nil
}

// Channel returns a CHANNEL option.
func (v Values) Channel(name string) (interaction.Channel, bool) {
	c, err := v.Get(name).Channel()
	return c, err == nil
}

// Role returns a ROLE option, or a MENTIONABLE option that names a role.
func (v Values) Role(name string) (interaction.Role, bool) {
	r, err := v.Get(name).Role()
	return r, err == nil
}

// Mentionable returns a MENTIONABLE option.
func (v Values) Mentionable(name string) (Mentionable, bool) {
	m, err := v.Get(name).Mentionable()
	return m, err == nil
}

// Attachment returns an ATTACHMENT option.
func (v Values) Attachment(name string) (interaction.Attachment, bool) {
	a, err := v.Get(name).Attachment()
	return a, err == nil
}

// User is a user picked in an option, with their membership of the guild
// the command was used in.
type User struct {
	interaction.User
	// Member is set when HasMember is true: in a guild, for a user who is a
	// member of it.
	Member    interaction.Member
	HasMember bool
}

// Mentionable is a user or a role picked in a MENTIONABLE option.
type Mentionable struct {
	ID interaction.Snowflake
	// IsRole tells which of User and Role is set.
	IsRole bool
	User   User
	Role   interaction.Role
}

// Value is one option's value, read with a typed accessor.
type Value struct {
	name     string
	opt      *interaction.Option
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

func (v Value) err(want interaction.OptionType, kind error) *Error {
	e := &Error{Option: v.name, Want: want, Kind: kind}
	if v.opt != nil {
		e.Got = v.opt.Type
	}
	return e
}

// check returns an error unless the option is present and of one of the
// types.
func (v Value) check(want interaction.OptionType, also interaction.OptionType) error {
	if v.opt == nil {
		return v.err(want, ErrMissing)
	}
	if v.opt.Type != want && (also == 0 || v.opt.Type != also) {
		return v.err(want, ErrType)
	}
	return nil
}

// String returns a STRING option.
func (v Value) String() (string, error) {
	if err := v.check(interaction.OptionString, 0); err != nil {
		return "", err
	}
	s, ok := v.opt.Value.Str()
	if !ok {
		return "", v.err(interaction.OptionString, ErrType)
	}
	return s, nil
}

// Int returns an INTEGER option; integers beyond ±(2^53-1) are out of range.
func (v Value) Int() (int64, error) {
	if err := v.check(interaction.OptionInteger, 0); err != nil {
		return 0, err
	}
	i, ok := v.opt.Value.Int()
	if !ok {
		if _, isNum := v.opt.Value.Float(); isNum {
			return 0, v.err(interaction.OptionInteger, ErrRange)
		}
		return 0, v.err(interaction.OptionInteger, ErrType)
	}
	if i > MaxInteger || i < -MaxInteger {
		return 0, v.err(interaction.OptionInteger, ErrRange)
	}
	return i, nil
}

// Float returns a NUMBER option, or an INTEGER option as a float64.
func (v Value) Float() (float64, error) {
	if err := v.check(interaction.OptionNumber, interaction.OptionInteger); err != nil {
		return 0, err
	}
	f, ok := v.opt.Value.Float()
	if !ok {
		return 0, v.err(interaction.OptionNumber, ErrType)
	}
	if math.Abs(f) > MaxNumber || math.IsNaN(f) {
		return 0, v.err(interaction.OptionNumber, ErrRange)
	}
	return f, nil
}

// Bool returns a BOOLEAN option.
func (v Value) Bool() (bool, error) {
	if err := v.check(interaction.OptionBoolean, 0); err != nil {
		return false, err
	}
	b, ok := v.opt.Value.Bool()
	if !ok {
		return false, v.err(interaction.OptionBoolean, ErrType)
	}
	return b, nil
}

// ID returns the id a USER, CHANNEL, ROLE, MENTIONABLE or ATTACHMENT option
// holds.
func (v Value) ID() (interaction.Snowflake, error) {
	if v.opt == nil {
		return 0, v.err(interaction.OptionMentionable, ErrMissing)
	}
	switch v.opt.Type {
	case interaction.OptionUser, interaction.OptionChannel, interaction.OptionRole,
		interaction.OptionMentionable, interaction.OptionAttachment:
	default:
		return 0, v.err(interaction.OptionMentionable, ErrType)
	}
	id, ok := v.opt.Value.Snowflake()
	if !ok {
		return 0, v.err(v.opt.Type, ErrType)
	}
	return id, nil
}

// User returns a USER option, or a MENTIONABLE option that names a user.
func (v Value) User() (User, error) {
	if err := v.check(interaction.OptionUser, interaction.OptionMentionable); err != nil {
		return User{}, err
	}
	id, err := v.ID()
	if err != nil {
		return User{}, err
	}
	return v.user(id)
}

func (v Value) user(id interaction.Snowflake) (User, error) {
	u, ok := v.resolved.User(id)
	if !ok {
		return User{}, v.err(interaction.OptionUser, ErrUnresolved)
	}
	out := User{User: u}
	out.Member, out.HasMember = v.resolved.Member(id)
	if out.HasMember {
		out.Member.User = u
	}
	return out, nil
}

// Channel returns a CHANNEL option.
func (v Value) Channel() (interaction.Channel, error) {
	if err := v.check(interaction.OptionChannel, 0); err != nil {
		return interaction.Channel{}, err
	}
	id, err := v.ID()
	if err != nil {
		return interaction.Channel{}, err
	}
	c, ok := v.resolved.Channel(id)
	if !ok {
		return interaction.Channel{}, v.err(interaction.OptionChannel, ErrUnresolved)
	}
	return c, nil
}

// Role returns a ROLE option, or a MENTIONABLE option that names a role.
func (v Value) Role() (interaction.Role, error) {
	if err := v.check(interaction.OptionRole, interaction.OptionMentionable); err != nil {
		return interaction.Role{}, err
	}
	id, err := v.ID()
	if err != nil {
		return interaction.Role{}, err
	}
	r, ok := v.resolved.Role(id)
	if !ok {
		return interaction.Role{}, v.err(interaction.OptionRole, ErrUnresolved)
	}
	return r, nil
}

// Mentionable returns a MENTIONABLE option: the user or role it names.
func (v Value) Mentionable() (Mentionable, error) {
	if err := v.check(interaction.OptionMentionable, 0); err != nil {
		return Mentionable{}, err
	}
	id, err := v.ID()
	if err != nil {
		return Mentionable{}, err
	}
	if u, err := v.user(id); err == nil {
		return Mentionable{ID: id, User: u}, nil
	}
	if r, ok := v.resolved.Role(id); ok {
		return Mentionable{ID: id, IsRole: true, Role: r}, nil
	}
	return Mentionable{}, v.err(interaction.OptionMentionable, ErrUnresolved)
}

// Attachment returns an ATTACHMENT option.
func (v Value) Attachment() (interaction.Attachment, error) {
	if err := v.check(interaction.OptionAttachment, 0); err != nil {
		return interaction.Attachment{}, err
	}
	id, err := v.ID()
	if err != nil {
		return interaction.Attachment{}, err
	}
	a, ok := v.resolved.Attachment(id)
	if !ok {
		return interaction.Attachment{}, v.err(interaction.OptionAttachment, ErrUnresolved)
	}
	return a, nil
}
