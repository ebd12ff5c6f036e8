// Package filetype holds the rule of file_types, the filter of the files a
// user may choose that File Upload components and ATTACHMENT command
// options take, and matches file names against it: the rule is checked by
// packages component and command, and the match by the emulator, which
// refuses a file the client would not let the user pick.
//
// Each entry of file_types is a group name (image, video, audio) or an
// extension written with its leading dot, such as .pdf; extensions are
// case-insensitive, and the service stores them in lower case. The client
// checks only the end of a file's name, never its contents.
package filetype

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxEntries is the most entries file_types holds.
const MaxEntries = 10

// The group names.
const (
	Image = "image"
	Video = "video"
	Audio = "audio"
)

// Rule says what an entry is, for the messages of violations.
const Rule = "a group (image, video, audio) or an extension with its leading dot, such as .pdf"

// Extensions returns the extensions of the group name, each with its
// leading dot, and nil when name is no group. The lists are the service's
// public ones of August 2026; the service warns that they follow the file
// types it supports natively and may change, so they are read here and
// nowhere else. A new slice is returned on each call.
func Extensions(name string) []string {
	switch name {
	case Image:
		return []string{".png", ".gif", ".jpg", ".jpeg", ".jfif", ".webp", ".avif"}
	case Video:
		return []string{".mp4", ".mov", ".qt", ".webm"}
	case Audio:
		return []string{".mp3", ".m4a", ".wav", ".ogg", ".opus", ".flac"}
	}
	return nil
}

// IsGroup reports whether entry is a group name. Group names are written
// in lower case, as the service lists them: its documentation makes
// extensions case-insensitive, and says nothing of groups.
func IsGroup(entry string) bool {
	return entry == Image || entry == Video || entry == Audio
}

// Valid reports whether entry is a group name or an extension.
//
// The service's documentation says only "a dot-prefixed file extension".
// An extension here is a dot followed by letters and digits, with the
// marks - _ + and inner dots (as in .tar.gz) between them: what ends the
// name of a file a client offers. Spaces, slashes and a trailing dot, which
// no such end holds, are refused, so that a mistyped entry is reported
// rather than matching nothing.
func Valid(entry string) bool {
	if IsGroup(entry) {
		return true
	}
	ext, ok := strings.CutPrefix(entry, ".")
	if !ok || ext == "" || !utf8.ValidString(ext) {
		return false
	}
	prev := '.'
	for _, r := range ext {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
		case r == '-' || r == '_' || r == '+':
		case r == '.':
			if prev == '.' {
				return false
			}
		default:
			return false
		}
		prev = r
	}
	return prev != '.'
}

// Normal returns types as the service stores them: extensions in lower
// case. It returns types itself when nothing changes, so that a caller
// that keeps what it was given allocates nothing; otherwise a new slice.
func Normal(types []string) []string {
	var out []string
	for i, t := range types {
		if !strings.HasPrefix(t, ".") {
			continue
		}
		lower := strings.ToLower(t)
		if lower == t {
			continue
		}
		if out == nil {
			out = make([]string, len(types))
			copy(out, types)
		}
		out[i] = lower
	}
	if out == nil {
		return types
	}
	return out
}

// Allows reports whether a file named name may be chosen where file_types
// is types: always when types is empty (any file is accepted); otherwise
// when the name ends, in any case, in an extension types lists or one of a
// group it lists. Entries that are not valid match nothing.
func Allows(types []string, name string) bool {
	if len(types) == 0 {
		return true
	}
	lower := strings.ToLower(name)
	for _, t := range types {
		if exts := Extensions(t); exts != nil {
			for _, ext := range exts {
				if strings.HasSuffix(lower, ext) {
					return true
				}
			}
			continue
		}
		if Valid(t) && strings.HasSuffix(lower, strings.ToLower(t)) {
			return true
		}
	}
	return false
}

// List returns types as a person reads them, as in "image, .pdf".
func List(types []string) string { return strings.Join(types, ", ") }
