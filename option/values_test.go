package option_test

import (
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
)

// Ids of the objects in the fixture's resolved data. idGhost is in none of
// its maps.
const (
	idMember     interaction.Snowflake = 1191207000000000007 // a user with a member
	idStranger   interaction.Snowflake = 1191207000000000017 // a user without one
	idChannel    interaction.Snowflake = 1191203000000000003
	idRole       interaction.Snowflake = 1191208000000000008
	idAttachment interaction.Snowflake = 1191214000000000014
	idGhost      interaction.Snowflake = 1191299000000000099
)

func str(id interaction.Snowflake) interaction.Value { return interaction.StringValue(id.String()) }

func opt(name string, t interaction.OptionType, v interaction.Value) interaction.OptionData {
	return interaction.OptionData{Name: name, Type: t, Value: v}
}

// fixtureOptions has one option of every type, and for the types that name
// an object, one more whose id the resolved data lacks.
func fixtureOptions() []interaction.OptionData {
	return []interaction.OptionData{
		opt("text", interaction.OptionString, interaction.StringValue("hello")),
		opt("count", interaction.OptionInteger, interaction.IntValue(42)),
		opt("flag", interaction.OptionBoolean, interaction.BoolValue(true)),
		opt("member", interaction.OptionUser, str(idMember)),
		opt("stranger", interaction.OptionUser, str(idStranger)),
		opt("channel", interaction.OptionChannel, str(idChannel)),
		opt("role", interaction.OptionRole, str(idRole)),
		opt("who", interaction.OptionMentionable, str(idStranger)),
		opt("whom", interaction.OptionMentionable, str(idRole)),
		opt("ratio", interaction.OptionNumber, interaction.FloatValue(0.25)),
		opt("file", interaction.OptionAttachment, str(idAttachment)),

		opt("ghost-user", interaction.OptionUser, str(idGhost)),
		opt("ghost-channel", interaction.OptionChannel, str(idGhost)),
		opt("ghost-role", interaction.OptionRole, str(idGhost)),
		opt("ghost-mentionable", interaction.OptionMentionable, str(idGhost)),
		opt("ghost-file", interaction.OptionAttachment, str(idGhost)),
	}
}

var (
	wantMemberUser   = interaction.User{ID: idMember, Username: "spammer9000", GlobalName: "Definitely Not A Bot"}
	wantStrangerUser = interaction.User{ID: idStranger, Username: "lurker"}
	wantMember       = interaction.Member{User: wantMemberUser, Nick: "spammer", Roles: []interaction.Snowflake{idRole}}
	wantChannel      = interaction.Channel{ID: idChannel, Type: interaction.ChannelGuildText, Name: "moderation"}
	wantRole         = interaction.Role{ID: idRole, Name: "Muted", Color: 0x99aab5, Position: 2}
	wantAttachment   = interaction.Attachment{
		ID: idAttachment, Filename: "proof.png", ContentType: "image/png", Size: 2048,
		URL: "https://cdn.example/proof.png", ProxyURL: "https://media.example/proof.png",
	}
)

func fixtureResolved(t testing.TB) interaction.Resolved {
	t.Helper()
	member := wantMember
	// The service leaves the user out of a resolved member.
	member.User = interaction.User{}
	r, err := interaction.NewResolved(interaction.ResolvedData{
		Users:       map[interaction.Snowflake]interaction.User{idMember: wantMemberUser, idStranger: wantStrangerUser},
		Members:     map[interaction.Snowflake]interaction.Member{idMember: member},
		Roles:       map[interaction.Snowflake]interaction.Role{idRole: wantRole},
		Channels:    map[interaction.Snowflake]interaction.Channel{idChannel: wantChannel},
		Attachments: map[interaction.Snowflake]interaction.Attachment{idAttachment: wantAttachment},
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func fixture(t testing.TB) option.Values {
	return option.New(fixtureOptions(), fixtureResolved(t))
}

// accessor is one typed accessor, reached both through Value and through
// Values, so that every case checks the two agree.
type accessor struct {
	name string
	// accepts are the option types it reads.
	accepts []interaction.OptionType
	// want is the type its errors name as asked for.
	want   interaction.OptionType
	value  func(option.Value) (any, error)
	values func(option.Values, string) (any, bool)
}

func wrap[T any](f func() (T, error)) (any, error) { x, err := f(); return x, err }
func wrapOK[T any](x T, ok bool) (any, bool)       { return x, ok }

var accessors = []accessor{
	{"String", []interaction.OptionType{interaction.OptionString}, interaction.OptionString,
		func(v option.Value) (any, error) { return wrap(v.Text) },
		func(v option.Values, n string) (any, bool) { return wrapOK(v.String(n)) }},
	{"Int", []interaction.OptionType{interaction.OptionInteger}, interaction.OptionInteger,
		func(v option.Value) (any, error) { return wrap(v.Int) },
		func(v option.Values, n string) (any, bool) { return wrapOK(v.Int(n)) }},
	{"Float", []interaction.OptionType{interaction.OptionNumber, interaction.OptionInteger}, interaction.OptionNumber,
		func(v option.Value) (any, error) { return wrap(v.Float) },
		func(v option.Values, n string) (any, bool) { return wrapOK(v.Float(n)) }},
	{"Bool", []interaction.OptionType{interaction.OptionBoolean}, interaction.OptionBoolean,
		func(v option.Value) (any, error) { return wrap(v.Bool) },
		func(v option.Values, n string) (any, bool) { return wrapOK(v.Bool(n)) }},
	{"ID", []interaction.OptionType{interaction.OptionUser, interaction.OptionChannel, interaction.OptionRole, interaction.OptionMentionable, interaction.OptionAttachment}, interaction.OptionMentionable,
		func(v option.Value) (any, error) { return wrap(v.ID) },
		func(v option.Values, n string) (any, bool) { return wrapOK(v.ID(n)) }},
	{"User", []interaction.OptionType{interaction.OptionUser, interaction.OptionMentionable}, interaction.OptionUser,
		func(v option.Value) (any, error) { return wrap(v.User) },
		func(v option.Values, n string) (any, bool) { return wrapOK(v.User(n)) }},
	{"Channel", []interaction.OptionType{interaction.OptionChannel}, interaction.OptionChannel,
		func(v option.Value) (any, error) { return wrap(v.Channel) },
		func(v option.Values, n string) (any, bool) { return wrapOK(v.Channel(n)) }},
	{"Role", []interaction.OptionType{interaction.OptionRole, interaction.OptionMentionable}, interaction.OptionRole,
		func(v option.Value) (any, error) { return wrap(v.Role) },
		func(v option.Values, n string) (any, bool) { return wrapOK(v.Role(n)) }},
	{"Mentionable", []interaction.OptionType{interaction.OptionMentionable}, interaction.OptionMentionable,
		func(v option.Value) (any, error) { return wrap(v.Mentionable) },
		func(v option.Values, n string) (any, bool) { return wrapOK(v.Mentionable(n)) }},
	{"Attachment", []interaction.OptionType{interaction.OptionAttachment}, interaction.OptionAttachment,
		func(v option.Value) (any, error) { return wrap(v.Attachment) },
		func(v option.Values, n string) (any, bool) { return wrapOK(v.Attachment(n)) }},
}

func accessorNamed(t *testing.T, name string) accessor {
	t.Helper()
	for _, a := range accessors {
		if a.name == name {
			return a
		}
	}
	t.Fatalf("no accessor %s", name)
	return accessor{}
}

// zeroOf returns the zero value of the type an accessor returns, which is
// what it must return with every error.
func zeroOf(a accessor) any {
	x, _ := a.value(option.Value{})
	return reflect.Zero(reflect.TypeOf(x)).Interface()
}

// read calls the accessor both ways and fails the test if they disagree.
func read(t *testing.T, a accessor, vs option.Values, name string) (any, error) {
	t.Helper()
	got, err := a.value(vs.Get(name))
	got2, ok := a.values(vs, name)
	if ok != (err == nil) {
		t.Errorf("Values.%s(%q) ok = %v, but Value.%s() error = %v", a.name, name, ok, a.name, err)
	}
	if !reflect.DeepEqual(got, got2) {
		t.Errorf("Values.%s(%q) = %#v, but Value.%s() = %#v", a.name, name, got2, a.name, got)
	}
	if err != nil && !reflect.DeepEqual(got, zeroOf(a)) {
		t.Errorf("Value.%s() of %q = %#v with error %v, want the zero value", a.name, name, got, err)
	}
	return got, err
}

// wantError checks that err is an *Error of the kind for the option.
func wantError(t *testing.T, err error, kind error, name string) *option.Error {
	t.Helper()
	if !errors.Is(err, kind) {
		t.Fatalf("error = %v, want one matching %v", err, kind)
	}
	var e *option.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %T is not an *option.Error", err)
	}
	if e.Option != name {
		t.Errorf("Error.Option = %q, want %q", e.Option, name)
	}
	if !strings.Contains(err.Error(), strconv.Quote(name)) {
		t.Errorf("error %q does not name the option %q", err, name)
	}
	for _, other := range []error{option.ErrMissing, option.ErrType, option.ErrRange, option.ErrUnresolved} {
		if other != kind && errors.Is(err, other) {
			t.Errorf("error %v also matches %v", err, other)
		}
	}
	return e
}

func TestAccessorsReturnTheValueOfEveryOptionType(t *testing.T) {
	wantUserWithMember := option.ResolvedUser{User: wantMemberUser, Member: wantMember, HasMember: true}
	wantUserWithoutMember := option.ResolvedUser{User: wantStrangerUser}
	tests := []struct {
		accessor, option string
		want             any
	}{
		{"String", "text", "hello"},
		{"Int", "count", int64(42)},
		{"Bool", "flag", true},
		{"Float", "ratio", 0.25},
		{"Float", "count", 42.0},
		{"ID", "member", idMember},
		{"ID", "channel", idChannel},
		{"ID", "role", idRole},
		{"ID", "who", idStranger},
		{"ID", "whom", idRole},
		{"ID", "file", idAttachment},
		{"ID", "ghost-user", idGhost},
		{"User", "member", wantUserWithMember},
		{"User", "stranger", wantUserWithoutMember},
		{"User", "who", wantUserWithoutMember},
		{"Channel", "channel", wantChannel},
		{"Role", "role", wantRole},
		{"Role", "whom", wantRole},
		{"Mentionable", "who", option.ResolvedMentionable{ID: idStranger, User: wantUserWithoutMember}},
		{"Mentionable", "whom", option.ResolvedMentionable{ID: idRole, IsRole: true, Role: wantRole}},
		{"Attachment", "file", wantAttachment},
	}
	vs := fixture(t)
	for _, tt := range tests {
		t.Run(tt.accessor+"/"+tt.option, func(t *testing.T) {
			got, err := read(t, accessorNamed(t, tt.accessor), vs, tt.option)
			if err != nil {
				t.Fatalf("error = %v", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

func TestUserOfAMemberCarriesTheMembership(t *testing.T) {
	vs := fixture(t)
	u, ok := vs.User("member")
	if !ok || !u.HasMember {
		t.Fatalf("User(member) = %+v, %v; want a user with a member", u, ok)
	}
	if u.Member.User.ID != idMember {
		t.Errorf("Member.User.ID = %v, want %v: the member's user is filled in from the resolved users", u.Member.User.ID, idMember)
	}
	if !u.Member.HasRole(idRole) || u.Member.DisplayName() != "spammer" {
		t.Errorf("member = %+v, want nick spammer with role %v", u.Member, idRole)
	}
	if m, _ := vs.Mentionable("member"); m.IsRole {
		t.Errorf("a USER option read as Mentionable must not claim to be a role")
	}
}

func TestMissingOptionIsErrMissing(t *testing.T) {
	vs := fixture(t)
	for _, a := range accessors {
		t.Run(a.name, func(t *testing.T) {
			got, err := read(t, a, vs, "absent")
			if !reflect.DeepEqual(got, zeroOf(a)) {
				t.Errorf("got %#v, want the zero value", got)
			}
			e := wantError(t, err, option.ErrMissing, "absent")
			if e.Got != 0 {
				t.Errorf("Error.Got = %v, want 0 for a missing option", e.Got)
			}
			if !strings.Contains(err.Error(), "missing") {
				t.Errorf("error %q does not say the option is missing", err)
			}
		})
	}
}

func TestWrongTypeIsErrTypeNamingBothTypes(t *testing.T) {
	// One option of each type that carries a value of its own type.
	byType := map[interaction.OptionType]string{
		interaction.OptionString:      "text",
		interaction.OptionInteger:     "count",
		interaction.OptionBoolean:     "flag",
		interaction.OptionUser:        "member",
		interaction.OptionChannel:     "channel",
		interaction.OptionRole:        "role",
		interaction.OptionMentionable: "who",
		interaction.OptionNumber:      "ratio",
		interaction.OptionAttachment:  "file",
	}
	vs := fixture(t)
	for _, a := range accessors {
		for typ, name := range byType {
			if slicesContains(a.accepts, typ) {
				continue
			}
			t.Run(a.name+"/"+typ.String(), func(t *testing.T) {
				_, err := read(t, a, vs, name)
				e := wantError(t, err, option.ErrType, name)
				if e.Got != typ || e.Want != a.want {
					t.Errorf("Error.Got, Want = %v, %v; want %v, %v", e.Got, e.Want, typ, a.want)
				}
				for _, s := range []string{typ.String(), a.want.String()} {
					if !strings.Contains(err.Error(), s) {
						t.Errorf("error %q does not name %s", err, s)
					}
				}
			})
		}
	}
}

func slicesContains(ts []interaction.OptionType, t interaction.OptionType) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

func TestValueOfTheWrongKindIsErrType(t *testing.T) {
	// The service sends every type in one JSON kind; a value in another, such
	// as the partial string of a focused INTEGER option, cannot be read as
	// the type, and the message must not read "is INTEGER, not INTEGER".
	tests := []struct {
		accessor string
		option   interaction.OptionData
	}{
		{"String", opt("o", interaction.OptionString, interaction.IntValue(3))},
		{"String", opt("o", interaction.OptionString, interaction.Value{})},
		{"Int", opt("o", interaction.OptionInteger, interaction.StringValue("12."))},
		{"Int", opt("o", interaction.OptionInteger, interaction.BoolValue(true))},
		{"Float", opt("o", interaction.OptionNumber, interaction.StringValue("-"))},
		{"Float", opt("o", interaction.OptionInteger, interaction.StringValue("-"))},
		{"Bool", opt("o", interaction.OptionBoolean, interaction.StringValue("true"))},
		{"ID", opt("o", interaction.OptionUser, interaction.StringValue("not-a-snowflake"))},
		{"ID", opt("o", interaction.OptionChannel, interaction.IntValue(int64(idChannel)))},
		{"User", opt("o", interaction.OptionUser, interaction.StringValue(""))},
		{"Channel", opt("o", interaction.OptionChannel, interaction.StringValue("#general"))},
		{"Role", opt("o", interaction.OptionRole, interaction.Value{})},
		{"Mentionable", opt("o", interaction.OptionMentionable, interaction.StringValue("@here"))},
		{"Attachment", opt("o", interaction.OptionAttachment, interaction.FloatValue(1.5))},
	}
	for _, tt := range tests {
		t.Run(tt.accessor+"/"+tt.option.Type.String()+"/"+tt.option.Value.Text(), func(t *testing.T) {
			vs := option.New([]interaction.OptionData{tt.option}, fixtureResolved(t))
			_, err := read(t, accessorNamed(t, tt.accessor), vs, "o")
			e := wantError(t, err, option.ErrType, "o")
			if e.Got != tt.option.Type {
				t.Errorf("Error.Got = %v, want %v", e.Got, tt.option.Type)
			}
			if msg := err.Error(); strings.Count(msg, tt.option.Type.String()) != 1 {
				t.Errorf("error %q should name %v once", msg, tt.option.Type)
			}
		})
	}
}

func TestIntegerRange(t *testing.T) {
	tests := []struct {
		name  string
		value interaction.Value
		want  int64
		kind  error // nil when the value is in range
	}{
		{"zero", interaction.IntValue(0), 0, nil},
		{"negative", interaction.IntValue(-7), -7, nil},
		{"largest", interaction.IntValue(option.MaxInteger), option.MaxInteger, nil},
		{"smallest", interaction.IntValue(-option.MaxInteger), -option.MaxInteger, nil},
		{"one above the largest", interaction.IntValue(option.MaxInteger + 1), 0, option.ErrRange},
		{"one below the smallest", interaction.IntValue(-option.MaxInteger - 1), 0, option.ErrRange},
		{"largest int64", interaction.IntValue(math.MaxInt64), 0, option.ErrRange},
		{"smallest int64", interaction.IntValue(math.MinInt64), 0, option.ErrRange},
		{"a whole number sent as a float", interaction.FloatValue(3), 3, nil},
		{"a fraction", interaction.FloatValue(1.5), 0, option.ErrRange},
		{"a negative fraction", interaction.FloatValue(-0.5), 0, option.ErrRange},
		{"beyond int64", interaction.FloatValue(1e20), 0, option.ErrRange},
		{"infinity", interaction.FloatValue(math.Inf(1)), 0, option.ErrRange},
		{"NaN", interaction.FloatValue(math.NaN()), 0, option.ErrRange},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vs := option.New([]interaction.OptionData{opt("n", interaction.OptionInteger, tt.value)}, interaction.Resolved{})
			got, err := vs.Get("n").Int()
			if tt.kind == nil {
				if err != nil || got != tt.want {
					t.Fatalf("Int() = %d, %v; want %d", got, err, tt.want)
				}
				// Float reads INTEGER options too, with the same range.
				if f, err := vs.Get("n").Float(); err != nil || f != float64(tt.want) {
					t.Errorf("Float() = %v, %v; want %v", f, err, float64(tt.want))
				}
				return
			}
			e := wantError(t, err, tt.kind, "n")
			if e.Got != interaction.OptionInteger {
				t.Errorf("Error.Got = %v, want INTEGER", e.Got)
			}
			if !strings.Contains(err.Error(), "out of range") {
				t.Errorf("error %q does not say the value is out of range", err)
			}
			if got != 0 {
				t.Errorf("Int() = %d with an error, want 0", got)
			}
			if _, ok := vs.Int("n"); ok {
				t.Errorf("Values.Int ok = true for an out of range value")
			}
			if f, err := vs.Get("n").Float(); !errors.Is(err, tt.kind) {
				t.Errorf("Float() of the INTEGER option = %v, %v; want an error matching %v", f, err, tt.kind)
			}
		})
	}
}

func TestNumberRange(t *testing.T) {
	above := math.Nextafter(option.MaxNumber, math.Inf(1))
	tests := []struct {
		name  string
		value interaction.Value
		want  float64
		kind  error
	}{
		{"zero", interaction.FloatValue(0), 0, nil},
		{"negative zero", interaction.FloatValue(math.Copysign(0, -1)), math.Copysign(0, -1), nil},
		{"a fraction", interaction.FloatValue(-2.75), -2.75, nil},
		{"the smallest fraction", interaction.FloatValue(math.SmallestNonzeroFloat64), math.SmallestNonzeroFloat64, nil},
		{"largest", interaction.FloatValue(option.MaxNumber), option.MaxNumber, nil},
		{"smallest", interaction.FloatValue(-option.MaxNumber), -option.MaxNumber, nil},
		{"an integer", interaction.IntValue(12), 12, nil},
		{"largest as an integer", interaction.IntValue(option.MaxNumber), option.MaxNumber, nil},
		{"just above the largest", interaction.FloatValue(above), 0, option.ErrRange},
		{"just below the smallest", interaction.FloatValue(-above), 0, option.ErrRange},
		{"an integer above the largest", interaction.IntValue(option.MaxNumber + 2), 0, option.ErrRange},
		{"huge", interaction.FloatValue(math.MaxFloat64), 0, option.ErrRange},
		{"infinity", interaction.FloatValue(math.Inf(1)), 0, option.ErrRange},
		{"negative infinity", interaction.FloatValue(math.Inf(-1)), 0, option.ErrRange},
		{"NaN", interaction.FloatValue(math.NaN()), 0, option.ErrRange},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vs := option.New([]interaction.OptionData{opt("x", interaction.OptionNumber, tt.value)}, interaction.Resolved{})
			got, err := vs.Get("x").Float()
			if tt.kind == nil {
				if err != nil || got != tt.want || math.Signbit(got) != math.Signbit(tt.want) {
					t.Fatalf("Float() = %v, %v; want %v", got, err, tt.want)
				}
				return
			}
			e := wantError(t, err, tt.kind, "x")
			if e.Got != interaction.OptionNumber || !strings.Contains(err.Error(), "NUMBER") {
				t.Errorf("error %q (Got %v) should name NUMBER", err, e.Got)
			}
			if got != 0 {
				t.Errorf("Float() = %v with an error, want 0", got)
			}
		})
	}
}

// decodeCommand decodes an APPLICATION_COMMAND interaction whose data holds
// the options JSON, and an optional resolved object.
func decodeCommand(t testing.TB, options, resolved string) *interaction.Interaction {
	t.Helper()
	body := `{"id":"1311209000000000009","application_id":"1191201000000000001","type":2,"token":"t","version":1,` +
		`"channel_id":"1191203000000000003","locale":"en-GB",` +
		`"data":{"id":"1191206000000000006","name":"mod","type":1,"options":` + options
	if resolved != "" {
		body += `,"resolved":` + resolved
	}
	body += `}}`
	ix := new(interaction.Interaction)
	if err := interaction.Decode([]byte(body), ix); err != nil {
		t.Fatalf("Decode: %v", err)
	}
	return ix
}

func TestRangesOfDecodedValues(t *testing.T) {
	tests := []struct {
		json    string // the option's value as the service sends it
		typ     interaction.OptionType
		intOK   bool
		floatOK bool
	}{
		{"9007199254740991", interaction.OptionInteger, true, true},
		{"-9007199254740991", interaction.OptionInteger, true, true},
		{"9007199254740992", interaction.OptionInteger, false, false},
		{"-9007199254740992", interaction.OptionInteger, false, false},
		{"99999999999999999999", interaction.OptionInteger, false, false},
		{"1.5", interaction.OptionInteger, false, false},
		{"4.0", interaction.OptionInteger, true, true},
		{"1e3", interaction.OptionInteger, true, true},
		{"9007199254740992", interaction.OptionNumber, false, true},
		{"-9007199254740992", interaction.OptionNumber, false, true},
		{"9007199254740994", interaction.OptionNumber, false, false},
		{"1e300", interaction.OptionNumber, false, false},
		{"0.1", interaction.OptionNumber, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.typ.String()+"/"+tt.json, func(t *testing.T) {
			ix := decodeCommand(t, `[{"name":"n","type":`+strconv.Itoa(int(tt.typ))+`,"value":`+tt.json+`}]`, "")
			vs := option.Of(ix)
			if _, ok := vs.Int("n"); ok != tt.intOK && tt.typ == interaction.OptionInteger {
				t.Errorf("Int ok = %v, want %v", ok, tt.intOK)
			}
			if _, ok := vs.Float("n"); ok != tt.floatOK {
				t.Errorf("Float ok = %v, want %v", ok, tt.floatOK)
			}
			if _, err := vs.Get("n").Float(); !tt.floatOK && !errors.Is(err, option.ErrRange) {
				t.Errorf("Float error = %v, want ErrRange", err)
			}
		})
	}
}

func TestIDAbsentFromResolvedDataIsErrUnresolved(t *testing.T) {
	tests := []struct {
		accessor, option string
		got              interaction.OptionType
	}{
		{"User", "ghost-user", interaction.OptionUser},
		{"User", "ghost-mentionable", interaction.OptionMentionable},
		{"User", "whom", interaction.OptionMentionable}, // names a role, not a user
		{"Channel", "ghost-channel", interaction.OptionChannel},
		{"Role", "ghost-role", interaction.OptionRole},
		{"Role", "ghost-mentionable", interaction.OptionMentionable},
		{"Role", "who", interaction.OptionMentionable}, // names a user, not a role
		{"Mentionable", "ghost-mentionable", interaction.OptionMentionable},
		{"Attachment", "ghost-file", interaction.OptionAttachment},
	}
	vs := fixture(t)
	for _, tt := range tests {
		t.Run(tt.accessor+"/"+tt.option, func(t *testing.T) {
			_, err := read(t, accessorNamed(t, tt.accessor), vs, tt.option)
			e := wantError(t, err, option.ErrUnresolved, tt.option)
			if e.Got != tt.got {
				t.Errorf("Error.Got = %v, want %v", e.Got, tt.got)
			}
			if !strings.Contains(err.Error(), "resolved data") {
				t.Errorf("error %q does not mention the resolved data", err)
			}
		})
	}
}

func TestObjectsWithoutResolvedDataAreUnresolved(t *testing.T) {
	vs := option.New(fixtureOptions(), interaction.Resolved{})
	for _, tt := range []struct{ accessor, option string }{
		{"User", "member"}, {"Channel", "channel"}, {"Role", "role"},
		{"Mentionable", "who"}, {"Attachment", "file"},
	} {
		t.Run(tt.accessor, func(t *testing.T) {
			_, err := read(t, accessorNamed(t, tt.accessor), vs, tt.option)
			wantError(t, err, option.ErrUnresolved, tt.option)
		})
	}
	// The id needs no resolved data.
	if id, ok := vs.ID("member"); !ok || id != idMember {
		t.Errorf("ID(member) = %v, %v; want %v", id, ok, idMember)
	}
}

func TestOfReadsTheOptionsOfTheLeaf(t *testing.T) {
	const resolved = `{"users":{"1191207000000000007":{"id":"1191207000000000007","username":"spammer9000"}},` +
		`"members":{"1191207000000000007":{"nick":"spammer","roles":[],"permissions":"0"}}}`
	tests := []struct {
		name    string
		options string
		want    []string // the names Of gives, in order
	}{
		{"a command without subcommands",
			`[{"name":"user","type":6,"value":"1191207000000000007"},{"name":"days","type":4,"value":7}]`,
			[]string{"user", "days"}},
		{"a subcommand",
			`[{"name":"ban","type":1,"options":[{"name":"user","type":6,"value":"1191207000000000007"},{"name":"days","type":4,"value":7}]}]`,
			[]string{"user", "days"}},
		{"a subcommand in a group",
			`[{"name":"user","type":2,"options":[{"name":"ban","type":1,"options":[{"name":"user","type":6,"value":"1191207000000000007"},{"name":"days","type":4,"value":7}]}]}]`,
			[]string{"user", "days"}},
		{"a subcommand without options",
			`[{"name":"list","type":1}]`,
			nil},
		{"a group whose subcommand has no options",
			`[{"name":"bans","type":2,"options":[{"name":"list","type":1,"options":[]}]}]`,
			nil},
		{"no options at all",
			`[]`,
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vs := option.Of(decodeCommand(t, tt.options, resolved))
			var names []string
			for _, o := range vs.All() {
				names = append(names, o.Name)
			}
			if !reflect.DeepEqual(names, tt.want) {
				t.Fatalf("All() names = %q, want %q", names, tt.want)
			}
			if vs.Len() != len(tt.want) {
				t.Errorf("Len() = %d, want %d", vs.Len(), len(tt.want))
			}
			for _, path := range []string{"ban", "list", "bans"} {
				if vs.Has(path) {
					t.Errorf("Has(%q) = true: a subcommand or group is not an option of the leaf", path)
				}
			}
			if len(tt.want) == 0 {
				return
			}
			if d, ok := vs.Int("days"); !ok || d != 7 {
				t.Errorf("Int(days) = %d, %v; want 7", d, ok)
			}
			u, ok := vs.User("user")
			if !ok || u.Username != "spammer9000" || !u.HasMember || u.Member.Nick != "spammer" {
				t.Errorf("User(user) = %+v, %v; want spammer9000 with member spammer", u, ok)
			}
			if vs.Resolved().IsZero() {
				t.Errorf("Resolved() is empty; want the interaction's resolved data")
			}
		})
	}
}

func TestOfAnInteractionWithoutData(t *testing.T) {
	vs := option.Of(&interaction.Interaction{})
	if vs.Len() != 0 || vs.All() != nil || vs.Has("") {
		t.Errorf("Of(empty interaction) = %d options, want none", vs.Len())
	}
	if _, err := vs.Get("x").Text(); !errors.Is(err, option.ErrMissing) {
		t.Errorf("Get(x).String() error = %v, want ErrMissing", err)
	}
}

func TestHasLenAllAndTheValueDescriptors(t *testing.T) {
	opts := fixtureOptions()
	vs := option.New(opts, interaction.Resolved{})
	if vs.Len() != len(opts) {
		t.Errorf("Len() = %d, want %d", vs.Len(), len(opts))
	}
	if !reflect.DeepEqual(vs.All(), opts) {
		t.Errorf("All() is not the options in the order given")
	}
	for _, o := range opts {
		if !vs.Has(o.Name) {
			t.Errorf("Has(%q) = false", o.Name)
		}
		v := vs.Get(o.Name)
		if !v.Present() || v.Name() != o.Name || v.Type() != o.Type || v.Raw() != o.Value {
			t.Errorf("Get(%q) = present %v, name %q, type %v, raw %v; want %q, %v, %v",
				o.Name, v.Present(), v.Name(), v.Type(), v.Raw(), o.Name, o.Type, o.Value)
		}
	}
	for _, name := range []string{"", "TEXT", "text ", "absent"} {
		if vs.Has(name) {
			t.Errorf("Has(%q) = true: names match exactly", name)
		}
		v := vs.Get(name)
		if v.Present() || v.Name() != name || v.Type() != 0 || !v.Raw().IsZero() {
			t.Errorf("Get(%q) of a missing option = present %v, name %q, type %v, raw %v", name, v.Present(), v.Name(), v.Type(), v.Raw())
		}
	}
}

func TestFirstOfTwoOptionsWithOneNameWins(t *testing.T) {
	// The service never repeats a name; if a payload did, the first is read,
	// as the order of All shows it.
	vs := option.New([]interaction.OptionData{
		opt("n", interaction.OptionInteger, interaction.IntValue(1)),
		opt("n", interaction.OptionInteger, interaction.IntValue(2)),
	}, interaction.Resolved{})
	if n, ok := vs.Int("n"); !ok || n != 1 {
		t.Errorf("Int(n) = %d, %v; want 1", n, ok)
	}
}

func TestZeroValuesDoNotPanic(t *testing.T) {
	var vs option.Values
	if vs.Len() != 0 || vs.All() != nil || vs.Has("x") || !vs.Resolved().IsZero() {
		t.Errorf("Values{} is not empty")
	}
	for _, a := range accessors {
		t.Run("Values{}."+a.name, func(t *testing.T) {
			_, err := read(t, a, vs, "x")
			wantError(t, err, option.ErrMissing, "x")
		})
		t.Run("Value{}."+a.name, func(t *testing.T) {
			x, err := a.value(option.Value{})
			if !reflect.DeepEqual(x, zeroOf(a)) {
				t.Errorf("got %#v, want the zero value", x)
			}
			wantError(t, err, option.ErrMissing, "")
		})
	}
	var v option.Value
	if v.Present() || v.Name() != "" || v.Type() != 0 || !v.Raw().IsZero() {
		t.Errorf("Value{} describes an option")
	}
}

func TestErrorMessages(t *testing.T) {
	tests := []struct {
		err  option.Error
		want string
	}{
		{option.Error{Option: "user", Want: interaction.OptionUser, Kind: option.ErrMissing},
			`option "user": missing`},
		{option.Error{Option: "days", Want: interaction.OptionInteger, Got: interaction.OptionString, Kind: option.ErrType},
			`option "days": is STRING, not INTEGER`},
		{option.Error{Option: "days", Want: interaction.OptionInteger, Got: interaction.OptionInteger, Kind: option.ErrType},
			`option "days": value is not a valid INTEGER`},
		{option.Error{Option: "days", Want: interaction.OptionInteger, Got: interaction.OptionInteger, Kind: option.ErrRange},
			`option "days": INTEGER value out of range`},
		{option.Error{Option: "user", Want: interaction.OptionUser, Got: interaction.OptionUser, Kind: option.ErrUnresolved},
			`option "user": USER not in the interaction's resolved data`},
		{option.Error{Option: "we\"ird\n"},
			`option "we\"ird\n": invalid`},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
		if tt.err.Unwrap() != tt.err.Kind {
			t.Errorf("Unwrap() = %v, want %v", tt.err.Unwrap(), tt.err.Kind)
		}
	}
}
