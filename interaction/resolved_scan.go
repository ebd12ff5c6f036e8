package interaction

import (
	"bytes"
	"unicode/utf8"
)

// The resolved object is read here by hand rather than with a JSON
// decoder: a look-up needs only where each entry is, and a decoder that
// makes a token of every name and value, and remembers every name to
// refuse duplicates, costs more than the one entry a handler reads. The
// reading checks the object's syntax as a decoder would, so that an
// object that does not read has no entries, however it was made.

// maxResolvedDepth bounds the nesting of the values read, as a JSON
// decoder bounds it (encoding/json/v2 at 10000): Decode's own bound keeps
// the objects it makes well within it.
const maxResolvedDepth = 10000

// scanResolved reads the resolved object raw and calls visit with each
// entry of a kind it knows that is keyed by an id: the kind, the id, and
// where the entry is, raw[start:end]. It reports whether raw is one
// well-formed JSON object; when it is not, the entries visit was called
// with are no entries.
func scanResolved(raw []byte, visit func(kind uint8, id Snowflake, start, end int)) bool {
	s := jsonScanner{b: raw}
	if !s.skipPast('{') {
		return false
	}
	if !s.skipPast('}') {
		for {
			name, ok := s.str()
			if !ok || !s.skipPast(':') {
				return false
			}
			s.space()
			if k := resolvedKind(name); k != 0 && s.at('{') {
				if !s.entries(k, visit) {
					return false
				}
			} else if !s.value(0) {
				return false
			}
			if s.skipPast(',') {
				continue
			}
			if !s.skipPast('}') {
				return false
			}
			break
		}
	}
	s.space()
	return s.i == len(raw)
}

// jsonScanner reads JSON text b from offset i.
type jsonScanner struct {
	b []byte
	i int
}

// entries reads the object of entries of kind k, keyed by id, calling
// visit with each.
func (s *jsonScanner) entries(k uint8, visit func(kind uint8, id Snowflake, start, end int)) bool {
	s.i++ // {
	if s.skipPast('}') {
		return true
	}
	for {
		key, ok := s.str()
		if !ok || !s.skipPast(':') {
			return false
		}
		s.space()
		start := s.i
		if !s.value(1) {
			return false
		}
		if id := parseResolvedID(key); id != 0 {
			visit(k, id, start, s.i)
		}
		if s.skipPast(',') {
			continue
		}
		return s.skipPast('}')
	}
}

// space skips white space.
func (s *jsonScanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// at reports whether c comes next, white space skipped already.
func (s *jsonScanner) at(c byte) bool { return s.i < len(s.b) && s.b[s.i] == c }

// skipPast skips white space and, if c comes next, c, reporting whether
// it did.
func (s *jsonScanner) skipPast(c byte) bool {
	s.space()
	if s.at(c) {
		s.i++
		return true
	}
	return false
}

// value reads one value, nested depth deep.
func (s *jsonScanner) value(depth int) bool {
	s.space()
	if s.i >= len(s.b) {
		return false
	}
	switch c := s.b[s.i]; c {
	case '"':
		_, ok := s.str()
		return ok
	case '{':
		return s.object(depth + 1)
	case '[':
		return s.array(depth + 1)
	case 't':
		return s.literal("true")
	case 'f':
		return s.literal("false")
	case 'n':
		return s.literal("null")
	default:
		return s.number()
	}
}

// object reads an object, nested depth deep.
func (s *jsonScanner) object(depth int) bool {
	if depth > maxResolvedDepth {
		return false
	}
	s.i++ // {
	if s.skipPast('}') {
		return true
	}
	for {
		if _, ok := s.str(); !ok || !s.skipPast(':') || !s.value(depth) {
			return false
		}
		if s.skipPast(',') {
			continue
		}
		return s.skipPast('}')
	}
}

// array reads an array, nested depth deep.
func (s *jsonScanner) array(depth int) bool {
	if depth > maxResolvedDepth {
		return false
	}
	s.i++ // [
	if s.skipPast(']') {
		return true
	}
	for {
		if !s.value(depth) {
			return false
		}
		if s.skipPast(',') {
			continue
		}
		return s.skipPast(']')
	}
}

// literal reads true, false or null.
func (s *jsonScanner) literal(word string) bool {
	if !bytes.HasPrefix(s.b[s.i:], []byte(word)) {
		return false
	}
	s.i += len(word)
	return true
}

// number reads a number, as JSON writes one.
func (s *jsonScanner) number() bool {
	b, i := s.b, s.i
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case !isDigit(b, i):
		return false
	default:
		i = pastDigits(b, i)
	}
	if i < len(b) && b[i] == '.' {
		if i++; !isDigit(b, i) {
			return false
		}
		i = pastDigits(b, i)
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		if i++; i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if !isDigit(b, i) {
			return false
		}
		i = pastDigits(b, i)
	}
	s.i = i
	return true
}

// isDigit reports whether b[i] is a decimal digit.
func isDigit(b []byte, i int) bool { return i < len(b) && '0' <= b[i] && b[i] <= '9' }

// pastDigits returns the offset of the first byte from b[i] on that is
// not a decimal digit.
func pastDigits(b []byte, i int) int {
	for isDigit(b, i) {
		i++
	}
	return i
}

// str reads a string and returns it quoted, as it is in b: its escapes
// must be valid, and its text valid UTF-8.
func (s *jsonScanner) str() ([]byte, bool) {
	s.space()
	b, start := s.b, s.i
	if !s.at('"') {
		return nil, false
	}
	for i := start + 1; i < len(b); {
		switch c := b[i]; {
		case c == '"':
			s.i = i + 1
			return b[start:s.i], true
		case c == '\\':
			if i+1 >= len(b) {
				return nil, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				r, ok := hex4(b, i+2)
				switch {
				case !ok || 0xdc00 <= r && r <= 0xdfff:
					// A low surrogate must follow a high one.
					return nil, false
				case 0xd800 <= r && r <= 0xdbff:
					// A high surrogate must come with its low one.
					if low, ok := hex4(b, i+8); !ok || b[i+6] != '\\' || b[i+7] != 'u' || low < 0xdc00 || low > 0xdfff {
						return nil, false
					}
					i += 12
				default:
					i += 6
				}
			default:
				return nil, false
			}
		case c < ' ':
			return nil, false
		case c < utf8.RuneSelf:
			i++
		default:
			r, n := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && n == 1 {
				return nil, false
			}
			i += n
		}
	}
	return nil, false
}

// hex4 returns the value of the four hexadecimal digits at b[i:], and
// whether there are four.
func hex4(b []byte, i int) (rune, bool) {
	if i < 0 || i+4 > len(b) {
		return 0, false
	}
	var r rune
	for _, c := range b[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
