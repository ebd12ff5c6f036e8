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

// Guild commands do not take the BOT_DM context (nor contexts at all).
func TestAGuildCommandWithTheBotDMContextIsRefused(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	status, raw := do(t, s, "POST", guildPath(s), `{"name":"ping","description":"d","contexts":[1]}`)
	wantError(t, status, raw, 400, 50035, "Invalid Form Body")
	if !strings.Contains(string(raw), `"code":"APPLICATION_COMMAND_GUILD_BOT_DM"`) {
		t.Fatalf("errors tree: %s", raw)
	}
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
	ctx := context.Background()
	for _, tt := range []struct {
		name    string
		command string
		inGuild bool
		offered bool
	}{
		{"no contexts: offered in the bot's DMs", "anywhere", false, true},
		{"no contexts: offered in a guild", "anywhere", true, true},
		{"contexts [GUILD]: not in the bot's DMs", "guildonly", false, false},
		{"contexts [GUILD]: in a guild", "guildonly", true, true},
		{"dm_permission false: not in the bot's DMs", "nodms", false, false},
		{"integration_types [USER_INSTALL]: not in a guild that installed the application", "useronly", true, false},
		{"age-restricted: not in a channel that is not", "adult", true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			inv := emulator.Invocation{Command: tt.command}
			if tt.inGuild {
				inv.Guild = s.GuildID
			}
			_, err := srv.Invoke(ctx, inv)
			if got := !errors.Is(err, emulator.ErrUnknownCommand); got != tt.offered {
				t.Fatalf("offered = %v, want %v (err %v)", got, tt.offered, err)
			}
		})
	}
}
