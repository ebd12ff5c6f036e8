package urlrule

import "strings"

// The service's codes of a URL it refuses, and of an attachment://name URL
// that names no file of the message, are package rules':
// URLTypeInvalidScheme, URLTypeInvalidURL and
// UnfurledMediaItemReferencedAttachmentNotFound.

// ServiceMalformed is the service's words for a URL that is not well
// formed.
const ServiceMalformed = "Not a well formed URL."

// ServiceScheme returns the service's words for raw, whose scheme a field
// that takes s does not take, as in `Scheme "ftp" is not supported. Scheme
// must be one of ('http', 'https').`. The service names http and https,
// and discord where the field takes it, but never attachment, which it
// takes in images and icons without naming it.
func ServiceScheme(raw string, s Schemes) string {
	list := "('http', 'https')"
	if s&Client != 0 {
		list = "('http', 'https', 'discord')"
	}
	return `Scheme "` + Scheme(raw) + `" is not supported. Scheme must be one of ` + list + "."
}

// ServiceNotAttached returns the service's words for raw, an
// attachment://name URL that names no file of the message.
func ServiceNotAttached(raw string) string {
	return `The referenced attachment ("` + raw + `") was not found`
}

// Expected returns, for a person, what a field that takes s holds: "an
// http or https URL", "an http or https URL, or attachment://name of a
// file of the message", "an http, https or discord URL".
func Expected(s Schemes) string {
	var b strings.Builder
	if s&Client != 0 {
		b.WriteString("an http, https or discord URL")
	} else {
		b.WriteString("an http or https URL")
	}
	if s&Attachment != 0 {
		b.WriteString(", or attachment://name of a file of the message")
	}
	return b.String()
}

// MalformedWords words a URL that is not well formed for a person, saying
// what a well-formed one has.
const MalformedWords = "not a well-formed URL: a web address has a host with a dot, labels of 1 to 63 characters, and no spaces"
