package emulator

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// names lists commands as "type name".
func names(cmds []command.Command) string {
	var out []string
	for _, c := range cmds {
		out = append(out, c.CommandType().String()+" "+c.Name)
	}
	return strings.Join(out, ", ")
}

func TestOfferedListsWhatTheClientsPickerShows(t *testing.T) {
	s := newTestServer(t)
	startBot(t, s)
	putCommands(t, s, command.Global, []byte(`[{"name":"ping","description":"Ping"},{"name":"search","description":"Global search"},
		{"name":"hidden","description":"Not in DMs","contexts":[0]}]`))
	general, moderation := channelID(s, "general"), channelID(s, "moderation")
	guild := "CHAT_INPUT hidden, CHAT_INPUT ping, CHAT_INPUT search, CHAT_INPUT slow, CHAT_INPUT wrong, USER Inspect, MESSAGE Quote"
	withMod := "CHAT_INPUT hidden, CHAT_INPUT mod, CHAT_INPUT ping, CHAT_INPUT search, CHAT_INPUT slow, CHAT_INPUT wrong, USER Inspect, MESSAGE Quote"
	tests := []struct {
		name string
		inv  Invocation
		want string
		err  error
	}{
		{"a plain member is not offered a command that needs Ban Members", Invocation{Guild: s.GuildID}, guild, nil},
		{"a moderator is offered it", Invocation{User: s.Moderator, Guild: s.GuildID, Channel: moderation}, withMod, nil},
		{"so is the owner", Invocation{User: s.Admin, Guild: s.GuildID, Channel: general}, withMod, nil},
		{"the bot's direct messages offer the global commands allowed there", Invocation{}, "CHAT_INPUT ping, CHAT_INPUT search", nil},
		{"an unknown user is offered nothing", Invocation{User: 1, Guild: s.GuildID}, "", ErrUnknownTarget},
		{"nor is a user in an unknown channel", Invocation{Guild: s.GuildID, Channel: 1}, "", ErrUnknownTarget},
	}
	for _, tt := range tests {
		got, err := s.Offered(tt.inv)
		if !errors.Is(err, tt.err) || names(got) != tt.want {
			t.Errorf("%s: got %q, %v; want %q, %v", tt.name, names(got), err, tt.want, tt.err)
		}
	}
}

func TestOfferedGivesTheGuildsCommandOverTheGlobalOneOfTheSameName(t *testing.T) {
	s := newTestServer(t)
	startBot(t, s)
	putCommands(t, s, command.Global, []byte(`[{"name":"search","description":"Global search"}]`))
	got, err := s.Offered(Invocation{Guild: s.GuildID})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(got, func(c command.Command) bool { return c.Name == "search" })
	if i < 0 || got[i].Description != "Search" || got[i].GuildID != s.GuildID {
		t.Fatalf("offered %q; search is %+v", names(got), got)
	}
	dm, err := s.Offered(Invocation{})
	if err != nil {
		t.Fatal(err)
	}
	if len(dm) != 1 || dm[0].Description != "Global search" {
		t.Fatalf("in direct messages: %+v", dm)
	}
}

func TestWhatTheWorldListsIsTheCallersToChange(t *testing.T) {
	s := newTestServer(t)
	startBot(t, s)
	cmds, err := s.Offered(Invocation{User: s.Moderator, Guild: s.GuildID})
	if err != nil {
		t.Fatal(err)
	}
	for i := range cmds {
		cmds[i].Name = "changed"
		for j := range cmds[i].Options {
			cmds[i].Options[j].Name = "changed"
			cmds[i].Options[j].Options = nil
		}
	}
	guilds := s.Guilds()
	guilds[0].Members[0].Roles = append(guilds[0].Members[0].Roles[:0], 1)
	guilds[0].Channels[0].Name = "changed"

	again, _ := s.Offered(Invocation{User: s.Moderator, Guild: s.GuildID})
	if strings.Contains(names(again), "changed") || again[0].Name != "mod" || again[0].Options[0].Name != "ban" || again[0].Options[0].Options == nil {
		t.Errorf("the commands changed with the copy: %s", names(again))
	}
	for _, g := range s.Guilds() {
		for _, c := range g.Channels {
			if c.Name == "changed" {
				t.Error("a channel changed with the copy")
			}
		}
		for _, m := range g.Members {
			if slices.Contains(m.Roles, 1) {
				t.Error("a member's roles changed with the copy")
			}
		}
	}
}

func TestGuildsAndUsersListTheWorldWithEachMembersPermissions(t *testing.T) {
	s := newTestServer(t)
	users := s.Users()
	var usernames []string
	for _, u := range users {
		usernames = append(usernames, u.Username)
	}
	if !slices.Equal(usernames, []string{"emulator-bot", "owner", "ada", "bob"}) {
		t.Errorf("users %q, want the bot, then the guild's people in the order they were made", usernames)
	}
	guilds := s.Guilds()
	if len(guilds) != 1 || guilds[0].ID != s.GuildID || guilds[0].Name != "Emulator Guild" || !guilds[0].Installed ||
		guilds[0].Owner != s.Admin || guilds[0].Locale != interaction.LocaleEnglishUS {
		t.Fatalf("guilds %+v", guilds)
	}
	g := guilds[0]
	var channels []string
	for _, c := range g.Channels {
		channels = append(channels, c.Name)
	}
	if !slices.Equal(channels, []string{"general", "moderation", "announcements", "Lounge"}) {
		t.Errorf("channels %q", channels)
	}
	if len(g.Roles) != 3 || g.Roles[0].ID != g.ID || g.Roles[1].Name != "Moderator" ||
		g.Roles[2].ID != g.BotRole || g.Roles[2].Name != "emulator-bot" || !g.Roles[2].Managed {
		t.Errorf("roles %+v, want @everyone, Moderator and the bot's managed role %v", g.Roles, g.BotRole)
	}
	perms := map[interaction.Snowflake]interaction.Permissions{}
	for _, m := range g.Members {
		perms[m.User.ID] = m.Permissions
	}
	switch {
	case !perms[s.Admin].Has(interaction.PermissionAdministrator):
		t.Errorf("the owner has %v", perms[s.Admin])
	case !perms[s.Moderator].Has(interaction.PermissionBanMembers | interaction.PermissionSendMessages):
		t.Errorf("the moderator has %v", perms[s.Moderator])
	case perms[s.Member].Has(interaction.PermissionBanMembers) || !perms[s.Member].Has(interaction.PermissionSendMessages):
		t.Errorf("the member has %v", perms[s.Member])
	case len(perms) != 4:
		t.Errorf("members %v, want the three people and the bot", perms)
	}
}
