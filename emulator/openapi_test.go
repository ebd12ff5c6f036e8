package emulator

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// The emulator's answers are held to the service's OpenAPI description:
// every route it serves has cases here, each a request whose status must
// be one the description lists for the operation and whose body must
// match the schema it gives for that status (its errors too: 4XX is
// ErrorResponse, 429 RatelimitedResponse).

// notDescribed are the routes the emulator serves that the description
// has no operation for, and why they are served.
var notDescribed = map[string]string{
	"POST /oauth2/token":        "the OAuth2 token endpoint is documented in the OAuth2 topic, not in the description",
	"POST /oauth2/token/revoke": "the OAuth2 token revocation endpoint is documented in the OAuth2 topic, not in the description (D202)",
	"PUT /applications/{app}/guilds/{guild}/commands/permissions": "the batch permissions edit, disabled by the service, " +
		"answers 405 (D27); the description lists only its GET",
	"GET /applications/{app}/skus": "List SKUs is documented in the SKU resource, not in the description (D146)",
}

// apiCase is a request of the API and what the description says of its
// answer.
type apiCase struct {
	name string
	// route is the emulator's route the request reaches, as registered
	// ("GET /users/@me").
	route string
	// described is the description's path when it is not the route's
	// own (the webhook message routes serve "@original" too).
	described string
	// do makes the request.
	do func(t *testing.T, w *oasWorld) oasAnswer
	// status is the status the emulator must answer.
	status int
}

// oasAnswer is an answer of the API.
type oasAnswer struct {
	status      int
	contentType string
	body        []byte
}

// oasWorld is a server with what the cases need: commands, a bot that
// answers, a user's token.
type oasWorld struct {
	s   *Server
	bot *oasBot
	// cmd and guildCmd are a global and a guild command; userToken is
	// the access token of a moderator who may edit permissions.
	cmd, guildCmd interaction.Snowflake
	userToken     string
}

// call makes a request of the API.
func (w *oasWorld) call(t *testing.T, method, path, auth, contentType string, body []byte) oasAnswer {
	t.Helper()
	req, err := http.NewRequest(method, w.s.URL+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return oasAnswer{status: resp.StatusCode, contentType: resp.Header.Get("Content-Type"), body: raw}
}

// asBot makes a JSON request as the bot.
func (w *oasWorld) asBot(t *testing.T, method, path, body string) oasAnswer {
	t.Helper()
	ct := ""
	if body != "" {
		ct = "application/json"
	}
	return w.call(t, method, path, "Bot "+w.s.BotToken, ct, []byte(body))
}

// anon makes a JSON request without credentials, as webhooks are made.
func (w *oasWorld) anon(t *testing.T, method, path, body string) oasAnswer {
	t.Helper()
	ct := ""
	if body != "" {
		ct = "application/json"
	}
	return w.call(t, method, path, "", ct, []byte(body))
}

// answered invokes /poll and returns the interaction the bot answered
// with the poll.
func (w *oasWorld) answered(t *testing.T) *Result {
	t.Helper()
	res, err := w.s.Invoke(context.Background(), Invocation{Guild: w.s.GuildID, Command: "poll"})
	mustOK(t, res, err)
	return res
}

// sku returns the id of the application's SKU named name.
func (w *oasWorld) sku(t *testing.T, name string) interaction.Snowflake {
	t.Helper()
	for _, k := range w.s.SKUs() {
		if k.Name == name && k.Type != skuSubscriptionGroup {
			return k.ID
		}
	}
	t.Fatalf("no SKU %q", name)
	return 0
}

// entitlement grants the SKU named name to a user or a guild, as an
// entitlement of type typ.
func (w *oasWorld) entitlement(t *testing.T, name string, typ int, user, guild interaction.Snowflake) interaction.Entitlement {
	t.Helper()
	e, err := w.s.CreateEntitlement(interaction.Entitlement{SKUID: w.sku(t, name), Type: typ, UserID: user, GuildID: guild})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func (w *oasWorld) webhook(t *testing.T, res *Result) string {
	return "/webhooks/" + w.s.ApplicationID.String() + "/" + res.Interaction.Token
}

// startOASWorld starts the server of the cases.
func startOASWorld(t *testing.T) *oasWorld {
	t.Helper()
	return startOASWorldWith(t, Config{})
}

// startOASWorldWith starts the server of the cases with cfg, which gets
// an Activity and both installation contexts.
func startOASWorldWith(t *testing.T, cfg Config) *oasWorld {
	t.Helper()
	cfg.Activities = true
	cfg.InstallationContexts = []interaction.IntegrationType{interaction.GuildInstall, interaction.UserInstall}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	w := &oasWorld{s: s}
	w.bot = startOASBot(t, s)
	putCommands(t, s, command.InGuild(s.GuildID), []byte(oasGuildCommands))
	asBot(t, s, http.MethodPost, command.Global.CommandsPath(s.ApplicationID), `{"name":"poll","description":"Starts a poll","contexts":[0,1]}`, http.StatusCreated)
	w.cmd = commandID(s, "poll")
	w.guildCmd = commandID(s, "every")
	// The entry point is the application's to handle, so that the bot
	// receives it.
	asBot(t, s, http.MethodPatch, command.Global.CommandsPath(s.ApplicationID)+"/"+commandID(s, "Launch").String(), `{"handler":1}`, http.StatusOK)
	access, _ := oasUserToken(t, s, s.Moderator, "identify", "applications.commands.permissions.update")
	w.userToken = access
	return w
}

// oasUserToken authorizes user with scopes and exchanges the code.
func oasUserToken(t *testing.T, s *Server, user interaction.Snowflake, scopes ...string) (access, refresh string) {
	t.Helper()
	code, err := s.AuthorizeUser(user, scopes...)
	if err != nil {
		t.Fatal(err)
	}
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {s.RedirectURI},
		"client_id": {s.ClientID}, "client_secret": {s.ClientSecret}}
	status, raw := apiRequestForm(t, s, "/oauth2/token", form)
	if status != http.StatusOK {
		t.Fatalf("token: %d %s", status, raw)
	}
	var tok map[string]any
	json.Unmarshal([]byte(raw), &tok)
	a, _ := tok["access_token"].(string)
	r, _ := tok["refresh_token"].(string)
	return a, r
}

func apiRequestForm(t *testing.T, s *Server, path string, form url.Values) (int, string) {
	t.Helper()
	resp, err := http.Post(s.URL+path, "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(raw)
}

// apiCases are the cases: every route's success, and its errors.
func apiCases() []apiCase {
	const (
		globalList   = "/applications/{app}/commands"
		globalOne    = "/applications/{app}/commands/{cmd}"
		guildList    = "/applications/{app}/guilds/{guild}/commands"
		guildOne     = "/applications/{app}/guilds/{guild}/commands/{cmd}"
		permsAll     = "/applications/{app}/guilds/{guild}/commands/permissions"
		permsOne     = "/applications/{app}/guilds/{guild}/commands/{cmd}/permissions"
		callback     = "/interactions/{id}/{token}/callback"
		followup     = "/webhooks/{app}/{token}"
		whMessage    = "/webhooks/{app}/{token}/messages/{message}"
		whOriginal   = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
		usersMe      = "/users/@me"
		application  = "/oauth2/applications/@me"
		appMe        = "/applications/@me"
		authMe       = "/oauth2/@me"
		entitlements = "/applications/{app}/entitlements"
		entitlement  = "/applications/{app}/entitlements/{entitlement}"
		consume      = "/applications/{app}/entitlements/{entitlement}/consume"
	)
	global := func(w *oasWorld) string { return command.Global.CommandsPath(w.s.ApplicationID) }
	guild := func(w *oasWorld) string { return command.InGuild(w.s.GuildID).CommandsPath(w.s.ApplicationID) }
	perms := func(w *oasWorld, cmd interaction.Snowflake) string {
		return guild(w) + "/" + cmd.String() + "/permissions"
	}
	return []apiCase{
		{"the global commands are listed", "GET " + globalList, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", global(w)+"?with_localizations=true", "")
		}, 200},
		{"a new global command is created", "POST " + globalList, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "POST", global(w), `{"name":"fresh","description":"Fresh","name_localizations":{"fr":"frais"},
				"options":[{"type":3,"name":"text","description":"Text","min_length":1,"choices":[{"name":"a","value":"a"}]}]}`)
		}, 201},
		{"a global command of the same name is overwritten", "POST " + globalList, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "POST", global(w), `{"name":"poll","description":"Starts a poll","contexts":[0,1]}`)
		}, 200},
		{"a global command is read", "GET " + globalOne, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", global(w)+"/"+w.cmd.String(), "")
		}, 200},
		{"a global command is edited", "PATCH " + globalOne, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "PATCH", global(w)+"/"+w.cmd.String(), `{"description":"Starts a vote"}`)
		}, 200},
		{"a global command is deleted", "DELETE " + globalOne, "", func(t *testing.T, w *oasWorld) oasAnswer {
			id := oasCreated(t, w, global(w), `{"name":"gone","description":"Gone"}`)
			return w.asBot(t, "DELETE", global(w)+"/"+id, "")
		}, 204},
		{"the global commands are overwritten", "PUT " + globalList, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "PUT", global(w), `[{"name":"poll","description":"Starts a poll","contexts":[0,1]},
				{"name":"Launch","type":4,"handler":1,"description":""},{"type":2,"name":"Inspect"}]`)
		}, 200},
		{"the guild commands are listed", "GET " + guildList, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", guild(w), "")
		}, 200},
		{"a new guild command is created", "POST " + guildList, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "POST", guild(w), `{"name":"fresh","description":"Fresh","default_member_permissions":"8"}`)
		}, 201},
		{"a guild command of the same name is overwritten", "POST " + guildList, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "POST", guild(w), `{"name":"fresh","description":"Fresher"}`)
		}, 200},
		{"a guild command is read", "GET " + guildOne, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", guild(w)+"/"+w.guildCmd.String(), "")
		}, 200},
		{"a guild command is edited", "PATCH " + guildOne, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "PATCH", guild(w)+"/"+w.guildCmd.String(), `{"nsfw":false}`)
		}, 200},
		{"a guild command is deleted", "DELETE " + guildOne, "", func(t *testing.T, w *oasWorld) oasAnswer {
			id := oasCreated(t, w, guild(w), `{"name":"gone","description":"Gone"}`)
			return w.asBot(t, "DELETE", guild(w)+"/"+id, "")
		}, 204},
		{"the guild commands are overwritten", "PUT " + guildList, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "PUT", guild(w), oasGuildCommands)
		}, 200},
		{"a command's permissions are set", "PUT " + permsOne, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.call(t, "PUT", perms(w, commandID(w.s, "every")), "Bearer "+w.userToken, "application/json",
				[]byte(`{"permissions":[{"id":"`+w.s.Member.String()+`","type":2,"permission":false},{"id":"`+w.s.GuildID.String()+`","type":1,"permission":true}]}`))
		}, 200},
		{"a command's permissions are read", "GET " + permsOne, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", perms(w, commandID(w.s, "every")), "")
		}, 200},
		{"the guild's permissions are listed", "GET " + permsAll, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", guild(w)+"/permissions", "")
		}, 200},
		{"the bot reads itself", "GET " + usersMe, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", "/users/@me", "")
		}, 200},
		{"a user reads themself", "GET " + usersMe, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.call(t, "GET", "/users/@me", "Bearer "+w.userToken, "", nil)
		}, 200},
		{"the bot reads the member, with an avatar decoration, a nameplate and a banner", "GET /users/{user}", "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", "/users/"+w.s.Member.String(), "")
		}, 200},
		{"the bot reads the moderator, with a server tag", "GET /users/{user}", "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", "/users/"+w.s.Moderator.String(), "")
		}, 200},
		{"an unknown user is not found", "GET /users/{user}", "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", "/users/1", "")
		}, 404},
		{"the entitlements are listed", "GET " + entitlements, "", func(t *testing.T, w *oasWorld) oasAnswer {
			w.entitlement(t, "Premium", entitlementTestModePurchase, w.s.Member, 0)
			w.entitlement(t, "Server Premium", entitlementTestModePurchase, 0, w.s.GuildID)
			return w.asBot(t, "GET", "/applications/"+w.s.ApplicationID.String()+"/entitlements?with_payments=true", "")
		}, 200},
		{"a test entitlement is created for a user", "POST " + entitlements, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "POST", "/applications/"+w.s.ApplicationID.String()+"/entitlements",
				`{"sku_id":"`+w.sku(t, "Lifetime Pass").String()+`","owner_id":"`+w.s.Member.String()+`","owner_type":2}`)
		}, 200},
		{"a test entitlement is created for a guild", "POST " + entitlements, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "POST", "/applications/"+w.s.ApplicationID.String()+"/entitlements",
				`{"sku_id":"`+w.sku(t, "Server Premium").String()+`","owner_id":"`+w.s.GuildID.String()+`","owner_type":1}`)
		}, 200},
		{"a test entitlement is refused an unknown SKU", "POST " + entitlements, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "POST", "/applications/"+w.s.ApplicationID.String()+"/entitlements",
				`{"sku_id":"1","owner_id":"`+w.s.Member.String()+`","owner_type":2}`)
		}, 404},
		{"an entitlement is read", "GET " + entitlement, "", func(t *testing.T, w *oasWorld) oasAnswer {
			e := w.entitlement(t, "Lifetime Pass", entitlementTestModePurchase, w.s.Member, 0)
			return w.asBot(t, "GET", "/applications/"+w.s.ApplicationID.String()+"/entitlements/"+e.ID.String(), "")
		}, 200},
		{"an unknown entitlement is read", "GET " + entitlement, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", "/applications/"+w.s.ApplicationID.String()+"/entitlements/1", "")
		}, 404},
		{"a test entitlement is deleted", "DELETE " + entitlement, "", func(t *testing.T, w *oasWorld) oasAnswer {
			e := w.entitlement(t, "Premium", entitlementTestModePurchase, w.s.Admin, 0)
			return w.asBot(t, "DELETE", "/applications/"+w.s.ApplicationID.String()+"/entitlements/"+e.ID.String(), "")
		}, 204},
		{"a consumable's entitlement is consumed", "POST " + consume, "", func(t *testing.T, w *oasWorld) oasAnswer {
			e := w.entitlement(t, "Coin Pack", entitlementPurchase, w.s.Moderator, 0)
			return w.asBot(t, "POST", "/applications/"+w.s.ApplicationID.String()+"/entitlements/"+e.ID.String()+"/consume", "")
		}, 204},
		{"a durable's entitlement is not consumed", "POST " + consume, "", func(t *testing.T, w *oasWorld) oasAnswer {
			e := w.entitlement(t, "Lifetime Pass", entitlementPurchase, w.s.Moderator, 0)
			return w.asBot(t, "POST", "/applications/"+w.s.ApplicationID.String()+"/entitlements/"+e.ID.String()+"/consume", "")
		}, 400},
		{"the bot reads its application", "GET " + application, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", "/oauth2/applications/@me", "")
		}, 200},
		{"the bot reads its application at the newer route", "GET " + appMe, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", "/applications/@me", "")
		}, 200},
		{"a user reads their authorization", "GET " + authMe, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.call(t, "GET", "/oauth2/@me", "Bearer "+w.userToken, "", nil)
		}, 200},
		{"the application reads its client credentials authorization", "GET " + authMe, "", func(t *testing.T, w *oasWorld) oasAnswer {
			form := url.Values{"grant_type": {"client_credentials"}, "scope": {"applications.commands.update"},
				"client_id": {w.s.ClientID}, "client_secret": {w.s.ClientSecret}}
			status, raw := apiRequestForm(t, w.s, "/oauth2/token", form)
			var tok struct {
				AccessToken string `json:"access_token"`
			}
			if err := json.Unmarshal([]byte(raw), &tok); err != nil || status != 200 {
				t.Fatalf("token: %d %s", status, raw)
			}
			return w.call(t, "GET", "/oauth2/@me", "Bearer "+tok.AccessToken, "", nil)
		}, 200},
		{"an answer through the callback endpoint", "POST " + callback, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.bot.callback(t, w, "", `{"type":4,"data":{"content":"<@`+w.s.Member.String()+`> & you","embeds":[{"title":"T"}]}}`)
		}, 204},
		{"an answer through the callback endpoint with the response", "POST " + callback, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.bot.callback(t, w, "?with_response=true", `{"type":4,"data":{"content":"pong","components":`+oasComponents+`}}`)
		}, 200},
		{"a deferral through the callback endpoint with the response", "POST " + callback, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.bot.callback(t, w, "?with_response=true", `{"type":5}`)
		}, 200},
		{"a follow-up", "POST " + followup, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.anon(t, "POST", w.webhook(t, w.answered(t)), `{"content":"more","embeds":[{"description":"d"}],"components":`+oasComponents+`}`)
		}, 200},
		{"a follow-up laid out with components v2 and a file", "POST " + followup, "", func(t *testing.T, w *oasWorld) oasAnswer {
			ct, body := oasMultipart(t, `{"flags":32768,"components":`+oasLayout+`}`, "cat.png", []byte("\x89PNG\r\n\x1a\n"))
			return w.call(t, "POST", w.webhook(t, w.answered(t)), "", ct, body)
		}, 200},
		{"the interaction's webhook is read by its token", "GET " + followup, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.anon(t, "GET", w.webhook(t, w.answered(t)), "")
		}, 200},
		{"the original is read", "GET " + whMessage, whOriginal, func(t *testing.T, w *oasWorld) oasAnswer {
			return w.anon(t, "GET", w.webhook(t, w.answered(t))+"/messages/@original", "")
		}, 200},
		{"the original is edited", "PATCH " + whMessage, whOriginal, func(t *testing.T, w *oasWorld) oasAnswer {
			return w.anon(t, "PATCH", w.webhook(t, w.answered(t))+"/messages/@original", `{"content":"edited"}`)
		}, 200},
		{"the original is deleted", "DELETE " + whMessage, whOriginal, func(t *testing.T, w *oasWorld) oasAnswer {
			return w.anon(t, "DELETE", w.webhook(t, w.answered(t))+"/messages/@original", "")
		}, 204},
		{"a follow-up is read", "GET " + whMessage, "", func(t *testing.T, w *oasWorld) oasAnswer {
			path, id := oasFollowup(t, w)
			return w.anon(t, "GET", path+"/messages/"+id, "")
		}, 200},
		{"a follow-up is edited", "PATCH " + whMessage, "", func(t *testing.T, w *oasWorld) oasAnswer {
			path, id := oasFollowup(t, w)
			return w.anon(t, "PATCH", path+"/messages/"+id, `{"embeds":[{"title":"new"}]}`)
		}, 200},
		{"a follow-up is deleted", "DELETE " + whMessage, "", func(t *testing.T, w *oasWorld) oasAnswer {
			path, id := oasFollowup(t, w)
			return w.anon(t, "DELETE", path+"/messages/"+id, "")
		}, 204},

		// Errors.
		{"an invalid command is refused with its errors tree", "POST " + globalList, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "POST", global(w), `{"name":"Bad Name","description":""}`)
		}, 400},
		{"a body that is not JSON is refused", "POST " + guildList, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "POST", guild(w), `{"name":`)
		}, 400},
		{"a request without credentials is refused", "GET " + globalList, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.anon(t, "GET", global(w), "")
		}, 401},
		{"a bot may not edit permissions", "PUT " + permsOne, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "PUT", perms(w, commandID(w.s, "every")), `{"permissions":[]}`)
		}, 403},
		{"an unknown command is not found", "GET " + guildOne, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", guild(w)+"/1", "")
		}, 404},
		{"a command without permissions has none to read", "GET " + permsOne, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", perms(w, commandID(w.s, "Inspect")), "")
		}, 404},
		{"a bearer token without identify reads no user", "GET " + usersMe, "", func(t *testing.T, w *oasWorld) oasAnswer {
			access, _ := oasUserToken(t, w.s, w.s.Member, "applications.commands")
			return w.call(t, "GET", "/users/@me", "Bearer "+access, "", nil)
		}, 401},
		{"a bearer token reads no application", "GET " + application, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.call(t, "GET", "/oauth2/applications/@me", "Bearer "+w.userToken, "", nil)
		}, 401},
		{"a bearer token reads no application at the newer route", "GET " + appMe, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.call(t, "GET", "/applications/@me", "Bearer "+w.userToken, "", nil)
		}, 401},
		{"a bot token has no authorization to read", "GET " + authMe, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", "/oauth2/@me", "")
		}, 401},
		{"an unknown interaction has no callback", "POST " + callback, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.anon(t, "POST", "/interactions/1/nope/callback", `{"type":1}`)
		}, 404},
		{"an answered interaction takes no second answer", "POST " + callback, "", func(t *testing.T, w *oasWorld) oasAnswer {
			res := w.answered(t)
			return w.anon(t, "POST", "/interactions/"+res.Interaction.ID.String()+"/"+res.Interaction.Token+"/callback", `{"type":4,"data":{"content":"again"}}`)
		}, 400},
		{"a follow-up with an unknown token is refused", "POST " + followup, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.anon(t, "POST", "/webhooks/"+w.s.ApplicationID.String()+"/nope", `{"content":"x"}`)
		}, 401},
		{"an unknown token names no webhook", "GET " + followup, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.anon(t, "GET", "/webhooks/"+w.s.ApplicationID.String()+"/nope", "")
		}, 401},
		{"a follow-up that breaks the rules is refused", "POST " + followup, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.anon(t, "POST", w.webhook(t, w.answered(t)), `{"content":"`+strings.Repeat("x", 2001)+`"}`)
		}, 400},
		{"an unknown message is not found", "GET " + whMessage, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.anon(t, "GET", w.webhook(t, w.answered(t))+"/messages/1", "")
		}, 404},
		{"an edit that breaks the rules is refused", "PATCH " + whMessage, whOriginal, func(t *testing.T, w *oasWorld) oasAnswer {
			return w.anon(t, "PATCH", w.webhook(t, w.answered(t))+"/messages/@original", `{"embeds":[{"fields":[{"name":"n"}]}]}`)
		}, 400},
		{"a deleted message is not deleted again", "DELETE " + whMessage, "", func(t *testing.T, w *oasWorld) oasAnswer {
			path, id := oasFollowup(t, w)
			w.anon(t, "DELETE", path+"/messages/"+id, "")
			return w.anon(t, "DELETE", path+"/messages/"+id, "")
		}, 404},
		{"a file over the limit is too large", "POST " + followup, "", func(t *testing.T, w *oasWorld) oasAnswer {
			ct, body := oasMultipart(t, `{"content":"x"}`, "big.bin", bytes.Repeat([]byte{0}, int(w.s.st.limits.Upload)+1))
			return w.call(t, "POST", w.webhook(t, w.answered(t)), "", ct, body)
		}, 413},
		{"too many requests are limited", "GET " + globalList, "", func(t *testing.T, w *oasWorld) oasAnswer {
			w.s.InjectFault(Fault{Route: "commands", Count: 1, Kind: FaultRateLimit, RetryAfter: 500 * time.Millisecond})
			return w.asBot(t, "GET", global(w), "")
		}, 429},
	}
}

// oasCreated creates a command and returns its id.
func oasCreated(t *testing.T, w *oasWorld, path, body string) string {
	t.Helper()
	a := w.asBot(t, "POST", path, body)
	var c struct{ ID string }
	if err := json.Unmarshal(a.body, &c); err != nil || c.ID == "" {
		t.Fatalf("create: %d %s", a.status, a.body)
	}
	return c.ID
}

// oasFollowup sends a follow-up with a file, and returns the webhook's
// path and the follow-up's id.
func oasFollowup(t *testing.T, w *oasWorld) (string, string) {
	t.Helper()
	path := w.webhook(t, w.answered(t))
	ct, body := oasMultipart(t, `{"content":"file","attachments":[{"id":0,"description":"a picture"}]}`, "a.png", []byte("\x89PNG\r\n\x1a\n"))
	a := w.call(t, "POST", path, "", ct, body)
	var m struct{ ID string }
	if err := json.Unmarshal(a.body, &m); err != nil || m.ID == "" {
		t.Fatalf("follow-up: %d %s", a.status, a.body)
	}
	return path, m.ID
}

// oasMultipart returns a multipart/form-data body with payload_json and
// one file.
func oasMultipart(t *testing.T, payload, filename string, content []byte) (string, []byte) {
	t.Helper()
	// Room for it all at once, as content may be megabytes.
	b := bytes.NewBuffer(make([]byte, 0, len(payload)+len(filename)+len(content)+512))
	const boundary = "oas-boundary"
	b.WriteString("--" + boundary + "\r\nContent-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json\r\n\r\n")
	b.WriteString(payload)
	b.WriteString("\r\n--" + boundary + "\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"" + filename + "\"\r\n\r\n")
	b.Write(content)
	b.WriteString("\r\n--" + boundary + "--\r\n")
	return "multipart/form-data; boundary=" + boundary, b.Bytes()
}

// describedPath finds the description's path of an emulator route, one
// with an operation for the route's method.
func (o *openAPI) describedPath(route string) (string, bool) {
	method, path, _ := strings.Cut(route, " ")
	braces := regexp.MustCompile(`\{[^}]*\}`)
	want := braces.ReplaceAllString(path, "{}")
	paths, _ := o.doc["paths"].(map[string]any)
	for p := range paths {
		if _, _, ok := o.operation(method, p); ok && braces.ReplaceAllString(p, "{}") == want {
			return p, true
		}
	}
	return "", false
}

// operation returns the description's operation, as a JSON pointer, and
// it.
func (o *openAPI) operation(method, path string) (string, map[string]any, bool) {
	paths, _ := o.doc["paths"].(map[string]any)
	item, _ := paths[path].(map[string]any)
	op, ok := item[strings.ToLower(method)].(map[string]any)
	return "/paths/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(path) + "/" + strings.ToLower(method), op, ok
}

// checkAnswer holds an answer to what the operation at opPointer says of
// its status.
func (o *openAPI) checkAnswer(t *testing.T, opPointer string, op map[string]any, a oasAnswer) {
	t.Helper()
	responses, _ := op["responses"].(map[string]any)
	code := itoa(a.status)
	key := code
	if _, ok := responses[key]; !ok {
		key = code[:1] + "XX"
		if a.status < 400 {
			t.Fatalf("status %d is not one the description lists: %v", a.status, slices.Sorted(mapKeys(responses)))
		}
		if _, ok := responses[key]; !ok {
			t.Fatalf("status %d is not one the description lists", a.status)
		}
	}
	resp, _ := responses[key].(map[string]any)
	if ref, ok := resp["$ref"].(string); ok {
		resp = o.resolve(ref)
	}
	content, _ := resp["content"].(map[string]any)
	if content == nil {
		if len(a.body) != 0 {
			t.Errorf("status %d has no body in the description, got %s", a.status, a.body)
		}
		return
	}
	media, _, _ := mime.ParseMediaType(a.contentType)
	if _, ok := content[media]; !ok {
		t.Fatalf("content type %q is not the description's (%v): %s", a.contentType, slices.Sorted(mapKeys(content)), a.body)
	}
	schemaAt := opPointer + "/responses/" + key + "/content/" + strings.ReplaceAll(media, "/", "~1") + "/schema"
	if r, ok := responses[key].(map[string]any)["$ref"].(string); ok {
		schemaAt = strings.TrimPrefix(r, "#") + "/content/" + strings.ReplaceAll(media, "/", "~1") + "/schema"
	}
	if err := o.validate(t, schemaAt, a.body); err != nil {
		t.Errorf("status %d: the body does not match the description:\n%v\nbody: %s", a.status, err, a.body)
	}
}

// resolve returns the object a local $ref names.
func (o *openAPI) resolve(ref string) map[string]any {
	var cur any = o.doc
	for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		m, _ := cur.(map[string]any)
		cur = m[part]
	}
	m, _ := cur.(map[string]any)
	return m
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// Every route the emulator serves answers, in success and in error, as the
// service's description says its operation answers; a route without a
// success case, or one the description does not have and that is not
// listed as such, fails the test.
func TestEveryOperationAnswersAsTheDescriptionSays(t *testing.T) {
	o := loadOpenAPI(t)
	// A file over the upload limit is refused, and described, whatever
	// the limit: a low one keeps the file small.
	w := startOASWorldWith(t, Config{Limits: Limits{Upload: 64 << 10}})
	cases := append(append(apiCases(), channelCases()...), guildAPICases()...)

	w.s.st.mu.Lock()
	routes := slices.Clone(w.s.routes)
	w.s.st.mu.Unlock()
	if len(routes) == 0 {
		t.Fatal("the server lists no routes")
	}
	for _, r := range routes {
		if why, ok := notDescribed[r]; ok {
			if _, described := o.describedPath(r); described {
				t.Errorf("%s is listed as not described (%s), but the description has it", r, why)
			}
			continue
		}
		if _, ok := o.describedPath(r); !ok {
			t.Errorf("%s is served, and the description has no such operation", r)
			continue
		}
		ok := false
		for _, c := range cases {
			ok = ok || c.route == r && c.status < 300
		}
		if !ok {
			t.Errorf("%s is served and has no success case", r)
		}
	}

	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !slices.Contains(routes, c.route) {
				t.Fatalf("the case's route %s is not served", c.route)
			}
			method, _, _ := strings.Cut(c.route, " ")
			path := c.described
			if path == "" {
				var ok bool
				if path, ok = o.describedPath(c.route); !ok {
					t.Fatalf("the description has no path for %s", c.route)
				}
			}
			opAt, op, ok := o.operation(method, path)
			if !ok {
				t.Fatalf("the description has no %s %s", method, path)
			}
			a := c.do(t, w)
			if a.status != c.status {
				t.Fatalf("status %d, want %d: %s", a.status, c.status, a.body)
			}
			o.checkAnswer(t, opAt, op, a)
		})
	}
}

// oasLayout is a components v2 message with every layout and content
// component a message takes, the defaults the service fills in left out.
const oasLayout = `[
 {"type":17,"components":[
  {"type":10,"content":"# Title"},
  {"type":14},
  {"type":9,"components":[{"type":10,"content":"beside"}],"accessory":{"type":11,"media":{"url":"https://example.com/a.png"}}},
  {"type":12,"items":[{"media":{"url":"attachment://cat.png"}},{"media":{"url":"https://example.com/b.png"},"description":"b","spoiler":true}]},
  {"type":13,"file":{"url":"attachment://cat.png"}},
  {"type":1,"components":[{"type":2,"style":1,"label":"Go","custom_id":"v2go"}]}]},
 {"type":10,"content":"after"}
]`
