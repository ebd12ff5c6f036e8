package emulator_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

// A page of another site open in a browser on the same machine can send
// requests to the emulator, and can reach it under a name of its own that
// it points at 127.0.0.1; the control API answers neither. The service's
// API answers whatever Host a client names it by.
func TestTheControlAPIAnswersOnlyItsOwnMachine(t *testing.T) {
	s := start(t, emulator.Config{})
	u, err := url.Parse(s.controlURL)
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := strings.Cut(u.Host, ":")
	fault := `{"kind":"server_error","route":"users_me"}`
	do := func(method, path, host string, header map[string]string, body string) (int, string) {
		t.Helper()
		req, err := http.NewRequest(method, s.controlURL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		for k, v := range header {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(raw)
	}
	json := map[string]string{"Content-Type": "application/json"}
	tests := []struct {
		name         string
		method, path string
		host         string
		header       map[string]string
		body         string
		want         string
	}{
		{"a form of another site", "POST", "/_emulator/faults", u.Host, map[string]string{"Origin": "http://evil.example", "Content-Type": "text/plain"}, fault, "another origin"},
		{"a fetch of a text body", "POST", "/_emulator/faults", u.Host, map[string]string{"Content-Type": "text/plain;charset=UTF-8"}, fault, "JSON body"},
		{"a body without a type", "POST", "/_emulator/invoke", u.Host, nil, `{"line":"/echo"}`, "JSON body"},
		{"another site's JSON, by the browser's word", "POST", "/_emulator/faults", u.Host, map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, fault, "another site"},
		{"a page on another port", "POST", "/_emulator/interactions-url", u.Host, map[string]string{"Content-Type": "application/json", "Origin": "http://127.0.0.1:1"}, `{"url":"http://127.0.0.1:1/"}`, "another origin"},
		{"the tokens, under a rebound name", "GET", "/_emulator/interactions", "rebound.example:" + port, nil, "", "IP address or localhost"},
		{"the tokens, read by another site", "GET", "/_emulator/interactions", u.Host, map[string]string{"Origin": "http://evil.example"}, "", "another origin"},
		{"a route the control API does not have", "GET", "/_emulator/nothing", "rebound.example", nil, "", "IP address or localhost"},
		{"a path that is cleaned into the control API", "DELETE", "/api/../_emulator/faults", "rebound.example", nil, "", "IP address or localhost"},
	}
	for _, tt := range tests {
		if status, body := do(tt.method, tt.path, tt.host, tt.header, tt.body); status != http.StatusForbidden || !strings.Contains(body, tt.want) || !strings.Contains(body, `"error":"forbidden"`) {
			t.Errorf("%s: %d %s, want 403 saying %q", tt.name, status, body, tt.want)
		}
	}
	if resp, body := call(t, s, "GET", "/users/@me", "Bot "+s.BotToken, ""); resp.StatusCode != http.StatusOK {
		t.Fatalf("a refused request injected a fault: %d %v", resp.StatusCode, body)
	}
	if rec, body := do("GET", "/_emulator/interactions", "localhost:1", nil, ""); rec != http.StatusOK || body != "[]" {
		t.Errorf("localhost at another port, as a container's published port names it: %d %s", rec, body)
	}
	if status, body := do("POST", "/_emulator/faults", u.Host, json, fault); status != http.StatusNoContent {
		t.Errorf("a script's JSON: %d %s", status, body)
	}
	if resp, _ := call(t, s, "GET", "/users/@me", "Bot "+s.BotToken, ""); resp.StatusCode != http.StatusInternalServerError {
		t.Errorf("the fault a script injected was not: %d", resp.StatusCode)
	}

	// The service's API, from anywhere a client may name it.
	for _, host := range []string{u.Host, "emulator:" + port, "discord.com"} {
		req, err := http.NewRequest("GET", s.URL+"/users/@me", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		req.Header.Set("Authorization", "Bot "+s.BotToken)
		req.Header.Set("Origin", "http://evil.example")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET /users/@me with Host %s: %d", host, resp.StatusCode)
		}
	}
}
