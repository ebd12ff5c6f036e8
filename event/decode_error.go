package event

import (
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/goccy/go-json/jsontext"
	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/interaction"
)

// ErrMalformed reports a body, or a Webhook, that is not a well-formed
// webhook event.
var ErrMalformed = errors.New("event: malformed webhook event")

// ErrUnknownType reports a webhook type other than PING and EVENT.
var ErrUnknownType = errors.New("event: unknown webhook type")

// DecodeError says why a body is not a webhook event, or why an event's
// data is not what its type has. It matches ErrMalformed or ErrUnknownType
// with errors.Is, and the error of the value that does not decode, such as
// interaction.ErrSnowflake, where there is one.
type DecodeError struct {
	// Reason names the field, by its path ("event.data.user.id"), and says
	// what is wrong with it. It never quotes the body, and is at most a few
	// hundred bytes long whatever the body.
	Reason string
	kind   error
	err    error
}

// Error returns the reason, prefixed with the package name.
func (e *DecodeError) Error() string { return "event: " + e.Reason }

// Unwrap returns the sentinel and the underlying error.
func (e *DecodeError) Unwrap() []error {
	if e.err != nil {
		return []error{e.kind, e.err}
	}
	return []error{e.kind}
}

// EncodeError says why a Webhook or an Event cannot be encoded: it is not
// what the service sends, and Decode would refuse it. It matches
// ErrMalformed or ErrUnknownType with errors.Is.
type EncodeError struct {
	// Reason names the field, by its path, and says what is wrong with it.
	Reason string
	kind   error
	err    error
}

// Error returns the reason, prefixed with the package name.
func (e *EncodeError) Error() string { return "event: cannot encode: " + e.Reason }

// Unwrap returns the sentinel and the underlying error.
func (e *EncodeError) Unwrap() []error {
	if e.err != nil {
		return []error{e.kind, e.err}
	}
	return []error{e.kind}
}

// fault is what is wrong with a body or a Webhook, before it is reported
// as a DecodeError or an EncodeError.
type fault struct {
	path string
	what string
	kind error
	err  error
}

// maxPathLen bounds the path a fault names, in bytes.
const maxPathLen = 200

func (f *fault) reason() string {
	path := f.path
	if len(path) > maxPathLen {
		// A body nested thousands of levels deep has a path as long; the
		// reason names where it starts and where it ends.
		path = strings.ToValidUTF8(path[:maxPathLen/2], "") + "…" + strings.ToValidUTF8(path[len(path)-maxPathLen/2:], "")
	}
	if path == "" {
		return f.what
	}
	return path + ": " + f.what
}

func (f *fault) decodeError() *DecodeError {
	return &DecodeError{Reason: f.reason(), kind: f.kind, err: f.err}
}

func (f *fault) encodeError() *EncodeError {
	return &EncodeError{Reason: f.reason(), kind: f.kind, err: f.err}
}

// wireError is the error of a value of a body, which says what is wrong
// with it without quoting it: faults show its text.
type wireError string

func (e wireError) Error() string { return "event: " + string(e) }

// describeError describes err, the error of decoding input into a value of
// type t, as a fault matching ErrMalformed. The errors of the decoder may
// quote the input, so only their structure is used: the JSON pointer,
// rendered as the path of the Go fields it leads through from t after
// prefix; the kinds of what was found and what was wanted; the offset of a
// syntax error; and the text of this package's own errors.
func describeError(err error, input []byte, prefix string, t reflect.Type) *fault {
	var ptr jsontext.Pointer
	offset := int64(-1)
	for {
		switch e := err.(type) {
		case *jsonv2.SemanticError:
			// A method that decodes with goccy/go-json returns the
			// decoder's error, which the outer decoder wraps: the pointers
			// add up, and the innermost error says what is wrong.
			ptr += e.JSONPointer
			if offset < 0 {
				offset = e.ByteOffset
			}
			switch e.Err.(type) {
			case *jsonv2.SemanticError, *jsontext.SyntacticError:
				err = e.Err
				continue
			}
			what, cause := semanticProblem(e)
			return &fault{path: fieldPath(prefix, t, ptr), what: what, kind: ErrMalformed, err: cause}
		case *jsontext.SyntacticError:
			ptr += e.JSONPointer
			if offset < 0 {
				offset = e.ByteOffset
			}
			what := syntaxProblem(e.Err, input, offset) + " at offset " + strconv.FormatInt(offset, 10)
			return &fault{path: fieldPath(prefix, t, ptr), what: what, kind: ErrMalformed}
		}
		return &fault{path: fieldPath(prefix, t, ptr), what: "invalid JSON", kind: ErrMalformed}
	}
}

// semanticProblem says what is wrong with a value of the right syntax.
func semanticProblem(e *jsonv2.SemanticError) (string, error) {
	var w wireError
	switch {
	case errors.As(e.Err, &w):
		return string(w), w
	case errors.Is(e.Err, interaction.ErrSnowflake):
		return "invalid snowflake", interaction.ErrSnowflake
	}
	want, wantKind := describe(e.GoType)
	switch {
	case want == "":
		return "invalid value", nil
	case errors.Is(e.Err, strconv.ErrRange):
		return "number out of range", nil
	}
	got := e.JSONKind
	if got == 't' {
		got = 'f'
	}
	if got == 0 || got == wantKind {
		return "expected " + want, nil
	}
	return "expected " + want + ", got " + kindName(got), nil
}

// describe names what a value of type t is decoded from, and its JSON
// kind, with 'f' for both booleans.
func describe(t reflect.Type) (string, jsontext.Kind) {
	if t == nil {
		return "", 0
	}
	switch t {
	case reflect.TypeFor[time.Time]():
		return "a timestamp", '"'
	case reflect.TypeFor[jsontext.Value]():
		return "a JSON value", 0
	}
	switch t.Kind() {
	case reflect.Bool:
		return "a boolean", 'f'
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "an integer", '0'
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a non-negative integer", '0'
	case reflect.Float32, reflect.Float64:
		return "a number", '0'
	case reflect.String:
		return "a string", '"'
	case reflect.Slice, reflect.Array:
		return "an array", '['
	case reflect.Map, reflect.Struct:
		return "an object", '{'
	case reflect.Pointer:
		return describe(t.Elem())
	}
	return "", 0
}

func kindName(k jsontext.Kind) string {
	switch k {
	case 'n':
		return "null"
	case 'f':
		return "a boolean"
	case '"':
		return "a string"
	case '0':
		return "a number"
	case '{':
		return "an object"
	case '[':
		return "an array"
	}
	return "another kind of value"
}

// syntaxProblem says what is wrong with the syntax at offset.
func syntaxProblem(err error, input []byte, offset int64) string {
	switch {
	case errors.Is(err, jsontext.ErrDuplicateName):
		return "duplicate member name"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "invalid JSON: unexpected end"
	case offset >= 0 && offset < int64(len(input)):
		if r, n := utf8.DecodeRune(input[offset:]); r == utf8.RuneError && n <= 1 {
			return "invalid JSON: invalid UTF-8"
		}
	}
	return "invalid JSON"
}

// fieldPath renders ptr as the path of the fields it leads through from a
// value of type t, after prefix: "event.data.scopes[2]". It stops at the
// first name that is not a field of t, or inside raw JSON: those names
// were chosen by the body, not by this package, and are not repeated.
func fieldPath(prefix string, t reflect.Type, ptr jsontext.Pointer) string {
	var b strings.Builder
	b.WriteString(prefix)
	for name := range ptr.Tokens() {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t == reflect.TypeFor[jsontext.Value]() {
			return b.String()
		}
		switch t.Kind() {
		case reflect.Struct:
			f, ok := fieldNamed(t, name)
			if !ok {
				return b.String()
			}
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(name)
			t = f.Type
		case reflect.Slice, reflect.Array:
			if !isIndex(name) {
				return b.String()
			}
			b.WriteString("[" + name + "]")
			t = t.Elem()
		default:
			return b.String()
		}
	}
	return b.String()
}

// isIndex reports whether s is the decimal index of an array element.
func isIndex(s string) bool {
	if s == "" || len(s) > 10 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// fieldNamed returns the field of struct type t that a JSON member of the
// name decodes to.
func fieldNamed(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag == "-" {
			continue
		}
		if tag == "" {
			tag = f.Name
		}
		if tag == name {
			return f, true
		}
	}
	return reflect.StructField{}, false
}
