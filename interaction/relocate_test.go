package interaction

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestNothingDecodedPointsIntoTheBody walks every string and byte slice
// reachable from decoded interactions, whatever field they are in, and
// checks that none lies inside the caller's body: fasthttp reuses it once
// the handler returns.
func TestNothingDecodedPointsIntoTheBody(t *testing.T) {
	bodies := map[string][]byte{}
	fixture, err := os.ReadFile("testdata/slash_mod_ban.json")
	if err != nil {
		t.Fatal(err)
	}
	bodies["fixture"] = fixture
	seeds, _ := filepath.Glob("testdata/fuzz/FuzzDecode*/*")
	for _, path := range seeds {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		// The corpus format: a header line, then []byte("...").
		_, lit, ok := strings.Cut(string(data), "[]byte(")
		if !ok {
			continue
		}
		s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimSpace(lit), ")"))
		if err != nil {
			continue
		}
		bodies[path] = []byte(s)
	}
	decoded := 0
	for name, body := range bodies {
		ix, err := Decode(body)
		if err != nil {
			continue
		}
		decoded++
		start := uintptr(unsafe.Pointer(unsafe.SliceData(body)))
		end := start + uintptr(len(body))
		walkMemory(reflect.ValueOf(ix), func(where string, p uintptr, n int) {
			if n > 0 && p >= start && p < end {
				t.Errorf("%s: %s refers into the body", name, where)
			}
		})
	}
	if decoded < 2 {
		t.Fatalf("only %d bodies decoded; the test checks nothing", decoded)
	}
}

// walkMemory calls f with the data pointer and length of every string and
// byte slice reachable from v, including unexported fields.
func walkMemory(v reflect.Value, f func(where string, p uintptr, n int)) {
	var walk func(path string, v reflect.Value)
	walk = func(path string, v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(path, v.Elem())
			}
		case reflect.String:
			s := v.String()
			f(path, uintptr(unsafe.Pointer(unsafe.StringData(s))), len(s))
		case reflect.Slice:
			if v.Type().Elem().Kind() == reflect.Uint8 {
				f(path, v.Pointer(), v.Len())
				return
			}
			for i := 0; i < v.Len(); i++ {
				walk(path+"["+strconv.Itoa(i)+"]", v.Index(i))
			}
		case reflect.Array:
			for i := 0; i < v.Len(); i++ {
				walk(path+"["+strconv.Itoa(i)+"]", v.Index(i))
			}
		case reflect.Map:
			it := v.MapRange()
			for it.Next() {
				walk(path+"{key}", it.Key())
				walk(path+"{value}", it.Value())
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				walk(path+"."+v.Type().Field(i).Name, v.Field(i))
			}
		}
	}
	walk("Interaction", v)
}
