package web

import (
	"mime"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// The playground drives the emulator, and through it the bot, on behalf of
// whoever can reach it; a page of another site open in the same browser
// must not. Browsers keep other sites from reading its answers, but not
// from sending it requests, nor from reaching it under a name of their own
// that they point at 127.0.0.1 (DNS rebinding). So a request is answered
// only when its Host is an IP address, or localhost, with the port it was
// made to, which a rebound name never is; when its Origin, if it has one,
// is the page's own; and, for a POST, when its body is JSON, which no form
// of another site can send without asking first.

// refused says why r is not answered, or "" when it is.
func refused(r *http.Request) string {
	host, port, err := net.SplitHostPort(r.Host)
	if err != nil {
		return "the Host header " + quote(r.Host) + " has no port"
	}
	if !strings.EqualFold(host, "localhost") {
		if _, err := netip.ParseAddr(strings.Trim(host, "[]")); err != nil {
			return "the Host header names " + quote(host) + ": the playground answers only at an IP address or localhost"
		}
	}
	if local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
		if _, served, err := net.SplitHostPort(local.String()); err == nil && served != port {
			return "the Host header names port " + port + ", not the port the playground is served on"
		}
	}
	if origin := r.Header.Get("Origin"); origin != "" && !strings.EqualFold(origin, "http://"+r.Host) {
		return "the request comes from " + quote(origin) + ", not from the playground's page"
	}
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return "the request comes from another site"
	}
	if r.Method == http.MethodPost {
		media, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil || media != "application/json" {
			return "a POST takes a JSON body, sent as application/json"
		}
	}
	return ""
}

// quote writes a header's value for a message, cut short.
func quote(s string) string {
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return `"` + s + `"`
}
