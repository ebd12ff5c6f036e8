package jsonerr

import (
	"reflect"
	"testing"
	"time"

	"github.com/goccy/go-json/jsontext"
)

func TestDescribeNamesWhatEachTypeIsDecodedFrom(t *testing.T) {
	d := Describer{
		Timestamp: "an RFC 3339 timestamp",
		Raw: func(t reflect.Type) (reflect.Type, bool) {
			return nil, t == reflect.TypeFor[jsontext.Value]()
		},
	}
	tests := []struct {
		name string
		d    Describer
		t    reflect.Type
		want string
		kind jsontext.Kind
	}{
		{"a boolean", d, reflect.TypeFor[bool](), "a boolean", 'f'},
		{"a signed integer", d, reflect.TypeFor[int16](), "an integer", '0'},
		{"an unsigned integer", d, reflect.TypeFor[uint](), "a non-negative integer", '0'},
		{"a float", d, reflect.TypeFor[float32](), "a number", '0'},
		{"a string", d, reflect.TypeFor[string](), "a string", '"'},
		{"a slice", d, reflect.TypeFor[[]int](), "an array", '['},
		{"an array", d, reflect.TypeFor[[2]int](), "an array", '['},
		{"a map", d, reflect.TypeFor[map[string]int](), "an object", '{'},
		{"a struct", d, reflect.TypeFor[struct{ A int }](), "an object", '{'},
		{"a pointer is what it points to", d, reflect.TypeFor[**string](), "a string", '"'},
		{"a timestamp as the describer names it", d, reflect.TypeFor[time.Time](), "an RFC 3339 timestamp", '"'},
		{"a timestamp by default", Describer{}, reflect.TypeFor[time.Time](), "a timestamp", '"'},
		{"raw JSON of any shape is of any kind", d, reflect.TypeFor[jsontext.Value](), "a JSON value", 0},
		{"raw JSON without Raw is the slice it is", Describer{}, reflect.TypeFor[jsontext.Value](), "an array", '['},
		{"a channel is nothing JSON holds", d, reflect.TypeFor[chan int](), "", 0},
		{"no type is nothing", d, nil, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, kind := tt.d.describe(tt.t)
			if want != tt.want || kind != tt.kind {
				t.Errorf("describe(%v) = %q, %q; want %q, %q", tt.t, want, kind, tt.want, tt.kind)
			}
		})
	}
}

func TestKindNameNamesEachKindOfValue(t *testing.T) {
	tests := []struct {
		kind jsontext.Kind
		want string
	}{
		{'n', "null"},
		{'f', "a boolean"},
		{'t', "a boolean"},
		{'"', "a string"},
		{'0', "a number"},
		{'{', "an object"},
		{'[', "an array"},
		{']', "another kind of value"},
		{0, "another kind of value"},
	}
	for _, tt := range tests {
		if got := KindName(tt.kind); got != tt.want {
			t.Errorf("KindName(%v) = %q, want %q", tt.kind, got, tt.want)
		}
	}
}
