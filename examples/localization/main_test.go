package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
)

// withSetup returns the example with setup run after its commands are
// registered, while the emulator serves.
func withSetup(setup func(ctx context.Context, s *playground.Session) error) playground.Example {
	ex := example
	ex.Setup = setup
	return ex
}

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

func TestTheRegisteredCommandsCarryTheTranslations(t *testing.T) {
	var registered []command.Command
	playground.Output(t, withSetup(func(ctx context.Context, s *playground.Session) error {
		var err error
		registered, err = s.API().ListCommands(ctx, s.Emulator().ApplicationID, command.Global, true)
		return err
	}), "", "-quiet", "-script", playground.ScriptFile(t))

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

// TestListsFallBackFromEnUSToEnGB asks the emulator for the commands as a
// user of each locale sees them: the text of the locale itself, else of
// the one it falls back to, else none (the default).
func TestListsFallBackFromEnUSToEnGB(t *testing.T) {
	seen := map[interaction.Locale]string{}
	playground.Output(t, withSetup(func(ctx context.Context, s *playground.Session) error {
		emu := s.Emulator()
		for _, l := range []interaction.Locale{interaction.LocaleEnglishUS, interaction.LocaleEnglishGB, interaction.LocaleFrench, interaction.LocaleJapanese} {
			cmds, err := listAs(ctx, emu, l)
			if err != nil {
				return err
			}
			for _, c := range cmds {
				if c.Name != "paint" {
					continue
				}
				o := c.Options[0]
				seen[l] = fmt.Sprintf("%q %q %q %q %q", c.NameLocalized, o.NameLocalized, o.DescriptionLocalized,
					o.Choices[0].NameLocalized, o.Choices[1].NameLocalized)
			}
		}
		return nil
	}), "", "-quiet", "-script", playground.ScriptFile(t))

	for l, want := range map[interaction.Locale]string{
		// en-US has no names of its own but Gray: en-GB's show instead.
		interaction.LocaleEnglishUS: `"" "colour" "Which colour" "" "Gray"`,
		interaction.LocaleEnglishGB: `"" "colour" "Which colour" "" "Grey"`,
		interaction.LocaleFrench:    `"peindre" "couleur" "Quelle couleur" "Rouge" "Gris"`,
		// Japanese has no translation and no fallback: the defaults.
		interaction.LocaleJapanese: `"" "" "" "" ""`,
	} {
		if seen[l] != want {
			t.Errorf("%s users see %q, want %q", l, seen[l], want)
		}
	}
}

// listAs lists the global commands as the service shows them to a user
// of locale l, with each text's translation rather than the dictionaries.
func listAs(ctx context.Context, emu *emulator.Server, l interaction.Locale) ([]listed, error) {
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

func TestTheBotReceivesDefaultNamesAndTheLocale(t *testing.T) {
	var emu *emulator.Server
	playground.Output(t, withSetup(func(ctx context.Context, s *playground.Session) error {
		emu = s.Emulator()
		return nil
	}), "", "-quiet", "-script", playground.ScriptFile(t, "locale de", "/streichen farbe:Grau", "locale en-GB", "/split amount:9 people:2"))

	var got []string
	for _, rec := range emu.Interactions() {
		ix := rec.Interaction
		line := string(ix.Locale) + " /" + ix.Data.Name
		for _, o := range ix.Data.Options {
			line += " " + o.Name + ":" + o.Value.Text()
		}
		got = append(got, line)
	}
	want := "de /paint color:gray\nen-GB /split amount:9 people:2"
	if strings.Join(got, "\n") != want {
		t.Errorf("the bot was sent\n%s\nwant\n%s", strings.Join(got, "\n"), want)
	}
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
