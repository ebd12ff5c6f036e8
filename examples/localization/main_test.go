package main

import (
	"testing"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
)

func TestEachUserTypesAndReadsTheirLanguage(t *testing.T) {
	out := playground.Output(t, example, "")
	playground.Shows(t, out,
		"owner in #general (fr) › /peindre couleur:Rouge\n  bot › La clôture est peinte en rouge.\n",
		"owner in #general (fr) › /partager montant:42.5 personnes:3\n  bot › Chacune des 3 personnes paie 14,17.\n",
		"owner in #general (de) › /streichen farbe:Grau\n  bot › Der Zaun ist jetzt grau.\n",
		"owner in #general (de) › /teilen betrag:42.5 personen:3\n  bot › Jede der 3 Personen zahlt 14,17.\n",
		"owner in #general (de) › /peindre couleur:Rouge\n  ✗ the client offers no such command: no command /peindre",
		"owner in #general (en-GB) › /paint colour:Grey\n  bot › The fence is now grey.\n",
		"owner in #general (en-GB) › /split amount:42.5 people:3\n  bot › Each of 3 pays 14.17.\n",
		"owner in #general › /paint colour:Red\n  bot › The fence is now red.\n",
		"owner in #general › /paint colour:Grey\n  ✗ the client refuses: option \"colour\": \"Grey\" is not one of its choices (Red, Gray)\n",
		"owner in #general › /paint colour:Gray\n  bot › The fence is now gray.\n",
		"owner in #general (fr) › /partager montant:10 personnes:1\n  ✗ the client refuses: option \"personnes\": 1 is below the minimum 2\n",
	)
}

func TestPhraseFallsBackAsTheClientDoes(t *testing.T) {
	p := phrase{"color", map[interaction.Locale]string{
		interaction.LocaleEnglishGB: "colour",
		interaction.LocaleSpanishES: "color (es)",
		interaction.LocaleFrench:    "couleur",
	}}
	for l, want := range map[interaction.Locale]string{
		interaction.LocaleEnglishGB:    "colour",
		interaction.LocaleEnglishUS:    "colour", // falls back to en-GB
		interaction.LocaleSpanishLATAM: "color (es)",
		interaction.LocaleFrench:       "couleur",
		interaction.LocaleGerman:       "color", // no fallback: the default
		"":                             "color",
	} {
		if got := p.In(l); got != want {
			t.Errorf("In(%q) = %q, want %q", l, got, want)
		}
	}
}
