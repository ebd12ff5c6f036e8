package jsonscan_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/switchboard-go/switchboard/internal/jsonscan"
)

// maxFuzzInput keeps inputs below the nesting either scanner refuses, so
// that the two judge the same grammar.
const maxFuzzInput = 8 << 10

// FuzzSkip holds Skip to encoding/json.Valid: an input is one value, with
// white space around it, for both or for neither; and whatever prefix Skip
// takes is itself a value.
func FuzzSkip(f *testing.F) {
	for _, in := range trickyInputs {
		f.Add([]byte(in))
	}
	f.Add([]byte(`{"id":"1","data":{"options":[{"value":1.5e-3},{"value":"caf\u00e9"}],"resolved":{"users":{}}},"x":[true,false,null]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > maxFuzzInput {
			return
		}
		end, err := jsonscan.Skip(b, 0)
		if err == nil {
			if end <= 0 || end > len(b) {
				t.Fatalf("Skip(%q) = %d: outside the input", b, end)
			}
			if !json.Valid(b[:end]) {
				t.Fatalf("Skip(%q) took %q, which is not a JSON value", b, b[:end])
			}
		}
		if got, want := whole(b), json.Valid(b); got != want {
			t.Fatalf("Skip accepts %q whole: %v; encoding/json.Valid: %v", b, got, want)
		}
	})
}

// FuzzStringEnd holds the word-at-a-time scan to the byte-at-a-time grammar.
func FuzzStringEnd(f *testing.F) {
	for _, s := range stringContents {
		f.Add([]byte(s+`"`), uint8(0))
	}
	f.Add([]byte(`abcdefgh\u00e9ijklmno"pq`), uint8(3))
	f.Add([]byte("abcdefg\x1fhijk\""), uint8(0))
	f.Fuzz(func(t *testing.T, b []byte, start uint8) {
		i := int(start)
		if i > len(b) {
			i = len(b)
		}
		checkStringEnd(t, b, i)
	})
}

// FuzzAppendUnquoted holds the decoding of string contents to encoding/json.
func FuzzAppendUnquoted(f *testing.F) {
	for _, s := range stringContents {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		var want string
		if err := json.Unmarshal([]byte(`"`+raw+`"`), &want); err != nil {
			return
		}
		if got := jsonscan.AppendUnquoted(nil, []byte(raw)); string(got) != want {
			t.Fatalf("AppendUnquoted(%q) = %q; encoding/json decodes %q", raw, got, want)
		}
		if !jsonscan.KeyEqual([]byte(raw), want) {
			t.Fatalf("KeyEqual(%q, %q) = false", raw, want)
		}
		if end, _, err := jsonscan.StringEnd([]byte(raw+`"`), 0); err != nil || end != len(raw) {
			t.Fatalf("StringEnd(%q) = %d, %v; want %d", raw+`"`, end, err, len(raw))
		}
	})
}

// FuzzObject holds the members Object yields, and what Lookup finds, to what
// encoding/json decodes.
func FuzzObject(f *testing.F) {
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"a":1,"b":[2],"c":{"d":null}}`))
	f.Add([]byte(`{"\u0061":1,"a":2,"a\"b":"x","\ud83d\ude00":true}`))
	f.Add([]byte(` { "users" : { "1" : { "id" : "1" } } } `))
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > maxFuzzInput {
			return
		}
		var want map[string]json.RawMessage
		stdErr := json.Unmarshal(b, &want)
		it := jsonscan.NewObject(b)
		got := map[string][]byte{}
		first := map[string][]byte{}
		for k, v, ok := it.Next(); ok; k, v, ok = it.Next() {
			key := string(jsonscan.AppendUnquoted(nil, k))
			got[key] = v // the last of duplicate keys, as encoding/json keeps
			if _, seen := first[key]; !seen {
				first[key] = v
			}
		}
		if stdErr != nil || want == nil {
			return
		}
		if it.Err() != nil {
			t.Fatalf("Object(%q) failed: %v; encoding/json decodes it", b, it.Err())
		}
		if len(got) != len(want) {
			t.Fatalf("Object(%q) has keys %q; encoding/json %q", b, keys(got), keysRaw(want))
		}
		for k, v := range want {
			if !bytes.Equal(compactRaw(got[k]), compactRaw(v)) {
				t.Fatalf("Object(%q)[%q] = %s; encoding/json %s", b, k, got[k], v)
			}
			lv, ok, err := jsonscan.Lookup(b, k)
			if err != nil || !ok || !bytes.Equal(lv, first[k]) {
				t.Fatalf("Lookup(%q, %q) = %s, %v, %v; want %s", b, k, lv, ok, err, first[k])
			}
		}
	})
}

func compactRaw(b []byte) []byte {
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return b
	}
	return buf.Bytes()
}

func keys(m map[string][]byte) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

func keysRaw(m map[string]json.RawMessage) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}
