package catalog_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

// paintFiles declare /paint and its option and choices in English,
// British English, French and German.
var paintFiles = map[string]string{
	"en-US.json": `{"paint": {"name": "paint", "desc": "Paint the fence",
		"color": {"name": "color", "desc": "Which color", "red": "Red", "gray": "Gray"}}}`,
	"en-GB.json": `{"paint": {"color": {"name": "colour", "desc": "Which colour", "gray": "Grey"}}}`,
	"fr.json": `{"paint": {"name": "peindre", "desc": "Peindre la clôture",
		"color": {"name": "couleur", "desc": "Quelle couleur", "red": "Rouge", "gray": "Gris"}}}`,
	"de.json": `{"paint": {"name": "streichen",
		"color": {"name": "farbe", "red": "Rot"}}}`,
}

func ok(context.Context, *router.Request) (interaction.Response, error) {
	return interaction.Reply("ok"), nil
}

// defined builds r and describes its global commands, one line for each
// command, option and choice, with their translations.
func defined(t *testing.T, r *router.Router) string {
	t.Helper()
	mux, err := r.Build()
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	var lines []string
	for _, c := range mux.Definitions().Commands(command.Global) {
		lines = append(lines, fmt.Sprintf("/%s %q %v %v", c.Name, c.Description, c.NameLocalizations, c.DescriptionLocalizations))
		for _, o := range c.Options {
			lines = append(lines, fmt.Sprintf("  %s %q %v %v", o.Name, o.Description, o.NameLocalizations, o.DescriptionLocalizations))
			for _, ch := range o.Choices {
				lines = append(lines, fmt.Sprintf("    %s %v", ch.Name, ch.NameLocalizations))
			}
		}
	}
	return strings.Join(lines, "\n")
}

func TestDefinitionsTakeTheirTextsFromTheCatalogue(t *testing.T) {
	cat := load(t, paintFiles)
	r := router.New()
	r.Command("paint", ok, cat.Command("paint"), router.Options(
		cat.Option("paint.color", option.String("color", "").Required().Choices(
			cat.Choice("paint.color.red", interaction.StringChoice("", "red")),
			cat.Choice("paint.color.gray", interaction.StringChoice("", "gray")),
		))))
	want := strings.Join([]string{
		`/paint "Paint the fence" map[de:streichen fr:peindre] map[fr:Peindre la clôture]`,
		// en-US users see en-GB's texts where en-US has none of its
		// own: the default's are added beside the partner's.
		`  color "Which color" map[de:farbe en-GB:colour en-US:color fr:couleur] map[en-GB:Which colour en-US:Which color fr:Quelle couleur]`,
		`    Red map[de:Rot fr:Rouge]`,
		`    Gray map[en-GB:Grey en-US:Gray fr:Gris]`,
	}, "\n")
	if got := defined(t, r); got != want {
		t.Errorf("the router defines\n%s\nwant\n%s", got, want)
	}
}

func TestDefinitionsKeepWhatTheCodeGivesWhereTheCatalogueIsSilent(t *testing.T) {
	cat := load(t, map[string]string{"en-US.json": `{}`, "fr.json": `{"x": {"name": "ixe"}}`})
	r := router.New()
	r.Command("x", ok, router.Description("Code's"), cat.Command("x"),
		router.Options(cat.Option("x.y", option.Integer("y", "Code's too").Localize(interaction.LocaleGerman, "ypsilon", ""))))
	want := strings.Join([]string{
		`/x "Code's" map[fr:ixe] map[]`,
		`  y "Code's too" map[de:ypsilon] map[]`,
	}, "\n")
	if got := defined(t, r); got != want {
		t.Errorf("the router defines\n%s\nwant\n%s", got, want)
	}
}

func TestTheDefaultsOwnTextsStandBesideEnGBsWhenTheDefaultIsEnUS(t *testing.T) {
	for _, tc := range []struct {
		about string
		files map[string]string
		want  string
	}{
		{
			"a partner's text that differs adds the default's",
			map[string]string{"en-US.json": `{"c": {"name": "color", "desc": "Color"}}`, "en-GB.json": `{"c": {"name": "colour", "desc": "Colour"}}`},
			`/color "Color" map[en-GB:colour en-US:color] map[en-GB:Colour en-US:Color]`,
		},
		{
			"a partner's text that is the same adds nothing",
			map[string]string{"en-US.json": `{"c": {"name": "color", "desc": "Color"}}`, "en-GB.json": `{"c": {"name": "color", "desc": "Colour"}}`},
			`/color "Color" map[en-GB:color] map[en-GB:Colour en-US:Color]`,
		},
		{
			"a default with no name of its own in the catalogue adds no name",
			map[string]string{"en-US.json": `{"c": {"desc": "Color"}}`, "en-GB.json": `{"c": {"name": "colour"}}`},
			`/color "Color" map[en-GB:colour] map[]`,
		},
	} {
		t.Run(tc.about, func(t *testing.T) {
			cat := load(t, tc.files)
			r := router.New()
			r.Command("color", ok, cat.Command("c"))
			if got := defined(t, r); got != tc.want {
				t.Errorf("the router defines\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestTheRouterRefusesADefinitionTextTheServiceWould(t *testing.T) {
	cat := load(t, map[string]string{"en-US.json": `{"p": {"desc": "Paint"}}`, "fr.json": `{"p": {"name": "Peindre"}}`})
	r := router.New()
	r.Command("paint", ok, cat.Command("p"))
	if _, err := r.Build(); err == nil || !strings.Contains(err.Error(), "fr name must be lowercase") {
		t.Errorf("Build: %v, want the French name refused", err)
	}
	if err := cat.Check(); err == nil || !strings.Contains(err.Error(), `messages/fr.json: "p.name": fr name must be lowercase`) {
		t.Errorf("Check: %v, want the French name refused", err)
	}
}

func TestAChoiceKeepsItsOtherTranslations(t *testing.T) {
	cat := load(t, map[string]string{"en-US.json": `{"r": "Red"}`, "fr.json": `{"r": "Rouge"}`})
	orig := interaction.StringChoice("Red", "red").Localize(interaction.LocaleGerman, "Rot")
	ch := cat.Choice("r", orig)
	if got := fmt.Sprint(ch.NameLocalizations); got != "map[de:Rot fr:Rouge]" {
		t.Errorf("the choice has %s", got)
	}
	if len(orig.NameLocalizations) != 1 {
		t.Errorf("Choice changed the choice it was given: %v", orig.NameLocalizations)
	}
}
