package interaction_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

func TestIntegrationOwnersUnmarshalJSON(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want interaction.IntegrationOwners
		ok   bool
	}{
		{`{}`, owners(nil, nil), true},
		{`{ }`, owners(nil, nil), true},
		{`null`, owners(nil, nil), true},
		{`{"0":"7","1":"8"}`, owners(id(7), id(8)), true},
		{`{ "0" : "3" , "1" : null }`, owners(id(3), id(0)), true},
		{`{"1":"8"}`, owners(nil, id(8)), true},
		{`{"0":7}`, owners(id(7), nil), true},
		{`{"\u0030":"5"}`, owners(id(5), nil), true},
		{`{"2":"x","3":{"a":[1,2]}}`, owners(nil, nil), true},
		{`{"0":"x"}`, owners(nil, nil), false},
		{`{"0":1.5}`, owners(nil, nil), false},
		{`{"0":"-1"}`, owners(nil, nil), false},
		{`{"0":"1","0":"2"}`, owners(nil, nil), false},
		{`{"0":"1","x":1,"x":2}`, owners(nil, nil), false},
		{`{"0":"1",}`, owners(nil, nil), false},
		{`{"0":"1"`, owners(nil, nil), false},
		{`{"0":"1"}x`, owners(nil, nil), false},
		{`[]`, owners(nil, nil), false},
	} {
		var got interaction.IntegrationOwners
		err := got.UnmarshalJSON([]byte(tt.in))
		if (err == nil) != tt.ok || (tt.ok && got != tt.want) {
			t.Errorf("UnmarshalJSON(%s) = %+v, %v; want %+v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}
