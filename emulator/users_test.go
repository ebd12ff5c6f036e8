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
