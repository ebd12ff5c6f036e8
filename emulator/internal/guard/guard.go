// Package guard keeps web pages of other origins from driving a server
// that trusts whoever reaches it, as the emulator's control API and its
// playground do.
//
// A browser keeps a page of another site from reading such a server's
// answers, but not from sending it requests: a form, or a fetch whose
// body is text, goes out without asking the server first. Nor does it keep
// a page from reaching the server under a name of its own that it points
// at 127.0.0.1 once the page has loaded (DNS rebinding), after which the
// server is that page's own origin. So a request is answered only when its
// Host is an IP address, or localhost, which a rebound name never is; when
// its Origin, if it has one, is the server's own; when the browser does not
// say it comes from another origin (Sec-Fetch-Site cross-site or
// same-site; a page on another port of the same machine is same-site);
// and, when it carries a body (POST, PUT, PATCH), when that body is JSON,
// which no page of another origin can send without asking first, as
// browsers ask only with a preflight request that such a server does not
// answer.
//
// A name the operator lists (Rules.Hosts) is answered as an IP address
// is: the name of a container on its network, which another container
// calls it by, is no name a page of another site can point anywhere.
package guard

import (
	"errors"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Rules are what a request must be to be answered.
type Rules struct {
	// Name is what the server is called in the reasons given for a
	// refusal: "the playground", "the control API".
	Name string
	// SamePort requires the Host header to name a port, and the one the
	// request came in on (http.LocalAddrContextKey). A server behind a
	// published container port is reached at another port than its own,
	// and leaves it unset.
	SamePort bool
	// Hosts are names, besides IP addresses and localhost, that a Host
	// header may name: a container's name on its network, such as a
	// compose service's. Each is a name that CheckHost accepts; they
	// match in any case. The other rules hold as for any Host.
	Hosts []string
}

// CheckHost says why name cannot be one of Rules.Hosts, or nil when it
// can: it must be a host name alone, of letters, digits, hyphens,
// underscores (which compose service names may have) and dots between
// labels, with no scheme, port, path or wildcard. A port is refused
// rather than ignored: the rules take a name at any port, as a
// container's published port is another than its own.
func CheckHost(name string) error {
	switch {
	case name == "":
		return errors.New("an empty name")
	case strings.Contains(name, "://"):
		return errors.New("a URL: give the host name alone, without a scheme")
	case strings.ContainsAny(name, "/?#@"):
		return errors.New("not a host name alone: it has a path, query or user")
	case strings.Contains(name, "*"):
		return errors.New("a wildcard: name each host")
	case strings.Contains(name, ":") || strings.HasPrefix(name, "["):
		return errors.New("a port or an IP address: give the host name alone; any port is answered, and IP addresses are anyway")
	case len(name) > 253:
		return errors.New("longer than a host name may be")
	}
	for label := range strings.SplitSeq(name, ".") {
		if label == "" {
			return errors.New("an empty label: a dot at the start or the end, or two in a row")
		}
		for _, c := range label {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
				return fmt.Errorf("the character %q, which a host name does not have", c)
			}
		}
	}
	return nil
}

// Refused says why r is not answered, or "" when it is. The reason names
// the header at fault, for the person who made the request.
func (g Rules) Refused(r *http.Request) string {
	host, port, err := net.SplitHostPort(r.Host)
	if err != nil {
		if g.SamePort {
			return "the Host header " + quote(r.Host) + " has no port"
		}
		host, port = r.Host, ""
	}
	if !Local(host) && !g.listed(host) {
		if len(g.Hosts) > 0 {
			return "the Host header names " + quote(host) + ": " + g.Name + " answers only at an IP address, localhost or " + strings.Join(g.Hosts, ", ")
		}
		return "the Host header names " + quote(host) + ": " + g.Name + " answers only at an IP address or localhost"
	}
	if g.SamePort {
		if local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
			if _, served, err := net.SplitHostPort(local.String()); err == nil && served != port {
				return "the Host header names port " + port + ", not the port " + g.Name + " is served on"
			}
		}
	}
	if origin := r.Header.Get("Origin"); origin != "" && !strings.EqualFold(origin, "http://"+r.Host) {
		return "the request comes from a page at " + quote(origin) + ", another origin than " + g.Name + "'s"
	}
	switch r.Header.Get("Sec-Fetch-Site") {
	case "cross-site":
		return "the browser says the request comes from another site"
	case "same-site":
		return "the browser says the request comes from another origin of the same site"
	}
	switch r.Method {
	case http.MethodPost, http.MethodPut, http.MethodPatch:
		media, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil || media != "application/json" {
			return "a " + r.Method + " to " + g.Name + " takes a JSON body, sent with Content-Type: application/json"
		}
	}
	return ""
}

// listed reports whether host is one of g.Hosts.
func (g Rules) listed(host string) bool {
	for _, h := range g.Hosts {
		if strings.EqualFold(h, host) {
			return true
		}
	}
	return false
}

// Local reports whether host, the name part of a Host header, is one no
// other site can make its own: an IP address (IPv6 in brackets or not)
// or localhost.
func Local(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		host = host[1 : len(host)-1]
	}
	_, err := netip.ParseAddr(host)
	return err == nil
}

// quote writes a header's value for a reason, cut short.
func quote(s string) string {
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return `"` + s + `"`
}
