// Package adaptertest checks an adapter of a gateway library, which puts
// a router behind the library's connection to the service's gateway,
// against the emulator: every kind of answer a router gives goes through
// the library's connection and the adapter as it goes over HTTP, and the
// connection survives what a handler does and a resume.
package adaptertest

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// Window is the response window the checks run in: long enough for a
// reply through a loaded machine's gateway, short enough that a deferral
// and a panic's missing answer take a second.
const Window = 2 * time.Second

// A Client makes the Connect of the library under test. resumed is
// called each time the library's session resumes (RESUMED), from any
// goroutine.
type Client func(resumed func()) switchboardtest.Connect

// Run checks, on one connection of the library c makes: a reply, whose
// handler sees the interaction the emulator sent, field for field; a
// button's click, a select menu's choice, a form opened and submitted,
// suggestions, a user command; a handler's error, answered by the error
// handler; a
// handler that panics, after which the same session serves the next
// interaction; a handler still running at the margin, deferred and
// completed; and a resume (emulator.Server.ReconnectGateway), after
// which the same session serves the next interaction.
func Run(t *testing.T, c Client) {
	t.Helper()
	resumed := make(chan struct{}, 16)
	release := make(chan struct{})
	seen := make(chan *interaction.Interaction, 1)
	bot := switchboardtest.New(t, newRouter(release, seen),
		switchboardtest.WithResponseWindow(Window),
		switchboardtest.OverGateway(c(func() {
			select {
			case resumed <- struct{}{}:
			default:
			}
		})))
	session := onlySession(t, bot)

	ping := bot.Command("/ping")
	ping.Shows("pong")
	if !ping.Result.Gateway {
		t.Fatalf("the interaction did not go over the gateway:\n%s", ping)
	}
	if got, want := <-seen, ping.Interaction(); !reflect.DeepEqual(got, want) {
		t.Errorf("the handler saw\n%+v\nthe emulator sent\n%+v", got, want)
	}

	bot.Command("/panel").Click("Wave").Shows("Waved.")
	bot.Command("/flavour").Choose("A flavour", "Chocolate").Shows("You picked chocolate.")
	bot.Command("/report").Submit(emulator.Submit{Fields: map[string]string{"What happened?": "The build is red."}}).Shows("Reported: The build is red.")
	if got := bot.Autocomplete("/weather city:par").Choices(); len(got) != 1 || got[0].Name != "Paris" {
		t.Errorf("suggestions %+v, want Paris", got)
	}
	bot.UserCommand("Wave at", bot.Admin).Shows("You wave at")

	broken := bot.Command("/broken")
	broken.Shows("Sorry, that failed.")
	if !broken.Ephemeral() {
		t.Errorf("the error handler's answer is not ephemeral:\n%s", broken)
	}

	if x, err := bot.TryCommand("/boom"); err == nil {
		t.Errorf("a handler that panicked was answered:\n%s", x)
	}
	bot.Command("/ping").Shows("pong")
	if got := onlySession(t, bot); got != session {
		t.Errorf("after a panic the bot has session %s, want %s", got, session)
	}

	slow := bot.Command("/slow")
	if slow.Answer().Type != interaction.CallbackDeferredChannelMessageWithSource || !slow.Message().Loading() {
		t.Fatalf("the answer is %v, want the endpoint's deferral\n%s", slow.Answer().Type, slow)
	}
	close(release)
	slow.Wait().Shows("Done, slowly.")

	for len(resumed) > 0 { // a resume of the library's own, before
		<-resumed
	}
	bot.Emulator.ReconnectGateway()
	select {
	case <-resumed:
	case <-time.After(switchboardtest.DefaultWait):
		t.Fatalf("the client did not resume within %v", switchboardtest.DefaultWait)
	}
	bot.Command("/ping").Shows("pong")
	if got := onlySession(t, bot); got != session {
		t.Errorf("after the reconnect the bot has session %s, want %s resumed", got, session)
	}
}

// onlySession returns the id of the bot's one gateway session.
func onlySession(t *testing.T, bot *switchboardtest.Bot) string {
	t.Helper()
	ss := bot.Emulator.GatewaySessions()
	if len(ss) != 1 {
		t.Fatalf("the bot has %d gateway sessions, want 1: %+v", len(ss), ss)
	}
	return ss[0].ID
}

// newRouter is the bot the checks use. /ping sends seen the interaction
// its handler saw, if seen has room; /slow waits for release.
func newRouter(release <-chan struct{}, seen chan<- *interaction.Interaction) *router.Router {
	r := router.New()
	r.Command("ping", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		select {
		case seen <- req.Interaction:
		default:
		}
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))
	r.Command("panel", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("A panel.").WithComponents(component.Row(component.PrimaryButton("wave", "Wave"))), nil
	}, router.Description("Show a button"))
	r.Component("wave", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Update("Waved."), nil
	})
	r.Command("flavour", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("Pick one.").WithComponents(component.Row(
			component.Select("flavour", component.Option("Vanilla", "vanilla"), component.Option("Chocolate", "chocolate")).
				WithPlaceholder("A flavour"))), nil
	}, router.Description("Pick a flavour"))
	r.Component("flavour", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Update("You picked " + strings.Join(req.Values(), ", ") + "."), nil
	})
	r.Command("report", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.ShowModal(component.Modal("report", "Report a problem",
			component.Labeled("What happened?", component.ParagraphInput("what")))), nil
	}, router.Description("Report a problem"))
	r.Modal("report", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		what, _ := req.Fields.Text("what")
		return interaction.Reply("Reported: " + what).Ephemeral(), nil
	})
	r.Command("weather", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		city, _ := req.Options.String("city")
		return interaction.Reply("Sunny in " + city + "."), nil
	}, router.Description("The weather"), router.Options(option.String("city", "Where").Required().Autocomplete()))
	r.Autocomplete("weather", "city", func(_ context.Context, req *autocomplete.Request) ([]interaction.Choice, error) {
		var out []interaction.Choice
		for _, c := range []string{"Paris", "Rome"} {
			if strings.HasPrefix(strings.ToLower(c), strings.ToLower(req.Focused.Text())) {
				out = append(out, interaction.StringChoice(c, strings.ToLower(c)))
			}
		}
		return out, nil
	})
	r.UserCommand("Wave at", func(_ context.Context, req *router.Request) (interaction.Response, error) {
		target, _ := req.TargetUser()
		return interaction.Reply("You wave at " + target.User.Username + ".").Ephemeral(), nil
	})
	r.Command("broken", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Response{}, errors.New("the store is down")
	}, router.Description("Fail"))
	r.Command("boom", func(context.Context, *router.Request) (interaction.Response, error) {
		panic("boom")
	}, router.Description("Panic"))
	r.Command("slow", func(ctx context.Context, _ *router.Request) (interaction.Response, error) {
		select {
		case <-release:
			return interaction.Reply("Done, slowly."), nil
		case <-ctx.Done():
			return interaction.Response{}, ctx.Err()
		}
	}, router.Description("Take a while"))
	r.OnError(func(context.Context, *router.Request, error) interaction.Response {
		return interaction.Reply("Sorry, that failed.").Ephemeral()
	})
	return r
}
