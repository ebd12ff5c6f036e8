package interaction

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
)

// ErrUnknownType reports an interaction type the service does not define.
var ErrUnknownType = errors.New("interaction: unknown interaction type")

// ErrMalformed reports a body that is not a well-formed interaction.
var ErrMalformed = errors.New("interaction: malformed interaction")

// DecodeError says why a body is not an interaction. It matches ErrMalformed
// or ErrUnknownType with errors.Is, and the error of the value that does not
// decode, such as ErrSnowflake, where there is one.
type DecodeError struct {
	// Reason names the field, by its path ("data.options[0].value"), and
	// says what is wrong with it. It is safe to show a caller: it never
	// quotes the body, which holds the interaction token.
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
// type t, as a *DecodeError matching ErrMalformed. The errors of the decoder
// may quote the input, so only their structure is used: the JSON pointer,
// shown as the path of the Go fields it leads through from t, after prefix;
// the kinds of what was found and what was wanted; the offset of a syntax
// error; and the text of the errors of this package's own decoders.
func decodeError(err error, input []byte, prefix string, t reflect.Type) *DecodeError {
	var ptr jsontext.Pointer
	offset := int64(-1)
	for {
		switch e := err.(type) {
		case *jsonv2.SemanticError:
			// A method that decodes its value with goccy/go-json returns
			// the decoder's error, which the outer decoder wraps: the
			// pointers add up, and the innermost error says what is wrong.
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
			return newDecodeError(fieldPath(prefix, t, ptr), what, cause)
		case *jsontext.SyntacticError:
			ptr += e.JSONPointer
			if offset < 0 {
				offset = e.ByteOffset
			}
			what := syntaxProblem(e.Err, input, offset) + " at offset " + strconv.FormatInt(offset, 10)
			return newDecodeError(fieldPath(prefix, t, ptr), what, nil)
		}
		var w wireError
		if errors.As(err, &w) {
			return newDecodeError(fieldPath(prefix, t, ptr), string(w), w)
		}
		return newDecodeError(fieldPath(prefix, t, ptr), "invalid JSON", nil)
	}
}

// maxPathLen bounds the path a DecodeError names, in bytes.
const maxPathLen = 200

func newDecodeError(path, what string, cause error) *DecodeError {
	if len(path) > maxPathLen {
		// A body nested thousands of levels deep has a path as long; the
		// error names where it starts and where it ends.
		path = strings.ToValidUTF8(path[:maxPathLen/2], "") + "…" + strings.ToValidUTF8(path[len(path)-maxPathLen/2:], "")
	}
	if path != "" {
		what = path + ": " + what
	}
	return &DecodeError{Reason: what, kind: ErrMalformed, err: cause}
}

// semanticProblem says what is wrong with a value of the right syntax.
func semanticProblem(e *jsonv2.SemanticError) (string, error) {
	var w wireError
	if errors.As(e.Err, &w) {
		return string(w), w
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
	if t == reflect.TypeFor[time.Time]() {
		return "an RFC 3339 timestamp", '"'
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
// value of type t, after prefix: "data.options[0].value". It stops at the
// first name that is not a field of t, an object's member switchboard does
// not know, whose name the body chose and which may be a secret.
func fieldPath(prefix string, t reflect.Type, ptr jsontext.Pointer) string {
	var b strings.Builder
	b.WriteString(prefix)
	for name := range ptr.Tokens() {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if lazy, ok := reflect.Zero(t).Interface().(interface{ elemType() reflect.Type }); ok {
			// A raw object, decoded as the type it holds.
			t = lazy.elemType()
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
		case reflect.Slice, reflect.Array, reflect.Map:
			// Indices, and the ids that key the maps of resolved data.
			if _, ok := parseUint(name); !ok {
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
