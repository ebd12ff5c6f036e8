package switchboardtest_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

func TestTheNewFuncExampleTestPasses(t *testing.T)    { testHelp(t) }
func TestTheWithRoutesExampleTestPasses(t *testing.T) { testWhere(t) }

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
		routes func(e *router.Endpoint) http.Handler
		want   string
	}{
		{"at the root, unwrapped", "", func(e *router.Endpoint) http.Handler { return e }, "Served from ."},
		{"beside other routes, under middleware", "/interactions", func(e *router.Endpoint) http.Handler { return routes(e) }, "Served from eu-west."},
		{"under a prefix stripped before the endpoint", "/bot/interactions",
			func(e *router.Endpoint) http.Handler { return http.StripPrefix("/bot", routes(e)) }, "Served from eu-west."},
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
			func(e *router.Endpoint) http.Handler { return routes(e) }))
	})
	if !strings.Contains(msg, "switchboardtest: the emulator refused the endpoint") {
		t.Errorf("New failed with %q", msg)
	}
}
