package discordgoroute

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// PointAt makes s send its requests to the API at base rather than to
// the service's: every request under discordgo's API base
// (discordgo.EndpointAPI, https://discord.com/api/v9/) goes under base
// instead, among them the one that asks where the gateway is, so that s
// connects to the gateway that API names. It is for running a bot against
// an emulator of the service, cmd/emulator or the test kit's, whose API
// is served at each version's base (http://127.0.0.1:8484/v10 or
// /api/v9) and whose gateway at its root. A request to any other URL,
// such as the CDN's, fails rather than reach the service.
//
// PointAt changes s alone, and none of discordgo's package variables,
// so sessions pointed at different APIs run side by side, as parallel
// tests do. It gives s an http.Client of its own, a copy of s.Client
// whose transport rewrites the URLs; a later call points s at its new
// base. Call it before Open.
func PointAt(s *discordgo.Session, base string) error {
	if s == nil {
		return fmt.Errorf("discordgoroute: PointAt %q: no session", base)
	}
	to, err := url.Parse(strings.TrimSuffix(base, "/"))
	if err != nil {
		return fmt.Errorf("discordgoroute: PointAt: the API's base: %w", err)
	}
	if (to.Scheme != "http" && to.Scheme != "https") || to.Host == "" || to.RawQuery != "" || to.Fragment != "" {
		return fmt.Errorf("discordgoroute: PointAt %q: want an absolute http or https URL with no query, such as http://127.0.0.1:8484/v10", base)
	}
	from, err := url.Parse(discordgo.EndpointAPI)
	if err != nil {
		return fmt.Errorf("discordgoroute: PointAt: discordgo's API base %q: %w", discordgo.EndpointAPI, err)
	}
	var c http.Client
	if s.Client != nil {
		c = *s.Client
	}
	next := c.Transport
	if r, ok := next.(*redirect); ok {
		next = r.next
	}
	c.Transport = &redirect{from: from, to: to, next: next}
	s.Client = &c
	return nil
}

// redirect is a transport that sends the requests under from under to
// instead, through next, and refuses the others.
type redirect struct {
	from, to *url.URL
	next     http.RoundTripper
}

func (r *redirect) RoundTrip(req *http.Request) (*http.Response, error) {
	u := req.URL
	tail, under := strings.CutPrefix(u.EscapedPath(), r.from.EscapedPath())
	if !under || u.Scheme != r.from.Scheme || u.Host != r.from.Host {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, fmt.Errorf("discordgoroute: %s %s is not under discordgo's API base %s, which PointAt sends to %s: refused rather than sent to the service", req.Method, u.Redacted(), r.from, r.to)
	}
	moved, err := url.Parse(r.to.String() + "/" + tail)
	if err != nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, fmt.Errorf("discordgoroute: %s %s under %s: %w", req.Method, u.Redacted(), r.to, err)
	}
	moved.RawQuery = u.RawQuery
	out := req.Clone(req.Context())
	out.URL = moved
	out.Host = ""
	next := r.next
	if next == nil {
		next = http.DefaultTransport
	}
	return next.RoundTrip(out)
}
