package emulator_test

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/webhook"
)

// revokeCall posts a form to the token revocation endpoint, with HTTP
// Basic client authentication, and returns the status and the raw body.
func revokeCall(t *testing.T, s *target, form url.Values, secret string) (int, string) {
	t.Helper()
	h := http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}
	h.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(url.QueryEscape(s.ClientID)+":"+url.QueryEscape(secret))))
	resp, raw := fetch(t, "POST", s.URL+"/oauth2/token/revoke", h, []byte(form.Encode()))
	return resp.StatusCode, string(raw)
}

// Revoking any token of an authorization revokes all of it, the access
// tokens issued before a refresh included, and a user left with no
// authorization of the application is deauthorized: the application
// hears APPLICATION_DEAUTHORIZED.
func TestRevokingATokenRevokesTheWholeAuthorization(t *testing.T) {
	for _, tc := range []struct {
		name   string
		revoke func(t *testing.T, s *target, first, second, refresh string)
	}{
		{"RevokeGrant of the newest refresh token", func(t *testing.T, s *target, _, _, refresh string) {
			if !s.RevokeGrant(t, refresh) {
				t.Fatal("RevokeGrant found no such refresh token")
			}
		}},
		{"the revocation endpoint given the access token of before the refresh", func(t *testing.T, s *target, first, _, _ string) {
			if status, body := revokeCall(t, s, url.Values{"token": {first}, "token_type_hint": {"access_token"}}, s.ClientSecret); status != 200 || body != "{}" {
				t.Fatalf("%d %s", status, body)
			}
		}},
		{"the revocation endpoint given the newest access token, hinted as a refresh token", func(t *testing.T, s *target, _, second, _ string) {
			if status, body := revokeCall(t, s, url.Values{"token": {second}, "token_type_hint": {"refresh_token"}}, s.ClientSecret); status != 200 || body != "{}" {
				t.Fatalf("%d %s", status, body)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t, emulator.Config{})
			ep := startEventsEndpoint(t, s, nil)
			if reason := s.SetEventsURL(t, ep.URL); reason != "" {
				t.Fatalf("the endpoint was refused: %s", reason)
			}
			first, spent := userToken(t, s, s.Member, "identify")
			status, body := tokenCall(t, s, clientForm(s, "grant_type", "refresh_token", "refresh_token", spent), false)
			if status != 200 {
				t.Fatalf("refresh: %d %v", status, body)
			}
			second, refresh := body["access_token"].(string), body["refresh_token"].(string)
			other, _ := userToken(t, s, s.Moderator, "identify")
			for range 2 {
				if got := ep.next(t).webhook.Event.Type; got != webhook.TypeApplicationAuthorized {
					t.Fatalf("an authorization sent %s", got)
				}
			}

			tc.revoke(t, s, first, second, refresh)
			for name, access := range map[string]string{"the first access token": first, "the access token of the refresh": second} {
				if resp, _ := call(t, s, "GET", "/users/@me", "Bearer "+access, ""); resp.StatusCode != 401 {
					t.Errorf("%s after the revocation: %d", name, resp.StatusCode)
				}
			}
			if status, body := tokenCall(t, s, clientForm(s, "grant_type", "refresh_token", "refresh_token", refresh), false); status != 400 || body["error"] != "invalid_grant" {
				t.Errorf("the refresh token after the revocation: %d %v", status, body)
			}
			if resp, _ := call(t, s, "GET", "/users/@me", "Bearer "+other, ""); resp.StatusCode != 200 {
				t.Errorf("another user's token after the revocation: %d", resp.StatusCode)
			}
			got := ep.next(t).webhook.Event
			if d, err := got.ApplicationDeauthorized(); err != nil || d.User.ID != s.Member {
				t.Fatalf("after the revocation the application heard %s %s, want the member deauthorized", got.Type, got.Data)
			}
		})
	}
}

// The revocation endpoint answers as RFC 7009 and the service's
// documentation say: 200 {} for a token it does not know, an error for
// a request it cannot read or a client it does not know.
func TestTheRevocationEndpointAnswersAsTheServiceDoes(t *testing.T) {
	s := start(t, emulator.Config{})
	client := clientToken(t, s, "identify")
	kept := clientToken(t, s, "identify")
	for _, tt := range []struct {
		name   string
		form   url.Values
		secret string
		status int
		error  string // "" for the answer {}
	}{
		{"a token it does not know", url.Values{"token": {"nothing"}}, s.ClientSecret, 200, ""},
		{"no token", url.Values{"token_type_hint": {"access_token"}}, s.ClientSecret, 400, "invalid_request"},
		{"a hint of another type", url.Values{"token": {"nothing"}, "token_type_hint": {"code"}}, s.ClientSecret, 400, "unsupported_token_type"},
		{"another client's secret", url.Values{"token": {client}}, "wrong", 401, "invalid_client"},
		{"a client credentials token", url.Values{"token": {client}}, s.ClientSecret, 200, ""},
	} {
		status, raw := revokeCall(t, s, tt.form, tt.secret)
		var body map[string]any
		if err := json.Unmarshal([]byte(raw), &body); err != nil || status != tt.status || (tt.error == "") != (len(body) == 0) || body["error"] != nil && body["error"] != tt.error {
			t.Errorf("%s: %d %s, want %d %q", tt.name, status, raw, tt.status, tt.error)
		}
	}
	if resp, _ := call(t, s, "GET", "/users/@me", "Bearer "+client, ""); resp.StatusCode != 401 {
		t.Errorf("the revoked client credentials token: %d", resp.StatusCode)
	}
	if resp, _ := call(t, s, "GET", "/users/@me", "Bearer "+kept, ""); resp.StatusCode != 200 {
		t.Errorf("another client credentials token: %d", resp.StatusCode)
	}
}

// A user grants only the scopes the service grants in the authorization
// code flow; the flow refuses the others with invalid_scope.
func TestAnAuthorizationGrantsOnlyTheServicesScopes(t *testing.T) {
	s := start(t, emulator.Config{})
	for _, tt := range []struct {
		name   string
		scopes []string
		status int
	}{
		{"known scopes", []string{"identify", "openid", "guilds"}, 200},
		{"a scope the service does not have", []string{"identify", "everything"}, 400},
		{"the scope of the client credentials grant only", []string{"applications.commands", "applications.commands.update"}, 400},
		{"the bot, which needs a guild", []string{"bot"}, 400},
		{"no scope", []string{}, 400},
	} {
		body, _ := json.Marshal(map[string]any{"user": s.Member, "scopes": tt.scopes})
		status, raw := control(t, s.controlURL, "POST", "/_emulator/authorize", string(body))
		var out struct{ Code, Error string }
		json.Unmarshal(raw, &out)
		if status != tt.status || (status == 200) != (out.Code != "") || (status == 400) != (out.Error == "invalid_scope") {
			t.Errorf("%s: %d %s", tt.name, status, raw)
		}
		if s.server != nil {
			if _, err := s.server.AuthorizeUser(s.Member, tt.scopes...); (tt.status == 200) != (err == nil) || err != nil && !errors.Is(err, emulator.ErrInvalidScope) {
				t.Errorf("%s: AuthorizeUser: %v", tt.name, err)
			}
		}
	}
}

// A code can be exchanged for 100 seconds after the user authorized, as
// the service's codes; the code New makes waits for its test.
func TestCodesExpireAfterAHundredSeconds(t *testing.T) {
	var now atomic.Int64
	now.Store(time.Unix(1_800_000_000, 0).UnixNano())
	s := start(t, emulator.Config{Now: func() time.Time { return time.Unix(0, now.Load()) }})
	late := s.AuthorizeUser(t, s.Member, "identify")
	inTime := s.AuthorizeUser(t, s.Member, "identify")
	exchange := func(code string) (int, map[string]any) {
		return tokenCall(t, s, clientForm(s, "grant_type", "authorization_code", "code", code, "redirect_uri", s.RedirectURI), false)
	}
	now.Add(int64(100*time.Second - time.Millisecond))
	if status, body := exchange(inTime); status != 200 {
		t.Fatalf("a code just before 100 seconds: %d %v", status, body)
	}
	now.Add(int64(time.Millisecond))
	if status, body := exchange(late); status != 400 || body["error"] != "invalid_grant" {
		t.Fatalf("a code at 100 seconds: %d %v", status, body)
	}
	now.Add(int64(24 * time.Hour))
	if status, body := exchange(s.AuthorizationCode); status != 200 {
		t.Fatalf("the code New made, a day later: %d %v", status, body)
	}
}
