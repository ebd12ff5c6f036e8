package webhook

import (
	"errors"
	"reflect"

	"github.com/goccy/go-json/jsontext"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/jsonerr"
)

// ErrMalformed reports a body, or a Body, that is not a well-formed
// webhook event.
var ErrMalformed = errors.New("webhook: malformed webhook event")

// ErrUnknownType reports a body whose type is neither PING nor EVENT.
var ErrUnknownType = errors.New("webhook: unknown body type")

// DecodeError says why a body is not a webhook event, or why an event's
// data is not what its type has. It matches ErrMalformed or ErrUnknownType
// with errors.Is, and the error of the value that does not decode, such as
// interaction.ErrSnowflake, where there is one.
type DecodeError struct {
	// Reason names the field, by its JSON pointer into the body
	// ("/event/data/user/id"), and says what is wrong with it, as in
	// "/event/data/user/id: missing". It never quotes the body, and is at most a few
	// hundred bytes long whatever the body.
	Reason string
	kind   error
	err    error
}

// Error returns the reason, prefixed with the package name.
func (e *DecodeError) Error() string { return "webhook: " + e.Reason }

// Unwrap returns the sentinel and the underlying error.
func (e *DecodeError) Unwrap() []error {
	if e.err != nil {
		return []error{e.kind, e.err}
	}
	return []error{e.kind}
}

// EncodeError says why a Body or an Event cannot be encoded: it is not
// what the service sends, and Decode would refuse it. It matches
// ErrMalformed or ErrUnknownType with errors.Is.
type EncodeError struct {
	// Reason names the field, by its JSON pointer into the encoded body,
	// and says what is wrong with it.
	Reason string
	kind   error
	err    error
}

// Error returns the reason, prefixed with the package name.
func (e *EncodeError) Error() string { return "webhook: cannot encode: " + e.Reason }

// Unwrap returns the sentinel and the underlying error.
func (e *EncodeError) Unwrap() []error {
	if e.err != nil {
		return []error{e.kind, e.err}
	}
	return []error{e.kind}
}

// fault is what is wrong with a body or a Body, before it is reported
// as a DecodeError or an EncodeError.
type fault struct {
	path string
	what string
	kind error
	err  error
}

// reason says where and what, with a long path cut short in the middle,
// so that a body nested thousands of levels deep gets a short error.
func (f *fault) reason() string { return jsonerr.Reason(f.path, f.what) }

func (f *fault) decodeError() *DecodeError {
	return &DecodeError{Reason: f.reason(), kind: f.kind, err: f.err}
}

func (f *fault) encodeError() *EncodeError {
	return &EncodeError{Reason: f.reason(), kind: f.kind, err: f.err}
}

// wireError is the error of a value of a body, which says what is wrong
// with it without quoting it: faults show its text.
type wireError string

func (e wireError) Error() string { return "webhook: " + string(e) }

// describeError describes err, the error of decoding input into a value of
// type t, as a fault matching ErrMalformed: the JSON pointer of the value
// at fault, from t after prefix, and what is wrong with it, never quoting the input.
func describeError(err error, input []byte, prefix string, t reflect.Type) *fault {
	d := jsonerr.Describer{Timestamp: "a timestamp", Raw: rawValue, Known: knownError}
	p := d.Describe(err, input, prefix, t)
	return &fault{path: p.Path, what: p.What, kind: ErrMalformed, err: p.Err}
}

// rawValue reports whether t is raw JSON of any shape, such as an event's
// data, whose member names were chosen by the body and are not repeated.
func rawValue(t reflect.Type) (reflect.Type, bool) {
	return nil, t == reflect.TypeFor[jsontext.Value]()
}

// knownError returns the text of a wireError or of interaction's
// ErrSnowflake in err, and that error.
func knownError(err error) (string, error) {
	var w wireError
	switch {
	case errors.As(err, &w):
		return string(w), w
	case errors.Is(err, interaction.ErrSnowflake):
		return "invalid snowflake", interaction.ErrSnowflake
	}
	return "", nil
}

// kindName names a kind of JSON value, as decode errors do.
func kindName(k jsontext.Kind) string { return jsonerr.KindName(k) }
