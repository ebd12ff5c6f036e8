package switchboardtest_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

func TestTheNewFuncExampleTestPasses(t *testing.T)    { testHelp(t) }
func TestTheWithRoutesExampleTestPasses(t *testing.T) { testWhere(t) }
func TestTheLaunchExampleTestPasses(t *testing.T)     { testGameNight(t) }
func TestTheBannedExampleTestPasses(t *testing.T)     { testWarden(t) }

// The build NewFunc is given sees the emulator the bot is served to: a
// client authenticated as the bot, the application, the guild and its
// users; the router it returns is the one served.
func TestNewFuncBuildsTheRouterWithTheEmulatorsClient(t *testing.T) {
	var seen *switchboardtest.Bot
	var me interaction.User
	bot := switchboardtest.NewFunc(t, func(b *switchboardtest.Bot) *router.Router {
		seen = b
		var err error
		if me, err = b.Client.CurrentUser(t.Context()); err != nil {
			t.Fatalf("the client: %v", err)
		}
		return helper(b.Client, b.Emulator.ApplicationID)
	})
	tests := []struct {
		name string
		ok   bool
	}{
		{"the build is given the Bot New returns", seen == bot},
		{"its client is the bot's", me.ID == bot.Emulator.ApplicationID && me.Bot},
		{"the client stays on the Bot", bot.Client != nil && bot.Client == seen.Client},
		{"the guild and its users are set", bot.Guild == bot.Emulator.GuildID && bot.Admin == bot.Emulator.Admin &&
			bot.Moderator == bot.Emulator.Moderator && bot.Member == bot.Emulator.Member},
		{"the router is built once served", bot.Mux != nil && len(bot.Mux.Definitions().Commands(command.Global)) == 1},
	}
	for _, tt := range tests {
		if !tt.ok {
			t.Errorf("%s: it is not", tt.name)
		}
	}
	// The handler uses the client it was built with, as it would in
	// production.
	bot.Command("/help").Shows("Commands: /help")
	cmds, err := bot.Client.ListCommands(t.Context(), bot.Emulator.ApplicationID, command.Global, false)
	if err != nil || len(cmds) != 1 || cmds[0].Name != "help" {
		t.Errorf("the service holds %v, %v; want /help", cmds, err)
	}
}

// WithRoutes serves the endpoint through the bot's handler, at the path
// the service is given, and the handler's middleware reaches the bot's
// handlers.
func TestWithRoutesServesTheEndpointAtItsPath(t *testing.T) {
	tests := []struct {
		name   string
		path   string
		routes func(e *endpoint.Endpoint) http.Handler
		want   string
	}{
		{"at the root, unwrapped", "", func(e *endpoint.Endpoint) http.Handler { return e }, "Served from ."},
		{"beside other routes, under middleware", "/interactions", func(e *endpoint.Endpoint) http.Handler { return routes(e) }, "Served from eu-west."},
		{"under a prefix stripped before the endpoint", "/bot/interactions",
			func(e *endpoint.Endpoint) http.Handler { return http.StripPrefix("/bot", routes(e)) }, "Served from eu-west."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bot := switchboardtest.New(t, whereabouts(), switchboardtest.WithRoutes(tt.path, tt.routes))
			if got := bot.Command("/where").Content(); got != tt.want {
				t.Errorf("answered %q, want %q", got, tt.want)
			}
		})
	}
}

// Routes that do not serve the endpoint at the path given fail New: the
// emulator checks the URL as the service does when it is saved.
func TestWithRoutesAtTheWrongPathFailsNew(t *testing.T) {
	msg := failed(t, func(tb testing.TB) {
		switchboardtest.New(tb, whereabouts(), switchboardtest.WithRoutes("/elsewhere",
			func(e *endpoint.Endpoint) http.Handler { return routes(e) }))
	})
	if !strings.Contains(msg, "switchboardtest: the emulator refused the endpoint") {
		t.Errorf("New failed with %q", msg)
	}
}

// Launch opens the entry point command: the bot's handler answers it, or,
// when the command's handler is the service's, the service launches the
// Activity and the bot hears nothing.
func TestLaunchOpensTheEntryPoint(t *testing.T) {
	bot := switchboardtest.New(t, gameNight(), switchboardtest.WithEmulator(emulator.Config{Activities: true}))
	lounge, err := bot.Emulator.FindChannel(bot.Guild, "#Lounge")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		who      []switchboardtest.Who
		launched bool
		answer   interaction.CallbackType
	}{
		{"in a text channel the bot answers with a message", nil, false, interaction.CallbackChannelMessageWithSource},
		{"in a voice channel the bot launches the Activity", []switchboardtest.Who{switchboardtest.InChannel(lounge)}, false, interaction.CallbackLaunchActivity},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := bot.Launch("Launch", tt.who...)
			if x.Result.Launched != tt.launched || x.Answer().Type != tt.answer {
				t.Errorf("launched %v, answered %v; want %v, %v\n%s", x.Result.Launched, x.Answer().Type, tt.launched, tt.answer, x)
			}
			if x.Interaction().Data.Type != interaction.CommandPrimaryEntryPoint {
				t.Errorf("the bot was sent a %v command", x.Interaction().Data.Type)
			}
		})
	}
	// The entry point is for guilds: the client does not offer it in
	// direct messages.
	if _, err := bot.TryInvoke(emulator.Invocation{Command: "Launch", Type: interaction.CommandPrimaryEntryPoint}, switchboardtest.InDM()); !errors.Is(err, emulator.ErrUnknownCommand) {
		t.Errorf("launched in the bot's direct messages: %v", err)
	} else if !strings.HasPrefix(err.Error(), `launch "Launch": `) {
		t.Errorf("the refusal does not say what was refused: %v", err)
	}
}

// A launch the service handles itself sends the bot nothing: the
// exchange says so, and a check of an answer fails saying so too.
func TestALaunchTheServiceHandlesSendsTheBotNothing(t *testing.T) {
	bot := switchboardtest.New(t, gameNight(), switchboardtest.WithEmulator(emulator.Config{Activities: true}))
	setHandler(t, bot, interaction.HandlerServiceLaunchActivity)
	x := bot.Launch("Launch")
	if !x.Result.Launched || x.Interaction() != nil {
		t.Fatalf("launched %v, interaction %v\n%s", x.Result.Launched, x.Interaction(), x)
	}
	for _, want := range []string{`launch "Launch"` + "\n", "the service launched the Activity itself and sent the bot nothing"} {
		if !strings.Contains(x.String(), want) {
			t.Errorf("the exchange lacks %q:\n%s", want, x)
		}
	}
	if l := bot.Emulator.Launches(); len(l) != 1 {
		t.Errorf("the service launched %d times", len(l))
	}
	msg := failed(t, func(tb testing.TB) {
		bot := switchboardtest.New(tb, gameNight(), switchboardtest.WithEmulator(emulator.Config{Activities: true}))
		setHandler(tb, bot, interaction.HandlerServiceLaunchActivity)
		bot.Launch("Launch").Shows("Join the Lounge")
	})
	if !strings.Contains(msg, "the service launched the Activity itself: the bot was sent nothing") {
		t.Errorf("a check of the launch failed with %q", msg)
	}
}

// setHandler gives the application's entry point command handler h,
// through the bot's client.
func setHandler(tb testing.TB, bot *switchboardtest.Bot, h interaction.EntryPointHandlerType) {
	tb.Helper()
	ctx, app := context.Background(), bot.Emulator.ApplicationID
	cmds, err := bot.Client.ListCommands(ctx, app, command.Global, false)
	if err != nil {
		tb.Fatal(err)
	}
	for _, c := range cmds {
		if c.CommandType() == interaction.CommandPrimaryEntryPoint {
			c.Handler = h
			if _, err := bot.Client.EditCommand(ctx, app, command.Global, c.ID, c, "handler"); err != nil {
				tb.Fatal(err)
			}
			return
		}
	}
	tb.Fatal("no entry point command")
}
