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
