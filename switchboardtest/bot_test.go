package switchboardtest_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// newBot is a bot with one of each thing a user meets: a command with a
// button, a form, a deferred answer with a follow-up, a context-menu
// command, suggestions and a command for moderators. release lets the
// deferred answer be completed.
func newBot(release <-chan struct{}) *router.Router {
	r := router.New()
	r.Command("greet", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		name, _ := req.Options.String("name")
		return interaction.Reply("Hello, " + name + "!").WithComponents(component.Row(
			component.PrimaryButton("wave:"+name, "Wave back"))), nil
	}, router.Description("Greet someone"), router.Options(option.String("name", "Who").Required()))
	r.Component("wave:{name}", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		name, err := req.Params.Get("name").Text()
		if err != nil {
			return interaction.Response{}, err
		}
		return interaction.Update(name + " waves back."), nil
	})

	r.Command("report", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.ShowModal(component.Modal("report", "Report a problem",
			component.Labeled("What happened?", component.ParagraphInput("what")))), nil
	}, router.Description("Report a problem"), router.NoAutoDefer())
	r.Modal("report", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		what, _ := req.Fields.Text("what")
		return interaction.Reply("Reported: " + what).Ephemeral(), nil
	})

	r.Command("build", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		go func() {
			<-release
			ctx := context.Background()
			if _, err := req.EditOriginal(ctx, interaction.MessageData{Content: "Built."}); err != nil {
				req.Logger().Error().Err(err).Msg("edit")
				return
			}
			req.Followup(ctx, interaction.MessageData{Content: "Deployed too."}) //nolint:errcheck // the test sees it or not
		}()
		return interaction.Defer(), nil
	}, router.Description("Build the project"), router.NoAutoDefer())

	r.UserCommand("Wave", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		target, _ := req.TargetUser()
		return interaction.Reply("You wave at " + target.User.Username + ".").Ephemeral(), nil
	})

	r.Command("weather", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		city, _ := req.Options.String("city")
		return interaction.Reply("Sunny in " + city + "."), nil
	}, router.Description("The weather"), router.Options(option.String("city", "Where").Required().Autocomplete()))
	r.Autocomplete("weather", "city", func(_ context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		var out []interaction.Choice
		for _, c := range []string{"Paris", "Parma", "Rome"} {
			if strings.HasPrefix(strings.ToLower(c), strings.ToLower(req.Focused.Text())) {
				out = append(out, interaction.StringChoice(c, strings.ToLower(c)))
			}
		}
		return out, nil
	})

	r.Command("flavour", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("Pick one.").WithComponents(component.Row(
			component.Select("flavour", component.Option("Vanilla", "vanilla"), component.Option("Chocolate", "chocolate")).
				WithPlaceholder("A flavour"))), nil
	}, router.Description("Pick a flavour"))
	r.Component("flavour", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Update("You picked " + strings.Join(req.Values(), ", ") + "."), nil
	})
	r.MessageCommand("Quote", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		m, _ := req.TargetMessage()
		return interaction.Reply("> " + m.Content), nil
	})

	r.Command("purge", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("Purged."), nil
	}, router.Description("Delete messages"), router.Permissions(interaction.PermissionManageMessages))
	return r
}

func TestACommandAndItsButton(t *testing.T) {
	bot := switchboardtest.New(t, newBot(nil))
	x := bot.Command("/greet name:Ada")
	if got := x.Content(); got != "Hello, Ada!" {
		t.Fatalf("content %q\n%s", got, x)
	}
	x.Shows("Wave back")
	waved := x.As(bot.Admin).Click("Wave back")
	if got := waved.Content(); got != "Ada waves back." {
		t.Fatalf("after the click, %q\n%s", got, waved)
	}
	if got := waved.Interaction().Member.Raw(); len(got) == 0 {
		t.Error("the click was not made in the guild")
	}
}

func TestAFormIsOpenedAndSubmitted(t *testing.T) {
	bot := switchboardtest.New(t, newBot(nil))
	form := bot.Command("/report")
	if got := form.Modal().Title; got != "Report a problem" {
		t.Fatalf("modal %q", got)
	}
	sent := form.Submit(emulator.Submit{Fields: map[string]string{"What happened?": "The build is red."}})
	sent.Shows("Reported: The build is red.")
	if !sent.Ephemeral() {
		t.Errorf("the answer is public\n%s", sent)
	}
}

func TestADeferredAnswerIsWaitedFor(t *testing.T) {
	release := make(chan struct{})
	bot := switchboardtest.New(t, newBot(release))
	x := bot.Command("/build")
	if !x.Message().Loading() {
		t.Fatalf("the answer is not deferred\n%s", x)
	}
	close(release)
	x.Wait().WaitFollowups(1)
	x.Shows("Built.", "Deployed too.")
	if n := len(x.History()); n != 3 {
		t.Errorf("%d changes, want the deferral, its completion and the follow-up\n%s", n, x)
	}
}

// Each wait returns once the messages are as it says, whatever the order
// the bot's work reaches that state in.
func TestEachWaitReturnsOnceTheMessagesAreAsItSays(t *testing.T) {
	tests := []struct {
		name string
		wait func(x *switchboardtest.Exchange)
		// changes is how many changes there are at least once it has
		// returned.
		changes int
	}{
		{"Wait, for the completion", func(x *switchboardtest.Exchange) { x.Wait() }, 2},
		{"WaitFollowups, for the follow-up", func(x *switchboardtest.Exchange) { x.WaitFollowups(1) }, 3},
		{"WaitChanges, for the deferral, the completion and the follow-up", func(x *switchboardtest.Exchange) { x.WaitChanges(3) }, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			release := make(chan struct{})
			bot := switchboardtest.New(t, newBot(release))
			x := bot.Command("/build")
			close(release)
			tt.wait(x)
			if n := len(x.History()); n < tt.changes {
				t.Errorf("returned with %d changes, want %d\n%s", n, tt.changes, x)
			}
		})
	}
}

func TestAnAnswerTheEndpointDefersIsWaitedFor(t *testing.T) {
	r := router.New()
	release := make(chan struct{})
	r.Command("slow", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		<-release
		return interaction.Reply("Done at last."), nil
	}, router.Description("Takes its time"))
	// The endpoint defers 100ms after the interaction arrives.
	bot := switchboardtest.New(t, r,
		switchboardtest.WithEmulator(emulator.Config{ResponseWindow: time.Second}),
		switchboardtest.WithEndpoint(endpoint.WithResponseDeadline(time.Second), endpoint.WithAnswerMargin(900*time.Millisecond)))
	x := bot.Command("/slow")
	close(release)
	if got := x.Wait().Content(); got != "Done at last." {
		t.Fatalf("%q\n%s", got, x)
	}
}

func TestContextMenusAndSuggestions(t *testing.T) {
	bot := switchboardtest.New(t, newBot(nil))
	waved := bot.UserCommand("Wave", bot.Admin, switchboardtest.As(bot.Member))
	if !strings.HasPrefix(waved.Content(), "You wave at ") {
		t.Errorf("%q\n%s", waved.Content(), waved)
	}
	var names []string
	for _, c := range bot.Autocomplete("/weather city:par").Choices() {
		names = append(names, c.Name)
	}
	if strings.Join(names, ",") != "Paris,Parma" {
		t.Errorf("suggestions %q", names)
	}
	bot.Command("/weather city:parma").Shows("Sunny in parma.")
}

func TestAMenuAndAMessageCommand(t *testing.T) {
	bot := switchboardtest.New(t, newBot(nil))
	picked := bot.Command("/flavour").Choose("A flavour", "Chocolate")
	if got := picked.Content(); got != "You picked chocolate." {
		t.Errorf("%q\n%s", got, picked)
	}
	greeting := bot.Command("/greet name:Ada")
	bot.MessageCommand("Quote", greeting.Message().ID).Shows("> Hello, Ada!")
}

func TestWhoMayUseACommand(t *testing.T) {
	bot := switchboardtest.New(t, newBot(nil))
	if _, err := bot.TryCommand("/purge", switchboardtest.As(bot.Member)); !errors.Is(err, emulator.ErrPermissionDenied) {
		t.Errorf("a member without Manage Messages: %v", err)
	}
	bot.Command("/purge", switchboardtest.As(bot.Moderator)).Shows("Purged.")
	bot.Command("/greet name:Ada", switchboardtest.InDM()).Shows("Hello, Ada!")
	fr := bot.Command("/greet name:Ada", switchboardtest.InLocale(interaction.LocaleFrench))
	if got := fr.Interaction().Locale; got != interaction.LocaleFrench {
		t.Errorf("locale %v", got)
	}
}

func TestTheExampleTestPasses(t *testing.T) { testGreeting(t) }

func TestTheAnotherExampleTestPasses(t *testing.T) { testTwoBots(t) }

// Another serves the applications New was given, one each, with the
// options of a bot alone; a second bot may be served over the gateway.
func TestAnotherServesTheApplicationsBesideTheFirst(t *testing.T) {
	for _, tc := range []struct {
		name string
		do   func(tb testing.TB)
		want string
	}{
		{"none given", func(tb testing.TB) {
			switchboardtest.New(tb, pinger("mod")).Another(pinger("music"))
		}, "no application is left for Another to serve: give New WithApplications"},
		{"one too many", func(tb testing.TB) {
			bot := switchboardtest.New(tb, pinger("mod"), switchboardtest.WithApplications(emulator.ApplicationConfig{Name: "music"}))
			bot.Another(pinger("music"))
			bot.Another(pinger("radio"))
		}, "no application is left"},
		{"an option of the emulator", func(tb testing.TB) {
			bot := switchboardtest.New(tb, pinger("mod"), switchboardtest.WithApplications(emulator.ApplicationConfig{Name: "music"}))
			bot.Another(pinger("music"), switchboardtest.WithEmulator(emulator.Config{}))
		}, "Another takes the options of a bot, not of the emulator"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := failed(t, tc.do); !strings.Contains(got, tc.want) {
				t.Errorf("failed with %q; want it to say %q", got, tc.want)
			}
		})
	}

	mod := switchboardtest.New(t, pinger("mod"), switchboardtest.WithApplications(
		emulator.ApplicationConfig{Name: "music"}, emulator.ApplicationConfig{Name: "radio"}))
	music := mod.Another(pinger("music"), switchboardtest.OverGateway(nil))
	radio := mod.Another(pinger("radio"))
	for _, tc := range []struct {
		bot  *switchboardtest.Bot
		want string
	}{{mod, "pong from mod"}, {music, "pong from music"}, {radio, "pong from radio"}} {
		if x := tc.bot.Command("/ping").Shows(tc.want); x.Interaction().ApplicationID != tc.bot.Application() {
			t.Errorf("%s went to application %s; want %s", tc.want, x.Interaction().ApplicationID, tc.bot.Application())
		}
	}
	if music.Application() == mod.Application() || radio.Application() == music.Application() || mod.Application() != mod.Emulator.ApplicationID {
		t.Errorf("the bots' applications: %s, %s, %s", mod.Application(), music.Application(), radio.Application())
	}
}
