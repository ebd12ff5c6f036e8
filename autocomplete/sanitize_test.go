package autocomplete_test

import (
	"maps"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
)

const (
	maxInteger = 1<<53 - 1
	maxNumber  = 1 << 53
)

// cloneChoices copies choices deeply, maps included, so that a test can
// tell whether Sanitize changed its input.
func cloneChoices(cs []interaction.Choice) []interaction.Choice {
	if cs == nil {
		return nil
	}
	out := make([]interaction.Choice, len(cs))
	for i, c := range cs {
		out[i] = c
		out[i].NameLocalizations = maps.Clone(c.NameLocalizations)
	}
	return out
}

// sameChoice reports whether a and b are the same choice, holding NaN equal
// to itself, which reflect.DeepEqual does not.
func sameChoice(a, b interaction.Choice) bool {
	return a.Name == b.Name && maps.Equal(a.NameLocalizations, b.NameLocalizations) &&
		(a.NameLocalizations == nil) == (b.NameLocalizations == nil) && sameValue(a.Value, b.Value)
}

func sameValue(a, b interaction.Value) bool {
	as, _ := a.Str()
	bs, _ := b.Str()
	ai, aIsInt := a.Int()
	bi, bIsInt := b.Int()
	af, _ := a.Float()
	bf, _ := b.Float()
	ab, _ := a.Bool()
	bb, _ := b.Bool()
	return a.Kind() == b.Kind() && as == bs && ai == bi && aIsInt == bIsInt &&
		math.Float64bits(af) == math.Float64bits(bf) && ab == bb
}

func sameChoices(a, b []interaction.Choice) bool {
	if len(a) != len(b) || (a == nil) != (b == nil) {
		return false
	}
	for i := range a {
		if !sameChoice(a[i], b[i]) {
			return false
		}
	}
	return true
}

func localized(c interaction.Choice, l map[interaction.Locale]string) interaction.Choice {
	c.NameLocalizations = l
	return c
}

func stringChoices(n int) []interaction.Choice {
	cs := make([]interaction.Choice, n)
	for i := range cs {
		s := "choice " + strconv.Itoa(i)
		cs[i] = interaction.StringChoice(s, s)
	}
	return cs
}

// sanitize calls Sanitize and checks what holds for every call: the input
// is unchanged, kept and dropped account for every choice in order, and
// every drop has a reason.
func sanitize(t *testing.T, choices []interaction.Choice, typ interaction.OptionType) ([]interaction.Choice, []autocomplete.Dropped) {
	t.Helper()
	before := cloneChoices(choices)
	kept, dropped := autocomplete.Sanitize(choices, typ)
	if !sameChoices(choices, before) {
		t.Errorf("Sanitize modified its input")
	}
	if len(kept)+len(dropped) != len(choices) {
		t.Errorf("kept %d + dropped %d != %d choices", len(kept), len(dropped), len(choices))
	}
	if len(kept) > autocomplete.MaxChoices {
		t.Errorf("kept %d choices, more than %d", len(kept), autocomplete.MaxChoices)
	}
	// Walking the input, each choice is either the next kept one or the
	// next dropped one.
	k, d := 0, 0
	for i := range choices {
		if d < len(dropped) && dropped[d].Index == i {
			if dropped[d].Reason == "" {
				t.Errorf("choice %d dropped without a reason", i)
			}
			d++
			continue
		}
		if k >= len(kept) || !sameChoice(kept[k], choices[i]) {
			t.Fatalf("choice %d neither kept in order nor dropped; kept = %v, dropped = %v", i, kept, dropped)
		}
		k++
	}
	return kept, dropped
}

func TestSanitizeKeepsValidChoicesUnchanged(t *testing.T) {
	tests := []struct {
		name    string
		typ     interaction.OptionType
		choices []interaction.Choice
	}{
		{"strings", interaction.OptionString, []interaction.Choice{
			interaction.StringChoice("Paris", "paris"),
			interaction.StringChoice("x", ""), // a string value has no minimum length
			interaction.StringChoice(strings.Repeat("n", 100), strings.Repeat("v", 100)),
			interaction.StringChoice(strings.Repeat("é", 100), strings.Repeat("日", 100)),
			interaction.StringChoice(strings.Repeat("😀", 100), "emoji"),
			localized(interaction.StringChoice("Red", "red"), map[interaction.Locale]string{
				interaction.LocaleFrench:    "Rouge",
				interaction.LocaleEnglishGB: "Red",
				interaction.LocaleJapanese:  strings.Repeat("赤", 100),
				interaction.LocaleGreek:     "κ",
			}),
		}},
		{"integers", interaction.OptionInteger, []interaction.Choice{
			interaction.IntChoice("zero", 0),
			interaction.IntChoice("largest", maxInteger),
			interaction.IntChoice("smallest", -maxInteger),
			interaction.FloatChoice("a whole number sent as a float", 3),
		}},
		{"numbers", interaction.OptionNumber, []interaction.Choice{
			interaction.FloatChoice("half", 0.5),
			interaction.FloatChoice("largest", maxNumber),
			interaction.FloatChoice("smallest", -maxNumber),
			interaction.FloatChoice("tiny", math.SmallestNonzeroFloat64),
			interaction.IntChoice("an integer", 12),
		}},
		{"exactly 25", interaction.OptionString, stringChoices(25)},
		{"one", interaction.OptionString, stringChoices(1)},
		{"none", interaction.OptionString, []interaction.Choice{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kept, dropped := sanitize(t, tt.choices, tt.typ)
			if dropped != nil {
				t.Fatalf("dropped %v", dropped)
			}
			if len(kept) != len(tt.choices) {
				t.Fatalf("kept %d of %d", len(kept), len(tt.choices))
			}
			// Nothing to leave out, so nothing is copied.
			if len(kept) > 0 && &kept[0] != &tt.choices[0] {
				t.Errorf("Sanitize copied choices that were all valid")
			}
		})
	}
	if kept, dropped := autocomplete.Sanitize(nil, interaction.OptionString); kept != nil || dropped != nil {
		t.Errorf("Sanitize(nil) = %v, %v; want nil, nil", kept, dropped)
	}
}

func TestSanitizeCapsAt25KeepingTheFirst(t *testing.T) {
	for _, n := range []int{26, 30, 100} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			choices := stringChoices(n)
			kept, dropped := sanitize(t, choices, interaction.OptionString)
			if !reflect.DeepEqual(kept, choices[:autocomplete.MaxChoices]) {
				t.Errorf("kept %v, want the first 25", kept)
			}
			if len(dropped) != n-autocomplete.MaxChoices || dropped[0].Index != autocomplete.MaxChoices {
				t.Fatalf("dropped %v, want indexes 25 to %d", dropped, n-1)
			}
			if !strings.Contains(dropped[0].Reason, "25") {
				t.Errorf("reason %q does not give the limit", dropped[0].Reason)
			}
		})
	}
}

func TestSanitizeCountsOnlyValidChoicesTowardsTheCap(t *testing.T) {
	// 26 choices with an invalid one among them: the 25 valid ones fit.
	choices := stringChoices(26)
	choices[3].Name = ""
	kept, dropped := sanitize(t, choices, interaction.OptionString)
	if len(kept) != 25 || len(dropped) != 1 || dropped[0].Index != 3 {
		t.Errorf("kept %d, dropped %v; want 25 kept and only index 3 dropped", len(kept), dropped)
	}
	if strings.Contains(dropped[0].Reason, "25") {
		t.Errorf("reason %q blames the cap for an invalid name", dropped[0].Reason)
	}
}

func TestSanitizeDropsInvalidChoices(t *testing.T) {
	nan := math.NaN()
	above := math.Nextafter(maxNumber, math.Inf(1))
	tests := []struct {
		name   string
		typ    interaction.OptionType
		choice interaction.Choice
		reason string // a part of the reason
	}{
		{"an empty name", interaction.OptionString, interaction.StringChoice("", "v"), "name"},
		{"a name of 101 characters", interaction.OptionString, interaction.StringChoice(strings.Repeat("n", 101), "v"), "name"},
		{"a name of 101 two-byte characters", interaction.OptionString, interaction.StringChoice(strings.Repeat("é", 101), "v"), "name"},
		{"a name of 101 four-byte characters", interaction.OptionString, interaction.StringChoice(strings.Repeat("😀", 101), "v"), "name"},
		{"a string value of 101 characters", interaction.OptionString, interaction.StringChoice("n", strings.Repeat("v", 101)), "value"},
		{"a string value of 101 three-byte characters", interaction.OptionString, interaction.StringChoice("n", strings.Repeat("日", 101)), "value"},
		{"an integer for STRING", interaction.OptionString, interaction.IntChoice("n", 1), "string"},
		{"no value for STRING", interaction.OptionString, interaction.Choice{Name: "n"}, "string"},
		{"a boolean for STRING", interaction.OptionString, interaction.Choice{Name: "n", Value: interaction.BoolValue(true)}, "string"},
		{"a string for INTEGER", interaction.OptionInteger, interaction.StringChoice("n", "5"), "integer"},
		{"a fraction for INTEGER", interaction.OptionInteger, interaction.FloatChoice("n", 1.5), "integer"},
		{"a boolean for INTEGER", interaction.OptionInteger, interaction.Choice{Name: "n", Value: interaction.BoolValue(false)}, "integer"},
		{"2^53 for INTEGER", interaction.OptionInteger, interaction.IntChoice("n", maxInteger+1), "INTEGER range"},
		{"-2^53 for INTEGER", interaction.OptionInteger, interaction.IntChoice("n", -maxInteger-1), "INTEGER range"},
		{"the largest int64 for INTEGER", interaction.OptionInteger, interaction.IntChoice("n", math.MaxInt64), "INTEGER range"},
		{"a string for NUMBER", interaction.OptionNumber, interaction.StringChoice("n", "1.5"), "number"},
		{"no value for NUMBER", interaction.OptionNumber, interaction.Choice{Name: "n"}, "number"},
		{"just above 2^53 for NUMBER", interaction.OptionNumber, interaction.FloatChoice("n", above), "NUMBER range"},
		{"just below -2^53 for NUMBER", interaction.OptionNumber, interaction.FloatChoice("n", -above), "NUMBER range"},
		{"an integer above 2^53 for NUMBER", interaction.OptionNumber, interaction.IntChoice("n", maxNumber+2), "NUMBER range"},
		{"NaN for NUMBER", interaction.OptionNumber, interaction.FloatChoice("n", nan), "NUMBER range"},
		{"infinity for NUMBER", interaction.OptionNumber, interaction.FloatChoice("n", math.Inf(-1)), "NUMBER range"},
		{"an unknown locale", interaction.OptionString,
			localized(interaction.StringChoice("n", "v"), map[interaction.Locale]string{"en": "n"}), `unknown locale "en"`},
		{"a locale in the wrong case", interaction.OptionString,
			localized(interaction.StringChoice("n", "v"), map[interaction.Locale]string{"EN-us": "n"}), `"EN-us"`},
		{"an empty localized name", interaction.OptionString,
			localized(interaction.StringChoice("n", "v"), map[interaction.Locale]string{interaction.LocaleFrench: ""}), "fr"},
		{"a localized name of 101 characters", interaction.OptionInteger,
			localized(interaction.IntChoice("n", 1), map[interaction.Locale]string{interaction.LocaleGerman: strings.Repeat("ü", 101)}), "de"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The invalid choice sits between two valid ones, which stay.
			valid := validChoice(tt.typ)
			choices := []interaction.Choice{valid, tt.choice, valid}
			kept, dropped := sanitize(t, choices, tt.typ)
			if len(kept) != 2 || len(dropped) != 1 || dropped[0].Index != 1 {
				t.Fatalf("kept %v, dropped %v; want only index 1 dropped", kept, dropped)
			}
			if !strings.Contains(dropped[0].Reason, tt.reason) {
				t.Errorf("reason %q does not contain %q", dropped[0].Reason, tt.reason)
			}
		})
	}
}

func validChoice(t interaction.OptionType) interaction.Choice {
	switch t {
	case interaction.OptionInteger:
		return interaction.IntChoice("valid", 1)
	case interaction.OptionNumber:
		return interaction.FloatChoice("valid", 1.5)
	}
	return interaction.StringChoice("valid", "valid")
}

func TestSanitizeDropsEveryChoiceForOtherOptionTypes(t *testing.T) {
	choices := []interaction.Choice{
		interaction.StringChoice("s", "s"),
		interaction.IntChoice("i", 1),
		interaction.FloatChoice("f", 1.5),
		{Name: "b", Value: interaction.BoolValue(true)},
	}
	for _, typ := range []interaction.OptionType{
		0, interaction.OptionSubCommand, interaction.OptionSubCommandGroup,
		interaction.OptionBoolean, interaction.OptionUser, interaction.OptionChannel,
		interaction.OptionRole, interaction.OptionMentionable, interaction.OptionAttachment, 12, -1,
	} {
		t.Run(typ.String(), func(t *testing.T) {
			kept, dropped := sanitize(t, choices, typ)
			if len(kept) != 0 || len(dropped) != len(choices) {
				t.Fatalf("kept %v; want every choice dropped", kept)
			}
			for _, d := range dropped {
				if !strings.Contains(d.Reason, "only for STRING, INTEGER and NUMBER") {
					t.Errorf("reason %q does not say which types take choices", d.Reason)
				}
			}
		})
	}
}

func TestSanitizeBoundaries(t *testing.T) {
	tests := []struct {
		name string
		c    interaction.Choice
		keep bool
	}{
		{"name of 0 characters", interaction.StringChoice("", "v"), false},
		{"name of 1 character", interaction.StringChoice("a", "v"), true},
		{"name of 1 four-byte character", interaction.StringChoice("😀", "v"), true},
		{"name of 100 characters", interaction.StringChoice(strings.Repeat("a", 100), "v"), true},
		{"name of 100 two-byte characters (200 bytes)", interaction.StringChoice(strings.Repeat("é", 100), "v"), true},
		{"name of 100 four-byte characters (400 bytes)", interaction.StringChoice(strings.Repeat("😀", 100), "v"), true},
		{"name of 101 characters", interaction.StringChoice(strings.Repeat("a", 101), "v"), false},
		{"value of 0 characters", interaction.StringChoice("n", ""), true},
		{"value of 100 characters", interaction.StringChoice("n", strings.Repeat("v", 100)), true},
		{"value of 100 three-byte characters (300 bytes)", interaction.StringChoice("n", strings.Repeat("日", 100)), true},
		{"value of 101 characters", interaction.StringChoice("n", strings.Repeat("v", 101)), false},
		{"localized name of 1 character", localized(interaction.StringChoice("n", "v"), map[interaction.Locale]string{interaction.LocaleKorean: "가"}), true},
		{"localized name of 100 characters", localized(interaction.StringChoice("n", "v"), map[interaction.Locale]string{interaction.LocaleKorean: strings.Repeat("가", 100)}), true},
		{"localized name of 101 characters", localized(interaction.StringChoice("n", "v"), map[interaction.Locale]string{interaction.LocaleKorean: strings.Repeat("가", 101)}), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kept, _ := sanitize(t, []interaction.Choice{tt.c}, interaction.OptionString)
			if got := len(kept) == 1; got != tt.keep {
				t.Errorf("kept = %v, want %v", got, tt.keep)
			}
		})
	}
}

func TestSanitizeGivesTheSameReasonEveryTime(t *testing.T) {
	// Several bad localizations: the reason must not depend on the order in
	// which a map is walked.
	c := localized(interaction.StringChoice("n", "v"), map[interaction.Locale]string{
		"zz": "n", "xx": "n", "yy": "n", interaction.LocaleFrench: "", interaction.LocaleDanish: strings.Repeat("n", 101),
	})
	var first string
	for i := range 50 {
		_, dropped := autocomplete.Sanitize([]interaction.Choice{c}, interaction.OptionString)
		if len(dropped) != 1 {
			t.Fatalf("dropped %v", dropped)
		}
		if i == 0 {
			first = dropped[0].Reason
		} else if dropped[0].Reason != first {
			t.Fatalf("reason %q, then %q", first, dropped[0].Reason)
		}
	}
	// "da" sorts before every other key.
	if !strings.Contains(first, "da") {
		t.Errorf("reason %q does not name the first bad locale, da", first)
	}
}

func TestSanitizeKeepsTheInputIntactWhenItCopies(t *testing.T) {
	choices := append(stringChoices(30), interaction.StringChoice("", "bad"))
	choices[2] = localized(choices[2], map[interaction.Locale]string{interaction.LocaleFrench: "deux"})
	kept, _ := sanitize(t, choices, interaction.OptionString)
	// The kept slice is a copy: writing to it leaves the input alone.
	kept[0].Name = "changed"
	if choices[0].Name == "changed" {
		t.Errorf("kept shares its array with the input")
	}
}
