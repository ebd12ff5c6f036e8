package web_test

import (
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func TestRequestsFromElsewhereAreRefused(t *testing.T) {
	p := startPlayground(t)
	u, err := url.Parse(p.url)
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(u.Host)
	body := `{"user":"` + p.emu.Admin.String() + `","guild":"` + p.emu.GuildID.String() + `","line":"/greet name:Ada"}`
	tests := []struct {
		name        string
		method      string
		host        string
		header      map[string]string
		body        string
		status      int
		wantMessage string
	}{
		{"the page's own request", "POST", u.Host, map[string]string{"Origin": p.url, "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin"}, body, 200, ""},
		{"a request without an Origin, as curl makes it", "POST", u.Host, map[string]string{"Content-Type": "application/json"}, body, 200, ""},
		{"localhost is the same place", "GET", "localhost:" + port, nil, "", 200, ""},
		{"a name that may point anywhere", "GET", "rebound.example:" + port, nil, "", 403, "IP address or localhost"},
		{"another port", "GET", "127.0.0.1:1", nil, "", 403, "port 1"},
		{"no port", "GET", "127.0.0.1", nil, "", 403, "has no port"},
		{"another site's page", "POST", u.Host, map[string]string{"Origin": "http://evil.example", "Content-Type": "application/json"}, body, 403, "evil.example"},
		{"another site's page, by the browser's word", "GET", u.Host, map[string]string{"Sec-Fetch-Site": "cross-site"}, "", 403, "another site"},
		{"a form's body", "POST", u.Host, map[string]string{"Content-Type": "text/plain"}, body, 403, "JSON"},
		{"a body over the limit", "POST", u.Host, map[string]string{"Content-Type": "application/json"},
			`{"line":"` + strings.Repeat("x", 70<<10) + `"}`, 413, "64 KiB"},
	}
	for _, tt := range tests {
		path := "/api/state"
		if tt.method == "POST" {
			path = "/api/invoke"
		}
		req, err := http.NewRequest(tt.method, p.url+path, strings.NewReader(tt.body))
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
		if resp.StatusCode != tt.status || !strings.Contains(string(raw), tt.wantMessage) {
			t.Errorf("%s: %d %s, want %d and %q", tt.name, resp.StatusCode, raw, tt.status, tt.wantMessage)
		}
	}
	if rec := p.emu.Interactions(); len(rec) != 2 {
		t.Errorf("%d interactions were sent, want the 2 of the page and of curl", len(rec))
	}
}

func TestThePageIsServedWithItsTypesAndAStrictPolicy(t *testing.T) {
	p := startPlayground(t)
	tests := []struct {
		path, contentType string
		status            int
	}{
		{"/", "text/html; charset=utf-8", 200},
		{"/app.js", "text/javascript; charset=utf-8", 200},
		{"/composer.js", "text/javascript; charset=utf-8", 200},
		{"/app.css", "text/css; charset=utf-8", 200},
		{"/nothing.js", "text/plain; charset=utf-8", 404},
		{"/api/nothing", "text/plain; charset=utf-8", 404},
		{"/favicon.ico", "", 204},
	}
	for _, tt := range tests {
		resp, err := http.Get(p.url + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.status || resp.Header.Get("Content-Type") != tt.contentType || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: %d %q %v", tt.path, resp.StatusCode, resp.Header.Get("Content-Type"), resp.Header)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); tt.status == 200 && !strings.HasPrefix(csp, "default-src 'self';") {
			t.Errorf("%s: the policy is %q", tt.path, csp)
		}
	}
	resp, err := http.Get(p.url + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	// What the page is built around, by the roles and names a person
	// using assistive technology, or a test, finds it by.
	for _, want := range []string{`aria-label="Message"`, `role="log" aria-live="polite" aria-label="Channel"`, `role="listbox"`,
		`<dialog id="modal" class="modal" aria-labelledby="modal-title">`, `User <select`, `Guild <select`, `Locale <select`, `Raw</h2>`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the page lacks %s", want)
		}
	}
}
