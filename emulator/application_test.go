package emulator_test

import (
	"slices"
	"strconv"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// A client's login asks for the bot's application with the bot token.
func TestTheCurrentApplicationIsTheBots(t *testing.T) {
	const embedded, commandBadge = 1 << 17, 1 << 23
	for _, tc := range []struct {
		name      string
		cfg       emulator.Config
		flags     float64
		contexts  []string
		setGlobal bool
	}{
		{"an application without commands", emulator.Config{}, 0, []string{"0"}, false},
		{"one with global commands has their badge", emulator.Config{}, commandBadge, []string{"0"}, true},
		{"one with an Activity is embedded, and has its Launch command",
			emulator.Config{Activities: true}, embedded | commandBadge, []string{"0"}, false},
		{"one installable to users says so",
			emulator.Config{InstallationContexts: []interaction.IntegrationType{interaction.GuildInstall, interaction.UserInstall}},
			0, []string{"0", "1"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startCommands(t, tc.cfg)
			if tc.setGlobal {
				if status, raw := do(t, s, "PUT", globalPath(s), `[{"name":"ping","description":"d"}]`); status != 200 {
					t.Fatalf("%d %s", status, raw)
				}
			}
			// The older route and the newer answer alike.
			for _, path := range []string{"/oauth2/applications/@me", "/applications/@me"} {
				resp, app := call(t, s, "GET", path, "Bot "+s.BotToken, "")
				if resp.StatusCode != 200 {
					t.Fatalf("%s: %d %v", path, resp.StatusCode, app)
				}
				checkApplication(t, s, app, tc.flags, tc.contexts)
			}
		})
	}
	for _, path := range []string{"/oauth2/applications/@me", "/applications/@me"} {
		t.Run("a bearer token is not the bot at "+path, func(t *testing.T) {
			s := startCommands(t, emulator.Config{})
			resp, body := call(t, s, "GET", path, "Bearer "+clientToken(t, s, "identify"), "")
			if resp.StatusCode != 401 || body["code"] != float64(0) {
				t.Fatalf("%d %v", resp.StatusCode, body)
			}
		})
	}
}

// checkApplication fails unless app is the application object its bot
// reads, with flags and the integration types of contexts.
func checkApplication(t *testing.T, s *target, app map[string]any, flags float64, contexts []string) {
	t.Helper()
	for field, want := range map[string]any{
		"id": s.ApplicationID.String(), "verify_key": s.PublicKey, "description": "", "icon": nil, "team": nil,
		"bot_public": true, "bot_require_code_grant": false, "flags": flags,
		"flags_new": strconv.FormatFloat(flags, 'f', 0, 64), "approximate_guild_count": float64(1),
		"interactions_endpoint_url": nil,
	} {
		if got, ok := app[field]; !ok || got != want {
			t.Errorf("%s = %v (present %v), want %v", field, got, ok, want)
		}
	}
	checkPublicApplication(t, s, app, contexts)
	owner, _ := app["owner"].(map[string]any)
	checkUser(t, "owner", owner)
	if owner["id"] != s.Admin.String() {
		t.Errorf("owner %v", owner)
	}
}

// checkPublicApplication fails unless app has the fields of the
// application object anyone may read: its bot and the integration types
// of contexts.
func checkPublicApplication(t *testing.T, s *target, app map[string]any, contexts []string) {
	t.Helper()
	bot, _ := app["bot"].(map[string]any)
	checkUser(t, "bot", bot)
	if bot["id"] != s.ApplicationID.String() || bot["bot"] != true || app["name"] != bot["global_name"] {
		t.Errorf("bot %v, application name %v", bot, app["name"])
	}
	config, _ := app["integration_types_config"].(map[string]any)
	var keys []string
	for k := range config {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if !slices.Equal(keys, contexts) {
		t.Errorf("integration_types_config %v, want keys %v", config, contexts)
	}
}
