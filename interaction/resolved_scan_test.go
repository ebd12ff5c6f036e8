package interaction

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/goccy/go-json/jsontext"
)

// The resolved object is read by hand (scanResolved); these tests hold
// the reading to a JSON decoder's.

// decoderEntries is what reading raw with a JSON decoder finds: whether it
// is one well-formed object, and the entries of the kinds a Resolved
// knows, keyed by id, in their order. Repeated names are allowed, as
// scanResolved allows them (Decode refuses them before).
func decoderEntries(raw []byte) (entries []resolvedEntry, ok bool) {
	dec := jsontext.NewDecoder(bytes.NewReader(raw), jsontext.AllowDuplicateNames(true))
	tok, err := dec.ReadToken()
	if err != nil || tok.Kind() != '{' {
		return nil, false
	}
	for dec.PeekKind() == '"' {
		name, err := dec.ReadValue()
		if err != nil {
			return nil, false
		}
		k := resolvedKind(name)
		if k == 0 || dec.PeekKind() != '{' {
			if err := dec.SkipValue(); err != nil {
				return nil, false
			}
			continue
		}
		if _, err := dec.ReadToken(); err != nil {
			return nil, false
		}
		for dec.PeekKind() == '"' {
			key, err := dec.ReadValue()
			if err != nil {
				return nil, false
			}
			id := parseResolvedID(key)
			entry, err := dec.ReadValue()
			if err != nil {
				return nil, false
			}
			if id != 0 {
				end := dec.InputOffset()
				entries = append(entries, resolvedEntry{kind: k, id: id, start: end - int64(len(entry)), end: end})
			}
		}
		if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '}' {
			return nil, false
		}
	}
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '}' {
		return nil, false
	}
	if _, err := dec.ReadToken(); err == nil {
		return nil, false // more than one value
	}
	if dec.InputOffset() != int64(len(bytes.TrimRight(raw, " \t\r\n"))) {
		return nil, false
	}
	return entries, true
}

// scannedEntries is what scanResolved finds in raw.
func scannedEntries(raw []byte) (entries []resolvedEntry, ok bool) {
	ok = scanResolved(raw, func(k uint8, id Snowflake, start, end int) {
		entries = append(entries, resolvedEntry{kind: k, id: id, start: int64(start), end: int64(end)})
	})
	if !ok {
		return nil, false
	}
	return entries, true
}

// checkScanAgrees fails t unless scanResolved reads raw as a JSON decoder
// does.
func checkScanAgrees(t *testing.T, raw []byte) {
	t.Helper()
	want, wantOK := decoderEntries(raw)
	got, gotOK := scannedEntries(raw)
	if gotOK != wantOK || !reflect.DeepEqual(got, want) {
		t.Errorf("scanResolved(%q) = %v, %v\na decoder finds %v, %v", raw, got, gotOK, want, wantOK)
	}
}

// resolvedScanCases are objects whose reading the tests and the fuzzer
// start from: well-formed, and malformed in each way a reading can fail.
var resolvedScanCases = []string{
	`{}`,
	` { } `,
	`{"users":{}}`,
	`{"users":{"1":{"id":"1","username":"a"}},"members":{"1":{"roles":[],"nick":null}}}`,
	`{"users" : { "1" : {"id":"1"} , "2":{"id":"2"} } , "roles":{"3":{"id":"3","color":-1.5e+3}}}`,
	`{"users":{"1":{"id":"1","username":"a"},"1":{"id":"1","username":"b"}}}`,
	`{"users":{"1":{"id":"1"}},"users":{"1":{"id":"1","username":"again"}}}`,
	`{"users":{"0":{"id":"0"},"x":{},"-1":{},"18446744073709551616":{}}}`,
	`{"users":{"\u0031":{"id":"1"}}}`,
	`{"u\u0073ers":{"1":{"id":"1"}}}`,
	`{"users":[{"id":"1"}],"members":"none","roles":null,"other":{"1":{}}}`,
	`{"users":{"1":{"name":"Zo\u00eb \"Z\" \\ \/ \b\f\n\r\t 🛡 é"}}}`,
	`{"users":{"1":{"a":[1,-0,0.5,2e10,3E-2,true,false,null,[],{},[[{}]]]}}}`,
	`{"users":{"1":{}}}x`,
	`{"users":{"1":{}}}{}`,
	`{"users":{"1":{}},}`,
	`{"users":{"1":{},}}`,
	`{"users":{"1":{}}`,
	`{"users":{"1":{"id":"1}}}`,
	`{"users":{"1":{"id":"\x"}}}`,
	`{"users":{"1":{"id":"\u12"}}}`,
	`{"users":{"1":{"id":"\ud83d\ude00 \uD83D\uDE00"}}}`,
	`{"users":{"1":{"id":"\ud800"}}}`,
	`{"users":{"1":{"id":"\udc00"}}}`,
	`{"users":{"1":{"id":"\ud800\u0041"}}}`,
	`{"users":{"1":{"id":"\ud800\n"}}}`,
	`{"users":{"1":{"id":"` + "\x01" + `"}}}`,
	`{"users":{"1":{"id":"` + "\xff" + `"}}}`,
	`{"users":{"1":{"n":01}}}`,
	`{"users":{"1":{"n":1.}}}`,
	`{"users":{"1":{"n":-}}}`,
	`{"users":{"1":{"n":1e}}}`,
	`{"users":{"1":{"n":tru}}}`,
	`{"users":{"1" {"n":1}}}`,
	`{"users":{1:{}}}`,
	`{"users":{"1":[}}`,
	`{"users":{"1":{"a":[1,]}}}`,
	`{"users":{"1":{"a" 1}}}`,
	`[]`,
	`"users"`,
	``,
}

func TestScanResolvedReadsAsADecoder(t *testing.T) {
	cases := append([]string{oneOfEachKind}, resolvedScanCases...)
	for _, raw := range cases {
		checkScanAgrees(t, []byte(raw))
	}
}

func FuzzScanResolved(f *testing.F) {
	f.Add([]byte(oneOfEachKind))
	for _, raw := range resolvedScanCases {
		f.Add([]byte(raw))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		checkScanAgrees(t, raw)
		// An object the scan reads is JSON to any decoder.
		if _, ok := scannedEntries(raw); ok && !json.Valid(raw) {
			t.Errorf("scanResolved read %q, which encoding/json refuses", raw)
		}
	})
}

// oneOfEachKind resolves one entry of each kind.
const oneOfEachKind = `{
	"users": {"1191207000000000007": {"id": "1191207000000000007", "username": "spammer9000"}},
	"members": {"1191207000000000007": {"roles": ["1191208000000000008"], "joined_at": "2024-03-11T18:22:47.113000+00:00"}},
	"roles": {"1191208000000000008": {"id": "1191208000000000008", "name": "Moderators", "tags": {}}},
	"channels": {"1191203000000000003": {"id": "1191203000000000003", "type": 11}},
	"messages": {"1311204000000000004": {"id": "1311204000000000004", "embeds": [{"title": "Deal"}], "reactions": [{"count": 2, "emoji": {"id": null, "name": "🔥"}}]}},
	"attachments": {"1191214000000000014": {"id": "1191214000000000014", "size": 52143}}
}`

func TestResolvedLookupsAgreeBeforeAndAfterIndexing(t *testing.T) {
	raw := []byte(oneOfEachKind)
	const user, role, channel, message, attachment = 1191207000000000007, 1191208000000000008, 1191203000000000003, 1311204000000000004, 1191214000000000014
	ids := []Snowflake{user, role, channel, message, attachment, 999}
	want := map[uint8]Snowflake{resolvedUsers: user, resolvedMembers: user, resolvedRoles: role,
		resolvedChannels: channel, resolvedMessages: message, resolvedAttachments: attachment}
	var indexed Resolved
	if err := indexed.UnmarshalJSON(raw); err != nil {
		t.Fatal(err)
	}
	for k := resolvedUsers; k < resolvedKinds; k++ {
		for _, id := range ids {
			indexed.find(id, 1<<k, new(spans)) // the first lookup, read alone
		}
	}
	for k := resolvedUsers; k < resolvedKinds; k++ {
		for _, id := range ids {
			var fresh Resolved
			if err := fresh.UnmarshalJSON(raw); err != nil {
				t.Fatal(err)
			}
			var first, later spans
			fresh.find(id, 1<<k, &first)
			indexed.find(id, 1<<k, &later)
			if first != later {
				t.Errorf("kind %d, id %d: the first lookup found %v, the index %v", k, id, first, later)
			}
			if first[k].found() != (id == want[k]) {
				t.Errorf("kind %d, id %d: found %v", k, id, first[k])
			}
		}
	}
}

func TestResolvedLookupsTakeTheLastOfRepeatedIDs(t *testing.T) {
	for _, raw := range []string{
		`{"users":{"1":{"id":"1","username":"first"},"1":{"id":"1","username":"last"}}}`,
		`{"users":{"1":{"id":"1","username":"first"}},"users":{"1":{"id":"1","username":"last"}}}`,
	} {
		var r Resolved
		if err := r.UnmarshalJSON([]byte(raw)); err != nil {
			t.Fatal(err)
		}
		for _, lookup := range []string{"first", "indexed"} {
			if u, ok := r.User(1); !ok || u.Username != "last" {
				t.Errorf("%s: the %s lookup found %+v, %v; want the last", raw, lookup, u, ok)
			}
		}
	}
}

func TestResolvedLookupsFindNothingInAMalformedObject(t *testing.T) {
	for _, raw := range []string{
		`{"users":{"1":{"id":"1","username":"a"}}}x`,
		`{"users":{"1":{"id":"1","username":"a"}},"roles":{"2":{"name":"` + "\xff" + `"}}}`,
		`{"users":{"1":{"id":"1","username":"a"}},"roles":{"2":[}}`,
		`{"users":{"1":{"id":"1","username":"a"}}`,
	} {
		var r Resolved
		if err := r.UnmarshalJSON([]byte(raw)); err != nil {
			t.Fatal(err)
		}
		for _, lookup := range []string{"first", "indexed"} {
			if u, ok := r.User(1); ok {
				t.Errorf("%s: the %s lookup found %+v", raw, lookup, u)
			}
		}
	}
}
