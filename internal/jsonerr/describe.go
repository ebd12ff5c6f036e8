package jsonerr

import (
	"reflect"
	"strconv"

	"github.com/goccy/go-json/jsontext"
	jsonv2 "github.com/goccy/go-json/v2"
)

// Describer describes the errors of decoding into the types of one
// package. Its zero value describes any type, with no raw JSON and no
// errors of the package's own.
type Describer struct {
	// Timestamp names what a time.Time is decoded from, as in "expected an
	// RFC 3339 timestamp". It is "a timestamp" when empty.
	Timestamp string
	// Raw reports whether a value of type t holds JSON that is kept as it
	// came and decoded later. held is the type it is decoded to then,
	// along which a path goes on, or nil for JSON of any shape: the names
	// inside were chosen by the input, and a path stops before them.
	Raw func(t reflect.Type) (held reflect.Type, ok bool)
	// Known returns what err, the error of a value, says when it is or
	// wraps an error of the package's own decoding methods, whose text
	// never quotes the input, and that error, for errors.Is; known is nil
	// for any other error.
	Known func(err error) (what string, known error)
}

// Problem is what is wrong with JSON that does not decode. It never quotes
// the input.
type Problem struct {
	// Path is the JSON pointer (RFC 6901) to the value at fault, as in
	// "/data/options/0/value", as far as the Go fields, indices and keys
	// of ids that lead to it go; it is the prefix given to Describe,
	// often "", for the whole of the input.
	Path string
	// What says what is wrong with it.
	What string
	// Err is the package's own error behind What, or nil.
	Err error
}

// Describe describes err, the error of decoding input into a value of type
// t, with prefix as the JSON pointer of that value. It uses the JSON
// pointer of the error, as far as it leads through the Go fields of t;
// the kinds of what was found and what was wanted; the offset of a syntax
// error; and the text of the errors that d knows.
func (d Describer) Describe(err error, input []byte, prefix string, t reflect.Type) Problem {
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
			what, known := d.semanticProblem(e)
			return Problem{Path: d.fieldPath(prefix, t, ptr), What: what, Err: known}
		case *jsontext.SyntacticError:
			ptr += e.JSONPointer
			if offset < 0 {
				offset = e.ByteOffset
			}
			what := syntaxProblem(e.Err, input, offset) + " at offset " + strconv.FormatInt(offset, 10)
			return Problem{Path: d.fieldPath(prefix, t, ptr), What: what}
		}
		if what, known := d.known(err); known != nil {
			return Problem{Path: d.fieldPath(prefix, t, ptr), What: what, Err: known}
		}
		return Problem{Path: d.fieldPath(prefix, t, ptr), What: "invalid JSON"}
	}
}

// known returns what d.Known does, or nothing without it.
func (d Describer) known(err error) (string, error) {
	if d.Known == nil {
		return "", nil
	}
	return d.Known(err)
}

// raw returns what d.Raw does, or false without it.
func (d Describer) raw(t reflect.Type) (reflect.Type, bool) {
	if d.Raw == nil {
		return nil, false
	}
	return d.Raw(t)
}
