package emulator_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

const permissionsScope = "applications.commands.permissions.update"

// permissionsPath is the path of one command's permissions in the guild.
func permissionsPath(s *target, cmd interaction.Snowflake) string {
	return "/applications/" + s.ApplicationID.String() + "/guilds/" + s.GuildID.String() + "/commands/" + cmd.String() + "/permissions"
}

// overwrites is a permissions body.
func overwrites(ps ...command.Permission) string {
	b, _ := json.Marshal(map[string]any{"permissions": ps})
	return string(b)
}

// listPermissions reads every overwrite of the application in the guild.
func listPermissions(t *testing.T, s *target, auth string) (int, []command.GuildPermissions) {
	t.Helper()
	resp, raw := fetch(t, "GET", s.URL+"/applications/"+s.ApplicationID.String()+"/guilds/"+s.GuildID.String()+"/commands/permissions",
		http.Header{"Authorization": {auth}}, nil)
	var out []command.GuildPermissions
	if resp.StatusCode == 200 {
		if err := json.Unmarshal(raw, &out); err != nil || out == nil {
			t.Fatalf("list: %s: %v", raw, err)
		}
	}
	return resp.StatusCode, out
}

func TestEditPermissionsNeedsAUserWhoManagesTheGuild(t *testing.T) {
	s := start(t, emulator.Config{})
	path := permissionsPath(s, s.ApplicationID)
	body := overwrites(command.DenyRole(command.Everyone(s.GuildID)))
	owner, _ := userToken(t, s, s.Admin, permissionsScope)
	moderator, _ := userToken(t, s, s.Moderator, "identify", permissionsScope)
	member, _ := userToken(t, s, s.Member, permissionsScope)
	noScope, _ := userToken(t, s, s.Moderator, "identify")
	stranger, _ := userToken(t, s, 42, permissionsScope)
	for _, tc := range []struct {
		name, auth   string
		status, code int
	}{
		{"bot token", "Bot " + s.BotToken, 403, 20001},
		{"client credentials", "Bearer " + clientToken(t, s, "applications.commands.update identify"), 403, 50026},
		{"user token without the scope", "Bearer " + noScope, 403, 50026},
		{"member without the rights", "Bearer " + member, 403, 50013},
		{"user outside the guild", "Bearer " + stranger, 403, 50001},
		{"no credentials", "", 401, 0},
		{"guild owner", "Bearer " + owner, 200, 0},
		{"Manage Guild and Manage Roles", "Bearer " + moderator, 200, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, got := call(t, s, "PUT", path, tc.auth, body)
			if resp.StatusCode != tc.status {
				t.Fatalf("%d %v, want %d", resp.StatusCode, got, tc.status)
			}
			if tc.status != 200 {
				if got["code"] != float64(tc.code) {
					t.Fatalf("code %v, want %d: %v", got["code"], tc.code, got)
				}
				return
			}
			if got["id"] != s.ApplicationID.String() || got["application_id"] != s.ApplicationID.String() || got["guild_id"] != s.GuildID.String() {
				t.Fatalf("body %v", got)
			}
		})
	}
}

func TestEditPermissionsValidatesTheBody(t *testing.T) {
	s := start(t, emulator.Config{})
	path := permissionsPath(s, s.ApplicationID)
	access, _ := userToken(t, s, s.Moderator, permissionsScope)
	auth := "Bearer " + access
	hundred := make([]command.Permission, 101)
	for i := range hundred {
		hundred[i] = command.AllowUser(interaction.Snowflake(1_000_000 + i))
	}
	for _, tc := range []struct {
		name, body   string
		status, code int
		at           string // where in the errors tree, dot-separated
		errCode      string
	}{
		{"100 overwrites", overwrites(hundred[:100]...), 200, 0, "", ""},
		{"101 overwrites", overwrites(hundred...), 400, 50035, "permissions", "BASE_TYPE_MAX_LENGTH"},
		{"no permissions", `{}`, 400, 50035, "permissions", "BASE_TYPE_REQUIRED"},
		{"permissions not a list", `{"permissions": 3}`, 400, 50035, "permissions", "BASE_TYPE_BAD_TYPE"},
		{"not JSON", `{"permissions": [`, 400, 50109, "", ""},
		{"overwrite not an object", `{"permissions": [1]}`, 400, 50035, "permissions.0", "DICT_TYPE_CONVERT"},
		{"type out of range", fmt.Sprintf(`{"permissions": [{"id": "%d", "type": 4, "permission": true}]}`, s.GuildID), 400, 50035, "permissions.0.type", "BASE_TYPE_CHOICES"},
		{"missing permission", fmt.Sprintf(`{"permissions": [{"id": "%d", "type": 1}]}`, s.GuildID), 400, 50035, "permissions.0.permission", "BASE_TYPE_REQUIRED"},
		{"permission not a bool", fmt.Sprintf(`{"permissions": [{"id": "%d", "type": 1, "permission": "yes"}]}`, s.GuildID), 400, 50035, "permissions.0.permission", "BASE_TYPE_BOOL"},
		{"id not a snowflake", `{"permissions": [{"id": "abc", "type": 2, "permission": true}]}`, 400, 50035, "permissions.0.id", "NUMBER_TYPE_COERCE"},
		{"second overwrite bad", fmt.Sprintf(`{"permissions": [{"id": "%d", "type": 1, "permission": true}, {"type": 2, "permission": true}]}`, s.GuildID), 400, 50035, "permissions.1.id", "BASE_TYPE_REQUIRED"},
		{"unknown role", overwrites(command.AllowRole(12345)), 404, 10011, "", ""},
		{"unknown channel", overwrites(command.DenyChannel(12345)), 404, 10003, "", ""},
		{"@everyone and all channels", overwrites(command.DenyRole(command.Everyone(s.GuildID)), command.AllowChannel(command.AllChannels(s.GuildID))), 200, 0, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, got := call(t, s, "PUT", path, auth, tc.body)
			if resp.StatusCode != tc.status {
				t.Fatalf("%d %v, want %d", resp.StatusCode, got, tc.status)
			}
			if tc.status == 200 {
				return
			}
			if got["code"] != float64(tc.code) {
				t.Fatalf("code %v, want %d: %v", got["code"], tc.code, got)
			}
			if tc.at == "" {
				return
			}
			node, _ := got["errors"].(map[string]any)
			for _, key := range strings.Split(tc.at, ".") {
				node, _ = node[key].(map[string]any)
			}
			list, _ := node["_errors"].([]any)
			if len(list) == 0 || list[0].(map[string]any)["code"] != tc.errCode {
				t.Fatalf("errors at %s = %v, want %s: %v", tc.at, node, tc.errCode, got)
			}
		})
	}
	// The last good write stands: refusals changed nothing.
	resp, got := call(t, s, "GET", path, "Bot "+s.BotToken, "")
	if ps, _ := got["permissions"].([]any); resp.StatusCode != 200 || len(ps) != 2 {
		t.Fatalf("after refusals: %d %v", resp.StatusCode, got)
	}
}

func TestPermissionsReadBackAndReplace(t *testing.T) {
	s := start(t, emulator.Config{})
	path := permissionsPath(s, s.ApplicationID)
	access, _ := userToken(t, s, s.Admin, permissionsScope)
	auth := "Bearer " + access
	bot := "Bot " + s.BotToken

	if resp, got := call(t, s, "GET", path, bot, ""); resp.StatusCode != 404 || got["code"] != float64(10066) {
		t.Fatalf("before any write: %d %v", resp.StatusCode, got)
	}
	if status, list := listPermissions(t, s, bot); status != 200 || len(list) != 0 {
		t.Fatalf("list before any write: %d %v", status, list)
	}

	first := []command.Permission{command.DenyRole(command.Everyone(s.GuildID)), command.AllowUser(s.Member)}
	if resp, got := call(t, s, "PUT", path, auth, overwrites(first...)); resp.StatusCode != 200 {
		t.Fatalf("put: %d %v", resp.StatusCode, got)
	}
	second := []command.Permission{command.DenyChannel(command.AllChannels(s.GuildID))}
	if resp, got := call(t, s, "PUT", path, auth, overwrites(second...)); resp.StatusCode != 200 {
		t.Fatalf("second put: %d %v", resp.StatusCode, got)
	}
	for _, reader := range []string{bot, "Bearer " + clientToken(t, s, "applications.commands"), auth} {
		status, list := listPermissions(t, s, reader)
		want := command.GuildPermissions{ID: s.ApplicationID, ApplicationID: s.ApplicationID, GuildID: s.GuildID, Permissions: second}
		if status != 200 || len(list) != 1 || fmt.Sprint(list[0]) != fmt.Sprint(want) {
			t.Fatalf("list as %.12s: %d %+v, want the second write only", reader, status, list)
		}
		if resp, got := call(t, s, "GET", path, reader, ""); resp.StatusCode != 200 || len(got["permissions"].([]any)) != 1 {
			t.Fatalf("get as %.12s: %d %v", reader, resp.StatusCode, got)
		}
	}

	// A user token that may not edit permissions does not read them either.
	identify, _ := userToken(t, s, s.Admin, "identify")
	if resp, got := call(t, s, "GET", path, "Bearer "+identify, ""); resp.StatusCode != 403 || got["code"] != float64(50026) {
		t.Fatalf("get with identify only: %d %v", resp.StatusCode, got)
	}

	// An empty list deletes them.
	resp, got := call(t, s, "PUT", path, auth, `{"permissions": []}`)
	if ps, ok := got["permissions"].([]any); resp.StatusCode != 200 || !ok || len(ps) != 0 {
		t.Fatalf("empty put: %d %v", resp.StatusCode, got)
	}
	if resp, got := call(t, s, "GET", path, bot, ""); resp.StatusCode != 404 || got["code"] != float64(10066) || got["message"] != "Unknown application command permissions" {
		t.Fatalf("after delete: %d %v", resp.StatusCode, got)
	}
	if status, list := listPermissions(t, s, bot); status != 200 || len(list) != 0 {
		t.Fatalf("list after delete: %d %v", status, list)
	}
}

func TestPermissionsOfACommand(t *testing.T) {
	s := start(t, emulator.Config{})
	bot := "Bot " + s.BotToken
	resp, cmd := call(t, s, "POST", "/applications/"+s.ApplicationID.String()+"/guilds/"+s.GuildID.String()+"/commands", bot,
		`{"name": "ban", "description": "Ban someone"}`)
	if resp.StatusCode != 201 {
		t.Skipf("creating a guild command: %d %v", resp.StatusCode, cmd)
	}
	id, err := interaction.ParseSnowflake(cmd["id"].(string))
	if err != nil {
		t.Fatal(err)
	}
	access, _ := userToken(t, s, s.Moderator, permissionsScope)
	ps := []command.Permission{command.AllowUser(s.Moderator), command.DenyRole(command.Everyone(s.GuildID))}
	if resp, got := call(t, s, "PUT", permissionsPath(s, id), "Bearer "+access, overwrites(ps...)); resp.StatusCode != 200 || got["id"] != id.String() {
		t.Fatalf("put: %d %v", resp.StatusCode, got)
	}
	if resp, got := call(t, s, "PUT", permissionsPath(s, s.ApplicationID), "Bearer "+access, overwrites(command.DenyRole(command.Everyone(s.GuildID)))); resp.StatusCode != 200 {
		t.Fatalf("put application-wide: %d %v", resp.StatusCode, got)
	}
	status, list := listPermissions(t, s, bot)
	if status != 200 || len(list) != 2 {
		t.Fatalf("list: %d %+v", status, list)
	}
	ids := map[interaction.Snowflake]int{}
	for _, p := range list {
		ids[p.ID] = len(p.Permissions)
	}
	if ids[id] != 2 || ids[s.ApplicationID] != 1 {
		t.Fatalf("list %+v", list)
	}
}

func TestPermissionsPathErrors(t *testing.T) {
	s := start(t, emulator.Config{})
	access, _ := userToken(t, s, s.Moderator, permissionsScope)
	app, guild := s.ApplicationID.String(), s.GuildID.String()
	body := overwrites(command.DenyRole(command.Everyone(s.GuildID)))
	for _, tc := range []struct {
		name, method, path, auth string
		status, code             int
	}{
		{"unknown command", "GET", "/applications/" + app + "/guilds/" + guild + "/commands/12345/permissions", "Bot " + s.BotToken, 404, 10063},
		{"unknown command, put", "PUT", "/applications/" + app + "/guilds/" + guild + "/commands/12345/permissions", "Bearer " + access, 404, 10063},
		{"unknown guild", "GET", "/applications/" + app + "/guilds/12345/commands/permissions", "Bot " + s.BotToken, 404, 10004},
		{"unknown guild, put", "PUT", "/applications/" + app + "/guilds/12345/commands/" + app + "/permissions", "Bearer " + access, 404, 10004},
		{"another application", "GET", "/applications/12345/guilds/" + guild + "/commands/permissions", "Bot " + s.BotToken, 404, 10002},
		{"batch edit with a bot", "PUT", "/applications/" + app + "/guilds/" + guild + "/commands/permissions", "Bot " + s.BotToken, 405, 0},
		{"batch edit with a user", "PUT", "/applications/" + app + "/guilds/" + guild + "/commands/permissions", "Bearer " + access, 405, 0},
		{"batch edit without credentials", "PUT", "/applications/" + app + "/guilds/" + guild + "/commands/permissions", "", 401, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := ""
			if tc.method == "PUT" {
				b = `[` + body + `]`
				if !strings.Contains(tc.name, "batch") {
					b = body
				}
			}
			resp, got := call(t, s, tc.method, tc.path, tc.auth, b)
			if resp.StatusCode != tc.status || got["code"] != float64(tc.code) {
				t.Fatalf("%d %v, want %d code %d", resp.StatusCode, got, tc.status, tc.code)
			}
			if tc.status == 405 && (got["message"] != "405: Method Not Allowed" || resp.Header.Get("Allow") != "GET") {
				t.Fatalf("message %v, Allow %q", got["message"], resp.Header.Get("Allow"))
			}
		})
	}
}
