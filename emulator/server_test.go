package emulator_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
)

// call makes a request and decodes a JSON answer.
func call(t *testing.T, s *target, method, path, auth, body string) (*http.Response, map[string]any) {
	t.Helper()
	h := http.Header{}
	if auth != "" {
		h.Set("Authorization", auth)
	}
	if body != "" {
		h.Set("Content-Type", "application/json")
	}
	return request(t, s, method, path, h, []byte(body))
}

// fetch makes a request of url with header (nil for none) and body, and
// returns the answer with its body read. Every request of these tests
// goes through it.
func fetch(t *testing.T, method, url string, header http.Header, body []byte) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if header != nil {
		req.Header = header
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
	return resp, raw
}

// request makes a request with header and decodes a JSON answer.
func request(t *testing.T, s *target, method, path string, header http.Header, body []byte) (*http.Response, map[string]any) {
	t.Helper()
	resp, raw := fetch(t, method, s.URL+path, header, body)
	var out map[string]any
	if len(raw) > 0 && raw[0] == '{' {
		if err := json.Unmarshal(raw, &out); err != nil {
			t.Fatalf("%s %s: %s: %v", method, path, raw, err)
		}
	}
	return resp, out
}

func TestNewServesOnLoopbackWithCredentials(t *testing.T) {
	s := start(t, emulator.Config{})
	if !strings.HasPrefix(s.URL, "http://127.0.0.1:") || !strings.HasSuffix(s.URL, "/v10") {
		t.Fatalf("URL = %q", s.URL)
	}
	if s.ApplicationID == 0 || s.GuildID == 0 || s.BotToken == "" || s.ClientID == "" || s.ClientSecret == "" ||
		len(s.PublicKey) != 64 || s.AuthorizationCode == "" || s.RedirectURI == "" ||
		s.Admin == 0 || s.Moderator == 0 || s.Member == 0 {
		t.Fatalf("missing credentials: %+v", s)
	}
}

func TestUnknownRoutesAnswer404AsTheServiceDoes(t *testing.T) {
	s := start(t, emulator.Config{})
	resp, body := call(t, s, "GET", "/nothing/here", "Bot "+s.BotToken, "")
	if resp.StatusCode != 404 || body["message"] != "404: Not Found" || body["code"] != float64(0) {
		t.Fatalf("%d %v", resp.StatusCode, body)
	}
}

func TestRateLimitHeadersAndTooManyRequests(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	s := start(t, emulator.Config{RateLimit: emulator.RateLimit{Requests: 2, Window: 10 * time.Second}, Now: func() time.Time { return now }})
	path := "/applications/" + s.ApplicationID.String() + "/commands"
	for i, wantRemaining := range []string{"1", "0"} {
		resp, _ := call(t, s, "GET", path, "Bot "+s.BotToken, "")
		h := resp.Header
		if h.Get("X-RateLimit-Limit") != "2" || h.Get("X-RateLimit-Remaining") != wantRemaining ||
			h.Get("X-RateLimit-Reset-After") != "10.000" || h.Get("X-RateLimit-Reset") != "1800000010.000" || h.Get("X-RateLimit-Bucket") == "" {
			t.Fatalf("request %d: headers %v", i, h)
		}
	}
	resp, body := call(t, s, "GET", path, "Bot "+s.BotToken, "")
	if resp.StatusCode != 429 || body["retry_after"] != float64(10) || body["global"] != false ||
		body["message"] != "You are being rate limited." || resp.Header.Get("Retry-After") != "10" {
		t.Fatalf("%d %v %v", resp.StatusCode, body, resp.Header)
	}
}

// Every answer of the service's API says it passed the front proxy, 429s
// above all, which a well-known client otherwise takes for a ban; the
// control API, the emulator's own, does not.
func TestEveryAnswerOfTheAPICarriesVia(t *testing.T) {
	s := start(t, emulator.Config{RateLimit: emulator.RateLimit{Requests: 1, Window: time.Hour}})
	s.InjectFault(t, emulator.Fault{Route: "users_me", Count: 1, Kind: emulator.FaultServerError})
	for _, tc := range []struct {
		name, method, path, auth string
		status                   int
	}{
		{"a success", "GET", globalPath(s), "Bot " + s.BotToken, 200},
		{"a rate limit", "GET", globalPath(s), "Bot " + s.BotToken, 429},
		{"a refusal", "GET", "/applications/" + s.ApplicationID.String() + "/guilds/" + s.GuildID.String() + "/commands", "", 401},
		{"an injected fault", "GET", "/users/@me", "Bot " + s.BotToken, 500},
		{"an unknown route", "GET", "/nothing/here", "", 404},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := call(t, s, tc.method, tc.path, tc.auth, "")
			if resp.StatusCode != tc.status {
				t.Fatalf("%d %v, want %d", resp.StatusCode, body, tc.status)
			}
			if via := resp.Header.Get("Via"); via != "1.1 google" {
				t.Errorf("Via = %q", via)
			}
		})
	}
	resp, err := http.Get(s.controlURL + "/_emulator/interactions")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if via := resp.Header.Get("Via"); via != "" {
		t.Errorf("the control API answers with Via %q", via)
	}
}

// A bot token begins, as the service's do, with the base64 of the bot
// user's id, which for an application created today is the application's
// own id: frameworks read the application's id from the token.
func TestTheBotTokenNamesTheBotUserWhichIsTheApplication(t *testing.T) {
	s := start(t, emulator.Config{})
	segments := strings.Split(s.BotToken, ".")
	if len(segments) != 3 || strings.Contains(s.BotToken, "=") {
		t.Fatalf("token of %d segments, padded %v", len(segments), strings.Contains(s.BotToken, "="))
	}
	for name, enc := range map[string]*base64.Encoding{"standard": base64.RawStdEncoding, "URL": base64.RawURLEncoding} {
		id, err := enc.DecodeString(segments[0])
		if err != nil || string(id) != s.ApplicationID.String() {
			t.Errorf("first segment in the %s alphabet: %q, %v; want the application's id", name, id, err)
		}
	}
	if len(segments[2]) < 32 {
		t.Errorf("a secret of %d characters", len(segments[2]))
	}
	resp, me := call(t, s, "GET", "/users/@me", "Bot "+s.BotToken, "")
	if resp.StatusCode != 200 || me["id"] != s.ApplicationID.String() || me["bot"] != true {
		t.Fatalf("the bot user: %d %v", resp.StatusCode, me)
	}
	// The first segment is public; the token is not: another with the
	// same id is refused, and the refusal does not repeat it.
	forged := segments[0] + "." + segments[1] + "." + strings.Repeat("A", len(segments[2]))
	resp, body := call(t, s, "GET", "/users/@me", "Bot "+forged, "")
	if resp.StatusCode != 401 || strings.Contains(fmt.Sprint(body), segments[0]) {
		t.Fatalf("a forged token: %d %v", resp.StatusCode, body)
	}
}
