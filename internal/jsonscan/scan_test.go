package jsonscan_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/internal/jsonscan"
)

// whole reports whether b is exactly one JSON value with optional white
// space around it, by Skip.
func whole(b []byte) bool {
	end, err := jsonscan.Skip(b, 0)
	return err == nil && jsonscan.SkipSpace(b, end) == len(b)
}

// trickyInputs are documents at the edges of the grammar: each must be
// judged as encoding/json judges it.
var trickyInputs = []string{
	``, ` `, "\t\n\r ", "\v1", "\f1", "\u00a01", "\ufeff{}", "\x00",
	`0`, `-0`, `-`, `--1`, `+1`, `01`, `-01`, `00`, `1.`, `.1`, `-.1`, `1.e1`, `1e`, `1e+`, `1e-`, `1E2`, `1e+2`, `1e-2`, `1.5e300`,
	`1e999999`, `0.0000000000000000000000001`, `123456789012345678901234567890`, `1x`, `1 2`, `0x10`, `Infinity`, `NaN`, `-Infinity`,
	`true`, `false`, `null`, `tru`, `truex`, `nul`, `nulll`, `True`, `NULL`, `t`, `f`, `n`,
	`""`, `"`, `"a`, `"a"b`, `"a""b"`, `"\""`, `"\\"`, `"\/"`, `"\b\f\n\r\t"`, `"\x"`, `"\'"`, `"\u00e9"`, `"\u00E9"`,
	`"\u00"`, `"\u00g0"`, `"\uZZZZ"`, `"\ud800"`, `"\udc00\ud800"`, `"\ud83d\ude00"`, "\"\t\"", "\"\x01\"", "\"\x1f\"", "\"\x7f\"",
	"\"\xff\"", "\"\xc3\xa9\"", "\"\xed\xa0\x80\"", `"\`, `"\u`, `"\u123`,
	`[]`, `[ ]`, `[`, `]`, `[1`, `[1,]`, `[,1]`, `[1 2]`, `[1,,2]`, `[[]]`, `[[]`, `[]]`, `[1,[2,[3]]]`, `[null,true,false,"",0,{}]`,
	`{}`, `{ }`, `{`, `}`, `{"a"}`, `{"a":}`, `{"a":1}`, `{"a":1,}`, `{,"a":1}`, `{"a":1 "b":2}`, `{"a" 1}`, `{a:1}`, `{'a':1}`,
	`{1:1}`, `{"a":1,"a":2}`, `{"a":{"b":{"c":[]}}}`, `{"a":[}`, `{"a":1}}`, `{"\u0061":1}`, `{"a":1}{}`, `{"":""}`,
	` {"a" : [ 1 , 2 ] } `, "{\n\t\"a\": \"b\"\n}\n", `[1]x`, `"a" "b"`,
}

func TestSkipAgreesWithEncodingJSONOnTrickyInputs(t *testing.T) {
	for _, in := range trickyInputs {
		if got, want := whole([]byte(in)), json.Valid([]byte(in)); got != want {
			t.Errorf("Skip(%q) accepts the whole input: %v; encoding/json.Valid: %v", in, got, want)
		}
	}
}

func TestSkipBoundsNestingLikeEncodingJSON(t *testing.T) {
	for _, depth := range []int{1, 100, 9999, 10000, 10001, 100000} {
		for _, open := range []string{"[", `{"a":`} {
			close := "]"
			if open != "[" {
				close = "}"
			}
			in := []byte(strings.Repeat(open, depth) + strings.Repeat(close, depth))
			if got, want := whole(in), json.Valid(in); got != want {
				t.Errorf("%d levels of %s: Skip accepts %v; encoding/json.Valid: %v", depth, open, got, want)
			}
		}
	}
}

func TestSkipReturnsTheEndOfTheFirstValue(t *testing.T) {
	tests := []struct {
		in    string
		start int
		end   int
	}{
		{`  {"a":[1,2]} , 3`, 0, 13},
		{`[1,2] [3]`, 5, 9},
		{`"a\"b"x`, 0, 6},
		{`123abc`, 0, 3},
		{`-0.5e+3,`, 0, 7},
		{`truefalse`, 0, 4},
		{`{"a":1}{"b":2}`, 7, 14},
		{`x null`, 1, 6},
	}
	for _, tt := range tests {
		end, err := jsonscan.Skip([]byte(tt.in), tt.start)
		if err != nil || end != tt.end {
			t.Errorf("Skip(%q, %d) = %d, %v; want %d", tt.in, tt.start, end, err, tt.end)
		}
	}
	for _, tt := range []struct {
		in    string
		start int
	}{{``, 0}, {`   `, 0}, {`1`, 1}, {`1`, 5}, {`{`, 0}, {`x`, 0}} {
		if end, err := jsonscan.Skip([]byte(tt.in), tt.start); !errors.Is(err, jsonscan.ErrSyntax) {
			t.Errorf("Skip(%q, %d) = %d, %v; want ErrSyntax", tt.in, tt.start, end, err)
		}
	}
}

func TestSkipSpaceSkipsOnlyJSONWhiteSpace(t *testing.T) {
	tests := []struct {
		in   string
		i    int
		want int
	}{
		{"", 0, 0},
		{" \t\r\nx", 0, 4},
		{"x  ", 1, 3},
		{"\v", 0, 0},
		{"\f", 0, 0},
		{"\u00a0", 0, 0},
		{"   ", 5, 5},
	}
	for _, tt := range tests {
		if got := jsonscan.SkipSpace([]byte(tt.in), tt.i); got != tt.want {
			t.Errorf("SkipSpace(%q, %d) = %d; want %d", tt.in, tt.i, got, tt.want)
		}
	}
}

type member struct{ key, value string }

func members(t *testing.T, in string) ([]member, error) {
	t.Helper()
	var got []member
	it := jsonscan.NewObject([]byte(in))
	for k, v, ok := it.Next(); ok; k, v, ok = it.Next() {
		got = append(got, member{string(k), string(v)})
	}
	// Once done, the iterator stays done.
	if k, v, ok := it.Next(); ok || k != nil || v != nil {
		t.Errorf("Next after the end = %q, %q, %v", k, v, ok)
	}
	return got, it.Err()
}

func TestObjectIteratesRawMembers(t *testing.T) {
	tests := []struct {
		in   string
		want []member
	}{
		{`{}`, nil},
		{` { } `, nil},
		{`{"a":1}`, []member{{"a", "1"}}},
		{` { "a" : 1 , "b" : [ 2 , 3 ] , "c" : { "d" : null } } `, []member{{"a", "1"}, {"b", "[ 2 , 3 ]"}, {"c", `{ "d" : null }`}}},
		// Keys come as written between the quotes: escapes are not decoded.
		{`{"\u0061":"x\"y","a\\b":true}`, []member{{`\u0061`, `"x\"y"`}, {`a\\b`, "true"}}},
		{`{"":"","a":1,"a":2}`, []member{{"", `""`}, {"a", "1"}, {"a", "2"}}},
		{"{\"é\":-1.5e3}", []member{{"é", "-1.5e3"}}},
	}
	for _, tt := range tests {
		got, err := members(t, tt.in)
		if err != nil {
			t.Errorf("%s: %v", tt.in, err)
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: members %q; want %q", tt.in, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: member %d = %q; want %q", tt.in, i, got[i], tt.want[i])
			}
		}
	}
}

func TestObjectReportsMalformedInput(t *testing.T) {
	for _, in := range []string{
		``, ` `, `[]`, `"a"`, `null`, `{`, `{"a"}`, `{"a":}`, `{"a":1,}`, `{"a":1 "b":2}`,
		`{"a":1`, `{"a":1,`, `{a:1}`, `{"a":tru}`, `{"a`, `{"a":"\x"}`, `{1:2}`,
	} {
		if _, err := members(t, in); !errors.Is(err, jsonscan.ErrSyntax) {
			t.Errorf("%q: Err() = %v; want ErrSyntax", in, err)
		}
	}
}

func TestLookupComparesKeysByTheirDecodedText(t *testing.T) {
	obj := []byte(`{"users":{"1":{}},"\u0072oles":[1],"a\"b":2,"\ud83d\ude00":3,"tab\t":4,"dup":5,"dup":6,"caf\u00e9":7,"x\/y":8}`)
	tests := []struct {
		key, want string
		ok        bool
	}{
		{"users", `{"1":{}}`, true},
		{"roles", `[1]`, true},
		{`a"b`, `2`, true},
		{"😀", `3`, true},
		{"tab\t", `4`, true},
		{"dup", `5`, true}, // the first of duplicate keys
		{"café", `7`, true},
		{"x/y", `8`, true},
		{"user", ``, false},
		{"usersx", ``, false},
		{"", ``, false},
		{`\u0072oles`, ``, false},
	}
	for _, tt := range tests {
		v, ok, err := jsonscan.Lookup(obj, tt.key)
		if err != nil || ok != tt.ok || string(v) != tt.want {
			t.Errorf("Lookup(%q) = %s, %v, %v; want %s, %v", tt.key, v, ok, err, tt.want, tt.ok)
		}
	}
	if _, ok, err := jsonscan.Lookup([]byte(`{"a":1,}`), "b"); ok || !errors.Is(err, jsonscan.ErrSyntax) {
		t.Errorf("Lookup past malformed input = %v, %v; want ErrSyntax", ok, err)
	}
	if _, ok, err := jsonscan.Lookup([]byte(`[]`), "a"); ok || !errors.Is(err, jsonscan.ErrSyntax) {
		t.Errorf("Lookup in an array = %v, %v; want ErrSyntax", ok, err)
	}
}

func TestKeyEqualDecodesEscapes(t *testing.T) {
	tests := []struct {
		raw, s string
		want   bool
	}{
		{``, ``, true},
		{`a`, `a`, true},
		{`a`, `b`, false},
		{`a`, `ab`, false},
		{`ab`, `a`, false},
		{`\u0061`, `a`, true},
		{`\u0061`, `\u0061`, false},
		{`\"\\\/\b\f\n\r\t`, "\"\\/\b\f\n\r\t", true},
		{`\u00e9`, `é`, true},
		{`\u00E9`, `é`, true},
		{`é`, `é`, true},
		{`\ud83d\ude00`, `😀`, true},
		{`\ud83d`, "\ufffd", true},
		{`\ude00`, "\ufffd", true},
		{`\ud83dx`, "\ufffdx", true},
		{`\ud83d\u0061`, "\ufffda", true},
		{`\x`, `x`, false},
		{`\`, ``, false},
		{`\u12`, ``, false},
		{`\u12G4`, ``, false},
		{`\u00e9`, "\xc3", false},
		{"\xff", "\ufffd", true},
		{"\xff", "\xff", false},
		{"a\xc3", "a\ufffd", true},
		{"\xed\xa0\x80", "\ufffd\ufffd\ufffd", true},
	}
	for _, tt := range tests {
		if got := jsonscan.KeyEqual([]byte(tt.raw), tt.s); got != tt.want {
			t.Errorf("KeyEqual(%q, %q) = %v; want %v", tt.raw, tt.s, got, tt.want)
		}
	}
	raw := []byte(`caf\u00e9`)
	if n := testing.AllocsPerRun(10, func() { jsonscan.KeyEqual(raw, "café") }); n != 0 {
		t.Errorf("KeyEqual allocates %v times", n)
	}
}

// stringContents are the insides of JSON strings, each valid, whose decoding
// encoding/json settles.
var stringContents = []string{
	``, `plain`, `\"`, `\\`, `\/`, `\b\f\n\r\t`, `\u0000`, `\u001f`, `\u0041\u0042`, `\u00e9`, `\u00E9`, `\u20ac`,
	`\ud83d\ude00`, `\uD83D\uDE00`, `\ud83d`, `\ude00`, `\ud83d\ud83d`, `\ude00\ud83d`, `\ud83d\u0041`, `\ud83dx`, `\ud83d\n`,
	`\ufffd`, `\uffff`, "é😀日本", "\xff", "a\xc3", "\xe2\x82", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\xaf", "\u2028", "\x7f",
	`mixed \u00e9 é \ud83d\ude00 😀 \ud800 ` + "\xff",
}

func TestAppendUnquotedDecodesAsEncodingJSON(t *testing.T) {
	for _, raw := range stringContents {
		var want string
		if err := json.Unmarshal([]byte(`"`+raw+`"`), &want); err != nil {
			t.Fatalf("encoding/json refuses %q: %v", raw, err)
		}
		got := jsonscan.AppendUnquoted([]byte("prefix"), []byte(raw))
		if string(got) != "prefix"+want {
			t.Errorf("AppendUnquoted(%q) = %q; want %q", raw, got[len("prefix"):], want)
		}
		if !jsonscan.KeyEqual([]byte(raw), want) {
			t.Errorf("KeyEqual(%q, %q) = false for the decoded text", raw, want)
		}
		if got, want := jsonscan.NeedsUnquote([]byte(raw)), strings.Contains(raw, `\`) || hasHighByte(raw); got != want {
			t.Errorf("NeedsUnquote(%q) is wrong", raw)
		}
	}
}

func hasHighByte(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}

func TestAppendUnquotedReplacesMalformedEscapes(t *testing.T) {
	// Decoders never pass these (Skip refuses them); they still decode to
	// something printable rather than failing.
	tests := []struct{ raw, want string }{
		{`\x`, "\ufffdx"},
		{`\`, "\ufffd"},
		{`\u12`, "\ufffdu12"},
		{`a\u12G4`, "a\ufffdu12G4"},
	}
	for _, tt := range tests {
		if got := string(jsonscan.AppendUnquoted(nil, []byte(tt.raw))); got != tt.want {
			t.Errorf("AppendUnquoted(%q) = %q; want %q", tt.raw, got, tt.want)
		}
	}
}

func TestNeedsUnquoteFlagsEscapesAndNonASCII(t *testing.T) {
	tests := []struct {
		raw  string
		want bool
	}{
		{``, false},
		{`plain ascii with "quotes"`, false},
		{"\x7f", false},
		{`\n`, true},
		{"é", true},
		{"\xff", true},
		{"\x80", true},
	}
	for _, tt := range tests {
		if got := jsonscan.NeedsUnquote([]byte(tt.raw)); got != tt.want {
			t.Errorf("NeedsUnquote(%q) = %v; want %v", tt.raw, got, tt.want)
		}
	}
}

func TestScanningDoesNotAllocate(t *testing.T) {
	doc := []byte(`{"id":"1","data":{"name":"x","options":[{"value":"caf\u00e9"},{"value":1.5e3}],"resolved":{"users":{"1":{}}}}}`)
	n := testing.AllocsPerRun(10, func() {
		jsonscan.Skip(doc, 0)
		jsonscan.Lookup(doc, "data")
		it := jsonscan.NewObject(doc)
		for _, _, ok := it.Next(); ok; _, _, ok = it.Next() {
		}
	})
	if n != 0 {
		t.Errorf("scanning allocates %v times", n)
	}
}
