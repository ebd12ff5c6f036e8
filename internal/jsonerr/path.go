package jsonerr

import (
	"reflect"
	"strings"

	"github.com/goccy/go-json/jsontext"
)

// MaxPath bounds, in bytes, the path that Reason repeats.
const MaxPath = 200

// Reason joins a Problem's path and what is wrong with the value there, as
// in "/data/options/0/value: expected a string". A path longer than
// MaxPath, as JSON nested thousands of levels deep has, is cut to where it
// starts and where it ends; what is left is valid UTF-8.
func Reason(path, what string) string {
	if len(path) > MaxPath {
		path = strings.ToValidUTF8(path[:MaxPath/2], "") + "…" + strings.ToValidUTF8(path[len(path)-MaxPath/2:], "")
	}
	if path == "" {
		return what
	}
	return path + ": " + what
}

// fieldPath renders ptr, after prefix, as far as it leads through the
// fields of a value of type t: "/data/options/0/value". It stops at the
// first name that is not a field of t, or inside raw JSON of any shape:
// those names were chosen by the input, not by the types, and may be a
// secret. Indices of arrays and decimal keys of maps, which are ids, go
// on. What is left is a JSON pointer (RFC 6901) into the input.
func (d Describer) fieldPath(prefix string, t reflect.Type, ptr jsontext.Pointer) string {
	var b strings.Builder
	b.WriteString(prefix)
	for name := range ptr.Tokens() {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if held, ok := d.raw(t); ok {
			if held == nil {
				return b.String()
			}
			t = held
		}
		switch t.Kind() {
		case reflect.Struct:
			f, ok := fieldNamed(t, name)
			if !ok {
				return b.String()
			}
			b.WriteByte('/')
			b.WriteString(escape(name))
			t = f.Type
		case reflect.Slice, reflect.Array, reflect.Map:
			if !isUint64(name) {
				return b.String()
			}
			b.WriteByte('/')
			b.WriteString(name)
			t = t.Elem()
		default:
			return b.String()
		}
	}
	return b.String()
}

// fieldNamed returns the field of struct type t that a JSON member of the
// name decodes to: one of t's own, or else one of a struct embedded in t
// without a name of its own, whose fields JSON reads as t's.
func fieldNamed(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := jsonName(f)
		if tag == "" || tag == "-" {
			continue
		}
		if tag == name {
			return f, true
		}
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.Anonymous || f.Tag.Get("json") != "" {
			continue
		}
		et := f.Type
		if et.Kind() == reflect.Pointer {
			et = et.Elem()
		}
		if et.Kind() != reflect.Struct {
			continue
		}
		if g, ok := fieldNamed(et, name); ok {
			return g, true
		}
	}
	return reflect.StructField{}, false
}

// jsonName returns the name of the JSON member field f decodes, "-" for
// none, or "" for a struct embedded without a name, whose fields are
// members of their own.
func jsonName(f reflect.StructField) string {
	tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	switch {
	case tag != "":
		if !f.IsExported() {
			return "-"
		}
		return tag
	case f.Anonymous && (f.Type.Kind() == reflect.Struct || f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.Struct):
		return ""
	case !f.IsExported():
		return "-"
	}
	return f.Name
}

// isUint64 reports whether s is a decimal number that fits in a uint64:
// an index, or an id that keys a map.
func isUint64(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		c := s[i] - '0'
		if c > 9 {
			return false
		}
		if v > (1<<64-1-uint64(c))/10 {
			return false
		}
		v = v*10 + uint64(c)
	}
	return true
}

// escape escapes a reference token of a JSON pointer as RFC 6901 says:
// "~" as "~0" and "/" as "~1".
func escape(name string) string {
	if !strings.ContainsAny(name, "~/") {
		return name
	}
	return strings.ReplaceAll(strings.ReplaceAll(name, "~", "~0"), "/", "~1")
}
