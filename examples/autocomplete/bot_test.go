package main

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// names returns the names of choices as a user of locale l reads them:
// the localized name where there is one.
func names(choices []interaction.Choice, l interaction.Locale) string {
	out := make([]string, len(choices))
	for i, c := range choices {
		out[i] = c.Name
		if n, ok := c.NameLocalizations[l]; ok {
			out[i] = n
		}
	}
	return strings.Join(out, ", ")
}

func TestSuggestionsAreRankedAndDependOnTheCountry(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	tests := []struct {
		name, line string
		want       string
	}{
		{"a name starting with the input comes before one containing it", "/trip country:i", "Italy, Switzerland"},
		{"the cities are those of the country given", "/trip country:Italy city:n",
			"Naples, Milan, Turin, Genoa, Venice, Bologna, Florence"},
		{"text typed without picking a country leaves every city", "/trip country:Narnia city:ber", "Bern, Berlin, Nuremberg"},
		{"English names do not match another language's", "/trip country:Germany city:Kö", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := bot.Autocomplete(tt.line)
			if got := names(x.Choices(), interaction.LocaleEnglishUS); got != tt.want {
				t.Errorf("%s suggests %q, want %q\n%s", tt.line, got, tt.want, x)
			}
		})
	}
}

func TestSuggestionsStopAtTheServicesLimit(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	// Every one of the 27 cities matches an empty input.
	x := bot.Autocomplete("/trip city:")
	got := x.Choices()
	if len(got) != 25 || got[0].Name != "Berlin" || got[24].Name != "Lugano" {
		t.Errorf("%d suggestions, from %v to %v\n%s", len(got), got[0].Name, got[len(got)-1].Name, x)
	}
}

// Each choice has one name, English, with the name of the user's locale
// beside it; the value never changes.
func TestChoicesCarryTheNameOfTheUsersLocale(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	tests := []struct {
		locale    interaction.Locale
		line      string
		name      string
		localized string // "" for none
	}{
		{interaction.LocaleEnglishUS, "/trip country:Switzerland city:gen", "Geneva", ""},
		{interaction.LocaleFrench, "/trip country:Switzerland city:gen", "Geneva", "Genève"},
		{interaction.LocaleGerman, "/trip country:Switzerland city:gen", "Geneva", "Genf"},
		{interaction.LocaleGerman, "/trip country:deu", "Germany", "Deutschland"},
		{interaction.LocaleGerman, "/trip country:Switzerland city:Lu", "Lucerne", "Luzern"},
		{interaction.LocaleGerman, "/trip country:Germany city:Kö", "Cologne", "Köln"},
	}
	for _, tt := range tests {
		t.Run(string(tt.locale)+" "+tt.line, func(t *testing.T) {
			x := bot.Autocomplete(tt.line, switchboardtest.InLocale(tt.locale))
			if len(x.Choices()) == 0 {
				t.Fatalf("no suggestions\n%s", x)
			}
			first := x.Choices()[0]
			localized, has := first.NameLocalizations[tt.locale]
			if first.Name != tt.name || first.Value.Text() != tt.name || localized != tt.localized ||
				has != (tt.localized != "") || len(first.NameLocalizations) > 1 {
				t.Errorf("the first choice is %+v; want the name and value %q and the %s name %q\n%s", first, tt.name, tt.locale, tt.localized, x)
			}
		})
	}
}

func TestATripIsWishedInTheUsersLanguage(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	tests := []struct {
		locale interaction.Locale
		line   string
		want   string
	}{
		{interaction.LocaleEnglishUS, "/trip country:Italy city:Naples", "Have a good trip to Naples (Italy)!"},
		{interaction.LocaleFrench, "/trip country:Switzerland city:Geneva", "Bon voyage à Genève (Suisse) !"},
		{interaction.LocaleGerman, "/trip country:Germany city:Cologne", "Gute Reise nach Köln (Deutschland)!"},
	}
	for _, tt := range tests {
		x := bot.Command(tt.line, switchboardtest.InLocale(tt.locale))
		if got := x.Content(); got != tt.want || x.Ephemeral() {
			t.Errorf("%s %s answered %q, want %q for all to see\n%s", tt.locale, tt.line, got, tt.want, x)
		}
	}
}

// Suggestions do not bind: the client sends what was typed, and the bot
// checks it.
func TestACityOfAnotherCountryIsRefusedByTheBot(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	for _, line := range []string{"/trip country:Switzerland city:Naples", "/trip country:Narnia city:Berlin"} {
		x := bot.Command(line)
		if !strings.HasSuffix(x.Content(), "I know; pick one of the suggestions.") || !x.Ephemeral() {
			t.Errorf("%s answered %q\n%s", line, x.Content(), x)
		}
	}
}

// While the weather service is down, a user typing is served the last
// good suggestions for what they typed, or for the longest beginning of
// it that had any, ranked against it; with none kept, no suggestions.
func TestSuggestionsOutliveAnOutageOfTheirSource(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	if got := names(bot.Autocomplete("/forecast city:ge").Choices(), interaction.LocaleEnglishUS); got != "Genoa, Geneva, Cologne" {
		t.Fatalf("with the service up: %q", got)
	}
	bot.Command("/outage down:true").Shows("The weather service is down.")
	for _, tt := range []struct{ line, want string }{
		{"/forecast city:ge", "Genoa, Geneva, Cologne"},
		{"/forecast city:gen", "Genoa, Geneva"},
		{"/forecast city:ro", ""},
	} {
		x := bot.Autocomplete(tt.line)
		if got := names(x.Choices(), interaction.LocaleEnglishUS); got != tt.want {
			t.Errorf("%s, the service down, suggests %q, want %q\n%s", tt.line, got, tt.want, x)
		}
	}
	bot.Command("/outage down:false")
	if got := names(bot.Autocomplete("/forecast city:ro").Choices(), interaction.LocaleEnglishUS); got != "Rome, Palermo, Fribourg" {
		t.Errorf("with the service back: %q", got)
	}
}
