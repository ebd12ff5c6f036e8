package emulator_test

import (
	"reflect"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

func TestArgValueReadsWhatAnOptionHolds(t *testing.T) {
	for _, tt := range []struct {
		json string
		want any
		bad  bool
	}{
		{json: `"ada"`, want: "ada"},
		{json: `"1191213000000000013"`, want: "1191213000000000013"},
		{json: `42`, want: int64(42)},
		{json: `2.5`, want: 2.5},
		{json: `true`, want: true},
		{json: `{"filename":"a.png","size":3,"content_type":"image/png"}`,
			want: interaction.Attachment{Filename: "a.png", Size: 3, ContentType: "image/png"}},
		{json: `{"filename":"a.png","secret":1}`, bad: true},
		{json: `null`, bad: true},
		{json: `[1,2]`, bad: true},
		{json: `"unterminated`, bad: true},
	} {
		got, err := emulator.ArgValue([]byte(tt.json))
		if tt.bad {
			if err == nil {
				t.Errorf("ArgValue(%s) = %v, want an error", tt.json, got)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ArgValue(%s) = %#v, %v; want %#v", tt.json, got, err, tt.want)
		}
	}
}
