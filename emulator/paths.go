package emulator

import (
	"net/http"
	"path"
	"strings"
)

// apiBases are the paths the API is served under. Server.URL names the
// first; the service's own is /api/v10, which clients that take the
// service's origin (and append /api/v10 themselves) reach.
//
// Version 9 is served as version 10. The service still answers it, and two
// well-known Go clients default to it; what differs between the two
// versions does not touch the endpoints the emulator serves (v10 made the
// message content intent privileged, a gateway matter, and dropped fields
// of other resources). The unversioned /api is not served: the service
// answers it as its default version, v6, deprecated, whose error bodies
// predate the errors tree of v7, and the emulator speaks no such version.
// A request under any other base is an unknown route. CONFORMANCE.md,
// D162.
var apiBases = []string{"/v10", "/api/v10", "/v9", "/api/v9"}

// cleanRequestPath returns r with its path in its clean form, as the
// service's front proxy takes it, so that the router answers the request
// rather than redirect it to the clean path, as http.ServeMux would (with
// an HTML body clients do not expect): runs of slashes are one slash
// ("/v10//users/@me", which clients write and the service answers) and "."
// and ".." segments are resolved; a trailing slash stays, and with it the
// route stays unknown, as on the service. The escaped form of the path,
// when it has one, is cleaned alike. A clean path returns r itself.
// CONFORMANCE.md, D163.
func cleanRequestPath(r *http.Request) *http.Request {
	clean := cleanPath(r.URL.Path)
	if clean == r.URL.Path {
		return r
	}
	// A copy, as http.StripPrefix makes one: a handler does not change
	// the request it was given.
	r2 := new(http.Request)
	*r2 = *r
	u := *r.URL
	r2.URL = &u
	u.Path = clean
	if u.RawPath != "" {
		u.RawPath = cleanPath(u.RawPath)
	}
	return r2
}

// cleanPath returns p with runs of slashes made one and dot segments
// resolved, keeping a trailing slash, as http.ServeMux's own cleaning does.
func cleanPath(p string) string {
	if p == "" {
		return "/"
	}
	if p[0] != '/' {
		p = "/" + p
	}
	clean := path.Clean(p)
	if strings.HasSuffix(p, "/") && clean != "/" {
		clean += "/"
	}
	return clean
}
