package interaction

import (
	"errors"
	"math"
	"strconv"
	"unsafe"

	"github.com/switchboard-go/switchboard/internal/jsonw"
)

// ValueKind is the JSON kind of an option value as the service sent it.
type ValueKind uint8

// Value kinds.
const (
	KindNone   ValueKind = iota // no value (subcommands, groups)
	KindString                  // a JSON string
	KindNumber                  // a JSON number
	KindBool                    // true or false
)

// Value is the value of a received option, kept as the JSON kind it arrived
// in. The service sends STRING, USER, CHANNEL, ROLE, MENTIONABLE and
// ATTACHMENT values as strings, INTEGER and NUMBER values as numbers, BOOLEAN
// values as booleans; a focused autocomplete option may arrive as a partial
// string whatever its type. The typed accessors of package option interpret
// it; Value itself only records what was sent.
type Value struct {
	kind  ValueKind
	isInt bool // the number is an integer that fits in int64
	str   string
	num   float64
	i     int64
}

// StringValue returns a string value.
func StringValue(s string) Value { return Value{kind: KindString, str: s} }

// IntValue returns an integer value.
func IntValue(i int64) Value { return Value{kind: KindNumber, isInt: true, i: i, num: float64(i)} }

// FloatValue returns a number value.
func FloatValue(f float64) Value {
	v := Value{kind: KindNumber, num: f}
	if f == math.Trunc(f) && math.Abs(f) < 1<<63 {
		v.isInt, v.i = true, int64(f)
	}
	return v
}

// BoolValue returns a boolean value.
func BoolValue(b bool) Value {
	v := Value{kind: KindBool}
	if b {
		v.i = 1
	}
	return v
}

// Kind reports the JSON kind of the value.
func (v Value) Kind() ValueKind { return v.kind }

// IsZero reports whether there is no value.
func (v Value) IsZero() bool { return v.kind == KindNone }

// Str returns a string value; ok is false for other kinds.
func (v Value) Str() (s string, ok bool) { return v.str, v.kind == KindString }

// Int returns an integer value; ok is false for other kinds and for numbers
// with a fraction or beyond int64.
func (v Value) Int() (i int64, ok bool) { return v.i, v.kind == KindNumber && v.isInt }

// Float returns a number value; ok is false for other kinds.
func (v Value) Float() (f float64, ok bool) { return v.num, v.kind == KindNumber }

// Bool returns a boolean value; ok is false for other kinds.
func (v Value) Bool() (b, ok bool) { return v.i != 0, v.kind == KindBool }

// Snowflake returns the id a string value holds (users, channels, roles,
// mentionables and attachments are sent as their ids).
func (v Value) Snowflake() (Snowflake, bool) {
	if v.kind != KindString {
		return 0, false
	}
	id, ok := parseUint(v.str)
	return Snowflake(id), ok
}

// Text returns the value as text: a string as it was sent, a number in its
// shortest decimal form, a boolean as true or false, and "" for no value.
func (v Value) Text() string {
	switch v.kind {
	case KindString:
		return v.str
	case KindNumber:
		if v.isInt {
			return strconv.FormatInt(v.i, 10)
		}
		return strconv.FormatFloat(v.num, 'g', -1, 64)
	case KindBool:
		if v.i != 0 {
			return "true"
		}
		return "false"
	}
	return ""
}

// AppendJSON appends the JSON form of the value to b. A number that is not
// finite has no JSON form: check it with MarshalJSON, which refuses it.
func (v Value) AppendJSON(b []byte) []byte {
	switch v.kind {
	case KindString:
		return jsonw.AppendString(b, v.str)
	case KindNumber:
		if v.isInt {
			return strconv.AppendInt(b, v.i, 10)
		}
		return strconv.AppendFloat(b, v.num, 'g', -1, 64)
	case KindBool:
		return strconv.AppendBool(b, v.i != 0)
	}
	return append(b, "null"...)
}

// MarshalJSON encodes the value as it was received. It refuses NaN and the
// infinities, which JSON cannot carry.
func (v Value) MarshalJSON() ([]byte, error) {
	if !v.finite() {
		return nil, errNonFinite
	}
	return v.AppendJSON(nil), nil
}

// finite reports whether the value has a JSON form: it is not NaN or an
// infinity. Decoded values never are, but a bot may build one from text
// such as a partial autocomplete value "inf", which strconv.ParseFloat
// accepts.
func (v Value) finite() bool {
	return v.kind != KindNumber || v.isInt || !math.IsNaN(v.num) && !math.IsInf(v.num, 0)
}

// UnmarshalJSON records a string, number, boolean or null. Objects and arrays
// are refused: no option value has that shape.
func (v *Value) UnmarshalJSON(b []byte) error {
	*v = Value{}
	if len(b) == 0 {
		return errBadValue
	}
	switch c := b[0]; {
	case c == '"':
		str, ok := unquote(b)
		if !ok {
			return errBadValue
		}
		v.kind, v.str = KindString, str
	case c == 't':
		v.kind, v.i = KindBool, 1
	case c == 'f':
		v.kind = KindBool
	case c == 'n':
	case c == '-' || '0' <= c && c <= '9':
		// The text is only read during the calls; neither keeps it on success,
		// and strconv copies it into its errors.
		text := unsafe.String(unsafe.SliceData(b), len(b))
		f, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return errBadValue
		}
		v.kind, v.num = KindNumber, f
		if i, err := strconv.ParseInt(text, 10, 64); err == nil {
			v.isInt, v.i = true, i
		} else if f == math.Trunc(f) && math.Abs(f) < 1<<63 {
			// 1e3 or 5.0: an integer written another way.
			v.isInt, v.i = true, int64(f)
		}
	default:
		return errBadValue
	}
	return nil
}

// errBadValue is the error of an option value of a shape no option has.
const errBadValue = wireError("option value must be a string, number, boolean or null")

var errNonFinite = errors.New("interaction: option value is not a finite number")
