package option_test

import (
	"errors"
	"math"
	"reflect"
	"strconv"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
)

// FuzzAccessors reads an option of any type holding any JSON value the
// decoder accepts through every accessor: none may panic, Value and Values
// must agree, and whatever reads successfully must be within its type's
// range.
func FuzzAccessors(f *testing.F) {
	for _, seed := range []struct {
		typ   int
		value string
	}{
		{3, `"hello"`}, {3, `""`}, {3, `"\u00e9\ud83d\ude00"`},
		{4, `7`}, {4, `-9007199254740991`}, {4, `9007199254740992`}, {4, `1.5`}, {4, `1e3`}, {4, `"12."`},
		{5, `true`}, {5, `false`}, {5, `null`},
		{6, `"1191207000000000007"`}, {6, `"18446744073709551616"`}, {6, `"0"`},
		{7, `"1191203000000000003"`}, {8, `"1191208000000000008"`}, {9, `"1191207000000000017"`}, {9, `"1191208000000000008"`},
		{10, `0.25`}, {10, `9007199254740992`}, {10, `1e308`}, {10, `-0`}, {10, `"-"`},
		{11, `"1191214000000000014"`}, {1, `null`}, {0, `1`}, {12, `"x"`},
	} {
		f.Add(seed.typ, seed.value)
	}
	resolved := fixtureResolved(f)
	f.Fuzz(func(t *testing.T, typ int, value string) {
		var ix interaction.Interaction
		err := interaction.Decode([]byte(`{"id":"1","type":2,"data":{"name":"c","options":[{"name":"o","type":`+
			strconv.Itoa(typ)+`,"value":`+value+`}]}}`), &ix)
		if err != nil || len(ix.Data.Options) != 1 {
			return
		}
		ot := interaction.OptionType(typ)
		vs := option.New(ix.Data.Options, resolved)
		for _, a := range accessors {
			x, err := a.value(vs.Get("o"))
			x2, ok := a.values(vs, "o")
			if ok != (err == nil) || !reflect.DeepEqual(x, x2) {
				t.Fatalf("%s: Value gives %#v, %v; Values gives %#v, %v", a.name, x, err, x2, ok)
			}
			if err != nil {
				var e *option.Error
				if !errors.As(err, &e) || e.Option != "o" || e.Got != ot || e.Error() == "" {
					t.Fatalf("%s: error %#v does not describe option o of type %v", a.name, err, ot)
				}
				continue
			}
			if !slicesContains(a.accepts, ot) {
				t.Fatalf("%s read an option of type %v", a.name, ot)
			}
			switch x := x.(type) {
			case int64:
				if x > option.MaxInteger || x < -option.MaxInteger {
					t.Fatalf("Int() = %d, beyond ±(2^53-1)", x)
				}
			case float64:
				if math.IsNaN(x) || math.Abs(x) > option.MaxNumber {
					t.Fatalf("Float() = %v, beyond ±2^53", x)
				}
				if ot == interaction.OptionInteger && (x != math.Trunc(x) || math.Abs(x) > option.MaxInteger) {
					t.Fatalf("Float() of an INTEGER option = %v, not an integer in range", x)
				}
			}
		}
	})
}
