// Teatime shows a bot whose answers, like its commands' names,
// descriptions and choices, come from a message catalogue: one file per
// locale under messages/, read by package catalog.
//
//	go run ./examples/teatime
//
// The bot reads its texts for each user by the service's fallbacks (a
// user of es-419 reads es-ES, one of a locale with no file the default,
// en-US) and counts cups by each language's plural rules: Polish has a
// form for 2 to 4 and another for 5 to 21, French and Spanish one for the
// millions. It refuses to start if Check finds a text missing.
package main

import (
	"context"
	"embed"

	"github.com/switchboard-go/switchboard/catalog"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

func main() { playground.Main(example) }

var example = playground.Example{
	Name:   "teatime",
	About:  "answers from a message catalogue, in the user's language and its plurals",
	Bot:    func(playground.Env) (*router.Router, error) { return newBot() },
	Script: script,
}

const script = `
# Each user types the names of their language and reads the answer in it.
/brew cups:1 flavor:Green
/brew cups:3 flavor:Mint
locale en-GB
# en-GB spells one word its own way and reads en-US's answers.
/brew cups:2 flavour:Black
locale fr
/infuser tasses:1 parfum:Vert
/infuser tasses:2 parfum:Menthe
# French, like Spanish, says "de" after a million: CLDR's form many.
/infuser tasses:1000000 parfum:Noir
locale pl
# Polish counts 1, 2 to 4 (and 22 to 24), 5 to 21 each their own way.
/zaparz filiżanki:1 smak:Zielona
/zaparz filiżanki:3 smak:Czarna
/zaparz filiżanki:5 smak:Miętowa
/zaparz filiżanki:22 smak:Zielona
locale es-419
# es-419 has no file: it reads es-ES's, as the client shows it es-ES's names.
/preparar tazas:2 sabor:Verde
locale ja
# Japanese has no file and no fallback: the default, en-US.
/brew cups:2 flavor:Green
`

// messages holds the catalogue, one file per locale.
//
//go:embed messages
var messages embed.FS

// loadCatalog loads the catalogue, and fails when Check finds a text
// missing: a bot that would rather start half translated runs Check in a
// test instead.
func loadCatalog() (*catalog.Catalog, error) {
	cat, err := catalog.Load(messages, "messages", interaction.LocaleEnglishUS)
	if err != nil {
		return nil, err
	}
	return cat, cat.Check()
}

// flavors are the values of /brew's flavor option; each has a choice
// name at brew.flavor.VALUE and a noun at tea.VALUE.
var flavors = []string{"green", "black", "mint"}

func newBot() (*router.Router, error) {
	cat, err := loadCatalog()
	if err != nil {
		return nil, err
	}
	choices := make([]interaction.Choice, len(flavors))
	for i, f := range flavors {
		choices[i] = cat.Choice("brew.flavor."+f, interaction.StringChoice(f, f))
	}

	r := router.New()
	r.Command("brew", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		cups, _ := req.Options.Int("cups")
		flavor, _ := req.Options.String("flavor")
		tr := cat.For(req.Locale())
		return interaction.Reply(tr.Text("brew.done",
			catalog.Count(int(cups)),
			catalog.Arg("Tea", tr.Text("tea."+flavor)))), nil
	}, cat.Command("brew"), router.Options(
		cat.Option("brew.cups", option.Integer("cups", "").Required().Min(1).Max(1_000_000)),
		cat.Option("brew.flavor", option.String("flavor", "").Required().Choices(choices...)),
	))
	return r, nil
}
