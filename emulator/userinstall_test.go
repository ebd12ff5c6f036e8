package emulator_test

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// Carol and the guild "Elsewhere" are seeded for the tests of user
// installations: the application is not installed there, and its @everyone
// may only view channels.
const (
	carol     = "1001"
	elsewhere = "2001"
)

func userInstallConfig() emulator.Config {
	return emulator.Config{
		InstallationContexts: bothContexts,
		SKUs:                 testSKUs,
		Seed: &emulator.Seed{
			Users: []interaction.User{{ID: 1001, Username: "carol"}},
			Guilds: []emulator.SeedGuild{{
				ID: 2001, Name: "Elsewhere", OwnerID: 1001, Installed: new(bool),
				Roles:    []interaction.Role{{ID: 2001, Permissions: interaction.PermissionViewChannel}},
				Channels: []emulator.SeedChannel{{Channel: interaction.Channel{ID: 2003, Name: "general", Type: interaction.ChannelGuildText}}},
			}},
		},
	}
}

// startUserInstall starts an emulator for an application users may
// install, with the relay as its bot, the guild command "ask", and the
// global commands "mine", installed only to users, and "both".
func startUserInstall(t *testing.T) (*target, *relay) {
	t.Helper()
	s, rl := startRelay(t, userInstallConfig())
	if status, raw := do(t, s, "PUT", globalPath(s), `[{"name":"mine","description":"d","integration_types":[1],"contexts":[0,1]},
		{"name":"both","description":"d","integration_types":[0,1]}]`); status != 200 {
		t.Fatalf("registering: %d %s", status, raw)
	}
	return s, rl
}

// sentFields are the fields of a sent interaction the tests of user
// installations look at.
type sentFields struct {
	Context        interaction.ContextType `json:"context"`
	Owners         map[string]string       `json:"authorizing_integration_owners"`
	AppPermissions string                  `json:"app_permissions"`
}

// A user who installs the application uses its user-installed commands
// where it is not installed, and the interaction says which installations
// authorized it.
func TestUserInstalledCommands(t *testing.T) {
	s, rl := startUserInstall(t)
	at := func(user, guild, command string) string {
		body := `{"user":"` + user + `","command":"` + command + `"`
		if guild != "" {
			body += `,"guild":"` + guild + `"`
		}
		return body + "}"
	}
	member, moderator, guild := s.Member.String(), s.Moderator.String(), s.GuildID.String()
	everyoneThere := strconv.FormatUint(uint64(interaction.PermissionViewChannel|interaction.PermissionAttachFiles|interaction.PermissionEmbedLinks), 10)

	refusals := []struct {
		name, body, kind string
	}{
		{"a guild without the application is out of reach before the user installs it", at(carol, elsewhere, "mine"), "unknown_target"},
		{"so are the bot's direct messages to a user who shares no guild with it", at(carol, "", "mine"), "unknown_target"},
	}
	for _, tc := range refusals {
		if status, res := invoke(t, s, "/_emulator/invoke", tc.body); status != 400 || res.Error != tc.kind {
			t.Errorf("%s: %d %+v", tc.name, status, res)
		}
	}

	s.AuthorizeUser(t, 1001, "identify", "applications.commands")
	s.AuthorizeUser(t, s.Member, "applications.commands")
	for _, tc := range []struct {
		name        string
		body        string
		wantContext interaction.ContextType
		wantOwners  map[string]string
		wantAppPerm string // "" to leave unchecked
	}{
		{"a user's command in a guild without the application", at(carol, elsewhere, "mine"),
			interaction.ContextGuild, map[string]string{"1": carol}, everyoneThere},
		{"a user's command in the bot's direct messages", at(carol, "", "mine"),
			interaction.ContextBotDM, map[string]string{"1": carol}, ""},
		{"a command of both installations where both are", at(member, guild, "both"),
			interaction.ContextGuild, map[string]string{"0": guild, "1": member}, ""},
		{"the guild's own command", at(member, guild, "ask"),
			interaction.ContextGuild, map[string]string{"0": guild}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ex := rl.invokeWith(t, s, tc.body)
			var got sentFields
			if err := json.Unmarshal(ex.Raw, &got); err != nil {
				t.Fatal(err)
			}
			if got.Context != tc.wantContext || len(got.Owners) != len(tc.wantOwners) || tc.wantAppPerm != "" && got.AppPermissions != tc.wantAppPerm {
				t.Errorf("sent %s", ex.Raw)
			}
			for k, v := range tc.wantOwners {
				if got.Owners[k] != v {
					t.Errorf("authorizing_integration_owners %v, want %v", got.Owners, tc.wantOwners)
				}
			}
			if res := ex.answer(t, []byte(`{"type":4,"data":{"content":"ok"}}`)); !res.OK {
				t.Errorf("%+v", res)
			}
		})
	}

	for _, tc := range []struct {
		name, body, kind string
	}{
		{"a user's command is not offered to a user who did not install it", at(moderator, guild, "mine"), "unknown_command"},
		{"the guild's commands are not where the application is not installed", at(carol, elsewhere, "ask"), "unknown_command"},
	} {
		if status, res := invoke(t, s, "/_emulator/invoke", tc.body); status != 400 || res.Error != tc.kind {
			t.Errorf("%s: %d %+v", tc.name, status, res)
		}
	}
	s.Deauthorize(t, 1001)
	if status, res := invoke(t, s, "/_emulator/invoke", at(carol, elsewhere, "mine")); status != 400 || res.Error != "unknown_target" {
		t.Errorf("after the user took the authorization back: %d %+v", status, res)
	}
}

// An interaction only the user's installation authorized may have 5
// follow-ups; the sixth is refused with the service's 40094.
func TestFollowupsOfAUserInstallationAreFive(t *testing.T) {
	for _, tc := range []struct {
		name  string
		body  func(s *target) string
		limit bool
	}{
		{"in a guild without the application", func(*target) string {
			return `{"user":"` + carol + `","guild":"` + elsewhere + `","command":"mine"}`
		}, true},
		{"in the bot's direct messages", func(*target) string { return `{"user":"` + carol + `","command":"mine"}` }, true},
		{"not where the guild's installation authorized it too", func(s *target) string {
			return `{"guild":"` + s.GuildID.String() + `","command":"both"}`
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, rl := startUserInstall(t)
			s.AuthorizeUser(t, 1001, "applications.commands")
			s.AuthorizeUser(t, s.Member, "applications.commands")
			ex := rl.invokeWith(t, s, tc.body(s))
			if res := ex.answer(t, []byte(`{"type":4,"data":{"content":"first"}}`)); !res.OK {
				t.Fatalf("%+v", res)
			}
			for i := 1; i <= 6; i++ {
				resp, body := call(t, s, "POST", webhookPath(s, ex.Token), "", `{"content":"more"}`)
				refused := tc.limit && i == 6
				if !refused && resp.StatusCode != 200 ||
					refused && (resp.StatusCode != 400 || body["code"] != float64(40094) || body["message"] != "This interaction has hit the maximum number of follow up messages") {
					t.Fatalf("follow-up %d: %d %v", i, resp.StatusCode, body)
				}
			}
		})
	}
}
