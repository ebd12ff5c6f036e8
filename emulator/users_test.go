package emulator_test

import (
	"encoding/json"
	"reflect"
	"strings"
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
// avatar and global_name null when unset, the profile decorations null
// when the user has none.
var userFields = []string{"id", "username", "discriminator", "global_name", "avatar", "public_flags",
	"avatar_decoration_data", "collectibles", "primary_guild"}

// checkUser fails unless u, found at where, is a user object with every
// field the service always writes, and no avatar: the seeded users have
// none. An avatar decoration has its asset and SKU.
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
	if obj["avatar"] != nil {
		t.Errorf("%s: avatar %v; want null", where, obj["avatar"])
	}
	if d, ok := obj["avatar_decoration_data"].(map[string]any); ok && (d["asset"] == nil || d["sku_id"] == nil) {
		t.Errorf("%s: avatar decoration %v without its asset or SKU", where, d)
	}
}

// The seeded users' profiles, as every user object writes them.
var (
	// bobsProfile is the member's: an avatar decoration and a
	// nameplate, and no server tag.
	bobsProfile = map[string]any{
		"avatar_decoration_data": map[string]any{"asset": "a_5f2e8c1d0b9a7e6f4c3d2b1a0e9f8d7c", "sku_id": "1248046212711235584"},
		"collectibles": map[string]any{"nameplate": map[string]any{
			"sku_id": "1349849614353678336", "asset": "nameplates/nameplates/forest_walk/", "label": "", "palette": "forest"}},
		"primary_guild": nil,
	}
	// bobsBanner is what reading the member through the API adds.
	bobsBanner = map[string]any{"banner": "b7e4c1a9d2f06e3b8c5a1d7f4e2b9c60", "accent_color": float64(0x2e8b57)}
)

// adasProfile is the moderator's: the seeded guild's server tag, an
// accent color without a banner.
func adasProfile(s *target) map[string]any {
	return map[string]any{
		"avatar_decoration_data": nil,
		"collectibles":           nil,
		"primary_guild": map[string]any{"identity_guild_id": s.GuildID.String(), "identity_enabled": true,
			"tag": "EMU", "badge": "3c5d0f1e9a8b7c6d5e4f3a2b1c0d9e8f"},
	}
}

// checkProfile fails unless the user object u, found at where, has the
// fields of want.
func checkProfile(t *testing.T, where string, u any, want ...map[string]any) {
	t.Helper()
	obj, _ := u.(map[string]any)
	for _, w := range want {
		for k, v := range w {
			if got, ok := obj[k]; !ok || !reflect.DeepEqual(got, v) {
				t.Errorf("%s: %s = %v (present %v), want %v", where, k, got, ok, v)
			}
		}
	}
}

// The seeded users' profiles are in every user object the emulator
// writes: read by id, as the current user, and in an interaction.
func TestTheSeededProfilesAreWrittenWhereverTheUsersAre(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	bot := "Bot " + s.BotToken

	_, bob := call(t, s, "GET", "/users/"+s.Member.String(), bot, "")
	checkUser(t, "GET /users/{member}", bob)
	checkProfile(t, "GET /users/{member}", bob, bobsProfile, bobsBanner)

	_, ada := call(t, s, "GET", "/users/"+s.Moderator.String(), bot, "")
	checkProfile(t, "GET /users/{moderator}", ada, adasProfile(s), map[string]any{"banner": nil, "accent_color": float64(0x5865f2)})

	token, _ := userToken(t, s, s.Moderator, "identify")
	_, me := call(t, s, "GET", "/users/@me", "Bearer "+token, "")
	checkProfile(t, "GET /users/@me as the moderator", me, adasProfile(s))

	ex := rl.invoke(t, s, "ask")
	member, _ := object(t, ex.Raw)["member"].(map[string]any)
	checkProfile(t, "member.user", member["user"], bobsProfile)
	if u, _ := member["user"].(map[string]any); u["banner"] != nil || u["accent_color"] != nil {
		t.Errorf("member.user has the profile banner, which only the API's user has: %v", u)
	}
	ex.answer(t, []byte(`{"type":4,"data":{"content":"hi"}}`))
}

func TestGetUserByID(t *testing.T) {
	s := start(t, emulator.Config{})
	token, _ := userToken(t, s, s.Moderator, "identify")
	for _, tc := range []struct {
		name, path, auth string
		status, code     int
	}{
		{"the bot reads a user", "/users/" + s.Admin.String(), "Bot " + s.BotToken, 200, 0},
		{"the bot reads itself", "/users/" + s.ApplicationID.String(), "Bot " + s.BotToken, 200, 0},
		{"an unknown user", "/users/1", "Bot " + s.BotToken, 404, 10013},
		{"an id that is not one", "/users/ada", "Bot " + s.BotToken, 404, 10013},
		{"a user's token", "/users/" + s.Admin.String(), "Bearer " + token, 401, 0},
		{"no credentials", "/users/" + s.Admin.String(), "", 401, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := call(t, s, "GET", tc.path, tc.auth, "")
			if resp.StatusCode != tc.status {
				t.Fatalf("%d %v, want %d", resp.StatusCode, body, tc.status)
			}
			if tc.status != 200 {
				if body["code"] != float64(tc.code) {
					t.Errorf("error body %v, want code %d", body, tc.code)
				}
				return
			}
			checkUser(t, tc.path, body)
			for _, f := range []string{"banner", "accent_color"} {
				if _, ok := body[f]; !ok {
					t.Errorf("no %s: %v", f, body)
				}
			}
			if _, ok := body["locale"]; ok {
				t.Errorf("another user's locale, which only the current user reads: %v", body)
			}
		})
	}
}

// A seed's users may carry a profile, which the emulator writes as it
// was given; one the service would not send is refused.
func TestASeedUserCarriesAProfile(t *testing.T) {
	const user = `{"id":"1001","username":"carol","accent_color":0,"banner":"b1",
		"avatar_decoration_data":{"asset":"a_1","sku_id":"1002"},
		"collectibles":{"nameplate":{"sku_id":"1003","asset":"nameplates/x/","label":"","palette":"lemon"}},
		"primary_guild":{"identity_guild_id":"2001","identity_enabled":false,"tag":"CÆRO","badge":null}}`
	var seed emulator.Seed
	if err := json.Unmarshal([]byte(`{"users":[`+user+`]}`), &seed); err != nil {
		t.Fatal(err)
	}
	s := start(t, emulator.Config{Seed: &seed})
	_, carol := call(t, s, "GET", "/users/1001", "Bot "+s.BotToken, "")
	checkProfile(t, "GET /users/1001", carol, map[string]any{
		"accent_color":           float64(0),
		"banner":                 "b1",
		"avatar_decoration_data": map[string]any{"asset": "a_1", "sku_id": "1002"},
		"collectibles":           map[string]any{"nameplate": map[string]any{"sku_id": "1003", "asset": "nameplates/x/", "label": "", "palette": "lemon"}},
		"primary_guild":          map[string]any{"identity_guild_id": "2001", "identity_enabled": false, "tag": "CÆRO", "badge": nil},
	})

	for _, tc := range []struct{ profile, want string }{
		{`"avatar_decoration_data":{"asset":"a_1"}`, "avatar_decoration_data needs its asset and sku_id"},
		{`"collectibles":{"nameplate":{"sku_id":"3","asset":"n/","palette":"black"}}`, `palette "black" is none of the documented ones`},
		{`"primary_guild":{"identity_guild_id":"2","identity_enabled":true,"tag":"TOOLONG"}`, "over 4 characters"},
		{`"primary_guild":{"identity_enabled":true,"tag":"EMU"}`, "a tag needs its identity_guild_id"},
		{`"accent_color":16777216`, "not a color"},
	} {
		var seed emulator.Seed
		if err := json.Unmarshal([]byte(`{"users":[{"id":"1001","username":"carol",`+tc.profile+`}]}`), &seed); err != nil {
			t.Fatal(err)
		}
		_, err := emulator.New(emulator.Config{Seed: &seed})
		if err == nil || !strings.Contains(err.Error(), "seed: user 1001: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New with %s: %v; want an error saying %q", tc.profile, err, tc.want)
		}
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

// The gateway writes the profiles too: GUILD_CREATE's members, for a
// session with GUILD_PRESENCES, which lists them all.
func TestTheGatewayWritesTheSeededProfiles(t *testing.T) {
	s, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const guildsAndPresences = 1 | 1<<8
	_, _, guilds := connectGateway(t, s, guildsAndPresences)
	if len(guilds) != 1 {
		t.Fatalf("GUILD_CREATEs: %v", guilds)
	}
	users := map[string]any{}
	for _, m := range guilds[0]["members"].([]any) {
		u := m.(map[string]any)["user"].(map[string]any)
		users[u["id"].(string)] = u
	}
	checkProfile(t, "GUILD_CREATE's member", users[s.Member.String()], bobsProfile)
	checkProfile(t, "GUILD_CREATE's moderator", users[s.Moderator.String()], adasProfile(&target{GuildID: s.GuildID}))
}
