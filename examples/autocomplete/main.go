// Autocomplete suggests an option's values while the user types them: in
// the user's language, ranked against what was typed so far, and depending
// on the other options already filled in.
//
//	go run ./examples/autocomplete
//
// /trip has two options with autocomplete on: country, and city, whose
// suggestions are the cities of the country given. Each suggestion is a
// choice whose value stays the same in every language and whose name is
// localized for the user's locale with interaction.Choice.Localize; the
// client shows that name, and autocomplete.MatchChoices ranks by it, so a
// user in German finds Cologne by typing "Kö".
//
// /forecast's city suggestions come from a weather service that /outage
// takes down. Its handler is wrapped in autocomplete.Fallback, which keeps
// each good answer: while the service is down, a user is served the last
// good suggestions for what they typed, or for the longest beginning of it
// that had any, rather than none.
package main

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

func main() { playground.Main(example) }

var example = playground.Example{
	Name:   "autocomplete",
	About:  "suggestions that are localized, ranked, capped at 25, and depend on another option",
	Bot:    func(playground.Env) (*router.Router, error) { return newBot(), nil },
	Script: script,
}

const script = `
# Names are ranked against what was typed: Italy starts with "i", Switzerland only contains it.
complete /trip country:i
# The cities suggested are those of the country already given; those containing "n" follow Naples, shortest first.
complete /trip country:Italy city:n
# With no country yet, all 27 cities match: the answer keeps 25, the service's limit.
complete /trip city:
/trip country:Italy city:Naples
# Suggestions do not bind: the client sends whatever was typed, and the bot checks it.
/trip country:Switzerland city:Naples
# Names are matched in the user's language: "Kö" is no English name…
complete /trip country:Germany city:Kö
# …but in German it finds Köln, whose value stays Cologne.
locale de
complete /trip country:Germany city:Kö
complete /trip country:schw
/trip country:Germany city:Cologne
locale en-US
# /forecast asks a weather service for cities; the bot keeps each good answer.
complete /forecast city:ge
# The weather service goes down: what was kept for "ge" is served for "gen", ranked against it.
/outage down:true
complete /forecast city:gen
# Nothing was kept for "ro", or any beginning of it: no suggestions.
complete /forecast city:ro
`

// place is a country or a city. Its English name is the default name of
// its choice and the value the bot receives, whatever the user's language.
type place struct{ en, fr, de string }

// name returns the place's name in a locale, English by default.
func (p place) name(l interaction.Locale) string {
	switch l {
	case interaction.LocaleFrench:
		return p.fr
	case interaction.LocaleGerman:
		return p.de
	}
	return p.en
}

// choice is the place as a suggestion to a user whose client is in l: the
// service shows name_localizations[l] when it is there, the name otherwise.
func (p place) choice(l interaction.Locale) interaction.Choice {
	c := interaction.StringChoice(p.en, p.en)
	if name := p.name(l); name != p.en {
		c = c.Localize(l, name)
	}
	return c
}

var countries = []place{{"Germany", "Allemagne", "Deutschland"}, {"Italy", "Italie", "Italien"}, {"Switzerland", "Suisse", "Schweiz"}}

// cities are the cities of each country, by the country's value.
var cities = map[string][]place{
	"Germany": {{"Berlin", "Berlin", "Berlin"}, {"Munich", "Munich", "München"}, {"Cologne", "Cologne", "Köln"},
		{"Hamburg", "Hambourg", "Hamburg"}, {"Frankfurt", "Francfort", "Frankfurt"}, {"Nuremberg", "Nuremberg", "Nürnberg"},
		{"Hanover", "Hanovre", "Hannover"}, {"Dresden", "Dresde", "Dresden"}, {"Stuttgart", "Stuttgart", "Stuttgart"}},
	"Italy": {{"Rome", "Rome", "Rom"}, {"Milan", "Milan", "Mailand"}, {"Naples", "Naples", "Neapel"},
		{"Venice", "Venise", "Venedig"}, {"Florence", "Florence", "Florenz"}, {"Turin", "Turin", "Turin"},
		{"Genoa", "Gênes", "Genua"}, {"Bologna", "Bologne", "Bologna"}, {"Palermo", "Palerme", "Palermo"}},
	"Switzerland": {{"Geneva", "Genève", "Genf"}, {"Zurich", "Zurich", "Zürich"}, {"Basel", "Bâle", "Basel"},
		{"Bern", "Berne", "Bern"}, {"Lucerne", "Lucerne", "Luzern"}, {"Lausanne", "Lausanne", "Lausanne"},
		{"Lugano", "Lugano", "Lugano"}, {"Fribourg", "Fribourg", "Freiburg"}, {"Neuchâtel", "Neuchâtel", "Neuenburg"}},
}

func newBot() *router.Router {
	r := router.New()
	weather := &weatherService{}
	r.Command("forecast", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		city, _ := req.Options.String("city")
		return interaction.Reply("Sunny in " + city + "."), nil
	}, router.Description("The weather in a city"), router.Options(option.String("city", "Which city").Required().Autocomplete()))
	r.Autocomplete("forecast", "city", autocomplete.Fallback(weather, autocomplete.NewMemoryCache(0)))
	r.Command("outage", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		down, _ := req.Options.Bool("down")
		weather.down.Store(down)
		if down {
			return interaction.Reply("The weather service is down."), nil
		}
		return interaction.Reply("The weather service is back."), nil
	}, router.Description("Take the weather service down, or bring it back"),
		router.Options(option.Boolean("down", "Whether it is down").Required()))
	r.Command("trip", planTrip, router.Description("Plan a trip"), router.Options(
		option.String("country", "Where to").Required().Autocomplete(),
		option.String("city", "Which city").Required().Autocomplete(),
	))
	r.Autocomplete("trip", "country", func(ctx context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		return suggest(req, countries), nil
	})
	r.Autocomplete("trip", "city", func(ctx context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		// Options holds what the user has filled in so far. The country
		// may be missing, or be text typed without picking a suggestion:
		// then every city is a candidate.
		country, _ := req.Options.String("country")
		if list, ok := cities[country]; ok {
			return suggest(req, list), nil
		}
		var all []place
		for _, c := range countries {
			all = append(all, cities[c.en]...)
		}
		return suggest(req, all), nil
	})
	return r
}

// suggest ranks the places against what was typed, as autocomplete.Match
// ranks text, by each choice's name in the user's language: an exact name,
// then names starting with it, then a word starting with it, then names
// containing it; shorter names first within a rank. It keeps at most
// autocomplete.MaxChoices (25), the service's limit.
func suggest(req *autocomplete.Request, places []place) []interaction.Choice {
	choices := make([]interaction.Choice, len(places))
	for i, p := range places {
		choices[i] = p.choice(req.Locale)
	}
	return autocomplete.MatchChoices(req.Focused.Text(), req.Locale, choices)
}

func planTrip(ctx context.Context, req *router.Request) (interaction.Response, error) {
	countryValue, _ := req.Options.String("country")
	cityValue, _ := req.Options.String("city")
	country, city, ok := find(countryValue, cityValue)
	if !ok {
		return interaction.Reply(fmt.Sprintf("%q is no city of %q I know; pick one of the suggestions.", cityValue, countryValue)).Ephemeral(), nil
	}
	l := req.Locale()
	switch l {
	case interaction.LocaleFrench:
		return interaction.Reply(fmt.Sprintf("Bon voyage à %s (%s) !", city.name(l), country.name(l))), nil
	case interaction.LocaleGerman:
		return interaction.Reply(fmt.Sprintf("Gute Reise nach %s (%s)!", city.name(l), country.name(l))), nil
	}
	return interaction.Reply(fmt.Sprintf("Have a good trip to %s (%s)!", city.name(l), country.name(l))), nil
}

// find looks a country and one of its cities up by their values.
func find(countryValue, cityValue string) (country, city place, ok bool) {
	for _, c := range countries {
		if c.en != countryValue {
			continue
		}
		for _, p := range cities[c.en] {
			if p.en == cityValue {
				return c, p, true
			}
		}
	}
	return place{}, place{}, false
}

// weatherService stands for a service of cities the bot asks for
// suggestions, which may be down.
type weatherService struct{ down atomic.Bool }

// Complete suggests the cities of every country, as a remote service
// would; it fails while the service is down.
func (w *weatherService) Complete(ctx context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
	if w.down.Load() {
		return nil, errors.New("the weather service is down")
	}
	var all []place
	for _, c := range countries {
		all = append(all, cities[c.en]...)
	}
	return suggest(req, all), nil
}
