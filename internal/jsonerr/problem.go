package jsonerr

import (
	"errors"
	"io"
	"reflect"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/goccy/go-json/jsontext"
	jsonv2 "github.com/goccy/go-json/v2"
)

// semanticProblem says what is wrong with a value of the right syntax.
func (d Describer) semanticProblem(e *jsonv2.SemanticError) (string, error) {
	if what, known := d.known(e.Err); known != nil {
		return what, known
	}
	want, wantKind := d.describe(e.GoType)
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
	return "expected " + want + ", got " + KindName(got), nil
}

// describe names what a value of type t is decoded from, and its JSON
// kind, with 'f' for both booleans and 0 for any kind.
func (d Describer) describe(t reflect.Type) (string, jsontext.Kind) {
	if t == nil {
		return "", 0
	}
	if t == reflect.TypeFor[time.Time]() {
		if d.Timestamp == "" {
			return "a timestamp", '"'
		}
		return d.Timestamp, '"'
	}
	if held, ok := d.raw(t); ok && held == nil {
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
		return d.describe(t.Elem())
	}
	return "", 0
}

// KindName names a kind of JSON value, as in "got a number".
func KindName(k jsontext.Kind) string {
	switch k {
	case 'n':
		return "null"
	case 'f', 't':
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
