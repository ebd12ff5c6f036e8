package component

import (
	"strconv"

	"github.com/switchboard-go/switchboard/internal/urlrule"
	"github.com/switchboard-go/switchboard/rules"
)

// The URLs of components follow the service's one rule of URLs, which
// package answer applies to the links of embeds (internal/urlrule): the
// scheme, read in any case, is one the field takes, and a web address is
// well formed.

// link checks the url of a LINK button, at a: http, https or discord,
// which the client opens itself. The component specification gives a
// LINK button a url and its length, not its schemes; the service refuses
// others, as "steam://" (discord-net/Discord.Net#2105).
func (v *validator) link(a at, url string) {
	v.url(a, "url", url, urlrule.Web|urlrule.Client, 0)
}

// mediaURL checks the url of a thumbnail or of a gallery item, at a,
// which shows a web address or a file of the message (the component
// reference: "arbitrary urls and attachment://<filename> references"),
// and reports whether it is one. Whether the file is the message's is
// package answer's to check, which knows the files.
func (v *validator) mediaURL(a at, what, url string) bool {
	return v.url(a, "the url of "+what, url, urlrule.Web|urlrule.Attachment, urlrule.MaxLength)
}

// url reports what the service finds wrong with a URL that the field
// named takes the schemes s and at most maxLength characters of (no
// limit when 0), and reports whether nothing is.
func (v *validator) url(a at, name, url string, s urlrule.Schemes, maxLength int) bool {
	f := urlrule.Check(url, s, maxLength)
	if f&urlrule.TooLong != 0 {
		v.report(a, rules.BaseTypeBadLength, name+" must have at most "+strconv.Itoa(maxLength)+" characters")
	}
	if f&urlrule.BadScheme != 0 {
		v.report(a, rules.URLTypeInvalidScheme, name+" must be "+urlrule.Expected(s))
	}
	if f&urlrule.Malformed != 0 {
		v.report(a, rules.URLTypeInvalidURL, name+" is "+urlrule.MalformedWords)
	}
	return f == 0
}
