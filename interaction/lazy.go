package interaction

import (
	"errors"

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

// Decode decodes the object, or says why it cannot: ErrAbsent, or the
// field that does not decode.
func (l Lazy[T]) Decode() (T, error) {
	var v T
	if len(l.raw) == 0 {
		return v, ErrAbsent
	}
	var err error
	switch t := any(&v).(type) {
	case *Member:
		p := parser{b: l.raw, path: "member"}
		p.member(t)
		err = p.end()
	case *Channel:
		p := parser{b: l.raw, path: "channel"}
		p.channel(t)
		err = p.end()
	case *User:
		p := parser{b: l.raw, path: "user"}
		p.user(t)
		err = p.end()
	default:
		err = jsonv2.UnmarshalOf(l.raw, &v)
	}
	if err != nil {
		var zero T
		return zero, err
	}
	return v, nil
}

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
		return errors.New("interaction: expected an object")
	}
	l.raw = append([]byte(nil), b...)
	return nil
}
