package emulator_test

import (
	"slices"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
)

// GET /oauth2/@me answers with the authorization behind a bearer token:
// the application, the scopes granted in their order, when the token
// expires, and the user it acts for when it has identify.
func TestTheCurrentAuthorizationIsTheTokens(t *testing.T) {
	s := start(t, emulator.Config{})
	for _, tc := range []struct {
		name   string
		token  func() string
		scopes []string
		user   string // "" for none
	}{
		{"a user's token with identify names the user", func() string {
			access, _ := userToken(t, s, s.Moderator, "identify", "applications.commands.permissions.update")
			return access
		}, []string{"identify", "applications.commands.permissions.update"}, s.Moderator.String()},
		{"a user's token without identify names no user", func() string {
			access, _ := userToken(t, s, s.Member, "applications.commands", "guilds")
			return access
		}, []string{"applications.commands", "guilds"}, ""},
		{"a client credentials token with identify names the owner", func() string {
			return clientToken(t, s, "applications.commands.update identify")
		}, []string{"applications.commands.update", "identify"}, s.Admin.String()},
		{"a client credentials token without identify names no user", func() string {
			return clientToken(t, s, "applications.commands.update")
		}, []string{"applications.commands.update"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			token := tc.token()
			before := time.Now().Truncate(time.Second)
			resp, body := call(t, s, "GET", "/oauth2/@me", "Bearer "+token, "")
			after := time.Now()
			if resp.StatusCode != 200 {
				t.Fatalf("%d %v", resp.StatusCode, body)
			}
			app, _ := body["application"].(map[string]any)
			if app["id"] != s.ApplicationID.String() || app["verify_key"] != s.PublicKey {
				t.Errorf("application %v", app)
			}
			checkPublicApplication(t, s, app, []string{"0"})
			for _, private := range []string{"owner", "redirect_uris", "interactions_endpoint_url", "approximate_guild_count"} {
				if _, ok := app[private]; ok {
					t.Errorf("the application shows its %s to a bearer token", private)
				}
			}
			var scopes []string
			list, _ := body["scopes"].([]any)
			for _, sc := range list {
				scopes = append(scopes, sc.(string))
			}
			if !slices.Equal(scopes, tc.scopes) {
				t.Errorf("scopes %v, want %v", scopes, tc.scopes)
			}
			raw, _ := body["expires"].(string)
			expires, err := time.Parse(time.RFC3339Nano, raw)
			week := 7 * 24 * time.Hour
			if err != nil || expires.Before(before.Add(week-time.Second)) || expires.After(after.Add(week)) {
				t.Errorf("expires %q (%v), want a week after the token was issued", raw, err)
			}
			user, hasUser := body["user"].(map[string]any)
			if tc.user == "" {
				if _, present := body["user"]; present {
					t.Errorf("user %v, want none", body["user"])
				}
				return
			}
			if !hasUser || user["id"] != tc.user {
				t.Fatalf("user %v, want %s", body["user"], tc.user)
			}
			checkUser(t, "user", user)
		})
	}
	for _, tc := range []struct{ name, auth string }{
		{"a bot token has no authorization to read", "Bot " + s.BotToken},
		{"an unknown bearer token is refused", "Bearer nope"},
		{"no credentials are refused", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := call(t, s, "GET", "/oauth2/@me", tc.auth, "")
			if resp.StatusCode != 401 || body["code"] != float64(0) || body["message"] != "401: Unauthorized" {
				t.Fatalf("%d %v", resp.StatusCode, body)
			}
		})
	}
}
