package emulator_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

func TestCurrentUserForEachKindOfToken(t *testing.T) {
	s := start(t, emulator.Config{})
	withIdentify, _ := userToken(t, s, s.Moderator, "identify", "applications.commands.permissions.update")
	withoutIdentify, _ := userToken(t, s, s.Moderator, "applications.commands.permissions.update")
	for _, tc := range []struct {
		name, auth string
		status     int
		id         string
		bot        bool
	}{
		{"bot token", "Bot " + s.BotToken, 200, "", true},
		{"user token with identify", "Bearer " + withIdentify, 200, s.Moderator.String(), false},
		{"client credentials with identify: the owner", "Bearer " + clientToken(t, s, "identify applications.commands.update"), 200, s.Admin.String(), false},
		{"user token without identify", "Bearer " + withoutIdentify, 401, "", false},
		{"client credentials without identify", "Bearer " + clientToken(t, s, "applications.commands.update"), 401, "", false},
		{"no credentials", "", 401, "", false},
		{"unknown bearer", "Bearer nope", 401, "", false},
		{"bot token without its prefix", s.BotToken, 401, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := call(t, s, "GET", "/users/@me", tc.auth, "")
			if resp.StatusCode != tc.status {
				t.Fatalf("%d %v, want %d", resp.StatusCode, body, tc.status)
			}
			if tc.status != 200 {
				if body["code"] != float64(0) || body["message"] != "401: Unauthorized" {
					t.Fatalf("error body %v", body)
				}
				return
			}
			if tc.id != "" && body["id"] != tc.id {
				t.Fatalf("id %v, want %s", body["id"], tc.id)
			}
			if tc.bot != (body["bot"] == true) {
				t.Fatalf("bot = %v, want %v", body["bot"], tc.bot)
			}
			if v, ok := body["premium_type"]; !ok || v != float64(0) {
				t.Fatalf("premium_type = %v, %v; want 0", v, ok)
			}
			if body["username"] == "" || body["discriminator"] != "0" {
				t.Fatalf("body %v", body)
			}
		})
	}
}

// userFields are the fields the service writes in every user object:
// avatar and global_name null when unset, the profile decorations null.
var userFields = []string{"id", "username", "discriminator", "global_name", "avatar", "public_flags",
	"avatar_decoration_data", "collectibles", "primary_guild"}

// checkUser fails unless u, found at where, is a user object with every
// field the service always writes, and no avatar.
func checkUser(t *testing.T, where string, u any) {
	t.Helper()
	obj, ok := u.(map[string]any)
	if !ok {
		t.Errorf("%s: no user object: %v", where, u)
		return
	}
	for _, f := range userFields {
		if _, ok := obj[f]; !ok {
			t.Errorf("%s: no %s: %v", where, f, obj)
		}
	}
	if obj["avatar"] != nil || obj["avatar_decoration_data"] != nil {
		t.Errorf("%s: avatar %v, decoration %v; want null", where, obj["avatar"], obj["avatar_decoration_data"])
	}
}

// Every user object the emulator writes has the fields the service always
// sends, so that a client may index them: in interactions, in messages and
// their interaction metadata, and from /users/@me.
func TestUserObjectsCarryEveryFieldTheServiceSends(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	body := `[{"name":"ask","description":"Asks"},{"name":"greet","description":"Greets","options":[{"type":6,"name":"who","description":"Who"}]},` +
		`{"name":"Whois","type":2},{"name":"Quote","type":3}]`
	if status, raw := do(t, s, "PUT", guildPath(s), body); status != 200 {
		t.Fatalf("%d %s", status, raw)
	}
	if status, raw := do(t, s, "PUT", globalPath(s), `[{"name":"dm","description":"In DMs"}]`); status != 200 {
		t.Fatalf("%d %s", status, raw)
	}
	guild, admin := s.GuildID.String(), s.Admin.String()
	for _, tc := range []struct {
		name, invocation string
		users            func(ix map[string]any) map[string]any
	}{
		{"a guild member's user", `{"guild":"` + guild + `","command":"ask"}`, func(ix map[string]any) map[string]any {
			return map[string]any{"member.user": ix["member"].(map[string]any)["user"]}
		}},
		{"the user of a DM", `{"command":"dm"}`, func(ix map[string]any) map[string]any {
			return map[string]any{"user": ix["user"]}
		}},
		{"a user option's resolved user", `{"guild":"` + guild + `","command":"greet","options":[{"name":"who","value":"` + admin + `"}]}`,
			func(ix map[string]any) map[string]any {
				return map[string]any{"resolved user": resolved(ix, "users")[admin]}
			}},
		{"a user command's target", `{"guild":"` + guild + `","command":"Whois","type":2,"target":"` + admin + `"}`,
			func(ix map[string]any) map[string]any {
				return map[string]any{"resolved user": resolved(ix, "users")[admin]}
			}},
		{"a message command's message author", `{"guild":"` + guild + `","command":"Quote","type":3,"target":"1234567890123456789"}`,
			func(ix map[string]any) map[string]any {
				m, _ := resolved(ix, "messages")["1234567890123456789"].(map[string]any)
				return map[string]any{"resolved message author": m["author"]}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ex := rl.invokeWith(t, s, tc.invocation)
			ix := object(t, ex.Raw)
			for where, u := range tc.users(ix) {
				checkUser(t, where, u)
			}
			if res := ex.answer(t, []byte(`{"type":4,"data":{"content":"hi"}}`)); !res.OK {
				t.Fatalf("%+v", res)
			}
			// The control API shows the interaction as it was sent.
			_, raw := control(t, s.controlURL, "GET", "/_emulator/interactions/"+ex.ID.String(), "")
			recorded, _ := object(t, raw)["interaction"].(map[string]any)
			for where, u := range tc.users(recorded) {
				checkUser(t, "recorded "+where, u)
			}
			resp, msg := call(t, s, "GET", webhookPath(s, ex.Token)+"/messages/@original", "", "")
			if resp.StatusCode != 200 {
				t.Fatalf("@original: %d %v", resp.StatusCode, msg)
			}
			checkUser(t, "message author", msg["author"])
			meta, _ := msg["interaction_metadata"].(map[string]any)
			checkUser(t, "interaction_metadata.user", meta["user"])
		})
	}
	t.Run("the current user", func(t *testing.T) {
		_, me := call(t, s, "GET", "/users/@me", "Bot "+s.BotToken, "")
		checkUser(t, "/users/@me", me)
		for _, f := range []string{"banner", "accent_color", "flags", "mfa_enabled", "locale"} {
			if _, ok := me[f]; !ok {
				t.Errorf("/users/@me has no %s: %v", f, me)
			}
		}
	})
}

// resolved returns a dictionary of an interaction's resolved data.
func resolved(ix map[string]any, kind string) map[string]any {
	data, _ := ix["data"].(map[string]any)
	r, _ := data["resolved"].(map[string]any)
	d, _ := r[kind].(map[string]any)
	return d
}

// The channel of an interaction in the bot's direct messages names the
// user among its recipients, as the service's does; frameworks index it.
func TestADirectMessageChannelNamesItsRecipient(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	if status, raw := do(t, s, "PUT", globalPath(s), `[{"name":"dm","description":"In DMs"}]`); status != 200 {
		t.Fatalf("%d %s", status, raw)
	}
	ex := rl.invokeWith(t, s, `{"command":"dm"}`)
	ix := object(t, ex.Raw)
	ch, _ := ix["channel"].(map[string]any)
	recipients, _ := ch["recipients"].([]any)
	if ch["type"] != float64(1) || len(recipients) != 1 {
		t.Fatalf("channel %v", ch)
	}
	checkUser(t, "channel.recipients[0]", recipients[0])
	if r := recipients[0].(map[string]any); r["id"] != s.Member.String() {
		t.Errorf("the recipient is %v, not the user %s", r["id"], s.Member)
	}
	ex.answer(t, []byte(`{"type":4,"data":{"content":"hi"}}`))

	// A guild channel has none.
	ex = rl.invoke(t, s, "ask")
	if ch, _ := object(t, ex.Raw)["channel"].(map[string]any); ch["recipients"] != nil {
		t.Errorf("a guild channel with recipients: %v", ch)
	}
	ex.answer(t, []byte(`{"type":4,"data":{"content":"hi"}}`))
}
