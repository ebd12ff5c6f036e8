package interaction

import (
	"testing"

	jsonv2 "github.com/goccy/go-json/v2"
)

// IntegrationOwners are read by hand (readOwners); these tests hold the
// reading to a JSON decoder's.

// decodedOwners is what a JSON decoder reads from the owners' object b
// into the keys IntegrationOwners keeps, each a snowflake or null, and
// whether it reads.
func decodedOwners(b []byte) (IntegrationOwners, bool) {
	var owners struct {
		Guild decodedOwner `json:"0"`
		User  decodedOwner `json:"1"`
	}
	if err := jsonv2.Unmarshal(b, &owners); err != nil {
		return IntegrationOwners{}, false
	}
	var o IntegrationOwners
	if owners.Guild.set {
		o.Set(GuildInstall, owners.Guild.id)
	}
	if owners.User.set {
		o.Set(UserInstall, owners.User.id)
	}
	return o, true
}

// decodedOwner is an owner as a decoder reads it: a snowflake, or null,
// which reads as 0, and whether it was there.
type decodedOwner struct {
	id  Snowflake
	set bool
}

func (w *decodedOwner) UnmarshalJSON(b []byte) error {
	w.set = true
	return w.id.UnmarshalJSON(b)
}

// checkOwnersAgree fails t unless UnmarshalJSON reads b as a decoder does.
func checkOwnersAgree(t *testing.T, b []byte) {
	t.Helper()
	if len(b) == 0 || b[0] != '{' {
		return // refused before reading, as a decoder would not be asked
	}
	want, wantOK := decodedOwners(b)
	var got IntegrationOwners
	err := got.UnmarshalJSON(b)
	if (err == nil) != wantOK || got != want {
		t.Errorf("UnmarshalJSON(%q) = %+v, %v\na decoder reads %+v, %v", b, got, err, want, wantOK)
	}
}

var ownersCases = []string{
	`{}`, ` { } `, `{"0":"7"}`, `{"1":"8"}`, `{"0":"7","1":"8"}`, `{ "0" : "3" , "1" : null }`,
	`{"0":null}`, `{"0":7}`, `{"2":"x","3":{"a":[1,2]}}`, `{"\u0030":"5"}`, `{"0":"1\u0030"}`,
	`{"0":"x"}`, `{"1":98765432109876543210123}`, `{"0":1.5}`, `{"0":true}`, `{"0":{}}`, `{"0":"-1"}`,
	`{"0":""}`, `{"0":" 1"}`, `{"0":"1","0":"2"}`, `{"0":"1","x":1,"x":2}`, `{"0":"1",}`, `{"0":"1"`,
	`{"0":"1"}x`, `{"0" "1"}`, `{0:"1"}`, `{"0":"1"}{}`,
}

func TestIntegrationOwnersReadAsADecoder(t *testing.T) {
	for _, b := range ownersCases {
		checkOwnersAgree(t, []byte(b))
	}
}

func FuzzIntegrationOwners(f *testing.F) {
	for _, b := range ownersCases {
		f.Add([]byte(b))
	}
	f.Fuzz(checkOwnersAgree)
}
