package emulator

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

func TestSetRolesChangesWhatAMemberMayDo(t *testing.T) {
	s := newTestServer(t)
	startBot(t, s)
	var moderator interaction.Snowflake
	for _, r := range s.Guilds()[0].Roles {
		if r.Name == "Moderator" {
			moderator = r.ID
		}
	}
	offersMod := func() bool {
		cmds, err := s.Offered(Invocation{Guild: s.GuildID})
		if err != nil {
			t.Fatal(err)
		}
		return strings.Contains(names(cmds), "CHAT_INPUT mod")
	}
	rolesOf := func(user interaction.Snowflake) ([]interaction.Snowflake, interaction.Permissions) {
		for _, m := range s.Guilds()[0].Members {
			if m.User.ID == user {
				return m.Roles, m.Permissions
			}
		}
		t.Fatalf("no member %s", user)
		return nil, 0
	}

	if offersMod() {
		t.Fatal("a plain member is offered /mod")
	}
	changed := s.Changed()
	if err := s.SetRoles(s.GuildID, s.Member, moderator, moderator); err != nil {
		t.Fatal(err)
	}
	roles, perms := rolesOf(s.Member)
	if !slices.Equal(roles, []interaction.Snowflake{moderator}) || !perms.Has(interaction.PermissionBanMembers) || !offersMod() || !isClosed(changed) {
		t.Errorf("a moderator now: roles %v, permissions %v, /mod offered %v", roles, perms, offersMod())
	}
	res, err := s.Invoke(t.Context(), Invocation{Guild: s.GuildID, Command: "mod ban", Options: []Arg{{"user", s.Admin}}})
	mustOK(t, res, err)

	if err := s.SetRoles(s.GuildID, s.Member); err != nil {
		t.Fatal(err)
	}
	if roles, _ := rolesOf(s.Member); roles == nil || len(roles) != 0 || offersMod() {
		t.Errorf("no roles: %v, /mod offered %v", roles, offersMod())
	}

	tests := []struct {
		name  string
		guild interaction.Snowflake
		user  interaction.Snowflake
		roles []interaction.Snowflake
		err   error
	}{
		{"@everyone is no role to give", s.GuildID, s.Member, []interaction.Snowflake{s.GuildID}, ErrInvalidInput},
		{"a role of no guild", s.GuildID, s.Member, []interaction.Snowflake{moderator, 1}, ErrInvalidInput},
		{"a user who is not a member", s.GuildID, 1, nil, ErrUnknownTarget},
		{"an unknown guild", 1, s.Member, nil, ErrUnknownTarget},
	}
	for _, tt := range tests {
		changed := s.Changed()
		if err := s.SetRoles(tt.guild, tt.user, tt.roles...); !errors.Is(err, tt.err) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.err)
		}
		if roles, _ := rolesOf(s.Member); len(roles) != 0 || isClosed(changed) {
			t.Errorf("%s changed the member's roles to %v", tt.name, roles)
		}
	}
}

// The bot's managed role stays with it whatever roles it is given, and
// is given to no one else.
func TestSetRolesKeepsTheBotsManagedRole(t *testing.T) {
	s, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var botRole, moderator interaction.Snowflake
	for _, g := range s.Guilds() {
		if g.ID != s.GuildID {
			continue
		}
		botRole = g.BotRole
		for _, r := range g.Roles {
			if r.Name == "Moderator" {
				moderator = r.ID
			}
		}
	}
	if botRole == 0 || moderator == 0 {
		t.Fatalf("the default guild has bot role %v and Moderator %v", botRole, moderator)
	}
	rolesOf := func(user interaction.Snowflake) []interaction.Snowflake {
		for _, g := range s.Guilds() {
			for _, m := range g.Members {
				if g.ID == s.GuildID && m.User.ID == user {
					return m.Roles
				}
			}
		}
		return nil
	}
	given := []interaction.Snowflake{moderator}
	if err := s.SetRoles(s.GuildID, s.ApplicationID, given...); err != nil {
		t.Fatal(err)
	}
	if got := rolesOf(s.ApplicationID); !slices.Contains(got, botRole) || !slices.Contains(got, moderator) || len(got) != 2 {
		t.Errorf("the bot given Moderator has roles %v; want %v and its own %v", got, moderator, botRole)
	}
	if err := s.SetRoles(s.GuildID, s.ApplicationID); err != nil {
		t.Fatal(err)
	}
	if got := rolesOf(s.ApplicationID); !slices.Equal(got, []interaction.Snowflake{botRole}) {
		t.Errorf("the bot given no roles has %v; want its own %v", got, botRole)
	}
	if err := s.SetRoles(s.GuildID, s.Member, botRole); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("the bot's role given to a member: %v; want ErrInvalidInput", err)
	}
}
