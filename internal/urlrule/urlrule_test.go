package urlrule_test

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/internal/urlrule"
)

const (
	web    = urlrule.Web
	media  = urlrule.Web | urlrule.Attachment
	link   = urlrule.Web | urlrule.Client
	scheme = urlrule.BadScheme
	form   = urlrule.Malformed
	both   = urlrule.BadScheme | urlrule.Malformed
)

func TestURLsAreReadAsTheServiceReadsThem(t *testing.T) {
	label63 := strings.Repeat("a", 63)
	for _, tt := range []struct {
		name string
		raw  string
		s    urlrule.Schemes
		want urlrule.Fault
	}{
		{"a web address", "https://example.com/a?b=c#d", web, 0},
		{"http is the web's too", "http://example.com", web, 0},
		{"the scheme is read in any case", "HTTPS://Example.COM/Path", web, 0},
		{"a sub-domain, a port, a user and a password", "https://user:pw@cdn.example.co.uk:8443/x.png", web, 0},
		{"a host with a dot at its end", "https://example.com./", web, 0},
		{"localhost", "http://localhost:8080/x", web, 0},
		{"an IPv4 address", "http://192.168.0.1/x", web, 0},
		{"a bracketed IPv6 address", "http://[2001:db8::1]:80/x", web, 0},
		{"a host in another script", "https://例え.テスト/パス", web, 0},
		{"an IDNA top-level label", "https://example.xn--p1ai/", web, 0},
		{"a label of 63 characters", "https://" + label63 + ".com", web, 0},
		{"a query right after the host", "https://example.com?q=1", web, 0},
		{"an escape the service does not decode", "https://example.com/%zz", web, 0},

		{"javascript: is no web address", "javascript:alert(1)", web, both},
		{"data: is no web address", "data:image/png;base64,iVBORw0KGgo=", media, both},
		{"ftp is not taken", "ftp://files.example.com/a", web, scheme},
		{"a scheme mistyped", "ttps://example.com", web, scheme},
		{"no scheme at all", "example.com/a.png", web, both},
		{"a word that is no URL", "null", web, both},
		{"an empty URL names the empty scheme only", "", web, scheme},
		{"a host without a dot", "https://rungameid/730", web, form},
		{"a label of 64 characters", "https://" + label63 + "a.com", web, form},
		{"two dots in a row", "https://example..com", web, form},
		{"a space in the path", "https://cdn.example.com/EU Long 3.png", web, form},
		{"an underscore in the host", "https://llama_punkz.example.cloud/x", web, form},
		{"a label that begins with a hyphen", "https://-a.example.com", web, form},
		{"a top-level name of one letter", "https://example.c", web, form},
		{"a top-level name with a digit", "https://example.c0m", web, form},
		{"a port of six digits", "https://example.com:123456", web, form},
		{"a port that is no number", "https://example.com:http", web, form},
		{"an IPv4 address with a leading zero", "http://192.168.0.01/", web, form},
		{"an IPv4 number past 255", "http://256.1.1.1/", web, form},
		{"an IPv6 address with a zone", "http://[fe80::1%25eth0]/", web, form},
		{"a user without a name", "https://:pw@example.com", web, form},
		{"nothing after the scheme", "https://", web, form},
		{"a tab in the query", "https://example.com/?a=\tb", web, form},
		{"a line break", "https://example.com/\n", web, form},
		{"a scheme with a space", "java script://example.com", web, both},
		{"bytes that are not UTF-8", "https://example.com/\xff", web, form},

		{"a file of the message where files are taken", "attachment://report.png", media, 0},
		{"a file named with an underscore", "attachment://my_report.png", media, 0},
		{"a file named with a space", "attachment://my report.png", media, form},
		{"a file without an extension", "attachment://report", media, 0},
		{"a file without a name", "attachment://", media, form},
		{"attachment is read in any case", "Attachment://report.png", media, 0},
		{"a file where only the web is taken", "attachment://report.png", web, scheme},
		{"a file without a dot where only the web is taken", "attachment://report", web, both},

		{"the client's link on a button", "discord://-/channels/1/2", link, 0},
		{"the client's link in an embed", "discord://-/channels/1/2", web, both},
		{"a steam link on a button", "steam://connect/127.0.0.1:27015", link, both},
		{"another scheme with a host", "steam://store.steampowered.com/app/730", link, scheme},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := urlrule.Check(tt.raw, tt.s, urlrule.MaxLength); got != tt.want {
				t.Errorf("Check(%q) = %03b, want %03b", tt.raw, got, tt.want)
			}
		})
	}
}

func TestAURLPastItsLengthIsRefusedForItsLengthAlone(t *testing.T) {
	path := "https://example.com/" + strings.Repeat("é", urlrule.MaxLength-len("https://example.com/"))
	if got := urlrule.Check(path, web, urlrule.MaxLength); got != 0 {
		t.Errorf("a URL of %d characters: %03b, want none", urlrule.MaxLength, got)
	}
	if got := urlrule.Check(path+"é", web, urlrule.MaxLength); got != urlrule.TooLong {
		t.Errorf("a URL of %d characters: %03b, want TooLong", urlrule.MaxLength+1, got)
	}
	if got := urlrule.Check(strings.Repeat(" ", urlrule.MaxLength+1), web, urlrule.MaxLength); got != urlrule.TooLong {
		t.Errorf("a long text that is no URL: %03b, want TooLong alone", got)
	}
	if got := urlrule.Check(path+"é", web, 0); got != 0 {
		t.Errorf("without a limit: %03b, want none", got)
	}
}

func TestTheServiceNamesTheSchemeItRefuses(t *testing.T) {
	for _, tt := range []struct{ raw, scheme string }{
		{"FTP://example.com", "ftp"},
		{"javascript:alert(1)", "javascript:alert(1)"},
		{"data:image/png;base64,AAAASUVORK5CYII=", "data:image/png;base64,aaaasuvork5cyii="},
		{"[click](https://example.com)", "[click](https"},
		{"null", "null"},
		{"", ""},
	} {
		if got := urlrule.Scheme(tt.raw); got != tt.scheme {
			t.Errorf("Scheme(%q) = %q, want %q", tt.raw, got, tt.scheme)
		}
	}
	if got, want := urlrule.ServiceScheme("ftp://x", web|urlrule.Attachment), `Scheme "ftp" is not supported. Scheme must be one of ('http', 'https').`; got != want {
		t.Errorf("the words of an embed's field: %q, want %q", got, want)
	}
	if got, want := urlrule.ServiceScheme("ftp://x", link), `Scheme "ftp" is not supported. Scheme must be one of ('http', 'https', 'discord').`; got != want {
		t.Errorf("the words of a link: %q, want %q", got, want)
	}
}

func TestAnAttachmentURLNamesItsFile(t *testing.T) {
	for _, tt := range []struct {
		raw, name string
		ok        bool
	}{
		{"attachment://a.png", "a.png", true},
		{"ATTACHMENT://a b.png", "a b.png", true},
		{"attachment://", "", true},
		{"attachment:a.png", "", false},
		{"https://example.com/a.png", "", false},
	} {
		if name, ok := urlrule.AttachmentName(tt.raw); name != tt.name || ok != tt.ok {
			t.Errorf("AttachmentName(%q) = %q, %v; want %q, %v", tt.raw, name, ok, tt.name, tt.ok)
		}
	}
}
