package emulator_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// tokenCall posts a form to the token endpoint, with HTTP Basic client
// authentication when basic is set, and decodes the answer.
func tokenCall(t *testing.T, s *target, form url.Values, basic bool) (int, map[string]any) {
	t.Helper()
	h := http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}
	if basic {
		h.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(url.QueryEscape(s.ClientID)+":"+url.QueryEscape(s.ClientSecret))))
	}
	resp, raw := fetch(t, "POST", s.URL+"/oauth2/token", h, []byte(form.Encode()))
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("token endpoint: %s: %v", raw, err)
	}
	return resp.StatusCode, out
}

// clientForm returns the form fields that authenticate the client, plus
// the given pairs.
func clientForm(s *target, pairs ...string) url.Values {
	v := url.Values{"client_id": {s.ClientID}, "client_secret": {s.ClientSecret}}
	for i := 0; i+1 < len(pairs); i += 2 {
		v.Set(pairs[i], pairs[i+1])
	}
	return v
}

// clientToken returns a client credentials token with scope.
func clientToken(t *testing.T, s *target, scope string) string {
	t.Helper()
	status, body := tokenCall(t, s, clientForm(s, "grant_type", "client_credentials", "scope", scope), false)
	if status != 200 {
		t.Fatalf("client credentials %q: %d %v", scope, status, body)
	}
	return body["access_token"].(string)
}

// userToken authorizes user with scopes and exchanges the code, returning
// the access and refresh tokens.
func userToken(t *testing.T, s *target, user interaction.Snowflake, scopes ...string) (access, refresh string) {
	t.Helper()
	code := s.AuthorizeUser(t, user, scopes...)
	status, body := tokenCall(t, s, clientForm(s, "grant_type", "authorization_code", "code", code, "redirect_uri", s.RedirectURI), false)
	if status != 200 {
		t.Fatalf("authorization code: %d %v", status, body)
	}
	return body["access_token"].(string), body["refresh_token"].(string)
}

func TestClientCredentialsGrant(t *testing.T) {
	s := start(t, emulator.Config{})
	for _, tc := range []struct {
		name, scope string
		basic       bool
		status      int
		err, echo   string
	}{
		{"commands update", "applications.commands.update", false, 200, "", "applications.commands.update"},
		{"basic auth", "applications.commands.update", true, 200, "", "applications.commands.update"},
		{"several, repeats dropped", "identify  applications.commands.update identify", false, 200, "", "identify applications.commands.update"},
		{"applications.commands", "applications.commands", false, 200, "", "applications.commands"},
		{"unknown scope", "identify made.up", false, 400, "invalid_scope", ""},
		{"bot needs a user", "bot", false, 400, "invalid_scope", ""},
		{"permissions update needs a user", "applications.commands.permissions.update", false, 400, "invalid_scope", ""},
		{"blank scope", " ", false, 400, "invalid_scope", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			form := url.Values{"grant_type": {"client_credentials"}, "scope": {tc.scope}}
			if !tc.basic {
				form = clientForm(s, "grant_type", "client_credentials", "scope", tc.scope)
			}
			status, body := tokenCall(t, s, form, tc.basic)
			if status != tc.status {
				t.Fatalf("status %d, want %d: %v", status, tc.status, body)
			}
			if tc.err != "" {
				if body["error"] != tc.err || body["error_description"] == "" {
					t.Fatalf("body %v, want error %s", body, tc.err)
				}
				return
			}
			if body["access_token"] == "" || body["token_type"] != "Bearer" || body["expires_in"] != float64(604800) || body["scope"] != tc.echo {
				t.Fatalf("body %v", body)
			}
			if _, ok := body["refresh_token"]; ok {
				t.Fatalf("client credentials got a refresh token: %v", body)
			}
		})
	}
}

func TestTokenEndpointErrors(t *testing.T) {
	s := start(t, emulator.Config{})
	for _, tc := range []struct {
		name   string
		form   url.Values
		basic  bool
		status int
		err    string
	}{
		{"no grant_type", clientForm(s), false, 400, "unsupported_grant_type"},
		{"no form at all", url.Values{}, false, 400, "unsupported_grant_type"},
		{"password grant", clientForm(s, "grant_type", "password"), false, 400, "unsupported_grant_type"},
		{"wrong secret", url.Values{"grant_type": {"client_credentials"}, "scope": {"identify"}, "client_id": {s.ClientID}, "client_secret": {"nope"}}, false, 401, "invalid_client"},
		{"wrong client id", url.Values{"grant_type": {"client_credentials"}, "scope": {"identify"}, "client_id": {"1"}, "client_secret": {s.ClientSecret}}, false, 401, "invalid_client"},
		{"no client authentication", url.Values{"grant_type": {"client_credentials"}, "scope": {"identify"}}, false, 401, "invalid_client"},
		{"two client authentications", clientForm(s, "grant_type", "client_credentials", "scope", "identify"), true, 400, "invalid_request"},
		{"repeated parameter", url.Values{"grant_type": {"client_credentials", "client_credentials"}}, false, 400, "invalid_request"},
		{"no scope", clientForm(s, "grant_type", "client_credentials"), false, 400, "invalid_request"},
		{"no code", clientForm(s, "grant_type", "authorization_code", "redirect_uri", s.RedirectURI), false, 400, "invalid_request"},
		{"no redirect_uri", clientForm(s, "grant_type", "authorization_code", "code", s.AuthorizationCode), false, 400, "invalid_request"},
		{"unknown code", clientForm(s, "grant_type", "authorization_code", "code", "nope", "redirect_uri", s.RedirectURI), false, 400, "invalid_grant"},
		{"wrong redirect_uri", clientForm(s, "grant_type", "authorization_code", "code", s.AuthorizationCode, "redirect_uri", "http://example.com/"), false, 400, "invalid_grant"},
		{"no refresh_token", clientForm(s, "grant_type", "refresh_token"), false, 400, "invalid_request"},
		{"unknown refresh_token", clientForm(s, "grant_type", "refresh_token", "refresh_token", "nope"), false, 400, "invalid_grant"},
		{"code as refresh_token", clientForm(s, "grant_type", "refresh_token", "refresh_token", s.AuthorizationCode), false, 400, "invalid_grant"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body := tokenCall(t, s, tc.form, tc.basic)
			if status != tc.status || body["error"] != tc.err {
				t.Fatalf("%d %v, want %d %s", status, body, tc.status, tc.err)
			}
		})
	}
	// None of the refusals spent the seeded code.
	status, body := tokenCall(t, s, clientForm(s, "grant_type", "authorization_code", "code", s.AuthorizationCode, "redirect_uri", s.RedirectURI), false)
	if status != 200 {
		t.Fatalf("seeded code after refusals: %d %v", status, body)
	}
}

func TestTokenEndpointRefusesJSONBodies(t *testing.T) {
	s := start(t, emulator.Config{})
	resp, body := call(t, s, "POST", "/oauth2/token", "", `{"grant_type":"client_credentials","client_id":"`+s.ClientID+`","client_secret":"`+s.ClientSecret+`","scope":"identify"}`)
	if resp.StatusCode != 400 || body["error"] != "unsupported_grant_type" {
		t.Fatalf("%d %v", resp.StatusCode, body)
	}
}

func TestAuthorizationCodeIsSingleUse(t *testing.T) {
	s := start(t, emulator.Config{})
	form := clientForm(s, "grant_type", "authorization_code", "code", s.AuthorizationCode, "redirect_uri", s.RedirectURI)
	status, first := tokenCall(t, s, form, false)
	if body := first; status != 200 || body["token_type"] != "Bearer" || body["expires_in"] != float64(604800) ||
		body["scope"] != "identify applications.commands.permissions.update" || body["access_token"] == "" || body["refresh_token"] == "" {
		t.Fatalf("first use: %d %v", status, body)
	}
	status, body := tokenCall(t, s, form, false)
	if status != 400 || body["error"] != "invalid_grant" {
		t.Fatalf("second use: %d %v", status, body)
	}
	// A refresh token is no code either.
	status, body = tokenCall(t, s, clientForm(s, "grant_type", "authorization_code", "code", first["refresh_token"].(string), "redirect_uri", s.RedirectURI), false)
	if status != 400 || body["error"] != "invalid_grant" {
		t.Fatalf("refresh token as code: %d %v", status, body)
	}
}

func TestRefreshTokenRotates(t *testing.T) {
	s := start(t, emulator.Config{})
	_, refresh := userToken(t, s, s.Moderator, "identify")
	status, body := tokenCall(t, s, clientForm(s, "grant_type", "refresh_token", "refresh_token", refresh), false)
	if status != 200 || body["refresh_token"] == refresh || body["refresh_token"] == "" || body["scope"] != "identify" {
		t.Fatalf("refresh: %d %v", status, body)
	}
	access, next := body["access_token"].(string), body["refresh_token"].(string)
	if resp, me := call(t, s, "GET", "/users/@me", "Bearer "+access, ""); resp.StatusCode != 200 || me["id"] != s.Moderator.String() {
		t.Fatalf("refreshed token on /users/@me: %d %v", resp.StatusCode, me)
	}
	if status, body := tokenCall(t, s, clientForm(s, "grant_type", "refresh_token", "refresh_token", refresh), false); status != 400 || body["error"] != "invalid_grant" {
		t.Fatalf("spent refresh token: %d %v", status, body)
	}
	if status, body := tokenCall(t, s, clientForm(s, "grant_type", "refresh_token", "refresh_token", next), false); status != 200 {
		t.Fatalf("next refresh token: %d %v", status, body)
	}
}

func TestRevokedRefreshTokenIsInvalidGrant(t *testing.T) {
	s := start(t, emulator.Config{})
	access, refresh := userToken(t, s, s.Moderator, "identify")
	if !s.RevokeGrant(t, refresh) {
		t.Fatal("RevokeGrant reported no such refresh token")
	}
	if s.RevokeGrant(t, refresh) {
		t.Fatal("RevokeGrant revoked a refresh token twice")
	}
	if status, body := tokenCall(t, s, clientForm(s, "grant_type", "refresh_token", "refresh_token", refresh), false); status != 400 || body["error"] != "invalid_grant" {
		t.Fatalf("refresh after revocation: %d %v", status, body)
	}
	if resp, _ := call(t, s, "GET", "/users/@me", "Bearer "+access, ""); resp.StatusCode != 401 {
		t.Fatalf("revoked access token: %d", resp.StatusCode)
	}

	access, refresh = userToken(t, s, s.Member, "identify")
	code := s.AuthorizeUser(t, s.Member, "identify")
	other, _ := userToken(t, s, s.Moderator, "identify")
	s.Deauthorize(t, s.Member)
	if status, body := tokenCall(t, s, clientForm(s, "grant_type", "refresh_token", "refresh_token", refresh), false); status != 400 || body["error"] != "invalid_grant" {
		t.Fatalf("refresh after Deauthorize: %d %v", status, body)
	}
	if status, body := tokenCall(t, s, clientForm(s, "grant_type", "authorization_code", "code", code, "redirect_uri", s.RedirectURI), false); status != 400 || body["error"] != "invalid_grant" {
		t.Fatalf("code after Deauthorize: %d %v", status, body)
	}
	if resp, _ := call(t, s, "GET", "/users/@me", "Bearer "+access, ""); resp.StatusCode != 401 {
		t.Fatalf("access token after Deauthorize: %d", resp.StatusCode)
	}
	if resp, _ := call(t, s, "GET", "/users/@me", "Bearer "+other, ""); resp.StatusCode != 200 {
		t.Fatalf("another user's token after Deauthorize: %d", resp.StatusCode)
	}
}

func TestAccessTokensExpireAfterAWeek(t *testing.T) {
	var now atomic.Int64
	now.Store(time.Unix(1_800_000_000, 0).UnixNano())
	s := start(t, emulator.Config{Now: func() time.Time { return time.Unix(0, now.Load()) }})
	access := clientToken(t, s, "identify")
	now.Add(int64(7*24*time.Hour - time.Second))
	if resp, _ := call(t, s, "GET", "/users/@me", "Bearer "+access, ""); resp.StatusCode != 200 {
		t.Fatalf("a second before expiry: %d", resp.StatusCode)
	}
	now.Add(int64(time.Second))
	if resp, body := call(t, s, "GET", "/users/@me", "Bearer "+access, ""); resp.StatusCode != 401 || body["code"] != float64(0) {
		t.Fatalf("at expiry: %d %v", resp.StatusCode, body)
	}
}

func TestTokenAnswersCarryTheHeadersRFC6749Asks(t *testing.T) {
	s := start(t, emulator.Config{})
	good := url.Values{"grant_type": {"client_credentials"}, "scope": {"applications.commands.update"},
		"client_id": {s.ClientID}, "client_secret": {s.ClientSecret}}
	resp, err := http.PostForm(s.URL+"/oauth2/token", good)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "no-store" || resp.Header.Get("Pragma") != "no-cache" {
		t.Fatalf("%d %v", resp.StatusCode, resp.Header)
	}
	bad := url.Values{"grant_type": {"client_credentials"}, "scope": {"identify"}, "client_id": {s.ClientID}, "client_secret": {"wrong"}}
	resp, err = http.PostForm(s.URL+"/oauth2/token", bad)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 401 || resp.Header.Get("WWW-Authenticate") == "" {
		t.Fatalf("%d %v", resp.StatusCode, resp.Header)
	}
}
