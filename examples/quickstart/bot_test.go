package main

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

func TestGreetAnswersInTheStyleChosen(t *testing.T) {
	bot := newQuickstart(t)
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
	bot := newQuickstart(t)
	greeting := bot.Command("/greet name:Bob", switchboardtest.As(bot.Admin))
	self := greeting.Click("Wave back")
	if got := self.Content(); got != "You cannot wave back at yourself." || !self.Ephemeral() {
		t.Errorf("the greeter waved back at themself: %q\n%s", got, self)
	}
	greeting.As(bot.Member).Click("Wave back").Shows("bob waves back! 👋")
}

func TestWeatherSuggestsCitiesAndChecksWhatIsTyped(t *testing.T) {
	bot := newQuickstart(t)
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

// newQuickstart serves the quickstart bot, with its REST client of the
// emulator, to a test's emulator.
func newQuickstart(t *testing.T) *switchboardtest.Bot {
	return switchboardtest.NewFunc(t, func(b *switchboardtest.Bot) *router.Router { return newBot(b.Client) })
}

func TestOnlyMembersWhoMayBanUseMod(t *testing.T) {
	bot := newQuickstart(t)
	for _, line := range []string{"/mod user ban user:@ada reason:spam", "/mod user kick user:@ada", "/mod user timeout user:@ada minutes:5"} {
		if _, err := bot.TryCommand(line, switchboardtest.As(bot.Member)); !errors.Is(err, emulator.ErrPermissionDenied) {
			t.Errorf("bob, who may not ban, used %s: %v", line, err)
		}
	}
	if _, ok := bot.Membership(bot.Moderator); !ok {
		t.Error("the refused commands removed ada")
	}
}

func TestModBansKicksAndTimesOutForReal(t *testing.T) {
	tests := []struct {
		name, line, want string
		check            func(t *testing.T, bot *switchboardtest.Bot)
	}{
		{"a ban with a reason", `/mod user ban user:@bob reason:"spam, twice"`, "Banned bob (spam, twice).", func(t *testing.T, bot *switchboardtest.Bot) {
			if ban, ok := bot.Banned(bot.Member); !ok || ban.Reason != "spam, twice" {
				t.Errorf("bob's ban: %+v, %v; want one, for the reason given", ban, ok)
			}
			if _, ok := bot.Membership(bot.Member); ok {
				t.Error("bob is banned and still a member")
			}
		}},
		{"a ban without one", "/mod user ban user:@bob", "Banned bob (no reason given).", func(t *testing.T, bot *switchboardtest.Bot) {
			if ban, ok := bot.Banned(bot.Member); !ok || ban.Reason != "no reason given" {
				t.Errorf("bob's ban: %+v, %v", ban, ok)
			}
		}},
		{"a kick", `/mod user kick user:@bob reason:"off topic"`, "Kicked bob (off topic).", func(t *testing.T, bot *switchboardtest.Bot) {
			if _, ok := bot.Membership(bot.Member); ok {
				t.Error("bob is kicked and still a member")
			}
			if _, ok := bot.Banned(bot.Member); ok {
				t.Error("a kick banned bob")
			}
		}},
		{"a timeout", "/mod user timeout user:@bob minutes:90", "Timed bob out for 90 minutes (no reason given).", func(t *testing.T, bot *switchboardtest.Bot) {
			until, ok := bot.TimedOut(bot.Member)
			if d := time.Until(until); !ok || d < 89*time.Minute || d > 90*time.Minute {
				t.Errorf("bob is timed out until %v (%v); want 90 minutes from now", until, ok)
			}
			// A timed-out member may use no command.
			if _, err := bot.TryCommand("/greet name:Ada", switchboardtest.As(bot.Member)); !errors.Is(err, emulator.ErrPermissionDenied) {
				t.Errorf("bob used /greet while timed out: %v", err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bot := newQuickstart(t)
			x := bot.Command(tt.line, switchboardtest.As(bot.Moderator))
			if x.Content() != tt.want || !x.Ephemeral() {
				t.Errorf("%s answered %q, want %q, ephemeral\n%s", tt.line, x.Content(), tt.want, x)
			}
			tt.check(t, bot)
		})
	}
}

func TestTheServiceRefusesTheBotWhatItsRoleMayNotDo(t *testing.T) {
	bot := newQuickstart(t)
	// The owner may not be acted on; ada's Moderator role ranks above the
	// bot's. The bot says why; nothing changes.
	for _, tt := range []struct{ line, want string }{
		{"/mod user kick user:@owner", "I may not kick owner: they own the guild or rank at or above my role, or my role lacks the permission."},
		{"/mod user ban user:@ada", "I may not ban ada: they own the guild or rank at or above my role, or my role lacks the permission."},
		{"/mod user timeout user:@owner minutes:5", "I may not time out owner: they own the guild or rank at or above my role, or my role lacks the permission."},
	} {
		x := bot.Command(tt.line, switchboardtest.As(bot.Admin))
		if x.Content() != tt.want || !x.Ephemeral() {
			t.Errorf("%s answered %q, want %q\n%s", tt.line, x.Content(), tt.want, x)
		}
	}
	if len(bot.Bans()) != 0 || len(bot.Members()) != 4 {
		t.Errorf("after refusals: bans %+v, members %+v", bot.Bans(), bot.Members())
	}
	if _, ok := bot.TimedOut(bot.Admin); ok {
		t.Error("the owner is timed out")
	}
}

func TestModOnSomeoneWhoLeftSaysSo(t *testing.T) {
	bot := newQuickstart(t)
	ada := switchboardtest.As(bot.Moderator)
	bot.Command("/mod user kick user:@bob", ada)
	// The client no longer offers bob; his id still reaches the bot.
	x := bot.Command("/mod user timeout user:"+bot.Member.String()+" minutes:5", ada)
	if want := "bob is not a member here."; x.Content() != want {
		t.Errorf("a timeout of a user who left answered %q, want %q\n%s", x.Content(), want, x)
	}
}

func TestFeedbackIsAFormThenThanks(t *testing.T) {
	bot := newQuickstart(t)
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
	bot := newQuickstart(t)
	bot.UserCommand("High Five", bot.Member, switchboardtest.As(bot.Moderator)).Shows("ada high-fives bob!")
}
