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
			resp, app := call(t, s, "GET", "/oauth2/applications/@me", "Bot "+s.BotToken, "")
			if resp.StatusCode != 200 {
				t.Fatalf("%d %v", resp.StatusCode, app)
			}
			for field, want := range map[string]any{
				"id": s.ApplicationID.String(), "verify_key": s.PublicKey, "description": "", "icon": nil, "team": nil,
				"bot_public": true, "bot_require_code_grant": false, "flags": tc.flags,
				"flags_new": strconv.FormatFloat(tc.flags, 'f', 0, 64), "approximate_guild_count": float64(1),
				"interactions_endpoint_url": nil,
			} {
				if got, ok := app[field]; !ok || got != want {
					t.Errorf("%s = %v (present %v), want %v", field, got, ok, want)
				}
			}
			bot, _ := app["bot"].(map[string]any)
			checkUser(t, "bot", bot)
			if bot["id"] != s.ApplicationID.String() || bot["bot"] != true || app["name"] != bot["global_name"] {
				t.Errorf("bot %v, application name %v", bot, app["name"])
			}
			owner, _ := app["owner"].(map[string]any)
			checkUser(t, "owner", owner)
			if owner["id"] != s.Admin.String() {
				t.Errorf("owner %v", owner)
			}
			config, _ := app["integration_types_config"].(map[string]any)
			var keys []string
			for k := range config {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			if !slices.Equal(keys, tc.contexts) {
				t.Errorf("integration_types_config %v, want keys %v", config, tc.contexts)
			}
		})
	}
	t.Run("a bearer token is not the bot", func(t *testing.T) {
		s := startCommands(t, emulator.Config{})
		resp, body := call(t, s, "GET", "/oauth2/applications/@me", "Bearer "+clientToken(t, s, "identify"), "")
		if resp.StatusCode != 401 || body["code"] != float64(0) {
			t.Fatalf("%d %v", resp.StatusCode, body)
		}
	})
}
