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
