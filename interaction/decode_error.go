package interaction

import (
	"errors"
	"reflect"

	"github.com/switchboard-go/switchboard/internal/jsonerr"
)

// ErrUnknownType reports an interaction type the service does not define.
var ErrUnknownType = errors.New("interaction: unknown interaction type")

// ErrMalformed reports a body that is not a well-formed interaction.
var ErrMalformed = errors.New("interaction: malformed interaction")

// DecodeError says why a body is not an interaction. It matches ErrMalformed
// or ErrUnknownType with errors.Is, and the error of the value that does not
// decode, such as ErrSnowflake, where there is one.
type DecodeError struct {
	// Reason names the field, by its JSON pointer into the body
	// ("/data/options/0/value"), and says what is wrong with it, as in
	// "/data/options/0/value: expected a string, got a number". It is
	// safe to show a caller: it never quotes the body, which holds the
	// interaction token.
	Reason string
	kind   error
	err    error
}

// Error returns the reason, prefixed with the package name.
func (e *DecodeError) Error() string { return "interaction: " + e.Reason }

// Unwrap returns the sentinel and the underlying error.
func (e *DecodeError) Unwrap() []error {
	if e.err != nil {
		return []error{e.kind, e.err}
	}
	return []error{e.kind}
}

// wireError is the error of a value of a body, which says what is wrong
// with it without quoting it: decode errors show its text.
type wireError string

func (e wireError) Error() string { return "interaction: " + string(e) }

// decodeError describes err, the error of decoding input into a value of
// type t, as a *DecodeError matching ErrMalformed: the JSON pointer of the
// value at fault, from t after prefix, and what is wrong with it, never
// quoting the input.
func decodeError(err error, input []byte, prefix string, t reflect.Type) *DecodeError {
	d := jsonerr.Describer{Timestamp: "an RFC 3339 timestamp", Raw: lazyType, Known: knownError}
	p := d.Describe(err, input, prefix, t)
	return &DecodeError{Reason: jsonerr.Reason(p.Path, p.What), kind: ErrMalformed, err: p.Err}
}

// lazyType reports whether t holds a raw object decoded when read, such as
// a Lazy, and the type it decodes to, along which errors name its fields.
func lazyType(t reflect.Type) (reflect.Type, bool) {
	if lazy, ok := reflect.Zero(t).Interface().(interface{ elemType() reflect.Type }); ok {
		return lazy.elemType(), true
	}
	return nil, false
}

// knownError returns the text of a wireError in err, and the wireError.
func knownError(err error) (string, error) {
	var w wireError
	if errors.As(err, &w) {
		return string(w), w
	}
	return "", nil
}
