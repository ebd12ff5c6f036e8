package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

func TestGreetAnswersInTheStyleChosen(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	tests := []struct {
		name, line string
		who        []switchboardtest.Who
		want       string
	}{
		{"plainly by default", "/greet name:Ada", nil, "Hello, Ada!"},
		{"plainly when asked", "/greet name:Ada style:Plain", nil, "Hello, Ada!"},
		{"as a pirate", "/greet name:Ada style:Pirate", nil, "Ahoy, Ada!"},
		{"to a French user typing its French name", "/saluer name:Ada", []switchboardtest.Who{switchboardtest.InLocale(interaction.LocaleFrench)}, "Hello, Ada!"},
		{"with a name that pings nobody", "/greet name:@everyone", nil, "Hello, @everyone!"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := bot.Command(tt.line, tt.who...)
			if got := x.Content(); got != tt.want {
				t.Errorf("%s answered %q, want %q\n%s", tt.line, got, tt.want, x)
			}
			if m := x.Message().Data.AllowedMentions; m == nil || len(m.Parse) != 0 {
				t.Errorf("%s may ping %+v\n%s", tt.line, m, x)
			}
			x.Shows("Wave back")
		})
	}
	if _, err := bot.TryCommand("/greet name:Ada style:Shouting"); !errors.Is(err, emulator.ErrInvalidInput) {
		t.Errorf("a style that is not a choice: %v", err)
	}
}

func TestOnlySomeoneElseCanWaveBack(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	greeting := bot.Command("/greet name:Bob", switchboardtest.As(bot.Admin))
	self := greeting.Click("Wave back")
	if got := self.Content(); got != "You cannot wave back at yourself." || !self.Ephemeral() {
		t.Errorf("the greeter waved back at themself: %q\n%s", got, self)
	}
	greeting.As(bot.Member).Click("Wave back").Shows("bob waves back! 👋")
}

func TestWeatherSuggestsCitiesAndChecksWhatIsTyped(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	x := bot.Autocomplete("/weather city:par")
	var got []string
	for _, c := range x.Choices() {
		got = append(got, c.Name+"="+c.Value.Text())
	}
	if want := "Paris=paris Parma=parma Paramaribo=paramaribo"; strings.Join(got, " ") != want {
		t.Errorf("suggested %s, want %s\n%s", strings.Join(got, " "), want, x)
	}
	bot.Command("/weather city:paris").Shows("It is sunny in Paris.")
	// The client sends what was typed, which need not be a suggestion.
	unknown := bot.Command("/weather city:Atlantis")
	if want := `I know no city called "Atlantis"; pick one of the suggestions.`; unknown.Content() != want || !unknown.Ephemeral() {
		t.Errorf("an unknown city: %q\n%s", unknown.Content(), unknown)
	}
}

func TestOnlyMembersWhoMayBanUseMod(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	if _, err := bot.TryCommand("/mod user ban user:@ada reason:spam", switchboardtest.As(bot.Member)); !errors.Is(err, emulator.ErrPermissionDenied) {
		t.Errorf("bob, who may not ban, used /mod: %v", err)
	}
	tests := []struct{ line, want string }{
		{`/mod user ban user:@bob reason:"spam, twice"`, "Banned bob (spam, twice)."},
		{"/mod user ban user:@bob", "Banned bob (no reason given)."},
	}
	for _, tt := range tests {
		x := bot.Command(tt.line, switchboardtest.As(bot.Moderator))
		if x.Content() != tt.want || !x.Ephemeral() {
			t.Errorf("%s answered %q, want %q, ephemeral\n%s", tt.line, x.Content(), tt.want, x)
		}
	}
}

func TestFeedbackIsAFormThenThanks(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	form := bot.Command("/feedback")
	if got := form.Modal().Title; got != "Feedback" {
		t.Fatalf("the form is %q", got)
	}
	if _, err := form.TrySubmit(emulator.Submit{Fields: map[string]string{"text": ""}}); !errors.Is(err, emulator.ErrInvalidInput) {
		t.Errorf("an empty form was sent: %v", err)
	}
	thanks := form.Submit(emulator.Submit{Fields: map[string]string{"What do you think?": "Nice bot!"}})
	if got := thanks.Content(); got != "Thanks for your feedback (9 characters)!" || !thanks.Ephemeral() {
		t.Errorf("after the form: %q\n%s", got, thanks)
	}
}

func TestAHighFiveNamesBoth(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	bot.UserCommand("High Five", bot.Member, switchboardtest.As(bot.Moderator)).Shows("ada high-fives bob!")
}
