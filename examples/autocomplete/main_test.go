package main

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
)

func TestTheScriptSuggestsRankedLocalizedCappedChoices(t *testing.T) {
	out := playground.Output(t, example, "")
	playground.Shows(t, out,
		"owner in #general › complete /trip country:i\n  suggestions: Italy · Switzerland\n",
		"owner in #general › complete /trip country:Italy city:n\n  suggestions: Naples · Milan · Turin · Genoa · Venice · Bologna · Florence\n",
		"bot › Have a good trip to Naples (Italy)!",
		`bot › "Naples" is no city of "Switzerland" I know; pick one of the suggestions.  (only you can see this)`,
		"owner in #general › complete /trip country:Germany city:Kö\n  no suggestions\n",
		"owner in #general (de) › complete /trip country:Germany city:Kö\n  suggestions: Köln (Cologne)\n",
		"owner in #general (de) › complete /trip country:schw\n  suggestions: Schweiz (Switzerland)\n",
		"bot › Gute Reise nach Köln (Deutschland)!",
	)
	if strings.Contains(out, "! the service refuses this answer") {
		t.Errorf("the service refused an answer:\n%s", out)
	}

	// Every city matches an empty input; the last two are left out.
	_, after, _ := strings.Cut(out, "complete /trip city:\n  suggestions: ")
	line, _, _ := strings.Cut(after, "\n")
	names := strings.Split(line, " · ")
	if len(names) != 25 || names[0] != "Berlin" || names[24] != "Lugano" {
		t.Errorf("with no country, %d suggestions: %q", len(names), names)
	}
}

// The service gets one name per choice and, for a user whose client is in
// another language, the localized name beside it; the value never changes.
func TestChoicesCarryTheNameOfTheUsersLocale(t *testing.T) {
	type check struct {
		locale    interaction.Locale
		line      string
		name      string
		localized string // "" for none
	}
	checks := []check{
		{interaction.LocaleEnglishUS, "/trip country:Switzerland city:gen", "Geneva", ""},
		{interaction.LocaleFrench, "/trip country:Switzerland city:gen", "Geneva", "Genève"},
		{interaction.LocaleGerman, "/trip country:Switzerland city:gen", "Geneva", "Genf"},
		{interaction.LocaleGerman, "/trip country:deu", "Germany", "Deutschland"},
		{interaction.LocaleGerman, "/trip country:Switzerland city:Lu", "Lucerne", "Luzern"},
	}
	ex := example
	ex.Script = ""
	ex.Setup = func(ctx context.Context, s *playground.Session) error {
		emu := s.Emulator()
		for _, c := range checks {
			inv, err := emu.ParsePartial(emulator.Invocation{User: emu.Admin, Guild: emu.GuildID, Locale: c.locale}, c.line)
			if err != nil {
				return err
			}
			res, err := emu.Autocomplete(ctx, inv)
			if err != nil {
				return err
			}
			if !res.OK() || len(res.Violations) > 0 || len(res.Answer.Choices) == 0 {
				return fmt.Errorf("%s %s: %s %v", c.locale, c.line, res.RawAnswer, res.Violations)
			}
			first := res.Answer.Choices[0]
			localized, has := first.NameLocalizations[c.locale]
			if first.Name != c.name || first.Value.Text() != c.name || localized != c.localized || has != (c.localized != "") || len(first.NameLocalizations) > 1 {
				return fmt.Errorf("%s %s: first choice %+v, want the name and value %q and the %s name %q", c.locale, c.line, first, c.name, c.locale, c.localized)
			}
		}
		return nil
	}
	playground.Output(t, ex, "", "-quiet")
}

func TestScriptFilesTryOtherLocalesAndValues(t *testing.T) {
	lines := strings.Join([]string{
		"locale fr",
		"complete /trip country:Switzerland city:gen",
		"/trip country:Switzerland city:Geneva",
		// Text typed without picking a country leaves every city a candidate.
		"complete /trip country:Narnia city:ber",
		"/trip country:Narnia city:Berlin",
		"/trip country:Italy",
	}, "\n")
	out := playground.OutputRefusing(t, example, 1, lines, "-script", "-", "-quiet")
	playground.Shows(t, out,
		"owner in #general (fr) › complete /trip country:Switzerland city:gen\n  suggestions: Genève (Geneva)\n",
		"bot › Bon voyage à Genève (Suisse) !",
		"owner in #general (fr) › complete /trip country:Narnia city:ber\n  suggestions: Berne (Bern) · Berlin · Nuremberg\n",
		`bot › "Berlin" is no city of "Narnia" I know`,
		`✗ the client refuses: required option "city" is missing`,
	)
}
