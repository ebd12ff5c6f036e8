package urlrule_test

import (
	"strings"
	"testing"
	"unicode"

	"github.com/switchboard-go/switchboard/internal/urlrule"
)

// FuzzCheck reads arbitrary text as a URL of each kind of field. It must
// not panic, and what it finds must hold together: a length fault alone;
// only the scheme of an empty URL; a field that takes more schemes finds
// no fault another finds not; the scheme named as the service names it;
// and a web address it takes has a scheme the field takes, "://", a host
// with a dot or a bracket or localhost, and no spaces.
func FuzzCheck(f *testing.F) {
	for _, seed := range []string{
		"https://example.com/a?b#c", "HTTP://user:pw@[::1]:80/", "javascript:alert(1)", "attachment://a b.png",
		"discord://-/channels/1", "", "null", "https://a..b", "https://例え.テスト", "https://x.xn--p1ai:65535",
		"https://192.168.0.1", "ftp://x.y", "https://a.b/\t", "\xff://a.b",
	} {
		f.Add(seed, uint8(urlrule.Web), uint16(0))
		f.Add(seed, uint8(urlrule.Web|urlrule.Attachment), uint16(urlrule.MaxLength))
		f.Add(seed, uint8(urlrule.Web|urlrule.Client), uint16(8))
	}
	f.Fuzz(func(t *testing.T, raw string, schemes uint8, maxLength uint16) {
		s := urlrule.Schemes(schemes) & (urlrule.Web | urlrule.Client | urlrule.Attachment)
		got := urlrule.Check(raw, s, int(maxLength))
		if got&urlrule.TooLong != 0 && got != urlrule.TooLong {
			t.Fatalf("%q: a length fault with others: %03b", raw, got)
		}
		if got == urlrule.TooLong {
			return
		}
		if raw == "" && got != urlrule.BadScheme {
			t.Fatalf("the empty URL: %03b, want its scheme alone", got)
		}
		for _, more := range []urlrule.Schemes{urlrule.Web, urlrule.Client, urlrule.Attachment} {
			if wider := urlrule.Check(raw, s|more, int(maxLength)); wider&^got != 0 {
				t.Fatalf("%q: %03b taking %03b, %03b taking more", raw, got, s, wider)
			}
		}
		scheme, _, _ := strings.Cut(raw, "://")
		if urlrule.Scheme(raw) != strings.ToLower(scheme) {
			t.Fatalf("Scheme(%q) = %q", raw, urlrule.Scheme(raw))
		}
		if got != 0 || s&urlrule.Web == 0 {
			return
		}
		name := strings.ToLower(scheme)
		_, rest, _ := strings.Cut(raw, "://")
		if name != "http" && name != "https" {
			return
		}
		host := rest
		if i := strings.IndexAny(rest, "/?#"); i >= 0 {
			host = rest[:i]
		}
		if strings.IndexFunc(raw, unicode.IsSpace) >= 0 ||
			!strings.Contains(host, ".") && !strings.Contains(host, "[") && !strings.Contains(strings.ToLower(host), "localhost") {
			t.Fatalf("%q is taken as a web address", raw)
		}
	})
}
