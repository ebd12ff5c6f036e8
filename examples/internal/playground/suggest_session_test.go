package playground

import (
	"context"
	"io"
	"testing"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

// cityChoices are /weather's suggestions: names a user reads, in English
// and French, and values the bot knows them by.
var cityChoices = []interaction.Choice{
	interaction.StringChoice("Paris", "paris"),
	interaction.StringChoice("Parma", "parma"),
	interaction.StringChoice("London", "london").Localize(interaction.LocaleFrench, "Londres"),
}

// pickerBot has an option of each kind the prompt suggests values for: a
// user, fixed choices, and autocomplete answers, one of which depends on
// another option's value.
func pickerBot(env Env) (*router.Router, error) {
	r := router.New()
	answer := func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("ok"), nil
	}
	r.Command("ban", answer, router.Description("Ban a member"), router.Options(
		option.User("user", "Who").Required(),
	))
	r.Command("size", answer, router.Description("Pick a size"), router.Options(
		option.String("size", "Which").Required().Choices(
			interaction.StringChoice("Small", "s"),
			interaction.StringChoice("Extra large", "xl").Localize(interaction.LocaleFrench, "Très grand"),
		),
	))
	r.Command("weather", answer, router.Description("The weather"), router.Options(
		option.String("city", "Which city").Required().Autocomplete(),
		option.String("district", "Which part of it").Autocomplete(),
	))
	r.Autocomplete("weather", "city", func(ctx context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		return autocomplete.MatchChoices(req.Focused.Text(), req.Locale, cityChoices), nil
	})
	r.Autocomplete("weather", "district", func(ctx context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		city, _ := req.Options.String("city")
		return []interaction.Choice{interaction.StringChoice("Centre of "+city, city+"-centre")}, nil
	})
	return r, nil
}

// pickerSession starts pickerBot on the emulator, with bea, a user who
// is no member of the guild.
func pickerSession(t *testing.T) *Session {
	t.Helper()
	seed := &emulator.Seed{Users: []interaction.User{{ID: 9001, Username: "bea"}}}
	ex := Example{Name: "picker", Bot: pickerBot, Emulator: emulator.Config{Seed: seed}}
	s, err := Start(context.Background(), ex, newPrinter(io.Discard, false), true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func TestTabPutsInTheNameTheClientShows(t *testing.T) {
	t.Parallel()
	s := pickerSession(t)
	tests := []struct {
		name   string
		locale interaction.Locale
		dm     bool
		typed  string
		hint   string
		line   string
	}{
		{name: "a member by the start of their name", typed: "/ban user:@b", hint: "@bob", line: "/ban user:@bob "},
		{name: "a member without the @", typed: "/ban user:b", hint: "@bob", line: "/ban user:@bob "},
		{name: "a member by display name", typed: "/ban user:Emu", hint: "@emulator-bot", line: "/ban user:@emulator-bot "},
		{name: "every member", typed: "/ban user:", hint: "@ada · @bob · @emulator-bot · @owner", line: "/ban user:@ada "},
		{name: "anyone in direct messages", dm: true, typed: "/ban user:@b", hint: "@bea · @bob", line: "/ban user:@bea "},
		{name: "an autocomplete answer by its name", typed: "/weather city:Par", hint: "Paris · Parma", line: "/weather city:Paris "},
		{name: "an autocomplete answer after complete", typed: "complete /weather city:par", hint: "Paris · Parma", line: "complete /weather city:Paris "},
		{name: "an autocomplete answer in the user's language", locale: interaction.LocaleFrench, typed: "/weather city:Lon", hint: "Londres", line: "/weather city:Londres "},
		{name: "a choice by its name, quoted", typed: "/size size:ex", hint: "Extra large", line: `/size size:"Extra large" `},
		{name: "a choice in the user's language", locale: interaction.LocaleFrench, typed: "/size size:tr", hint: "Très grand", line: `/size size:"Très grand" `},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s.locale, s.guild = interaction.LocaleEnglishUS, s.emu.GuildID
			if tt.locale != "" {
				s.locale = tt.locale
			}
			if tt.dm {
				s.guild = 0
			}
			e := &editor{s: s}
			e.complete = e.suggestions
			typeKeys(e, tt.typed)
			if e.offer.hint != tt.hint {
				t.Errorf("after %q the hint is %q, want %q", tt.typed, e.offer.hint, tt.hint)
			}
			typeKeys(e, "\t")
			if string(e.buf) != tt.line {
				t.Errorf("Tab after %q makes %q, want %q", tt.typed, string(e.buf), tt.line)
			}
		})
	}
}

// An autocomplete answer taken shows its name in the line, and the bot
// receives its value: in the interaction the line sends, and in the
// autocomplete interactions of the options typed after it.
func TestAnAnswerTakenSendsItsValue(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		reads []string
		hint  string // what the last read leaves offered
		line  string
		sent  map[string]string
	}{
		{
			name:  "taken",
			reads: []string{"/weather city:Par", "\t", "district:"},
			hint:  "Centre of paris",
			line:  "/weather city:Paris district:",
		},
		{
			name:  "taken and sent",
			reads: []string{"/weather city:Par", "\t\r"},
			line:  "/weather city:Paris",
			sent:  map[string]string{"city": "paris"},
		},
		{
			name:  "taken, then changed",
			reads: []string{"/weather city:Par", "\t", "\x7f\x7f\x7f", "ma\r"},
			line:  "/weather city:Parma",
			sent:  map[string]string{"city": "Parma"},
		},
		{
			name:  "two taken",
			reads: []string{"/weather city:Lon", "\t", "district:", "\t\r"},
			line:  "/weather city:London district:\"Centre of london\"",
			sent:  map[string]string{"city": "london", "district": "london-centre"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := pickerSession(t)
			e := &editor{s: s}
			e.complete = e.suggestions
			lines, _ := typeKeys(e, tt.reads...)
			if tt.sent == nil {
				if got := string(e.buf); got != tt.line || e.offer.hint != tt.hint {
					t.Fatalf("the line is %q offering %q, want %q offering %q", got, e.offer.hint, tt.line, tt.hint)
				}
				return
			}
			if len(lines) != 1 || lines[0] != tt.line {
				t.Fatalf("lines %q, want %q", lines, tt.line)
			}
			if !s.run(context.Background(), sent(lines[0], e.taken)) {
				t.Fatalf("%q was refused", lines[0])
			}
			recs := s.emu.Interactions()
			last := recs[len(recs)-1].Interaction.Data
			got := map[string]string{}
			for _, o := range last.Options {
				got[o.Name] = o.Value.Text()
			}
			for name, want := range tt.sent {
				if got[name] != want {
					t.Errorf("the bot received %s %q, want %q (all: %v)", name, got[name], want, got)
				}
			}
		})
	}
}

func TestSentPutsValuesInPlaceOfNames(t *testing.T) {
	picks := []pick{{shown: "city:Paris", sent: "city:paris"}, {shown: `city:"New York"`, sent: "city:nyc"}}
	for _, tt := range []struct{ line, want string }{
		{"/weather city:Paris", "/weather city:paris"},
		{`/weather city:"New York"  days:2`, "/weather city:nyc days:2"},
		{"/weather city:Parisian", "/weather city:Parisian"},
		{`/say text:"city:Paris is nice"`, `/say text:"city:Paris is nice"`},
	} {
		if got := sent(tt.line, picks); got != tt.want {
			t.Errorf("sent(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
	if got := sent("/weather city:Paris", nil); got != "/weather city:Paris" {
		t.Errorf("with no picks, sent changed the line to %q", got)
	}
}
