package autocomplete_test

import (
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
)

func TestMatchIgnoresCase(t *testing.T) {
	tests := []struct {
		name       string
		partial    string
		candidates []string
		want       []string
	}{
		{"ASCII", "BAN", []string{"ban", "Ban", "bAN"}, []string{"ban", "Ban", "bAN"}},
		{"Latin with accents", "ÉCOLE", []string{"école", "ecole", "École"}, []string{"école", "École"}},
		{"accented input against capitals", "école", []string{"ÉCOLE"}, []string{"ÉCOLE"}},
		{"Cyrillic", "москва", []string{"МОСКВА", "Москва"}, []string{"МОСКВА", "Москва"}},
		// Σ, σ and final ς fold together.
		{"Greek sigma forms", "ΟΔΟΣ", []string{"οδος", "οδοσ", "Οδος"}, []string{"οδος", "οδοσ", "Οδος"}},
		{"Greek final sigma typed mid-word", "ς", []string{"Σ", "σ"}, []string{"Σ", "σ"}},
		// Simple folding pairs I with i only: dotless ı and dotted İ fold to
		// nothing else, whatever Turkish spelling would want.
		{"capital I is i", "istanbul", []string{"ISTANBUL"}, []string{"ISTANBUL"}},
		{"dotted capital İ is not i", "istanbul", []string{"İstanbul"}, []string{}},
		{"dotless ı is not I", "ıstanbul", []string{"ISTANBUL", "istanbul"}, []string{}},
		{"dotless ı is itself", "ı", []string{"ı"}, []string{"ı"}},
		{"dotted İ is itself", "İ", []string{"İ"}, []string{"İ"}},
		{"the Kelvin sign is k", "\u212a", []string{"k", "K"}, []string{"k", "K"}},
		{"the long s is s", "ſ", []string{"S", "s"}, []string{"S", "s"}},
		{"capital sharp s is ß", "ẞ", []string{"ß"}, []string{"ß"}},
		// Full folding would match ß with ss; simple folding does not.
		{"ß is not ss", "ss", []string{"ß"}, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := autocomplete.Match(tt.partial, tt.candidates); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Match(%q, %q) = %q, want %q", tt.partial, tt.candidates, got, tt.want)
			}
		})
	}
}

func TestMatchRanksBetterMatchesFirst(t *testing.T) {
	tests := []struct {
		name       string
		partial    string
		candidates []string
		want       []string
	}{
		{
			name:    "exact, prefix, word prefix, substring, subsequence",
			partial: "ban",
			candidates: []string{
				"b-a-n",          // subsequence
				"unban",          // substring
				"the ban hammer", // word prefix
				"ban list",       // prefix
				"nothing",        // no match
				"Ban",            // exact
			},
			want: []string{"Ban", "ban list", "the ban hammer", "unban", "b-a-n"},
		},
		{
			name:       "shorter names first within a rank",
			partial:    "ban",
			candidates: []string{"banana split", "bandana", "bank"},
			want:       []string{"bank", "bandana", "banana split"},
		},
		{
			name:       "the candidates' order between names of one length",
			partial:    "ab",
			candidates: []string{"abc2", "abc1", "ab c", "xabx"},
			want:       []string{"abc2", "abc1", "ab c", "xabx"},
		},
		{
			name:       "length counts characters, not bytes",
			partial:    "a",
			candidates: []string{"aééé", "aaaaa"},
			want:       []string{"aééé", "aaaaa"},
		},
		{
			name:       "a better rank beats a shorter name",
			partial:    "art",
			candidates: []string{"cart", "martial arts", "art deco"},
			want:       []string{"art deco", "martial arts", "cart"},
		},
		{
			name:       "words begin after punctuation and spaces",
			partial:    "bar",
			candidates: []string{"foobar", "fooBar", "foo1bar", "foo bar", "foo-bar", "foo_bar", "foo.bar", "foo/bar"},
			want:       []string{"foo bar", "foo-bar", "foo_bar", "foo.bar", "foo/bar", "foobar", "fooBar", "foo1bar"},
		},
		{
			name:       "words begin after symbols and emoji",
			partial:    "cat",
			candidates: []string{"😀cat", "bobcat", "#cat"},
			want:       []string{"😀cat", "#cat", "bobcat"},
		},
		{
			// The accent of a decomposed é is part of its word.
			name:       "a combining mark does not start a word",
			partial:    "cole",
			candidates: []string{"e\u0301cole", "le cole"},
			want:       []string{"le cole", "e\u0301cole"},
		},
		{
			name:       "digits are part of a word",
			partial:    "9",
			candidates: []string{"v19", "v 9"},
			want:       []string{"v 9", "v19"},
		},
		{
			name:       "a subsequence in order only",
			partial:    "bn",
			candidates: []string{"nb", "ban", "b n"},
			want:       []string{"ban", "b n"},
		},
		{
			name:       "an exact match of another case ranks with the exact",
			partial:    "École",
			candidates: []string{"écoles", "ÉCOLE"},
			want:       []string{"ÉCOLE", "écoles"},
		},
		{
			name:       "input longer than the name",
			partial:    "banned",
			candidates: []string{"ban", "banned words"},
			want:       []string{"banned words"},
		},
		{
			name:       "spaces in the input",
			partial:    "new y",
			candidates: []string{"New York", "Newark, NY", "newyork"},
			want:       []string{"New York", "Newark, NY"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := autocomplete.Match(tt.partial, tt.candidates); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Match(%q, %q)\n got  %q\n want %q", tt.partial, tt.candidates, got, tt.want)
			}
		})
	}
}

func numbered(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = prefix + strconv.Itoa(i)
	}
	return out
}

func TestMatchWithEmptyInputKeepsTheFirst25InOrder(t *testing.T) {
	// Longer names first, to show that empty input does not sort by length.
	candidates := append([]string{"a much longer name", "", "b"}, numbered("c", 40)...)
	got := autocomplete.Match("", candidates)
	if !reflect.DeepEqual(got, candidates[:25]) {
		t.Errorf("Match(\"\", …) = %q, want the first 25 candidates", got)
	}
	if got := autocomplete.Match("", candidates[:3]); !reflect.DeepEqual(got, candidates[:3]) {
		t.Errorf("Match(\"\", 3 candidates) = %q, want all of them", got)
	}
}

func TestMatchReturnsAtMost25OfTheBest(t *testing.T) {
	// 30 substring matches before 30 prefix matches: the prefix matches win.
	candidates := append(numbered("x-item", 30), numbered("item", 30)...)
	got := autocomplete.Match("item", candidates)
	if len(got) != autocomplete.MaxChoices {
		t.Fatalf("%d results, want %d", len(got), autocomplete.MaxChoices)
	}
	// Prefix matches, shorter first: item0-item9, then item10-item24.
	if want := numbered("item", 25); !reflect.DeepEqual(got, want) {
		t.Errorf("Match = %q\nwant %q", got, want)
	}
}

func TestMatchWithoutMatches(t *testing.T) {
	for _, candidates := range [][]string{nil, {}, {"alpha", "beta"}} {
		got := autocomplete.Match("zeta", candidates)
		if len(got) != 0 {
			t.Errorf("Match(zeta, %q) = %q, want nothing", candidates, got)
		}
	}
	if got := autocomplete.Match("x", []string{""}); len(got) != 0 {
		t.Errorf("an empty name matched %q", got)
	}
}

func TestMatchLeavesCandidatesAlone(t *testing.T) {
	candidates := []string{"unban", "ban", "banner"}
	before := slices.Clone(candidates)
	got := autocomplete.Match("ban", candidates)
	if !reflect.DeepEqual(candidates, before) {
		t.Errorf("Match reordered its input to %q", candidates)
	}
	got[0] = "changed"
	if candidates[1] == "changed" {
		t.Errorf("Match's result shares its array with the input")
	}
}

func TestMatchChoicesUsesTheNameInTheLocale(t *testing.T) {
	red := interaction.Choice{Name: "Red", Value: interaction.StringValue("red"), NameLocalizations: map[interaction.Locale]string{
		interaction.LocaleFrench:    "Rouge",
		interaction.LocaleEnglishGB: "Red (GB)",
		interaction.LocaleSpanishES: "Rojo",
	}}
	blue := interaction.Choice{Name: "Blue", Value: interaction.StringValue("blue"), NameLocalizations: map[interaction.Locale]string{
		interaction.LocaleEnglishUS:    "Blue (US)",
		interaction.LocaleSpanishLATAM: "Azul (LATAM)",
	}}
	green := interaction.StringChoice("Green", "green")
	choices := []interaction.Choice{red, blue, green}

	tests := []struct {
		name    string
		partial string
		locale  interaction.Locale
		want    []string // values of the choices returned
	}{
		{"the locale's own name", "roug", interaction.LocaleFrench, []string{"red"}},
		{"not the default name when there is a localized one", "red", interaction.LocaleFrench, []string{}},
		{"the default name where the locale has none", "gre", interaction.LocaleFrench, []string{"green"}},
		{"the default name for a locale no choice has", "re", interaction.LocaleGerman, []string{"red", "green"}},
		{"en-US falls back to en-GB", "(gb)", interaction.LocaleEnglishUS, []string{"red"}},
		{"en-GB falls back to en-US", "(us)", interaction.LocaleEnglishGB, []string{"blue"}},
		{"en-US prefers its own name to the fallback", "(us)", interaction.LocaleEnglishUS, []string{"blue"}},
		{"es-419 falls back to es-ES", "rojo", interaction.LocaleSpanishLATAM, []string{"red"}},
		{"es-419 prefers its own name", "azul", interaction.LocaleSpanishLATAM, []string{"blue"}},
		{"es-ES does not fall back to es-419", "azul", interaction.LocaleSpanishES, []string{}},
		{"es-ES reads the default where it has no name", "blue", interaction.LocaleSpanishES, []string{"blue"}},
		{"no locale reads the default names", "r", "", []string{"red", "green"}},
		{"empty input keeps every choice in order", "", interaction.LocaleFrench, []string{"red", "blue", "green"}},
		// Every name contains an e; within the rank the shorter name comes
		// first, measured in the locale: Red, Blue, Green by default, but
		// Blue, Rouge, Green in French.
		{"ranking by the default names", "e", interaction.LocaleGerman, []string{"red", "blue", "green"}},
		{"ranking by the localized names", "e", interaction.LocaleFrench, []string{"blue", "red", "green"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := autocomplete.MatchChoices(tt.partial, tt.locale, choices)
			values := []string{}
			for _, c := range got {
				s, _ := c.Value.Str()
				values = append(values, s)
			}
			if !reflect.DeepEqual(values, tt.want) {
				t.Errorf("MatchChoices(%q, %q) = %q, want %q", tt.partial, tt.locale, values, tt.want)
			}
			// The choices come back whole, localizations and all.
			for _, c := range got {
				i := slices.IndexFunc(choices, func(o interaction.Choice) bool { return o.Value == c.Value })
				if i < 0 || !reflect.DeepEqual(choices[i], c) {
					t.Errorf("MatchChoices returned %+v, not one of the choices", c)
				}
			}
		})
	}
}

func TestMatchChoicesAgreesWithMatchOnDefaultNames(t *testing.T) {
	names := []string{"ban", "unban", "Ban list", "b-a-n", "kick", "bandana", "the ban hammer"}
	choices := make([]interaction.Choice, len(names))
	for i, n := range names {
		choices[i] = interaction.IntChoice(n, int64(i))
	}
	for _, partial := range []string{"", "ban", "BAN", "bn", "k", "zzz"} {
		var got []string
		for _, c := range autocomplete.MatchChoices(partial, interaction.LocaleFrench, choices) {
			got = append(got, c.Name)
		}
		want := autocomplete.Match(partial, names)
		if len(got) != len(want) || (len(got) > 0 && !reflect.DeepEqual(got, want)) {
			t.Errorf("MatchChoices(%q) = %q, Match = %q", partial, got, want)
		}
	}
}

func TestMatchChoicesCapsAt25(t *testing.T) {
	choices := make([]interaction.Choice, 40)
	for i := range choices {
		choices[i] = interaction.IntChoice("option "+strconv.Itoa(i), int64(i))
	}
	for _, partial := range []string{"", "option", "o"} {
		if got := autocomplete.MatchChoices(partial, "", choices); len(got) != autocomplete.MaxChoices {
			t.Errorf("MatchChoices(%q) gave %d, want %d", partial, len(got), autocomplete.MaxChoices)
		}
	}
}
