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

// Another container calls the emulator by its name on their network, which
// the operator lists in ControlHosts; under it the control API answers as
// under an IP address, and refuses what it refuses there.
func TestTheControlAPIAnswersAtTheNamesListed(t *testing.T) {
	s := start(t, emulator.Config{ControlHosts: []string{"emulator", "Emulator.Test"}})
	u, err := url.Parse(s.controlURL)
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := strings.Cut(u.Host, ":")
	tests := []struct {
		name   string
		method string
		host   string
		header map[string]string
		body   string
		want   int
		saying string
	}{
		{"the service's name", "GET", "emulator:" + port, nil, "", http.StatusOK, "[]"},
		{"a published port", "GET", "emulator:8484", nil, "", http.StatusOK, "[]"},
		{"another case", "GET", "emulator.test:" + port, nil, "", http.StatusOK, "[]"},
		{"a script's JSON", "POST", "emulator:" + port, map[string]string{"Content-Type": "application/json"}, `{"kind":"server_error","route":"users_me","count":1}`, http.StatusNoContent, ""},
		{"its page's own origin", "GET", "emulator:" + port, map[string]string{"Origin": "http://emulator:" + port}, "", http.StatusOK, "[]"},

		{"a name not listed", "GET", "rebound.example:" + port, nil, "", http.StatusForbidden, "IP address, localhost or emulator, Emulator.Test"},
		{"a form's text", "POST", "emulator:" + port, map[string]string{"Content-Type": "text/plain"}, `{}`, http.StatusForbidden, "JSON body"},
		{"another site", "GET", "emulator:" + port, map[string]string{"Sec-Fetch-Site": "cross-site"}, "", http.StatusForbidden, "another site"},
		{"another origin", "GET", "emulator:" + port, map[string]string{"Origin": "http://evil.example"}, "", http.StatusForbidden, "another origin"},
	}
	for _, tt := range tests {
		path := "/_emulator/interactions"
		if tt.method == "POST" {
			path = "/_emulator/faults"
		}
		req, err := http.NewRequest(tt.method, s.controlURL+path, strings.NewReader(tt.body))
		if err != nil {
			t.Fatal(err)
		}
		req.Host = tt.host
		for k, v := range tt.header {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.want || !strings.Contains(string(raw), tt.saying) {
			t.Errorf("%s: %d %s, want %d saying %q", tt.name, resp.StatusCode, raw, tt.want, tt.saying)
		}
	}
}

func TestControlHostsRefusesWhatIsNoHostName(t *testing.T) {
	for _, hosts := range [][]string{{""}, {"http://emulator"}, {"emulator:8484"}, {"*"}, {"emulator", "a b"}} {
		if s, err := emulator.New(emulator.Config{ControlHosts: hosts}); err == nil {
			s.Close()
			t.Errorf("ControlHosts %q: started", hosts)
		} else if !strings.Contains(err.Error(), "ControlHosts[") {
			t.Errorf("ControlHosts %q: %v, want an error naming the entry", hosts, err)
		}
	}
}
