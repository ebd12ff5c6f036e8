package urlrule

import (
	"net/netip"
	"strings"
	"unicode/utf8"
)

// Limits of a host name (those of DNS, which the service holds a URL's
// host to).
const (
	maxHost  = 253
	maxLabel = 63
	minTLD   = 2
	maxPort  = 5 // digits
)

// webAddress reports whether rest, what follows the "://" of a URL, is a
// web address: an authority (an optional user and password, a host and
// an optional port), then a path, query or fragment, if any. rest holds no
// spaces or control characters.
func webAddress(rest string) bool {
	authority := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		authority = rest[:i]
	}
	if user, hostPort, ok := strings.Cut(authority, "@"); ok {
		if !userInfo(user) {
			return false
		}
		authority = hostPort
	}
	return hostPort(authority)
}

// userInfo reports whether s is a user, and an optional password after a
// colon: a user of at least one character, neither holding ":", "@" or
// "/".
func userInfo(s string) bool {
	user, password, _ := strings.Cut(s, ":")
	return user != "" && !strings.ContainsAny(user, ":@/") && !strings.ContainsAny(password, ":@/")
}

// hostPort reports whether s is a host and an optional port.
func hostPort(s string) bool {
	if strings.HasPrefix(s, "[") {
		end := strings.IndexByte(s, ']')
		return end > 0 && ipv6(s[1:end]) && port(s[end+1:])
	}
	host := s
	if i := strings.LastIndexByte(s, ':'); i >= 0 {
		if !port(s[i:]) {
			return false
		}
		host = s[:i]
	}
	return strings.EqualFold(host, "localhost") || ipv4(host) || domain(host)
}

// port reports whether s is empty, or a colon and 1 to 5 digits.
func port(s string) bool {
	if s == "" {
		return true
	}
	digits, ok := strings.CutPrefix(s, ":")
	if !ok || digits == "" || len(digits) > maxPort {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}

// ipv4 reports whether s is four decimal numbers of 0 to 255 joined by
// dots, none with a leading zero.
func ipv4(s string) bool {
	for i := range 4 {
		p, rest, more := strings.Cut(s, ".")
		if more != (i < 3) || p == "" || len(p) > 3 || len(p) > 1 && p[0] == '0' {
			return false
		}
		n := 0
		for j := 0; j < len(p); j++ {
			if p[j] < '0' || p[j] > '9' {
				return false
			}
			n = n*10 + int(p[j]-'0')
		}
		if n > 255 {
			return false
		}
		s = rest
	}
	return true
}

// ipv6 reports whether s, between brackets in a URL, is an IPv6 address
// (without a zone).
func ipv6(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' || c == ':' || c == '.') {
			return false
		}
	}
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is6()
}

// domain reports whether s is a domain name of at least two labels, with
// an optional dot at its end: every label but the last of 1 to 63
// letters, digits and hyphens, the last a top-level name of 2 to 63
// letters and hyphens or an IDNA label ("xn--" and 1 to 59 ASCII letters
// and digits); none beginning or ending with a hyphen. Letters are ASCII
// letters or characters from U+00A1 to U+FFFF, so that a name in another
// script is a name.
func domain(s string) bool {
	s = strings.TrimSuffix(s, ".")
	if s == "" || utf8.RuneCountInString(s) > maxHost {
		return false
	}
	last := strings.LastIndexByte(s, '.')
	if last < 0 {
		return false
	}
	for l := range strings.SplitSeq(s[:last], ".") {
		if !label(l, true) {
			return false
		}
	}
	return topLevel(s[last+1:])
}

// label reports whether l is a label of 1 to 63 letters, digits (when
// digits allows them) and hyphens, not beginning or ending with a hyphen.
func label(l string, digits bool) bool {
	if l == "" || l[0] == '-' || l[len(l)-1] == '-' {
		return false
	}
	n := 0
	for _, r := range l {
		n++
		switch {
		case letter(r), r == '-', digits && '0' <= r && r <= '9':
		default:
			return false
		}
	}
	return n <= maxLabel
}

// topLevel reports whether l is a top-level name: 2 to 63 letters and
// hyphens, or an IDNA label.
func topLevel(l string) bool {
	if rest, ok := cutPrefixFold(l, "xn--"); ok && rest != "" && len(rest) <= maxLabel-len("xn--") {
		ascii := true
		for i := 0; i < len(rest); i++ {
			c := rest[i] | 0x20 // ASCII letters in lower case
			if !('a' <= c && c <= 'z' || '0' <= rest[i] && rest[i] <= '9') {
				ascii = false
				break
			}
		}
		if ascii {
			return true
		}
	}
	return utf8.RuneCountInString(l) >= minTLD && label(l, false)
}

// letter reports whether r is an ASCII letter, or a character from U+00A1
// to U+FFFF.
func letter(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || 0xA1 <= r && r <= 0xFFFF
}

// cutPrefixFold is strings.CutPrefix with the prefix, ASCII, matched in
// any case.
func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return s, false
	}
	return s[len(prefix):], true
}
