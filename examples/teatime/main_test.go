package main

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

func newTestBot(t *testing.T) *switchboardtest.Bot {
	t.Helper()
	r, err := newBot()
	if err != nil {
		t.Fatal(err)
	}
	return switchboardtest.New(t, r)
}

func TestEachUserReadsTheirLanguageAndItsPlurals(t *testing.T) {
	bot := newTestBot(t)
	for _, tc := range []struct {
		locale interaction.Locale
		line   string
		want   string
	}{
		{interaction.LocaleEnglishUS, "/brew cups:1 flavor:Green", "Brewing 1 cup of green tea."},
		{interaction.LocaleEnglishUS, "/brew cups:3 flavor:Mint", "Brewing 3 cups of mint tea."},
		{interaction.LocaleEnglishGB, "/brew cups:2 flavour:Black", "Brewing 2 cups of black tea."},
		{interaction.LocaleFrench, "/infuser tasses:1 parfum:Vert", "1 tasse de thé vert en préparation."},
		{interaction.LocaleFrench, "/infuser tasses:2 parfum:Menthe", "2 tasses de thé à la menthe en préparation."},
		{interaction.LocaleFrench, "/infuser tasses:1000000 parfum:Noir", "1000000 de tasses de thé noir en préparation."},
		{interaction.LocalePolish, "/zaparz filiżanki:1 smak:Zielona", "Parzę 1 filiżankę zielonej herbaty."},
		{interaction.LocalePolish, "/zaparz filiżanki:4 smak:Czarna", "Parzę 4 filiżanki czarnej herbaty."},
		{interaction.LocalePolish, "/zaparz filiżanki:12 smak:Miętowa", "Parzę 12 filiżanek herbaty miętowej."},
		{interaction.LocalePolish, "/zaparz filiżanki:23 smak:Zielona", "Parzę 23 filiżanki zielonej herbaty."},
		{interaction.LocaleSpanishES, "/preparar tazas:1 sabor:Menta", "Preparando 1 taza de té de menta."},
		{interaction.LocaleSpanishLATAM, "/preparar tazas:2 sabor:Verde", "Preparando 2 tazas de té verde."},
		{interaction.LocaleSpanishLATAM, "/preparar tazas:1000000 sabor:Negro", "Preparando 1000000 de tazas de té negro."},
		{interaction.LocaleJapanese, "/brew cups:2 flavor:Green", "Brewing 2 cups of green tea."},
	} {
		t.Run(string(tc.locale)+" "+tc.line, func(t *testing.T) {
			bot.Command(tc.line, switchboardtest.InLocale(tc.locale)).Shows(tc.want)
		})
	}
}

// TestEnUSUsersKeepTheirSpelling: the client shows en-US users en-GB's
// names where en-US has none of its own, so the catalogue gives en-US the
// default's beside en-GB's.
func TestEnUSUsersKeepTheirSpelling(t *testing.T) {
	bot := newTestBot(t)
	if _, err := bot.TryCommand("/brew cups:1 flavour:Green", switchboardtest.InLocale(interaction.LocaleEnglishUS)); err == nil {
		t.Error("en-US users were offered the option flavour")
	}
	bot.Command("/brew cups:1 flavor:Green", switchboardtest.InLocale(interaction.LocaleEnglishUS)).Shows("Brewing 1 cup of green tea.")
}

// TestTheBotReceivesTheDefaultNames: whatever the user typed, the
// interaction names the command, options and choices as the code did.
func TestTheBotReceivesTheDefaultNames(t *testing.T) {
	bot := newTestBot(t)
	ix := bot.Command("/zaparz filiżanki:5 smak:Miętowa", switchboardtest.InLocale(interaction.LocalePolish)).Interaction()
	var got []string
	for _, o := range ix.Data.Options {
		got = append(got, o.Name+":"+o.Value.Text())
	}
	if line := ix.Data.Name + " " + strings.Join(got, " "); line != "brew cups:5 flavor:mint" || ix.Locale != interaction.LocalePolish {
		t.Errorf("the bot received %q in %q", line, ix.Locale)
	}
}

func TestTheCatalogueIsComplete(t *testing.T) {
	cat, err := loadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	if len(cat.Locales()) != 5 {
		t.Errorf("the catalogue has %v", cat.Locales())
	}
}

func TestTheScriptRuns(t *testing.T) {
	out := playground.Output(t, example, "")
	playground.Shows(t, out,
		"owner in #general (pl) › /zaparz filiżanki:22 smak:Zielona\n  bot › Parzę 22 filiżanki zielonej herbaty.\n",
		"owner in #general (ja) › /brew cups:2 flavor:Green\n  bot › Brewing 2 cups of green tea.\n",
	)
	if strings.Contains(out, "✗") {
		t.Errorf("the script has a refusal:\n%s", out)
	}
}
