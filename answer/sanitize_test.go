package answer_test

import (
	"math"
	"testing"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
)

// TestSuggestionsAutocompleteSanitizeKeepsAreTheOnesTheCheckTakes: the
// router answers autocomplete with what autocomplete.Sanitize keeps, so
// that its rules of a suggestion and the check's must be one: a
// suggestion is kept exactly when the check finds nothing wrong with it.
func TestSuggestionsAutocompleteSanitizeKeepsAreTheOnesTheCheckTakes(t *testing.T) {
	long := chars(101)
	suggestions := []interaction.Choice{
		interaction.StringChoice("c", "v"),
		interaction.StringChoice("", "v"),
		interaction.StringChoice(long, "v"),
		interaction.StringChoice("c", long),
		interaction.StringChoice("c", chars(100)),
		interaction.StringChoice("c", "v").Localize("fr", "C"),
		interaction.StringChoice("c", "v").Localize("fr", ""),
		interaction.StringChoice("c", "v").Localize("zz", "Z"),
		interaction.IntChoice("c", 1),
		interaction.IntChoice("c", 1<<53-1),
		interaction.IntChoice("c", 1<<53),
		interaction.IntChoice("c", -1<<53),
		interaction.FloatChoice("c", 1.5),
		interaction.FloatChoice("c", 1<<53),
		interaction.FloatChoice("c", 1<<54),
		interaction.FloatChoice("c", math.Inf(1)),
		interaction.FloatChoice("c", 1e300),
		{Name: "c", Value: interaction.BoolValue(true)},
		{Name: "c"},
	}
	for name, ix := range map[string]*interaction.Interaction{"STRING": completeText, "INTEGER": completeInt, "NUMBER": completeNum} {
		focused, _ := ix.Data.Focused()
		for i, c := range suggestions {
			kept, _ := autocomplete.Sanitize([]interaction.Choice{c}, focused.Type)
			taken := answer.Check(ix, interaction.AutocompleteResult(c)) == nil
			if (len(kept) == 1) != taken {
				t.Errorf("%s option, suggestion %d %+v: Sanitize keeps it: %v; the check takes it: %v", name, i, c, len(kept) == 1, taken)
			}
		}
	}
}
