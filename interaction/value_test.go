package interaction_test

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

func TestValueConstructorsRecordTheirKind(t *testing.T) {
	tests := []struct {
		name string
		v    interaction.Value
		kind interaction.ValueKind
		text string
	}{
		{"no value", interaction.Value{}, interaction.KindNone, ""},
		{"a string", interaction.StringValue("hello"), interaction.KindString, "hello"},
		{"an empty string", interaction.StringValue(""), interaction.KindString, ""},
		{"an integer", interaction.IntValue(-42), interaction.KindNumber, "-42"},
		{"the largest integer", interaction.IntValue(math.MaxInt64), interaction.KindNumber, "9223372036854775807"},
		{"a fraction", interaction.FloatValue(0.25), interaction.KindNumber, "0.25"},
		{"a whole float", interaction.FloatValue(3), interaction.KindNumber, "3"},
		{"a large float", interaction.FloatValue(1e21), interaction.KindNumber, "1e+21"},
		{"true", interaction.BoolValue(true), interaction.KindBool, "true"},
		{"false", interaction.BoolValue(false), interaction.KindBool, "false"},
	}
	for _, tt := range tests {
		if got := tt.v.Kind(); got != tt.kind {
			t.Errorf("%s: Kind() = %v; want %v", tt.name, got, tt.kind)
		}
		if got := tt.v.IsZero(); got != (tt.kind == interaction.KindNone) {
			t.Errorf("%s: IsZero() = %v", tt.name, got)
		}
		if got := tt.v.Text(); got != tt.text {
			t.Errorf("%s: Text() = %q; want %q", tt.name, got, tt.text)
		}
	}
}

func TestValueAccessorsAnswerOnlyForTheirKind(t *testing.T) {
	s := interaction.StringValue("1191207000000000007")
	if v, ok := s.Str(); !ok || v != "1191207000000000007" {
		t.Errorf("Str() = %q, %v", v, ok)
	}
	if _, ok := s.Int(); ok {
		t.Error("a string answers Int")
	}
	if _, ok := s.Float(); ok {
		t.Error("a string answers Float")
	}
	if _, ok := s.Bool(); ok {
		t.Error("a string answers Bool")
	}

	i := interaction.IntValue(7)
	if v, ok := i.Int(); !ok || v != 7 {
		t.Errorf("Int() = %d, %v", v, ok)
	}
	if v, ok := i.Float(); !ok || v != 7 {
		t.Errorf("Float() of an integer = %v, %v", v, ok)
	}
	if _, ok := i.Str(); ok {
		t.Error("a number answers Str")
	}
	if _, ok := i.Snowflake(); ok {
		t.Error("a number answers Snowflake")
	}

	b := interaction.BoolValue(true)
	if v, ok := b.Bool(); !ok || !v {
		t.Errorf("Bool() = %v, %v", v, ok)
	}
	if _, ok := b.Int(); ok {
		t.Error("a boolean answers Int")
	}

	var none interaction.Value
	if _, ok := none.Str(); ok {
		t.Error("no value answers Str")
	}
	if _, ok := none.Float(); ok {
		t.Error("no value answers Float")
	}
}

func TestValueSnowflakeReadsIDsSentAsStrings(t *testing.T) {
	tests := []struct {
		v    interaction.Value
		want interaction.Snowflake
		ok   bool
	}{
		{interaction.StringValue("1191207000000000007"), 1191207000000000007, true},
		{interaction.StringValue("0"), 0, true},
		{interaction.StringValue(""), 0, false},
		{interaction.StringValue("-1"), 0, false},
		{interaction.StringValue("18446744073709551616"), 0, false},
		{interaction.StringValue("<@1191207000000000007>"), 0, false},
		{interaction.IntValue(5), 0, false},
		{interaction.BoolValue(true), 0, false},
	}
	for _, tt := range tests {
		got, ok := tt.v.Snowflake()
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("%q.Snowflake() = %d, %v; want %d, %v", tt.v.Text(), got, ok, tt.want, tt.ok)
		}
	}
}

func TestValueUnmarshalJSONKeepsIntegersExact(t *testing.T) {
	tests := []struct {
		in      string
		i       int64
		isInt   bool
		f       float64
		text    string
		jsonOut string
	}{
		{"7", 7, true, 7, "7", "7"},
		{"-42", -42, true, -42, "-42", "-42"},
		{"-0", 0, true, 0, "0", "0"},
		{"1e3", 1000, true, 1000, "1000", "1000"},
		{"1E2", 100, true, 100, "100", "100"},
		{"5.0", 5, true, 5, "5", "5"},
		{"0.1e1", 1, true, 1, "1", "1"},
		// Beyond 2^53 a float64 loses the last digit; the integer keeps it.
		{"9007199254740993", 9007199254740993, true, 9007199254740992, "9007199254740993", "9007199254740993"},
		{"-9223372036854775808", math.MinInt64, true, -9223372036854775808, "-9223372036854775808", "-9223372036854775808"},
		{"9223372036854775808", 0, false, 9223372036854775808, "9.223372036854776e+18", "9.223372036854776e+18"},
		{"1e19", 0, false, 1e19, "1e+19", "1e+19"},
		{"1.5", 0, false, 1.5, "1.5", "1.5"},
		{"-0.25", 0, false, -0.25, "-0.25", "-0.25"},
		{"1e-7", 0, false, 1e-7, "1e-07", "1e-07"},
	}
	for _, tt := range tests {
		var v interaction.Value
		if err := v.UnmarshalJSON([]byte(tt.in)); err != nil {
			t.Errorf("UnmarshalJSON(%s): %v", tt.in, err)
			continue
		}
		if v.Kind() != interaction.KindNumber {
			t.Errorf("UnmarshalJSON(%s): kind %v", tt.in, v.Kind())
		}
		i, ok := v.Int()
		if ok != tt.isInt || ok && i != tt.i {
			t.Errorf("UnmarshalJSON(%s).Int() = %d, %v; want %d, %v", tt.in, i, ok, tt.i, tt.isInt)
		}
		if f, ok := v.Float(); !ok || f != tt.f {
			t.Errorf("UnmarshalJSON(%s).Float() = %v, %v; want %v", tt.in, f, ok, tt.f)
		}
		if got := v.Text(); got != tt.text {
			t.Errorf("UnmarshalJSON(%s).Text() = %q; want %q", tt.in, got, tt.text)
		}
		if got := string(v.AppendJSON(nil)); got != tt.jsonOut {
			t.Errorf("UnmarshalJSON(%s).AppendJSON = %s; want %s", tt.in, got, tt.jsonOut)
		}
	}
}

func TestValueUnmarshalJSONReadsEachKind(t *testing.T) {
	tests := []struct {
		in   string
		want interaction.Value
	}{
		{`"hello"`, interaction.StringValue("hello")},
		{`""`, interaction.StringValue("")},
		{`"caf\u00e9 \ud83d\ude00\n"`, interaction.StringValue("café 😀\n")},
		{`"2."`, interaction.StringValue("2.")},
		{`true`, interaction.BoolValue(true)},
		{`false`, interaction.BoolValue(false)},
		{`null`, interaction.Value{}},
		{`0.25`, interaction.FloatValue(0.25)},
		{`3`, interaction.IntValue(3)},
	}
	for _, tt := range tests {
		v := interaction.StringValue("stale")
		if err := v.UnmarshalJSON([]byte(tt.in)); err != nil || !reflect.DeepEqual(v, tt.want) {
			t.Errorf("UnmarshalJSON(%s) = %#v, %v; want %#v", tt.in, v, err, tt.want)
		}
	}
}

func TestValueUnmarshalJSONRefusesOtherShapes(t *testing.T) {
	for _, in := range []string{``, `{}`, `[]`, `[1]`, `1e400`, `-`, `x`, `"`} {
		var v interaction.Value
		if err := v.UnmarshalJSON([]byte(in)); err == nil {
			t.Errorf("UnmarshalJSON(%q) = %#v, nil; want an error", in, v)
		}
	}
}

func TestValueAppendJSONRoundTrips(t *testing.T) {
	for _, v := range []interaction.Value{
		{},
		interaction.StringValue("plain"),
		interaction.StringValue("<b>&\"quoted\"\\\n\t\x00\u2028é😀"),
		interaction.IntValue(0),
		interaction.IntValue(math.MinInt64),
		interaction.IntValue(math.MaxInt64),
		interaction.IntValue(9007199254740993),
		interaction.FloatValue(0.1),
		interaction.FloatValue(-1e-300),
		interaction.FloatValue(1.7976931348623157e308),
		interaction.FloatValue(1e20),
		interaction.BoolValue(true),
		interaction.BoolValue(false),
	} {
		b := v.AppendJSON([]byte("prefix:"))
		enc := b[len("prefix:"):]
		if !json.Valid(enc) {
			t.Errorf("%#v.AppendJSON = %s, not JSON", v, enc)
			continue
		}
		m, err := v.MarshalJSON()
		if err != nil || string(m) != string(enc) {
			t.Errorf("MarshalJSON = %s, %v; AppendJSON = %s", m, err, enc)
		}
		var back interaction.Value
		if err := back.UnmarshalJSON(enc); err != nil {
			t.Errorf("UnmarshalJSON(%s): %v", enc, err)
			continue
		}
		if !reflect.DeepEqual(back, v) {
			t.Errorf("round trip of %#v through %s = %#v", v, enc, back)
		}
	}
}

func TestValueMarshalsInsideDocuments(t *testing.T) {
	type doc struct {
		Value interaction.Value `json:"value"`
	}
	b, err := json.Marshal(doc{interaction.StringValue("<x>")})
	if err != nil || string(b) != `{"value":"\u003cx\u003e"}` {
		t.Errorf("Marshal = %s, %v", b, err)
	}
	var d doc
	if err := json.Unmarshal([]byte(`{"value":12.5}`), &d); err != nil {
		t.Fatal(err)
	}
	if f, ok := d.Value.Float(); !ok || f != 12.5 {
		t.Errorf("Unmarshal = %#v", d.Value)
	}
}

func TestValueOfANumberWithoutAJSONFormFailsToMarshal(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		v := interaction.FloatValue(f)
		if b, err := v.MarshalJSON(); err == nil {
			t.Errorf("FloatValue(%v).MarshalJSON() = %s, nil; want an error", f, b)
		}
		if _, err := json.Marshal(v); err == nil {
			t.Errorf("json.Marshal(FloatValue(%v)) succeeded", f)
		}
	}
}
