package emulator_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// Tests of rules listed in CONFORMANCE.md that no other test covered.

// A bulk overwrite body longer than the sum of the per-type limits (130) is
// refused as a whole with BASE_TYPE_MAX_LENGTH.
func TestBulkOverwriteOfMoreThan130CommandsIsRefused(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	status, raw := do(t, s, "PUT", guildPath(s), bulkBody("c", 131))
	wantError(t, status, raw, 400, 50035, "Invalid Form Body")
	if !strings.Contains(string(raw), `"code":"BASE_TYPE_MAX_LENGTH"`) {
		t.Fatalf("errors tree: %s", raw)
	}
}

// A bulk overwrite that passes the limit of a type (100 CHAT_INPUT) is the
// service's 30032, and changes nothing.
func TestBulkOverwritePastATypesLimitIsMaxCommands(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	status, raw := do(t, s, "PUT", globalPath(s), bulkBody("c", 101))
	wantError(t, status, raw, 400, 30032, "Maximum number of application commands reached (100)")
	_, raw = do(t, s, "GET", globalPath(s), "")
	if n := len(list(t, raw)); n != 0 {
		t.Fatalf("a refused overwrite left %d commands", n)
	}
}

// The application may hold one global PRIMARY_ENTRY_POINT command.
func TestASecondEntryPointCommandIsRefused(t *testing.T) {
	s := startCommands(t, emulator.Config{Activities: true})
	status, raw := do(t, s, "POST", globalPath(s), `{"name":"Other","type":4,"handler":1}`)
	wantError(t, status, raw, 400, 30032, "Maximum number of application commands reached (1)")
}

// The guild bulk overwrite takes dm_permission, integration_types and
// contexts (by default [0] and [0,1,2]); a client may send them on every
// command. The service accepts them on guild commands, in every write, and
// ignores them: the command reads back without them.
func TestAGuildCommandAcceptsAndIgnoresTheGlobalOnlyFields(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	const fields = `"dm_permission":true,"integration_types":[0],"contexts":[0,1,2]`
	for _, w := range []struct{ name, method, path, body string }{
		{"bulk overwrite", "PUT", guildPath(s), `[{"name":"ping","description":"d",` + fields + `}]`},
		{"create", "POST", guildPath(s), `{"name":"pong","description":"d",` + fields + `}`},
	} {
		if status, raw := do(t, s, w.method, w.path, w.body); status != 200 && status != 201 {
			t.Fatalf("%s: %d %s", w.name, status, raw)
		}
	}
	// An edit of nothing but those fields changes nothing, not even the
	// version.
	_, raw := do(t, s, "GET", guildPath(s), "")
	before := list(t, raw)[0]
	status, raw := do(t, s, "PATCH", guildPath(s)+"/"+before["id"].(string), `{"dm_permission":false,"contexts":[1]}`)
	if status != 200 {
		t.Fatalf("edit: %d %s", status, raw)
	}
	if after := object(t, raw); after["version"] != before["version"] {
		t.Errorf("an edit of ignored fields changed the version: %v to %v", before["version"], after["version"])
	}
	_, raw = do(t, s, "GET", guildPath(s), "")
	for _, c := range list(t, raw) {
		for _, field := range []string{"dm_permission", "integration_types", "contexts"} {
			if _, ok := c[field]; ok {
				t.Errorf("%s reads back %s: %s", c["name"], field, raw)
			}
		}
	}
	// Values that are no context are refused all the same.
	status, raw = do(t, s, "POST", guildPath(s), `{"name":"bad","description":"d","contexts":[7]}`)
	wantError(t, status, raw, 400, 50035, "Invalid Form Body")
	if !strings.Contains(string(raw), `"code":"ENUM_TYPE_COERCE"`) {
		t.Fatalf("errors tree: %s", raw)
	}
}

// Ignored, those fields change where a guild command is offered in no
// way: in its guild whatever they say, never in direct messages, even with
// BOT_DM among its contexts (guild commands do not support BOT_DM).
func TestTheGlobalOnlyFieldsDoNotMoveAGuildCommand(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	srv := s.Server(t, "invokes through the Go API")
	body := `[{"name":"dmonly","description":"d","contexts":[1],"dm_permission":false},` +
		`{"name":"everywhere","description":"d","contexts":[0,1,2]}]`
	if status, raw := do(t, s, "PUT", guildPath(s), body); status != 200 {
		t.Fatalf("%d %s", status, raw)
	}
	checkOffered(t, srv, s.GuildID, []offerCase{
		{"contexts [BOT_DM] and dm_permission false: still in the guild", "dmonly", true, true},
		{"contexts [BOT_DM]: not in the bot's DMs", "dmonly", false, false},
		{"contexts with BOT_DM: not in the bot's DMs", "everywhere", false, false},
	})
}

// Where a global command is offered: contexts, the deprecated
// dm_permission, integration_types and age restriction decide it before
// anything is sent (no interactions URL is set, so an invocation that gets
// past the command lookup fails with ErrUnknownTarget instead).
func TestWhereAGlobalCommandIsOffered(t *testing.T) {
	s := startCommands(t, emulator.Config{InstallationContexts: []interaction.IntegrationType{interaction.GuildInstall, interaction.UserInstall}})
	srv := s.Server(t, "invokes through the Go API")
	for _, body := range []string{
		`{"name":"anywhere","description":"d"}`,
		`{"name":"guildonly","description":"d","contexts":[0]}`,
		`{"name":"nodms","description":"d","dm_permission":false}`,
		`{"name":"useronly","description":"d","integration_types":[1]}`,
		`{"name":"adult","description":"d","nsfw":true}`,
	} {
		if status, raw := do(t, s, "POST", globalPath(s), body); status != 201 {
			t.Fatalf("%s: %d %s", body, status, raw)
		}
	}
	checkOffered(t, srv, s.GuildID, []offerCase{
		{"no contexts: offered in the bot's DMs", "anywhere", false, true},
		{"no contexts: offered in a guild", "anywhere", true, true},
		{"contexts [GUILD]: not in the bot's DMs", "guildonly", false, false},
		{"contexts [GUILD]: in a guild", "guildonly", true, true},
		{"dm_permission false: not in the bot's DMs", "nodms", false, false},
		{"integration_types [USER_INSTALL]: not in a guild that installed the application", "useronly", true, false},
		{"age-restricted: not in a channel that is not", "adult", true, false},
	})
}

// offerCase is whether a command is offered where it is invoked: in the
// guild, or in the bot's DMs.
type offerCase struct {
	name    string
	command string
	inGuild bool
	offered bool
}

// checkOffered invokes each case's command through srv, and checks that
// the client offers it (the lookup gets past ErrUnknownCommand) or not.
func checkOffered(t *testing.T, srv *emulator.Server, guild interaction.Snowflake, cases []offerCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			inv := emulator.Invocation{Command: tt.command}
			if tt.inGuild {
				inv.Guild = guild
			}
			_, err := srv.Invoke(context.Background(), inv)
			if got := !errors.Is(err, emulator.ErrUnknownCommand); got != tt.offered {
				t.Fatalf("offered = %v, want %v (err %v)", got, tt.offered, err)
			}
		})
	}
}
