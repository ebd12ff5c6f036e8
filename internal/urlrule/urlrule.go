// Package urlrule is the service's rule of the URLs a message carries:
// which schemes a field takes, when a URL is well formed, and the words of
// its refusals. Package component applies it to the links and media of
// components, package answer to the links of embeds, and the emulator
// refuses through package answer, so that a bot's check and the service's
// answer agree.
//
// The rule is read from the service's refusals (its errors
// URL_TYPE_INVALID_SCHEME, URL_TYPE_INVALID_URL and BASE_TYPE_MAX_LENGTH,
// as developers have reported them):
//
//   - The scheme is the text before "://", in lower case, or the whole
//     URL, in lower case, when it has no "://": the service names the
//     scheme of "data:image/png;base64,…" as that whole text in lower
//     case, and that of "" as "" (discord/discord-api-docs#5837).
//   - A URL of a scheme the field does not take is refused, and one that
//     is not well formed is refused too: a URL may break both rules, and
//     the service then reports both, the scheme first
//     (brahmkshatriya/echo-discord#12). An empty URL breaks only the
//     first (#5837).
//   - A URL longer than its field takes is refused for its length alone.
//   - A web address is well formed when it has no spaces and its host is
//     a domain name of at least two labels, each of 1 to 63 characters of
//     letters, digits and hyphens, not beginning or ending with a hyphen,
//     the last a name of letters of 2 to 63 characters (or an IDNA
//     "xn--" label), at most 253 characters in all; or "localhost"; or an
//     IPv4 or bracketed IPv6 address; with an optional user, password and
//     port of 1 to 5 digits. The service refuses a host without a dot, a
//     label of more than 63 characters, two dots in a row, and spaces
//     (mymoomin/RSStoWebhook, design/discord-api.md), "steam://rungameid/730"
//     (discordjs/discord.js#3646), a host with an underscore
//     (discordjs/discord.js#7438) and a path with a space
//     (alexemanuelol/rustplusplus#259).
//   - attachment://name, where a field takes files of the message, is well
//     formed with any name that is not empty: since November 2025 the
//     service reads the name as it reads the names of uploaded files
//     (discord/discord-api-docs#7890), so that a name with an underscore
//     or a space no longer fails, as it once did (#465).
//   - discord://, which LINK buttons take (the client opens it itself, as
//     "discord://-/channels/1/2"), has no host to check.
package urlrule

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Schemes is a set of the schemes a field of the service takes.
type Schemes uint8

const (
	// Web is http and https, which every field that holds a URL takes.
	Web Schemes = 1 << iota
	// Client is discord, the client's own links, which LINK buttons take.
	Client
	// Attachment is attachment://name, a file uploaded with the message,
	// which the images and icons of embeds and the media of components
	// take.
	Attachment
)

// MaxLength is the most characters the service takes in the URL of an
// embed or of a component's media (the OpenAPI description's maxLength of
// every such field, and the length the service refuses past).
const MaxLength = 2048

// Fault is what the service finds wrong with a URL: nothing (0), its
// length alone, or its scheme, its form or both.
type Fault uint8

const (
	// TooLong: more characters than the field takes.
	TooLong Fault = 1 << iota
	// BadScheme: a scheme the field does not take, or none.
	BadScheme
	// Malformed: not a well-formed URL.
	Malformed
)

// Check returns what is wrong with raw as the value of a field that takes
// the schemes s and at most maxLength characters (no limit when
// maxLength is 0): 0 when nothing is.
func Check(raw string, s Schemes, maxLength int) Fault {
	if maxLength > 0 && len(raw) > maxLength && utf8.RuneCountInString(raw) > maxLength {
		return TooLong
	}
	var f Fault
	scheme, rest, hasSep := split(raw)
	if !s.takes(scheme) {
		f |= BadScheme
	}
	if raw != "" && !wellFormed(scheme, rest, hasSep, s) {
		f |= Malformed
	}
	return f
}

// Scheme returns the scheme of raw as the service names it when it
// refuses it: the text before "://", or the whole of raw, in lower case.
func Scheme(raw string) string {
	scheme, _, _ := split(raw)
	return scheme
}

// AttachmentName returns the name of the file an attachment://name URL
// names, and whether raw is such a URL.
func AttachmentName(raw string) (string, bool) {
	scheme, rest, hasSep := split(raw)
	if !hasSep || scheme != "attachment" {
		return "", false
	}
	return rest, true
}

// split returns the scheme of raw in lower case, what follows its "://",
// and whether it has one.
func split(raw string) (scheme, rest string, hasSep bool) {
	scheme, rest, hasSep = strings.Cut(raw, "://")
	return strings.ToLower(scheme), rest, hasSep
}

// takes reports whether a field that takes s takes the scheme.
func (s Schemes) takes(scheme string) bool {
	switch scheme {
	case "http", "https":
		return s&Web != 0
	case "discord":
		return s&Client != 0
	case "attachment":
		return s&Attachment != 0
	}
	return false
}

// wellFormed reports whether a URL of the scheme, with rest after its
// "://" (hasSep), is well formed in a field that takes s.
func wellFormed(scheme, rest string, hasSep bool, s Schemes) bool {
	if !hasSep || !utf8.ValidString(rest) || strings.IndexFunc(rest, unsafeRune) >= 0 {
		return false
	}
	switch {
	case scheme == "attachment" && s&Attachment != 0, scheme == "discord" && s&Client != 0:
		return rest != ""
	}
	return schemeSyntax(scheme) && webAddress(rest)
}

// unsafeRune reports a rune no URL holds: a space of any kind, or a
// control character.
func unsafeRune(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }

// schemeSyntax reports whether a scheme, in lower case, is made of the
// characters of one (the check of its form does not decide whether the
// field takes it).
func schemeSyntax(scheme string) bool {
	for i := 0; i < len(scheme); i++ {
		c := scheme[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '.' || c == '+' || c == '-') {
			return false
		}
	}
	return true
}
