package jsonerr_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/goccy/go-json/jsontext"
	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/internal/jsonerr"
)

// record is a type to decode into, with a field of each shape a path goes
// through.
type record struct {
	ID      uint64           `json:"id"`
	Name    string           `json:"name"`
	Count   int8             `json:"count"`
	When    time.Time        `json:"when"`
	Tags    []string         `json:"tags"`
	ByID    map[uint64]inner `json:"by_id"`
	Named   map[string]inner `json:"named"`
	Inner   *inner           `json:"inner"`
	Later   later            `json:"later"`
	Data    jsontext.Value   `json:"data"`
	Code    code             `json:"code"`
	Odd     complex128       `json:"odd"`
	Nested  viaMethod        `json:"nested"`
	Skipped int              `json:"-"`
	Slashed int              `json:"a/b~c"`
	Plain   int
	Extra
}

// Extra is embedded in record, its fields read as record's; its inner is
// hidden by record's own.
type Extra struct {
	Label int   `json:"label"`
	More  inner `json:"more"`
	Inner []int `json:"inner"`
}

type inner struct {
	Level  int     `json:"level"`
	Deeper []inner `json:"deeper"`
}

// viaMethod decodes itself with the decoder, whose error the outer
// decoder wraps.
type viaMethod inner

func (v *viaMethod) UnmarshalJSON(b []byte) error { return jsonv2.Unmarshal(b, (*inner)(v)) }

// later keeps an object as it came, to be decoded as an inner when read.
type later struct{ raw []byte }

func (l *later) UnmarshalJSON(b []byte) error {
	l.raw = append([]byte(nil), b...)
	return nil
}

// code refuses anything but "ok" with an error of its own.
type code string

func (c *code) UnmarshalJSON(b []byte) error {
	if string(b) != `"ok"` {
		return errNotOK
	}
	*c = "ok"
	return nil
}

// ownError is the error of this test's own decoding methods, whose text
// never quotes the input.
type ownError string

func (e ownError) Error() string { return "record: " + string(e) }

const errNotOK = ownError(`code must be "ok"`)

// describer knows the types above: later holds an inner, Data holds JSON
// of any shape, and ownError says what it means.
var describer = jsonerr.Describer{
	Timestamp: "an RFC 3339 timestamp",
	Raw: func(t reflect.Type) (reflect.Type, bool) {
		switch t {
		case reflect.TypeFor[later]():
			return reflect.TypeFor[inner](), true
		case reflect.TypeFor[jsontext.Value]():
			return nil, true
		}
		return nil, false
	},
	Known: func(err error) (string, error) {
		var e ownError
		if errors.As(err, &e) {
			return string(e), e
		}
		return "", nil
	},
}

func TestDescribeNamesTheFieldAndWhatIsWrong(t *testing.T) {
	tests := []struct {
		name    string
		input   string
		prefix  string
		path    string
		what    string
		wantErr error
	}{
		{name: "a string where an integer belongs", input: `{"count":"1"}`,
			path: "/count", what: "expected an integer, got a string"},
		{name: "a number too large for its field", input: `{"count":300}`,
			path: "/count", what: "number out of range"},
		{name: "a negative number for an unsigned field", input: `{"id":-1}`,
			path: "/id", what: "expected a non-negative integer"},
		{name: "true where a string belongs is a boolean", input: `{"name":true}`,
			path: "/name", what: "expected a string, got a boolean"},
		{name: "a timestamp is named as the describer says", input: `{"when":"yesterday"}`,
			path: "/when", what: "expected an RFC 3339 timestamp"},
		{name: "an element of an array is named by its index", input: `{"tags":["a",2]}`,
			path: "/tags/1", what: "expected a string, got a number"},
		{name: "a map keyed by id is named by the key", input: `{"by_id":{"12":{"level":"x"}}}`,
			path: "/by_id/12/level", what: "expected an integer, got a string"},
		{name: "a key chosen by the input ends the path", input: `{"named":{"ZZSECRETZZ":{"level":"x"}}}`,
			path: "/named", what: "expected an integer, got a string"},
		{name: "a key too large for an id ends the path", input: `{"named":{"18446744073709551616":{"level":"x"}}}`,
			path: "/named", what: "expected an integer, got a string"},
		{name: "a key of the largest id is named", input: `{"named":{"18446744073709551615":{"level":"x"}}}`,
			path: "/named/18446744073709551615/level", what: "expected an integer, got a string"},
		{name: "a path goes through pointers and slices", input: `{"inner":{"deeper":[{},{"level":true}]}}`,
			path: "/inner/deeper/1/level", what: "expected an integer, got a boolean"},
		{name: "a name unknown to the type ends the path", input: `{"inner":{"ZZSECRETZZ":1,"ZZSECRETZZ":2}}`,
			path: "/inner", what: "duplicate member name at offset 25"},
		{name: "an error of a method that decodes with the decoder is named from the outside in", input: `{"nested":{"deeper":[{"level":"x"}]}}`,
			path: "/nested/deeper/0/level", what: "expected an integer, got a string"},
		{name: "a syntax error inside a method's value has the offset in the whole input", input: `{"nested":{"level":1,"level":2}}`,
			path: "/nested/level", what: "duplicate member name at offset 21"},
		{name: "a name with a slash or a tilde is escaped", input: `{"a/b~c":"x"}`,
			path: "/a~1b~0c", what: "expected an integer, got a string"},
		{name: "a field without a tag is named by its Go name", input: `{"Plain":"x"}`,
			path: "/Plain", what: "expected an integer, got a string"},
		{name: "a field of an embedded struct is named as the struct's own", input: `{"more":{"deeper":[{"level":"x"}]}}`,
			path: "/more/deeper/0/level", what: "expected an integer, got a string"},
		{name: "an embedded struct's field of the outer's name is hidden", input: `{"inner":{"deeper":[{"level":[]}]}}`,
			path: "/inner/deeper/0/level", what: "expected an integer, got an array"},
		{name: "a field tagged - is no member", input: `{"Skipped":1,"Skipped":2}`,
			path: "", what: "duplicate member name at offset 13"},
		{name: "raw JSON of any shape ends the path", input: `{"data":{"level":1,"level":2}}`,
			path: "/data", what: "duplicate member name at offset 19"},
		{name: "a raw object is named by the fields of the type it holds", input: `{"later":{"level":1,"level":2}}`,
			path: "/later/level", what: "duplicate member name at offset 20"},
		{name: "an error of the package's own is told by its text", input: `{"code":"bad"}`,
			path: "/code", what: `code must be "ok"`, wantErr: errNotOK},
		{name: "a type no JSON describes is an invalid value", input: `{"odd":1}`,
			path: "/odd", what: "invalid value"},
		{name: "invalid UTF-8 is told with its offset", input: "{\"name\":\"\xff\"}",
			path: "/name", what: "invalid JSON: invalid UTF-8 at offset 9"},
		{name: "a cut input is told by where it ends", input: `{"tags":["a",`,
			path: "/tags", what: "invalid JSON: unexpected end at offset 13"},
		{name: "text after the value is invalid JSON", input: `{} x`,
			path: "", what: "invalid JSON at offset 3"},
		{name: "the whole input of the wrong kind has an empty path", input: `[]`,
			path: "", what: "expected an object, got an array"},
		{name: "the prefix starts the path", input: `{"count":"1"}`, prefix: "/member",
			path: "/member/count", what: "expected an integer, got a string"},
		{name: "the prefix alone names the whole input", input: `[]`, prefix: "/member",
			path: "/member", what: "expected an object, got an array"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r record
			err := jsonv2.Unmarshal([]byte(tt.input), &r)
			if err == nil {
				t.Fatal("the input decodes")
			}
			p := describer.Describe(err, []byte(tt.input), tt.prefix, reflect.TypeFor[record]())
			if p.Path != tt.path || p.What != tt.what {
				t.Errorf("Describe = %q, %q; want %q, %q", p.Path, p.What, tt.path, tt.what)
			}
			if p.Err != tt.wantErr {
				t.Errorf("Describe's error is %v, want %v", p.Err, tt.wantErr)
			}
			if strings.Contains(p.Path+p.What, "ZZSECRETZZ") {
				t.Errorf("Describe quotes the input: %q, %q", p.Path, p.What)
			}
		})
	}
}

func TestTheZeroDescriberKnowsNoTypeOrError(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  string
	}{
		{name: "a timestamp is a timestamp", input: `{"when":1}`, want: "/when: expected a timestamp, got a number"},
		{name: "an error of a method is described by the method's type", input: `{"code":"bad"}`, want: "/code: expected a string"},
		{name: "raw JSON ends the path at the first name", input: `{"data":{"a":1,"a":2}}`, want: "/data: duplicate member name at offset 15"},
		{name: "a raw object ends the path at the first name", input: `{"later":{"level":1,"level":2}}`, want: "/later: duplicate member name at offset 20"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r record
			err := jsonv2.Unmarshal([]byte(tt.input), &r)
			if err == nil {
				t.Fatal("the input decodes")
			}
			p := jsonerr.Describer{}.Describe(err, []byte(tt.input), "", reflect.TypeFor[record]())
			if got := jsonerr.Reason(p.Path, p.What); got != tt.want || p.Err != nil {
				t.Errorf("Describe = %q, error %v; want %q, no error", got, p.Err, tt.want)
			}
		})
	}
}
