package guard

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestRequestsFromOtherOriginsAreRefused(t *testing.T) {
	tests := []struct {
		name     string
		samePort bool
		method   string
		host     string
		header   map[string]string
		want     string // in the reason; "" when answered
	}{
		{"curl, at the loopback address", false, "POST", "127.0.0.1:8484", map[string]string{"Content-Type": "application/json"}, ""},
		{"JSON with a charset", false, "POST", "127.0.0.1:8484", map[string]string{"Content-Type": "application/json; charset=utf-8"}, ""},
		{"localhost, in capitals", false, "GET", "LOCALHOST:1", nil, ""},
		{"an IPv6 address", false, "GET", "[::1]:8484", nil, ""},
		{"an IPv6 address without a port", false, "GET", "[::1]", nil, ""},
		{"another machine's address, reached through a container's port", false, "GET", "172.17.0.2:9000", nil, ""},
		{"port 80, which clients leave out", false, "GET", "127.0.0.1", nil, ""},
		{"the server's own page", false, "POST", "127.0.0.1:8484", map[string]string{"Origin": "http://127.0.0.1:8484", "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json"}, ""},
		{"an address typed in the browser", false, "GET", "127.0.0.1:8484", map[string]string{"Sec-Fetch-Site": "none"}, ""},
		{"a DELETE, which no page of another origin sends without asking", false, "DELETE", "127.0.0.1:8484", nil, ""},

		{"a name that may be rebound", false, "GET", "rebound.example:8484", nil, `"rebound.example": the server answers only at an IP address or localhost`},
		{"a name under localhost", false, "GET", "evil.localhost:8484", nil, "IP address or localhost"},
		{"no Host at all", false, "GET", "", nil, "IP address or localhost"},
		{"a page of another site", false, "POST", "127.0.0.1:8484", map[string]string{"Origin": "http://evil.example", "Content-Type": "application/json"}, `"http://evil.example", another origin`},
		{"a page on another port", false, "GET", "127.0.0.1:8484", map[string]string{"Origin": "http://127.0.0.1:9999"}, "another origin"},
		{"a sandboxed page", false, "GET", "127.0.0.1:8484", map[string]string{"Origin": "null"}, "another origin"},
		{"a page of another site, by the browser's word", false, "GET", "127.0.0.1:8484", map[string]string{"Sec-Fetch-Site": "cross-site"}, "another site"},
		{"a page of the same site, by the browser's word", false, "GET", "127.0.0.1:8484", map[string]string{"Sec-Fetch-Site": "same-site"}, "another origin of the same site"},
		{"a form's text", false, "POST", "127.0.0.1:8484", map[string]string{"Content-Type": "text/plain"}, "a POST to the server takes a JSON body"},
		{"a form's fields", false, "PUT", "127.0.0.1:8484", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, "a PUT"},
		{"a body of no type", false, "PATCH", "127.0.0.1:8484", nil, "a PATCH"},

		{"the port served on", true, "GET", "127.0.0.1:8484", nil, ""},
		{"another port", true, "GET", "127.0.0.1:1", nil, "port 1, not the port the server is served on"},
		{"no port", true, "GET", "127.0.0.1", nil, "has no port"},
	}
	served := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8484}
	for _, tt := range tests {
		r := httptest.NewRequest(tt.method, "/x", strings.NewReader("{}"))
		r.Host = tt.host
		for k, v := range tt.header {
			r.Header.Set(k, v)
		}
		r = r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, served))
		got := Rules{Name: "the server", SamePort: tt.samePort}.Refused(r)
		if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
			t.Errorf("%s: refused %q, want %q", tt.name, got, tt.want)
		}
	}
}

// FuzzRefused holds the rule that makes DNS rebinding fail: a Host that
// is no IP address and not localhost is refused, whatever else the
// request says.
func FuzzRefused(f *testing.F) {
	f.Add("127.0.0.1:80", "", "", "application/json")
	f.Add("rebound.example:80", "http://rebound.example:80", "same-origin", "application/json")
	f.Add("[::1]", "http://[::1]", "", "")
	f.Fuzz(func(t *testing.T, host, origin, site, contentType string) {
		r := httptest.NewRequest("POST", "/x", nil)
		r.Host = host
		r.Header.Set("Origin", origin)
		r.Header.Set("Sec-Fetch-Site", site)
		r.Header.Set("Content-Type", contentType)
		reason := Rules{Name: "the server"}.Refused(r)
		name, _, err := net.SplitHostPort(host)
		if err != nil {
			name = host
		}
		if !Local(name) && reason == "" {
			t.Fatalf("Host %q was answered", host)
		}
		if origin != "" && !strings.EqualFold(origin, "http://"+host) && reason == "" {
			t.Fatalf("Origin %q was answered at %q", origin, host)
		}
	})
}

func TestListedHostsAreAnsweredAsIPAddressesAre(t *testing.T) {
	hosts := []string{"emulator", "emulator.test", "switchboard_emulator"}
	json := map[string]string{"Content-Type": "application/json"}
	tests := []struct {
		name   string
		hosts  []string
		method string
		host   string
		header map[string]string
		want   string // in the reason; "" when answered
	}{
		{"a compose service's name", hosts, "GET", "emulator:8484", nil, ""},
		{"a listed name in capitals", hosts, "GET", "EMULATOR:8484", nil, ""},
		{"a listed name with dots", hosts, "POST", "emulator.test:8484", json, ""},
		{"a listed name with an underscore, no port", hosts, "GET", "switchboard_emulator", nil, ""},
		{"a listed name at another port", hosts, "GET", "emulator:9000", nil, ""},
		{"its own page", hosts, "POST", "emulator:8484", map[string]string{"Origin": "http://emulator:8484", "Content-Type": "application/json"}, ""},
		{"an IP address still", hosts, "GET", "172.18.0.2:8484", nil, ""},

		{"a name not listed", hosts, "GET", "rebound.example:8484", nil, `"rebound.example": the server answers only at an IP address, localhost or emulator, emulator.test, switchboard_emulator`},
		{"a name under a listed one", hosts, "GET", "evil.emulator:8484", nil, "answers only at"},
		{"a listed name, without the list", nil, "GET", "emulator:8484", nil, "answers only at an IP address or localhost"},
		{"a listed name, from another origin", hosts, "GET", "emulator:8484", map[string]string{"Origin": "http://evil.example"}, "another origin"},
		{"a listed name, from another site", hosts, "GET", "emulator:8484", map[string]string{"Sec-Fetch-Site": "cross-site"}, "another site"},
		{"a listed name, a form's body", hosts, "POST", "emulator:8484", map[string]string{"Content-Type": "text/plain"}, "takes a JSON body"},
	}
	for _, tt := range tests {
		r := httptest.NewRequest(tt.method, "/x", strings.NewReader("{}"))
		r.Host = tt.host
		for k, v := range tt.header {
			r.Header.Set(k, v)
		}
		got := Rules{Name: "the server", Hosts: tt.hosts}.Refused(r)
		if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
			t.Errorf("%s: refused %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestCheckHost(t *testing.T) {
	tests := []struct {
		name string
		want string // in the error; "" when accepted
	}{
		{"emulator", ""},
		{"emulator.test", ""},
		{"switchboard_emulator", ""},
		{"Emulator-1", ""},
		{"", "empty"},
		{"http://emulator", "scheme"},
		{"emulator:8484", "port"},
		{"[::1]", "IP address"},
		{"emulator/path", "path"},
		{"user@emulator", "user"},
		{"*.test", "wildcard"},
		{"*", "wildcard"},
		{".emulator", "empty label"},
		{"emulator.", "empty label"},
		{"emu..lator", "empty label"},
		{"emu lator", "character ' '"},
		{"émulateur", "character"},
		{strings.Repeat("a", 254), "longer"},
	}
	for _, tt := range tests {
		err := CheckHost(tt.name)
		if (tt.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("CheckHost(%q) = %v, want %q", tt.name, err, tt.want)
		}
	}
}
