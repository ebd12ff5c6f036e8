package interaction

import (
	"errors"
	"reflect"

	jsonv2 "github.com/goccy/go-json/v2"
)

// ErrAbsent reports that an interaction does not carry the object asked for.
var ErrAbsent = errors.New("interaction: absent")

// Lazy holds an object of the interaction that handlers seldom read in
// full, such as the channel or the invoking member, and decodes it when
// asked. Decoding an interaction checks its syntax but not its fields, which
// saves decoding them for the many handlers that never look; Get and Decode
// decode the fields afresh on each call, so a handler that reads them
// several times keeps the result.
type Lazy[T any] struct {
	raw []byte
}

// LazyOf returns a Lazy holding v, for building interactions in tests.
func LazyOf[T any](v T) Lazy[T] {
	b, err := jsonv2.Marshal(v)
	if err != nil {
		panic("interaction: LazyOf: " + err.Error())
	}
	return Lazy[T]{raw: b}
}

// IsZero reports whether the object is absent.
func (l Lazy[T]) IsZero() bool { return len(l.raw) == 0 }

// Raw returns the object as the service sent it.
func (l Lazy[T]) Raw() []byte { return l.raw }

// Get decodes the object; ok is false when it is absent or its fields do
// not decode.
func (l Lazy[T]) Get() (v T, ok bool) {
	v, err := l.Decode()
	return v, err == nil
}

// Decode decodes the object, or says why it cannot: ErrAbsent, or a
// *DecodeError naming the field that does not decode.
func (l Lazy[T]) Decode() (T, error) {
	var v T
	if len(l.raw) == 0 {
		return v, ErrAbsent
	}
	if err := jsonv2.UnmarshalOf(l.raw, &v); err != nil {
		var zero T
		return zero, decodeError(err, l.raw, lazyName(&v), reflect.TypeFor[T]())
	}
	return v, nil
}

// lazyName is the JSON pointer of the field of an Interaction that holds a
// Lazy of the type of v, which errors start their path with.
func lazyName(v any) string {
	switch v.(type) {
	case *Member:
		return "/member"
	case *Channel:
		return "/channel"
	case *PartialGuild:
		return "/guild"
	}
	return ""
}

// elemType is the type the object decodes to, along which decode errors
// name the fields of the raw object.
func (Lazy[T]) elemType() reflect.Type { return reflect.TypeFor[T]() }

// MarshalJSON returns the object as it was received, or null.
func (l Lazy[T]) MarshalJSON() ([]byte, error) {
	if len(l.raw) == 0 {
		return []byte("null"), nil
	}
	return l.raw, nil
}

// UnmarshalJSON keeps a copy of an object; null leaves the Lazy empty.
func (l *Lazy[T]) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		l.raw = nil
		return nil
	}
	if len(b) == 0 || b[0] != '{' {
		return errNotObject
	}
	// b may be the decoder's buffer, which it reuses.
	l.raw = append([]byte(nil), b...)
	return nil
}

// errNotObject is the error of a value that should be an object.
const errNotObject = wireError("expected an object")
