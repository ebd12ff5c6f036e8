// Localization shows a bot whose commands, options and choices have names
// and descriptions in several languages, and which answers each user in
// theirs.
//
//	go run ./examples/localization
//
// The client shows a user the names of their language and sends the bot
// the default ones, whatever the user read; the interaction carries the
// user's locale, which the bot reads with req.Locale() to answer.
package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

func main() { playground.Main(example) }

var example = playground.Example{
	Name:   "localization",
	About:  "commands, options and choices in the user's language, and answers in it too",
	Bot:    func(playground.Env) (*router.Router, error) { return newBot(), nil },
	Script: script,
}

const script = `
# Each user types the names of their language; the bot answers in it.
locale fr
/peindre couleur:Rouge
/partager montant:42.5 personnes:3
locale de
/streichen farbe:Grau
/teilen betrag:42.5 personen:3
# The French names are not what the client shows a German user.
/peindre couleur:Rouge
locale en-GB
/paint colour:Grey
/split amount:42.5 people:3
# Where en-US has no name of its own, en-US users see en-GB's: the option is "colour" to them too.
locale en-US
/paint colour:Red
# The choice Gray has an en-US name of its own, so en-US users see "Gray", never "Grey".
/paint colour:Grey
/paint colour:Gray
# The bounds hold in every language, and the client names the option as the user sees it.
locale fr
/partager montant:10 personnes:1
`

const (
	french   = interaction.LocaleFrench
	german   = interaction.LocaleGerman
	british  = interaction.LocaleEnglishGB
	american = interaction.LocaleEnglishUS
)

// colors are the choices of /paint. Gray needs en-US "Gray" as well as
// en-GB "Grey": without it, en-US users would fall back to "Grey".
var colors = []interaction.Choice{
	interaction.StringChoice("Red", "red").Localize(french, "Rouge").Localize(german, "Rot"),
	interaction.StringChoice("Gray", "gray").Localize(french, "Gris").Localize(german, "Grau").
		Localize(british, "Grey").Localize(american, "Gray"),
}

// The bot's own sentences, in English and translated.
var (
	painted = phrase{"The fence is now %s.", map[interaction.Locale]string{
		french: "La clôture est peinte en %s.",
		german: "Der Zaun ist jetzt %s.",
	}}
	shares = phrase{"Each of %d pays %s.", map[interaction.Locale]string{
		french: "Chacune des %d personnes paie %s.",
		german: "Jede der %d Personen zahlt %s.",
	}}
)

// SplitOptions declare their translations in tags: name.LOCALE and
// description.LOCALE.
type SplitOptions struct {
	Amount float64 `option:"amount" description:"The bill to split" min:"0.01" name.fr:"montant" description.fr:"Le total à partager" name.de:"betrag" description.de:"Der Gesamtbetrag"`
	People int64   `option:"people" description:"How many people share it" min:"2" max:"20" name.fr:"personnes" description.fr:"Entre combien de personnes" name.de:"personen" description.de:"Unter wie vielen Personen"`
}

func newBot() *router.Router {
	r := router.New()
	r.Command("paint", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		value, _ := req.Options.String("color") // the default name, in every language
		color := value
		for _, c := range colors {
			if c.Value.Text() == value {
				color = strings.ToLower(phrase{c.Name, c.NameLocalizations}.In(req.Locale()))
			}
		}
		return interaction.Reply(fmt.Sprintf(painted.In(req.Locale()), color)), nil
	}, router.Description("Paint the fence"),
		router.Localize(french, "peindre", "Peindre la clôture"),
		router.Localize(german, "streichen", "Den Zaun streichen"),
		router.Options(option.String("color", "Which color").Required().Choices(colors...).
			Localize(french, "couleur", "Quelle couleur").
			Localize(german, "farbe", "Welche Farbe").
			Localize(british, "colour", "Which colour")))

	router.Bind(r, "split", func(ctx context.Context, req *router.Request, o SplitOptions) (interaction.Response, error) {
		share := fmt.Sprintf("%.2f", o.Amount/float64(o.People))
		if l := req.Locale(); l == french || l == german {
			share = strings.Replace(share, ".", ",", 1) // their decimal comma
		}
		return interaction.Reply(fmt.Sprintf(shares.In(req.Locale()), o.People, share)), nil
	}, router.Description("Split a bill"),
		router.Localize(french, "partager", "Partager une addition"),
		router.Localize(german, "teilen", "Eine Rechnung teilen"))
	return r
}

// phrase is a text in English, the default, and its translations.
type phrase struct {
	text         string
	translations map[interaction.Locale]string
}

// In returns what a user of locale l reads, by the client's rule: l's own
// translation; else, for en-US, en-GB and es-419, that of the locale they
// fall back to (en-GB, en-US, es-ES); else the default. A bot that answers
// by the same rule uses the words its user was shown.
func (p phrase) In(l interaction.Locale) string {
	if t, ok := p.translations[l]; ok {
		return t
	}
	if fallback, ok := l.Fallback(); ok {
		if t, ok := p.translations[fallback]; ok {
			return t
		}
	}
	return p.text
}
