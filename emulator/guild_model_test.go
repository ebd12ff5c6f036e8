package emulator

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// permsIn returns what user may do in the named channel of the guild New
// makes.
func permsIn(s *Server, user interaction.Snowflake, channel string) interaction.Permissions {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	g := s.st.guilds[s.GuildID]
	return channelPermissions(g, user, channelNamed(g, channel))
}

func TestChannelOverwritesDecideWhatMembersMayDoThere(t *testing.T) {
	s := newTestServer(t)
	general := channelID(s, "general")
	moderation := channelID(s, "moderation")
	view, send := interaction.PermissionViewChannel, interaction.PermissionSendMessages
	var modRole interaction.Snowflake
	for _, r := range s.Guilds()[0].Roles {
		if r.Name == "Moderator" {
			modRole = r.ID
		}
	}
	err := s.SetOverwrites(s.GuildID, moderation,
		Overwrite{ID: s.GuildID, Type: OverwriteRole, Deny: view},
		Overwrite{ID: modRole, Type: OverwriteRole, Allow: view})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetOverwrites(s.GuildID, general, Overwrite{ID: s.Member, Type: OverwriteMember, Deny: send}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		user    interaction.Snowflake
		channel string
		has     interaction.Permissions
		lacks   interaction.Permissions
	}{
		{"a member does not see a channel @everyone may not view", s.Member, "moderation", 0, view | send},
		{"a moderator's role lets them see it", s.Moderator, "moderation", view | send, 0},
		{"the owner sees every channel", s.Admin, "moderation", view | send, 0},
		{"a member denied sending may still view", s.Member, "general", view, send | interaction.PermissionEmbedLinks},
		{"another member is not touched by that overwrite", s.Moderator, "general", view | send, 0},
		{"a channel without overwrites gives the guild permissions", s.Member, "announcements", view | send, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := permsIn(s, tt.user, tt.channel)
			if !p.Has(tt.has) || p&tt.lacks != 0 {
				t.Errorf("permissions %v; want %v and none of %v", p, tt.has, tt.lacks)
			}
		})
	}
	g := s.Guilds()[0]
	if len(g.Overwrites) != 2 || len(g.Overwrites[moderation]) != 2 || g.Overwrites[general][0].Deny != send {
		t.Errorf("Guilds lists overwrites %+v", g.Overwrites)
	}
	if err := s.SetOverwrites(s.GuildID, moderation); err != nil {
		t.Fatal(err)
	}
	if p := permsIn(s, s.Member, "moderation"); !p.Has(view) {
		t.Errorf("with its overwrites cleared, the member has %v in #moderation", p)
	}
}

func TestSetOverwritesRefusesWhatTheGuildDoesNotHold(t *testing.T) {
	s := newTestServer(t)
	general := channelID(s, "general")
	tests := []struct {
		name    string
		guild   interaction.Snowflake
		channel interaction.Snowflake
		o       []Overwrite
		want    error
	}{
		{"an unknown guild", 1, general, nil, ErrUnknownTarget},
		{"a channel of no guild", s.GuildID, 1, nil, ErrUnknownTarget},
		{"an unknown type", s.GuildID, general, []Overwrite{{ID: s.GuildID, Type: 2}}, ErrInvalidInput},
		{"a role not of the guild", s.GuildID, general, []Overwrite{{ID: 5, Type: OverwriteRole}}, ErrInvalidInput},
		{"an unknown user", s.GuildID, general, []Overwrite{{ID: 5, Type: OverwriteMember}}, ErrInvalidInput},
		{"an id named twice", s.GuildID, general, []Overwrite{{ID: s.Member, Type: OverwriteMember}, {ID: s.Member, Type: OverwriteMember}}, ErrInvalidInput},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := s.SetOverwrites(tt.guild, tt.channel, tt.o...); !errors.Is(err, tt.want) {
				t.Errorf("err %v; want %v", err, tt.want)
			}
		})
	}
}

func TestATimeoutLastsUntilItEnds(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	s, err := New(Config{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	s.st.mu.Lock()
	s.st.guilds[s.GuildID].members[s.Member].CommunicationDisabledUntil = now.Add(time.Hour)
	s.st.mu.Unlock()
	if p := permsIn(s, s.Member, "general"); p != interaction.PermissionViewChannel|interaction.PermissionReadMessageHistory {
		t.Errorf("timed out, the member has %v; want viewing and reading only", p)
	}
	now = now.Add(2 * time.Hour)
	if p := permsIn(s, s.Member, "general"); !p.Has(interaction.PermissionSendMessages) {
		t.Errorf("after the timeout, the member has %v", p)
	}
}

func TestSeededChannelsCarryOverwrites(t *testing.T) {
	seed := func(o ...Overwrite) *Seed {
		return &Seed{
			Users: []interaction.User{{ID: 1001, Username: "carol"}, {ID: 1002, Username: "dave"}},
			Guilds: []SeedGuild{{
				ID: 2001, Name: "Second", OwnerID: 1001,
				Roles:    []interaction.Role{{ID: 2002, Name: "Speaker", Position: 1}},
				Channels: []SeedChannel{{Channel: interaction.Channel{ID: 2003, Name: "stage"}, PermissionOverwrites: o}},
				Members:  []SeedMember{{UserID: 1002}},
			}},
		}
	}
	s, err := New(Config{Seed: seed(
		Overwrite{ID: 2001, Type: OverwriteRole, Deny: interaction.PermissionSendMessages},
		Overwrite{ID: 2002, Type: OverwriteRole, Allow: interaction.PermissionSendMessages})})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	s.st.mu.Lock()
	g := s.st.guilds[2001]
	p := channelPermissions(g, 1002, g.channels[2003])
	bot := g.members[s.st.app.botUser]
	s.st.mu.Unlock()
	if p.Has(interaction.PermissionSendMessages) {
		t.Errorf("dave, without Speaker, has %v in the seeded channel", p)
	}
	if bot == nil || len(bot.Roles) != 1 || bot.Roles[0] != g.botRoles[s.ApplicationID] || g.roles[g.botRoles[s.ApplicationID]].Name != "emulator-bot" || !g.roles[g.botRoles[s.ApplicationID]].Managed {
		t.Errorf("the bot joined the seeded guild as %+v, without its managed role", bot)
	}

	for _, bad := range []struct {
		o    Overwrite
		want string
	}{
		{Overwrite{ID: 9, Type: OverwriteRole}, "not a role of guild"},
		{Overwrite{ID: 9, Type: OverwriteMember}, "does not know"},
		{Overwrite{ID: 2001, Type: 7}, "neither a role"},
	} {
		if _, err := New(Config{Seed: seed(bad.o)}); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("seed with %+v: %v; want an error saying %q", bad.o, err, bad.want)
		}
	}
}

func TestASeedSpellsOverwritesAsTheServiceDoes(t *testing.T) {
	var seed Seed
	raw := `{"guilds":[{"id":"2001","channels":[{"id":"2003","name":"general","type":0,
		"permission_overwrites":[{"id":"2001","type":0,"allow":"0","deny":"2048"},{"id":"1002","type":1,"allow":"2048","deny":"0"}]}]}]}`
	if err := json.Unmarshal([]byte(raw), &seed); err != nil {
		t.Fatal(err)
	}
	c := seed.Guilds[0].Channels[0]
	want := []Overwrite{{ID: 2001, Type: OverwriteRole, Deny: interaction.PermissionSendMessages},
		{ID: 1002, Type: OverwriteMember, Allow: interaction.PermissionSendMessages}}
	if c.ID != 2003 || c.Name != "general" || !slices.Equal(c.PermissionOverwrites, want) {
		t.Errorf("decoded %+v", c)
	}
}

func TestTheControlAPISetsOverwrites(t *testing.T) {
	s := newTestServer(t)
	base := strings.TrimSuffix(s.URL, "/v10")
	moderation := channelID(s, "moderation")
	body := `{"guild":"` + s.GuildID.String() + `","channel":"` + moderation.String() + `","overwrites":[{"id":"` + s.GuildID.String() + `","type":0,"allow":"0","deny":"1024"}]}`
	req, _ := http.NewRequest("POST", base+"/_emulator/overwrites", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 204 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	if p := permsIn(s, s.Member, "moderation"); p != 0 {
		t.Errorf("the member has %v in a channel @everyone may not view", p)
	}
	req, _ = http.NewRequest("POST", base+"/_emulator/overwrites", strings.NewReader(`{"guild":"1","channel":"2","overwrites":[]}`))
	req.Header.Set("Content-Type", "application/json")
	if resp, err = http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 400 {
		t.Errorf("an unknown guild: status %d, want 400 unknown_target", resp.StatusCode)
	}
}

func TestNoCommandIsOfferedWhereTheMemberMayNotBeOrIsTimedOut(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	s, err := New(Config{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	putCommands(t, s, command.InGuild(s.GuildID), []byte(`[{"name":"ping","description":"Ping"}]`))
	moderation := channelID(s, "moderation")
	if err := s.SetOverwrites(s.GuildID, moderation, Overwrite{ID: s.GuildID, Type: OverwriteRole, Deny: interaction.PermissionViewChannel}); err != nil {
		t.Fatal(err)
	}
	offered := func(user, channel interaction.Snowflake) int {
		t.Helper()
		cmds, err := s.Offered(Invocation{User: user, Guild: s.GuildID, Channel: channel})
		if err != nil {
			t.Fatal(err)
		}
		return len(cmds)
	}
	if n := offered(s.Member, 0); n != 1 {
		t.Fatalf("the member is offered %d commands in #general, want 1", n)
	}
	if n := offered(s.Member, moderation); n != 0 {
		t.Errorf("the member is offered %d commands in a channel they may not view", n)
	}
	if n := offered(s.Admin, moderation); n != 1 {
		t.Errorf("the owner is offered %d commands in #moderation, want 1", n)
	}
	if err := s.SetTimeout(s.GuildID, s.Member, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if n := offered(s.Member, 0); n != 0 {
		t.Errorf("a timed-out member is offered %d commands", n)
	}
	if err := s.SetTimeout(s.GuildID, s.Member, now.Add(29*24*time.Hour)); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("a timeout 29 days ahead: %v, want ErrInvalidInput", err)
	}
	base := strings.TrimSuffix(s.URL, "/v10")
	body := `{"guild":"` + s.GuildID.String() + `","user":"` + s.Member.String() + `"}`
	req, _ := http.NewRequest("POST", base+"/_emulator/timeouts", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 204 {
		t.Fatalf("lifting the timeout by the control API: status %d", resp.StatusCode)
	}
	if n := offered(s.Member, 0); n != 1 {
		t.Errorf("with the timeout lifted the member is offered %d commands, want 1", n)
	}
}
