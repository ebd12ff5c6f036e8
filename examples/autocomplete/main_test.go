package main

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
)

func TestTheScriptSuggestsRankedLocalizedCappedChoices(t *testing.T) {
	t.Parallel()
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

func TestScriptFilesTryOtherLocalesAndValues(t *testing.T) {
	t.Parallel()
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
