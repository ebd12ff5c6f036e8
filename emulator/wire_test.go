package emulator

import (
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// orNull runs for every name, avatar and id the emulator may write as
// null, most of them unset: an unset one costs no allocation.
func TestOrNullAllocatesOnlyForAValue(t *testing.T) {
	var name *string
	var id *interaction.Snowflake
	unset, ada := interaction.User{}, interaction.User{ID: 1, GlobalName: "Ada"}
	for _, tc := range []struct {
		what string
		f    func()
		want float64
	}{
		{"an unset name", func() { name = orNull(unset.GlobalName) }, 0},
		{"an unset id", func() { id = orNull(unset.ID) }, 0},
		{"a name", func() { name = orNull(ada.GlobalName) }, 1},
	} {
		if got := testing.AllocsPerRun(100, tc.f); got != tc.want {
			t.Errorf("orNull of %s: %v allocations, want %v", tc.what, got, tc.want)
		}
	}
	if name == nil || *name != "Ada" || id != nil {
		t.Errorf("orNull gave %v and %v", name, id)
	}
}
