package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

func TestEachUserIsAnsweredInTheirLanguage(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	tests := []struct {
		locale interaction.Locale
		line   string
		want   string
	}{
		{french, "/peindre couleur:Rouge", "La clôture est peinte en rouge."},
		{french, "/partager montant:42.5 personnes:3", "Chacune des 3 personnes paie 14,17."},
		{german, "/streichen farbe:Grau", "Der Zaun ist jetzt grau."},
		{german, "/teilen betrag:42.5 personen:3", "Jede der 3 Personen zahlt 14,17."},
		{british, "/paint colour:Grey", "The fence is now grey."},
		{british, "/split amount:42.5 people:3", "Each of 3 pays 14.17."},
		// en-US has no name of its own for the option: en-GB's shows.
		{american, "/paint colour:Red", "The fence is now red."},
		{american, "/paint colour:Gray", "The fence is now gray."},
		// No translation and no fallback: the defaults.
		{interaction.LocaleJapanese, "/paint color:Gray", "The fence is now gray."},
	}
	for _, tt := range tests {
		t.Run(string(tt.locale)+" "+tt.line, func(t *testing.T) {
			x := bot.Command(tt.line, switchboardtest.InLocale(tt.locale))
			if got := x.Content(); got != tt.want {
				t.Errorf("answered %q, want %q\n%s", got, tt.want, x)
			}
		})
	}
}

// The client shows each user the names of their language, and no other.
func TestTheClientTakesOnlyTheNamesItShows(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	tests := []struct {
		locale interaction.Locale
		line   string
		kind   error
	}{
		{german, "/peindre couleur:Rouge", emulator.ErrUnknownCommand},
		// The choice Gray has an en-US name of its own: "Grey" is not
		// one to en-US users.
		{american, "/paint colour:Grey", emulator.ErrInvalidInput},
		// The bounds hold in every language.
		{french, "/partager montant:10 personnes:1", emulator.ErrInvalidInput},
	}
	for _, tt := range tests {
		if _, err := bot.TryCommand(tt.line, switchboardtest.InLocale(tt.locale)); !errors.Is(err, tt.kind) {
			t.Errorf("%s %s: %v, want %v", tt.locale, tt.line, err, tt.kind)
		}
	}
}

// Whatever the user read, the bot receives the default names, and the
// user's locale.
func TestTheBotReceivesDefaultNamesAndTheLocale(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	tests := []struct {
		locale interaction.Locale
		line   string
		want   string
	}{
		{german, "/streichen farbe:Grau", "de /paint color:gray"},
		{british, "/split amount:9 people:2", "en-GB /split amount:9 people:2"},
	}
	for _, tt := range tests {
		x := bot.Command(tt.line, switchboardtest.InLocale(tt.locale))
		ix := x.Interaction()
		got := string(ix.Locale) + " /" + ix.Data.Name
		for _, o := range ix.Data.Options {
			got += " " + o.Name + ":" + o.Value.Text()
		}
		if got != tt.want {
			t.Errorf("%s was sent as %q, want %q", tt.line, got, tt.want)
		}
	}
}

func TestTheRegisteredCommandsCarryTheTranslations(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	registered, err := bot.Client.ListCommands(t.Context(), bot.Emulator.ApplicationID, command.Global, true)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range registered {
		got = append(got, fmt.Sprintf("/%s %v %v", c.Name, c.NameLocalizations, c.DescriptionLocalizations))
		for _, o := range c.Options {
			got = append(got, fmt.Sprintf("  %s %v %v", o.Name, o.NameLocalizations, o.DescriptionLocalizations))
			for _, ch := range o.Choices {
				got = append(got, fmt.Sprintf("    %s %v", ch.Name, ch.NameLocalizations))
			}
		}
	}
	want := []string{
		"/paint map[de:streichen fr:peindre] map[de:Den Zaun streichen fr:Peindre la clôture]",
		"  color map[de:farbe en-GB:colour fr:couleur] map[de:Welche Farbe en-GB:Which colour fr:Quelle couleur]",
		"    Red map[de:Rot fr:Rouge]",
		"    Gray map[de:Grau en-GB:Grey en-US:Gray fr:Gris]",
		"/split map[de:teilen fr:partager] map[de:Eine Rechnung teilen fr:Partager une addition]",
		"  amount map[de:betrag fr:montant] map[de:Der Gesamtbetrag fr:Le total à partager]",
		"  people map[de:personen fr:personnes] map[de:Unter wie vielen Personen fr:Entre combien de personnes]",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the service holds\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// The service lists the commands to a requester of a locale with the
// text of that locale, else of the one it falls back to, else none (the
// default).
func TestListsFallBackFromEnUSToEnGB(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	for l, want := range map[interaction.Locale]string{
		// en-US has no names of its own but Gray: en-GB's show instead.
		interaction.LocaleEnglishUS: `"" "colour" "Which colour" "" "Gray"`,
		interaction.LocaleEnglishGB: `"" "colour" "Which colour" "" "Grey"`,
		interaction.LocaleFrench:    `"peindre" "couleur" "Quelle couleur" "Rouge" "Gris"`,
		// Japanese has no translation and no fallback: the defaults.
		interaction.LocaleJapanese: `"" "" "" "" ""`,
	} {
		cmds, err := listAs(t.Context(), bot, l)
		if err != nil {
			t.Fatal(err)
		}
		seen := ""
		for _, c := range cmds {
			if c.Name == "paint" {
				o := c.Options[0]
				seen = fmt.Sprintf("%q %q %q %q %q", c.NameLocalized, o.NameLocalized, o.DescriptionLocalized,
					o.Choices[0].NameLocalized, o.Choices[1].NameLocalized)
			}
		}
		if seen != want {
			t.Errorf("%s users see %s, want %s", l, seen, want)
		}
	}
}

// listed is what a list of commands shows a requester of one locale.
type listed struct {
	Name          string `json:"name"`
	NameLocalized string `json:"name_localized"`
	Options       []struct {
		Name                 string `json:"name"`
		NameLocalized        string `json:"name_localized"`
		DescriptionLocalized string `json:"description_localized"`
		Choices              []struct {
			Name          string `json:"name"`
			NameLocalized string `json:"name_localized"`
		} `json:"choices"`
	} `json:"options"`
}

// listAs lists the bot's global commands as the service shows them to a
// user of locale l, with each text's translation rather than the
// dictionaries.
func listAs(ctx context.Context, bot *switchboardtest.Bot, l interaction.Locale) ([]listed, error) {
	emu := bot.Emulator
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, emu.URL+"/applications/"+emu.ApplicationID.String()+"/commands", nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bot "+emu.BotToken)
	req.Header.Set("X-Service-Locale", string(l))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("listing as %s: %s", l, resp.Status)
	}
	var cmds []listed
	return cmds, json.NewDecoder(resp.Body).Decode(&cmds)
}
