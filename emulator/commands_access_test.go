package emulator

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// These tests reach into the state for what no command endpoint can set up:
// bearer tokens, a guild without the application, stored permissions.

func startCmdServer(t *testing.T) *Server {
	t.Helper()
	s, err := New(Config{RateLimit: RateLimit{Requests: 1 << 30}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// cmdToken gives s a bearer token of kind with scopes.
func cmdToken(s *Server, kind tokenKind, scopes ...string) string {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	t := &token{kind: kind, scopes: map[string]bool{}, expires: s.st.now().Add(time.Hour)}
	for _, sc := range scopes {
		t.scopes[sc] = true
	}
	access := secret(8)
	s.st.app.tokens[access] = t
	return access
}

func TestOnlyTheApplicationsBearerTokensUseCommands(t *testing.T) {
	s := startCmdServer(t)
	global := "/applications/" + s.ApplicationID.String() + "/commands"
	guild := "/applications/" + s.ApplicationID.String() + "/guilds/" + s.GuildID.String() + "/commands"
	plain := "Bearer " + cmdToken(s, tokenClient, "identify")
	update := "Bearer " + cmdToken(s, tokenClient, scopeCommandsUpdate)
	user := "Bearer " + cmdToken(s, tokenUser, "identify", "applications.commands.permissions.update")
	// A user's token with every scope of commands, as the authorization
	// code flow once granted them.
	userUpdate := "Bearer " + cmdToken(s, tokenUser, scopeCommands, scopeCommandsUpdate)
	body := `{"name":"ping","description":"d"}`
	for _, tt := range []struct {
		name, auth, method, path, body string
		status                         int
	}{
		{"a client token reads global commands", plain, "GET", global, "", 200},
		{"a client token reads guild commands", plain, "GET", guild, "", 200},
		{"a client token without the scope cannot create", plain, "POST", global, body, 403},
		{"a client token without the scope cannot overwrite", plain, "PUT", guild, "[]", 403},
		{"a client token with the scope creates", update, "POST", guild, body, 201},
		{"a client token with the scope overwrites", update, "PUT", global, "[]", 200},
		{"a user's token is not the application's", user, "GET", global, "", 401},
		{"a user's token with the scope does not read global commands", userUpdate, "GET", global, "", 401},
		{"a user's token with the scope does not read guild commands", userUpdate, "GET", guild, "", 401},
		{"a user's token with the scope does not create", userUpdate, "POST", guild, body, 401},
		{"a user's token with the scope does not overwrite", userUpdate, "PUT", global, "[]", 401},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, raw := apiRequest(t, s, tt.method, tt.path, tt.auth, tt.body)
			if status != tt.status || (status == 403 && raw != `{"code":50001,"message":"Missing Access"}`) ||
				(status == 401 && raw != `{"code":0,"message":"401: Unauthorized"}`) {
				t.Fatalf("%d %s", status, raw)
			}
		})
	}
}

func TestAGuildWithoutTheApplicationIsMissingAccess(t *testing.T) {
	s := startCmdServer(t)
	s.st.mu.Lock()
	id := s.st.newID()
	s.st.guilds[id] = &guild{id: id, name: "Elsewhere"}
	s.st.mu.Unlock()
	status, raw := apiRequest(t, s, "POST", "/applications/"+s.ApplicationID.String()+"/guilds/"+id.String()+"/commands",
		"Bot "+s.BotToken, `{"name":"ping","description":"d"}`)
	if status != 403 || raw != `{"code":50001,"message":"Missing Access"}` {
		t.Fatalf("%d %s", status, raw)
	}
}

func TestDeletingOrRenamingACommandDeletesItsPermissions(t *testing.T) {
	s := startCmdServer(t)
	bot := "Bot " + s.BotToken
	base := "/applications/" + s.ApplicationID.String()
	otherGuild := s.st.newID()
	perm := []command.Permission{{ID: s.Member, Type: command.PermissionUser, Permission: true}}
	setPerms := func(guild interaction.Snowflake, ids ...interaction.Snowflake) {
		s.st.mu.Lock()
		defer s.st.mu.Unlock()
		for _, id := range ids {
			if s.st.app.permissions[guild] == nil {
				s.st.app.permissions[guild] = map[interaction.Snowflake][]command.Permission{}
			}
			s.st.app.permissions[guild][id] = perm
		}
	}
	has := func(guild, id interaction.Snowflake) bool {
		s.st.mu.Lock()
		defer s.st.mu.Unlock()
		_, ok := s.st.app.permissions[guild][id]
		return ok
	}
	create := func(path, body string) interaction.Snowflake {
		_, raw := apiRequest(t, s, "POST", path, bot, body)
		i := strings.Index(raw, `"id":"`) + len(`"id":"`)
		id, err := interaction.ParseSnowflake(raw[i : i+strings.Index(raw[i:], `"`)])
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		return id
	}
	guildCmds := base + "/guilds/" + s.GuildID.String() + "/commands"
	global := create(base+"/commands", `{"name":"g","description":"d"}`)
	renamed := create(guildCmds, `{"name":"r","description":"d"}`)
	edited := create(guildCmds, `{"name":"e","description":"d"}`)
	dropped := create(guildCmds, `{"name":"x","description":"d"}`)
	setPerms(s.GuildID, global, renamed, edited, dropped, s.ApplicationID)
	setPerms(otherGuild, global)

	asBot(t, s, "DELETE", base+"/commands/"+global.String(), "", http.StatusNoContent)
	asBot(t, s, "PATCH", guildCmds+"/"+renamed.String(), `{"name":"r2"}`, http.StatusOK)
	asBot(t, s, "PATCH", guildCmds+"/"+edited.String(), `{"description":"other"}`, http.StatusOK)
	asBot(t, s, "PUT", guildCmds, `[{"name":"r2","description":"d"},{"name":"e","description":"other"}]`, http.StatusOK)

	for _, tt := range []struct {
		name  string
		guild interaction.Snowflake
		id    interaction.Snowflake
		want  bool
	}{
		{"a deleted global command's permissions go in every guild", s.GuildID, global, false},
		{"a deleted global command's permissions go in other guilds too", otherGuild, global, false},
		{"a renamed command's permissions go", s.GuildID, renamed, false},
		{"an edit that keeps the name keeps them", s.GuildID, edited, true},
		{"a command a bulk overwrite drops loses them", s.GuildID, dropped, false},
		{"the application's defaults stay", s.GuildID, s.ApplicationID, true},
	} {
		if got := has(tt.guild, tt.id); got != tt.want {
			t.Errorf("%s: present %v", tt.name, got)
		}
	}
}
