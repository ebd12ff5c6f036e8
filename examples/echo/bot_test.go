package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// newTestBot serves echo for an application whose commands were
// registered apart from it, as echo declares none: /weather, in the
// guild, with an option whose values are suggested.
func newTestBot(t *testing.T) *switchboardtest.Bot {
	bot := switchboardtest.New(t, newRouter(zerolog.New(zerolog.NewTestWriter(t))))
	weather := command.Command{Name: "weather", Description: "The weather", Options: []command.Option{
		{Type: interaction.OptionString, Name: "city", Description: "Where", Required: true, Autocomplete: true},
		{Type: interaction.OptionInteger, Name: "days", Description: "How far ahead"},
		{Type: interaction.OptionUser, Name: "for", Description: "Who asks"},
	}}
	if _, _, err := bot.Client.CreateCommand(t.Context(), bot.Emulator.ApplicationID, command.InGuild(bot.Guild), weather); err != nil {
		t.Fatal(err)
	}
	return bot
}

func TestEchoAnswersACommandWithWhatTheServiceSent(t *testing.T) {
	bot := newTestBot(t)
	x := bot.Command("/weather city:Paris days:3 for:@ada", switchboardtest.InLocale(interaction.LocaleGerman))
	var got Echo
	dec := json.NewDecoder(strings.NewReader(x.Content()))
	dec.UseNumber()
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("the answer is no echo: %v\n%s", err, x)
	}
	want := Echo{Path: "weather", Options: map[string]any{"city": "Paris", "days": json.Number("3"), "for": bot.Moderator.String()},
		User: bot.Member.String(), Locale: "de"}
	if gotJSON, wantJSON := mustJSON(t, got), mustJSON(t, want); gotJSON != wantJSON {
		t.Errorf("echo\n got %s\nwant %s\n%s", gotJSON, wantJSON, x)
	}
}

func TestEchoSuggestsTheFocusedOptionAsTyped(t *testing.T) {
	bot := newTestBot(t)
	x := bot.Autocomplete("/weather days:2 city:par")
	if c := x.Choices(); len(c) != 1 || c[0].Name != "city: par" || c[0].Value.Text() != "par" {
		t.Errorf("suggested %+v\n%s", c, x)
	}
}
