package option

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unsafe"

	"github.com/switchboard-go/switchboard/interaction"
)

// Struct reads a command's options into a struct, and declares them from it.
// Each exported field with an option tag is an option:
//
//	type BanOptions struct {
//		User   option.ResolvedUser `option:"user" description:"Who to ban"`
//		Reason *string             `option:"reason" description:"Why" max_length:"512"`
//		Days   int64               `option:"days,optional" description:"Days of messages to delete" min:"0" max:"7"`
//	}
//
// The field's type gives the option's type: string (STRING), any integer
// (INTEGER), float32 or float64 (NUMBER), bool (BOOLEAN),
// interaction.User, option.ResolvedUser or interaction.Member (USER),
// interaction.Channel (CHANNEL), interaction.Role (ROLE),
// option.ResolvedMentionable (MENTIONABLE), interaction.Attachment
// (ATTACHMENT). A field is required unless it is a pointer or its tag says
// optional.
//
// Tags:
//
//	option:"name[,optional][,autocomplete]"
//	description:"text"             1 to 100 characters
//	name.LOCALE:"…"                 the name in a locale, such as name.fr
//	description.LOCALE:"…"          the description in a locale
//	min:"n" max:"n"                 bounds of an INTEGER or NUMBER
//	min_length:"n" max_length:"n"   bounds of a STRING's length
//	choices:"Name=value;…"          fixed choices of a STRING, INTEGER or NUMBER
//	channel_types:"0,5"             channel types a CHANNEL option offers
//	file_types:"image,.pdf"         files an ATTACHMENT option takes: groups
//	                                (image, video, audio) and extensions
//
// NewStruct reads the struct once; Bind then fills it with no reflection.
type Struct[T any] struct {
	fields []field
}

// field is one option of a Struct.
type field struct {
	name     string // the Go field's name, for errors
	option   string
	offset   uintptr
	pointer  bool // a *T field: optional, nil when absent
	required bool
	def      Builder
	set      func(p unsafe.Pointer, v Value) error
	newElem  func() unsafe.Pointer
}

// StructError says why a type cannot be a Struct.
type StructError struct {
	Type  string
	Field string
	Err   error
}

// Error names the struct, the field when there is one, and the problem.
func (e *StructError) Error() string {
	if e.Field == "" {
		return "option: " + e.Type + ": " + e.Err.Error()
	}
	return "option: " + e.Type + "." + e.Field + ": " + e.Err.Error()
}

// Unwrap returns the problem.
func (e *StructError) Unwrap() error { return e.Err }

// NewStruct reads the options struct T.
func NewStruct[T any]() (*Struct[T], error) {
	t := reflect.TypeFor[T]()
	if t.Kind() != reflect.Struct {
		return nil, &StructError{Type: t.String(), Err: errors.New("options must be a struct")}
	}
	p := &Struct[T]{}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag, ok := sf.Tag.Lookup("option")
		if !ok {
			continue
		}
		if !sf.IsExported() {
			return nil, &StructError{Type: t.String(), Field: sf.Name, Err: errors.New("an option field must be exported")}
		}
		f, err := structField(sf, tag)
		if err != nil {
			return nil, &StructError{Type: t.String(), Field: sf.Name, Err: err}
		}
		p.fields = append(p.fields, f)
	}
	if len(p.fields) == 0 {
		return nil, &StructError{Type: t.String(), Err: errors.New("no field has an option tag")}
	}
	return p, nil
}

func structField(sf reflect.StructField, tag string) (field, error) {
	name, flags, _ := strings.Cut(tag, ",")
	f := field{name: sf.Name, option: name, offset: sf.Offset, required: true}
	ft := sf.Type
	if ft.Kind() == reflect.Pointer {
		f.pointer, f.required = true, false
		ft = ft.Elem()
		elem := ft
		f.newElem = func() unsafe.Pointer { return reflect.New(elem).UnsafePointer() }
	}
	var autocomplete bool
	for _, fl := range strings.Split(flags, ",") {
		switch strings.TrimSpace(fl) {
		case "":
		case "optional":
			f.required = false
		case "autocomplete":
			autocomplete = true
		default:
			return f, fmt.Errorf("unknown option flag %q", fl)
		}
	}
	t, set, err := setter(ft)
	if err != nil {
		return f, err
	}
	f.set = set
	b := newBuilder(t, name, sf.Tag.Get("description"))
	if f.required {
		b = b.Required()
	}
	if autocomplete {
		b = b.Autocomplete()
	}
	if b, err = applyTags(b, sf.Tag, t); err != nil {
		return f, err
	}
	f.def = b
	return f, nil
}

// applyTags reads the tags that refine the definition.
func applyTags(b Builder, tag reflect.StructTag, t interaction.OptionType) (Builder, error) {
	for _, key := range []string{"min", "max"} {
		s, ok := tag.Lookup(key)
		if !ok {
			continue
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return b, fmt.Errorf("%s %q is not a number", key, s)
		}
		if key == "min" {
			b = b.Min(v)
		} else {
			b = b.Max(v)
		}
	}
	for _, key := range []string{"min_length", "max_length"} {
		s, ok := tag.Lookup(key)
		if !ok {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			return b, fmt.Errorf("%s %q is not an integer", key, s)
		}
		if key == "min_length" {
			b = b.MinLength(n)
		} else {
			b = b.MaxLength(n)
		}
	}
	if s, ok := tag.Lookup("choices"); ok {
		for _, c := range strings.Split(s, ";") {
			name, value, found := strings.Cut(c, "=")
			if !found {
				return b, fmt.Errorf("choice %q is not Name=value", c)
			}
			choice, err := parseChoice(t, name, value)
			if err != nil {
				return b, err
			}
			b = b.Choices(choice)
		}
	}
	if s, ok := tag.Lookup("channel_types"); ok {
		for _, part := range strings.Split(s, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(part))
			if err != nil {
				return b, fmt.Errorf("channel type %q is not a number", part)
			}
			b = b.ChannelTypes(interaction.ChannelType(n))
		}
	}
	if s, ok := tag.Lookup("file_types"); ok {
		for _, part := range strings.Split(s, ",") {
			b = b.FileTypes(strings.TrimSpace(part))
		}
	}
	for _, l := range interaction.Locales() {
		name, description := tag.Get("name."+string(l)), tag.Get("description."+string(l))
		if name != "" || description != "" {
			b = b.Localize(l, name, description)
		}
	}
	return b, nil
}

func parseChoice(t interaction.OptionType, name, value string) (interaction.Choice, error) {
	switch t {
	case interaction.OptionInteger:
		i, err := strconv.ParseInt(value, 10, 64)
		if err != nil {
			return interaction.Choice{}, fmt.Errorf("choice %q: %q is not an integer", name, value)
		}
		return interaction.IntChoice(name, i), nil
	case interaction.OptionNumber:
		f, err := strconv.ParseFloat(value, 64)
		if err != nil {
			return interaction.Choice{}, fmt.Errorf("choice %q: %q is not a number", name, value)
		}
		return interaction.FloatChoice(name, f), nil
	}
	return interaction.StringChoice(name, value), nil
}

// setter returns the option type of a Go type and how to store a value in
// it.
func setter(t reflect.Type) (interaction.OptionType, func(unsafe.Pointer, Value) error, error) {
	switch t {
	case reflect.TypeFor[interaction.User]():
		return interaction.OptionUser, func(p unsafe.Pointer, v Value) error {
			u, err := v.User()
			*(*interaction.User)(p) = u.User
			return err
		}, nil
	case reflect.TypeFor[ResolvedUser]():
		return interaction.OptionUser, func(p unsafe.Pointer, v Value) error {
			u, err := v.User()
			*(*ResolvedUser)(p) = u
			return err
		}, nil
	case reflect.TypeFor[interaction.Member]():
		return interaction.OptionUser, func(p unsafe.Pointer, v Value) error {
			u, err := v.User()
			if err == nil && !u.HasMember {
				err = &Error{Option: v.Name(), Want: interaction.OptionUser, Got: interaction.OptionUser, Kind: ErrUnresolved}
			}
			*(*interaction.Member)(p) = u.Member
			return err
		}, nil
	case reflect.TypeFor[interaction.Channel]():
		return interaction.OptionChannel, func(p unsafe.Pointer, v Value) error {
			c, err := v.Channel()
			*(*interaction.Channel)(p) = c
			return err
		}, nil
	case reflect.TypeFor[interaction.Role]():
		return interaction.OptionRole, func(p unsafe.Pointer, v Value) error {
			r, err := v.Role()
			*(*interaction.Role)(p) = r
			return err
		}, nil
	case reflect.TypeFor[ResolvedMentionable]():
		return interaction.OptionMentionable, func(p unsafe.Pointer, v Value) error {
			m, err := v.Mentionable()
			*(*ResolvedMentionable)(p) = m
			return err
		}, nil
	case reflect.TypeFor[interaction.Attachment]():
		return interaction.OptionAttachment, func(p unsafe.Pointer, v Value) error {
			a, err := v.Attachment()
			*(*interaction.Attachment)(p) = a
			return err
		}, nil
	}
	switch t.Kind() {
	case reflect.String:
		return interaction.OptionString, func(p unsafe.Pointer, v Value) error {
			s, err := v.Text()
			*(*string)(p) = s
			return err
		}, nil
	case reflect.Bool:
		return interaction.OptionBoolean, func(p unsafe.Pointer, v Value) error {
			b, err := v.Bool()
			*(*bool)(p) = b
			return err
		}, nil
	case reflect.Float64:
		return interaction.OptionNumber, func(p unsafe.Pointer, v Value) error {
			f, err := v.Float()
			*(*float64)(p) = f
			return err
		}, nil
	case reflect.Float32:
		return interaction.OptionNumber, func(p unsafe.Pointer, v Value) error {
			f, err := v.Float()
			*(*float32)(p) = float32(f)
			return err
		}, nil
	case reflect.Int64:
		return interaction.OptionInteger, func(p unsafe.Pointer, v Value) error {
			i, err := v.Int()
			*(*int64)(p) = i
			return err
		}, nil
	case reflect.Int:
		if strconv.IntSize < 64 {
			return 0, nil, fmt.Errorf("type int holds 32 bits here: use int64 for an INTEGER, which holds ±(2^53-1)")
		}
		return interaction.OptionInteger, func(p unsafe.Pointer, v Value) error {
			i, err := v.Int()
			*(*int)(p) = int(i)
			return err
		}, nil
	case reflect.Int32, reflect.Int16, reflect.Int8, reflect.Uint, reflect.Uint64, reflect.Uint32, reflect.Uint16, reflect.Uint8:
		return 0, nil, fmt.Errorf("type %s: use int or int64 for an INTEGER, which holds ±(2^53-1)", t)
	}
	return 0, nil, fmt.Errorf("type %s has no option type", t)
}

// Options returns the options the struct declares, in field order.
func (p *Struct[T]) Options() []Definer {
	out := make([]Definer, len(p.fields))
	for i, f := range p.fields {
		out[i] = f.def
	}
	return out
}

// BindError says which field could not be filled and why.
type BindError struct {
	Field string // the Go field
	Err   error  // an *Error naming the option
}

// Error names the field and says what is wrong with its option.
func (e *BindError) Error() string { return "field " + e.Field + ": " + e.Err.Error() }

// Unwrap returns the *Error.
func (e *BindError) Unwrap() error { return e.Err }

// Bind fills dst from the options the user gave. An absent optional option
// leaves its field at its zero value (nil for a pointer); an absent required
// option, or one whose value does not fit its field, is a *BindError naming
// the field, which matches the option's *Error kind with errors.Is.
func (p *Struct[T]) Bind(v Values, dst *T) error {
	base := unsafe.Pointer(dst)
	for i := range p.fields {
		f := &p.fields[i]
		val := v.Get(f.option)
		if !val.Present() {
			if f.required {
				return &BindError{Field: f.name, Err: &Error{Option: f.option, Want: f.def.def.Type, Kind: ErrMissing}}
			}
			continue
		}
		target := unsafe.Add(base, f.offset)
		if f.pointer {
			elem := f.newElem()
			if err := f.set(elem, val); err != nil {
				return &BindError{Field: f.name, Err: err}
			}
			*(*unsafe.Pointer)(target) = elem
			continue
		}
		if err := f.set(target, val); err != nil {
			return &BindError{Field: f.name, Err: err}
		}
	}
	return nil
}
