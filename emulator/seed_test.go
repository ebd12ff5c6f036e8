package emulator_test

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// seedWorld is a second guild: carol owns it and dave is a member, with
// the Banner role, which may ban; erin is a member with no role.
func seedWorld() *emulator.Seed {
	return &emulator.Seed{
		Users: []interaction.User{
			{ID: 1001, Username: "carol"}, {ID: 1002, Username: "dave", GlobalName: "Dave"}, {ID: 1003, Username: "erin"},
		},
		Guilds: []emulator.SeedGuild{{
			ID: 2001, Name: "Second", OwnerID: 1001, Locale: interaction.LocaleFrench,
			Roles:    []interaction.Role{{ID: 2002, Name: "Banner", Permissions: interaction.PermissionBanMembers, Position: 1}},
			Channels: []emulator.SeedChannel{{Channel: interaction.Channel{ID: 2003, Name: "general", Type: interaction.ChannelGuildText}}},
			Members:  []emulator.SeedMember{{UserID: 1002, Roles: []interaction.Snowflake{2002}}, {UserID: 1003}},
		}},
	}
}

func TestSeedAddsUsersAndGuilds(t *testing.T) {
	s := startCommands(t, emulator.Config{Seed: seedWorld()})
	url := echoBot(t, s)
	if status, raw := control(t, s.controlURL, "POST", "/_emulator/interactions-url", `{"url":"`+url+`"}`); status != 204 {
		t.Fatalf("interactions URL: %d %s", status, raw)
	}
	path := "/applications/" + s.ApplicationID.String() + "/guilds/2001/commands"
	if status, raw := do(t, s, "PUT", path, `[{"name":"ban","description":"Ban","default_member_permissions":"4"}]`); status != 200 {
		t.Fatalf("commands in the seeded guild: %d %s", status, raw)
	}
	for _, tc := range []struct {
		user   string
		status int
	}{{"1001", 200}, {"1002", 200}, {"1003", 403}} {
		status, res := invoke(t, s, "/_emulator/invoke", `{"guild":"2001","channel":"2003","user":"`+tc.user+`","command":"ban"}`)
		if status != tc.status || tc.status == 200 && (!res.OK || !strings.Contains(string(res.Interaction), `"guild_locale":"fr"`)) {
			t.Errorf("user %s: %d %+v", tc.user, status, res)
		}
	}
	// The seeded world is still there.
	if status, res := invoke(t, s, "/_emulator/invoke", `{"guild":"`+s.GuildID.String()+`","command":"echo","options":[{"name":"text","value":"x"}]}`); status != 200 || !res.OK {
		t.Errorf("the seeded guild: %d %+v", status, res)
	}
	code := s.AuthorizeUser(t, 1002, "identify")
	status, body := tokenCall(t, s, clientForm(s, "grant_type", "authorization_code", "code", code, "redirect_uri", s.RedirectURI), false)
	if status != 200 {
		t.Fatalf("token: %d %v", status, body)
	}
	if resp, me := call(t, s, "GET", "/users/@me", "Bearer "+body["access_token"].(string), ""); resp.StatusCode != 200 || me["username"] != "dave" || me["global_name"] != "Dave" {
		t.Errorf("a seeded user: %d %v", resp.StatusCode, me)
	}
}

func TestAnInconsistentSeedIsRefused(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*emulator.Seed)
		want   string
	}{
		{"an id used twice", func(s *emulator.Seed) { s.Guilds[0].Channels[0].ID = 2002 }, "id 2002"},
		{"a user without a name", func(s *emulator.Seed) { s.Users[0].Username = "" }, "no username"},
		{"an owner who is no user", func(s *emulator.Seed) { s.Guilds[0].OwnerID = 9 }, "owner"},
		{"a member who is no user", func(s *emulator.Seed) { s.Guilds[0].Members[1].UserID = 9 }, "member 9"},
		{"a role of no guild", func(s *emulator.Seed) { s.Guilds[0].Members[0].Roles = []interaction.Snowflake{9} }, "role 9"},
		{"a direct message channel", func(s *emulator.Seed) { s.Guilds[0].Channels[0].Type = interaction.ChannelDM }, "not a guild channel"},
		{"an object without an id", func(s *emulator.Seed) { s.Guilds[0].Roles[0].ID = 0 }, "no id"},
	} {
		seed := seedWorld()
		tc.change(seed)
		if s, err := emulator.New(emulator.Config{Seed: seed}); err == nil || !strings.Contains(err.Error(), tc.want) {
			if s != nil {
				s.Close()
			}
			t.Errorf("%s: %v, want an error about %q", tc.name, err, tc.want)
		}
	}
}
