package emulator_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

// The API is served under the service's own base, /api/v10, beside the
// emulator's /v10, and version 9 as version 10 (D162); other bases are
// unknown routes.
func TestTheAPIIsServedUnderTheServicesBasesAndVersions(t *testing.T) {
	s := start(t, emulator.Config{})
	origin := strings.TrimSuffix(s.URL, "/v10")
	bot := http.Header{"Authorization": {"Bot " + s.BotToken}}
	for _, tc := range []struct {
		base   string
		status int
	}{
		{"/v10", 200},
		{"/api/v10", 200},
		{"/v9", 200},
		{"/api/v9", 200},
		{"/api", 404},
		{"/v8", 404},
		{"/api/v8", 404},
		{"", 404},
	} {
		t.Run("under "+tc.base+"/", func(t *testing.T) {
			resp, raw := fetch(t, "GET", origin+tc.base+"/applications/"+s.ApplicationID.String()+"/commands", bot, nil)
			if resp.StatusCode != tc.status {
				t.Fatalf("%d %s, want %d", resp.StatusCode, raw, tc.status)
			}
			if tc.status != 404 {
				return
			}
			if body := object(t, raw); body["message"] != "404: Not Found" || body["code"] != float64(0) {
				t.Fatalf("an unknown route answered %s", raw)
			}
		})
	}
	t.Run("a write under /api/v9 is a write", func(t *testing.T) {
		h := http.Header{"Authorization": {"Bot " + s.BotToken}, "Content-Type": {"application/json"}}
		resp, raw := fetch(t, "POST", origin+"/api/v9/applications/"+s.ApplicationID.String()+"/commands", h,
			[]byte(`{"name":"nine","description":"Made under v9"}`))
		if resp.StatusCode != 201 {
			t.Fatalf("%d %s", resp.StatusCode, raw)
		}
		if status, list := do(t, s, "GET", globalPath(s), ""); status != 200 || !strings.Contains(string(list), `"name":"nine"`) {
			t.Fatalf("under /v10: %d %s", status, list)
		}
	})
}

// A path that is not in its clean form is answered as its clean form, as
// the service answers it, and not redirected (D163); a trailing slash
// stays an unknown route.
func TestUncleanPathsAreAnsweredNotRedirected(t *testing.T) {
	s := start(t, emulator.Config{})
	origin := strings.TrimSuffix(s.URL, "/v10")
	bot := http.Header{"Authorization": {"Bot " + s.BotToken}}
	for _, tc := range []struct {
		name, path string
		status     int
	}{
		{"a double slash after the version", "/v10//oauth2/applications/@me", 200},
		{"a double slash inside the route", "/api/v10/users//@me", 200},
		{"slashes before the base", "//v10/users/@me", 200},
		{"a dot segment", "/v10/./users/@me", 200},
		{"a dot-dot segment", "/v10/guilds/../users/@me", 200},
		{"a trailing slash", "/v10/users/@me/", 404},
		{"a double slash that leaves an unknown route", "/v10/users/@me//", 404},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := origin + tc.path
			resp, raw := fetch(t, "GET", url, bot, nil)
			if resp.Request.URL.String() != url {
				t.Fatalf("redirected to %s", resp.Request.URL)
			}
			if resp.StatusCode != tc.status || resp.Header.Get("Content-Type") != "application/json" {
				t.Fatalf("%d %s %s, want %d", resp.StatusCode, resp.Header.Get("Content-Type"), raw, tc.status)
			}
		})
	}
	t.Run("a follow-up's path with a double slash reaches the webhook", func(t *testing.T) {
		resp, raw := fetch(t, "POST", origin+"/v10/webhooks/"+s.ApplicationID.String()+"//unknown-token",
			http.Header{"Content-Type": {"application/json"}}, []byte(`{"content":"x"}`))
		if resp.StatusCode != 401 || !strings.Contains(string(raw), `"code":50027`) {
			t.Fatalf("%d %s", resp.StatusCode, raw)
		}
	})
}
