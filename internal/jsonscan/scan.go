package jsonscan

import (
	"errors"
	"unicode/utf8"
)

// ErrSyntax reports text that is not well-formed JSON.
var ErrSyntax = errors.New("jsonscan: malformed JSON")

// maxDepth bounds the nesting Skip accepts, as JSON decoders do, so that a
// hostile document cannot exhaust the stack.
const maxDepth = 10000

// SkipSpace returns the index of the first byte at or after i that is not JSON
// white space.
func SkipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// Skip returns the index just past the JSON value that starts at or after i.
func Skip(b []byte, i int) (int, error) { return skip(b, i, 0) }

func skip(b []byte, i, depth int) (int, error) {
	i = SkipSpace(b, i)
	if i >= len(b) {
		return 0, ErrSyntax
	}
	switch b[i] {
	case '{':
		return skipContainer(b, i, depth, '}')
	case '[':
		return skipContainer(b, i, depth, ']')
	case '"':
		return skipString(b, i)
	case 't':
		return literal(b, i, "true")
	case 'f':
		return literal(b, i, "false")
	case 'n':
		return literal(b, i, "null")
	}
	return skipNumber(b, i)
}

// skipContainer skips the object or array that opens at b[i].
//
// It is the inner loop of every skip, so it reads members without calls:
// keys and strings, the most common values, are scanned in place, and only
// escapes, numbers and nested containers leave the loop.
func skipContainer(b []byte, i, depth int, closer byte) (int, error) {
	if depth >= maxDepth {
		return 0, ErrSyntax
	}
	object := closer == '}'
	i = SkipSpace(b, i+1)
	if i < len(b) && b[i] == closer {
		return i + 1, nil
	}
	key := object
	for {
		if i >= len(b) {
			return 0, ErrSyntax
		}
		var err error
		switch c := b[i]; {
		case c == '"':
			var j int
			if key {
				// Keys are short and the same from one document to the
				// next: a byte at a time, on branches the processor
				// learns to predict, ends them sooner than a word at a
				// time, whose stop it must compute.
				j = PlainBytes(b, i+1)
			} else {
				j = PlainEnd(b, i+1)
			}
			// The bytes before j are plain text.
			if j >= len(b) || b[j] != '"' {
				if j, _, err = StringEnd(b, j); err != nil {
					return 0, err
				}
			}
			i = j + 1
			if key {
				if i >= len(b) || b[i] != ':' {
					if i = SkipSpace(b, i); i >= len(b) || b[i] != ':' {
						return 0, ErrSyntax
					}
				}
				if i++; i < len(b) && b[i] <= ' ' {
					i = SkipSpace(b, i)
				}
				key = false
				continue
			}
		case key:
			return 0, ErrSyntax
		case c == '{':
			i, err = skipContainer(b, i, depth+1, '}')
		case c == '[':
			i, err = skipContainer(b, i, depth+1, ']')
		case c == 'n':
			i, err = literal(b, i, "null")
		case c == 't':
			i, err = literal(b, i, "true")
		case c == 'f':
			i, err = literal(b, i, "false")
		default:
			i, err = skipNumber(b, i)
		}
		if err != nil {
			return 0, err
		}
		if i < len(b) && b[i] <= ' ' {
			i = SkipSpace(b, i)
		}
		if i >= len(b) {
			return 0, ErrSyntax
		}
		switch b[i] {
		case ',':
			if i++; i < len(b) && b[i] <= ' ' {
				i = SkipSpace(b, i)
			}
			key = object
		case closer:
			return i + 1, nil
		default:
			return 0, ErrSyntax
		}
	}
}

func literal(b []byte, i int, lit string) (int, error) {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return 0, ErrSyntax
	}
	return i + len(lit), nil
}

// skipString returns the index just past the string whose quote is at b[i].
func skipString(b []byte, i int) (int, error) {
	end, _, err := StringEnd(b, i+1)
	if err != nil {
		return 0, err
	}
	return end + 1, nil
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// SkipNumber returns the index just past the number at b[i], following the
// JSON grammar exactly.
func SkipNumber(b []byte, i int) (int, error) { return skipNumber(b, i) }

func skipNumber(b []byte, i int) (int, error) {
	start := i
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && '1' <= b[i] && b[i] <= '9':
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
	default:
		return 0, ErrSyntax
	}
	if i < len(b) && b[i] == '.' {
		i++
		d := i
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		if i == d {
			return 0, ErrSyntax
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		d := i
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		if i == d {
			return 0, ErrSyntax
		}
	}
	if i == start {
		return 0, ErrSyntax
	}
	return i, nil
}

// Object iterates the members of a JSON object without decoding them.
//
//	it := jsonscan.Object(b)
//	for key, value, ok := it.Next(); ok; key, value, ok = it.Next() { ... }
//	if err := it.Err(); err != nil { ... }
type Object struct {
	b     []byte
	i     int
	state int // 0 before '{', 1 inside, 2 done
	err   error
}

// NewObject returns an iterator over the object that b holds.
func NewObject(b []byte) Object { return Object{b: b} }

// Next returns the next member: its key as raw string content (between the
// quotes, escapes not decoded) and its value as raw JSON.
func (o *Object) Next() (key, value []byte, ok bool) {
	b := o.b
	switch o.state {
	case 0:
		o.i = SkipSpace(b, 0)
		if o.i >= len(b) || b[o.i] != '{' {
			return o.fail()
		}
		o.i = SkipSpace(b, o.i+1)
		o.state = 1
		if o.i < len(b) && b[o.i] == '}' {
			o.state = 2
			return nil, nil, false
		}
	case 1:
		o.i = SkipSpace(b, o.i)
		if o.i >= len(b) {
			return o.fail()
		}
		switch b[o.i] {
		case ',':
			o.i = SkipSpace(b, o.i+1)
		case '}':
			o.state = 2
			return nil, nil, false
		default:
			return o.fail()
		}
	default:
		return nil, nil, false
	}
	if o.i >= len(b) || b[o.i] != '"' {
		return o.fail()
	}
	kEnd, err := skipString(b, o.i)
	if err != nil {
		return o.fail()
	}
	key = b[o.i+1 : kEnd-1]
	i := SkipSpace(b, kEnd)
	if i >= len(b) || b[i] != ':' {
		return o.fail()
	}
	vStart := SkipSpace(b, i+1)
	vEnd, err := Skip(b, vStart)
	if err != nil {
		return o.fail()
	}
	o.i = vEnd
	return key, b[vStart:vEnd], true
}

func (o *Object) fail() ([]byte, []byte, bool) {
	o.state = 2
	o.err = ErrSyntax
	return nil, nil, false
}

// Err reports whether the walk stopped on malformed input.
func (o *Object) Err() error { return o.err }

// Lookup returns the raw value of the member of obj named key. Keys with
// escapes are compared by their decoded text.
func Lookup(obj []byte, key string) ([]byte, bool, error) {
	it := NewObject(obj)
	for k, v, ok := it.Next(); ok; k, v, ok = it.Next() {
		if KeyEqual(k, key) {
			return v, true, nil
		}
	}
	return nil, false, it.Err()
}

// KeyEqual reports whether raw, the content of a JSON string between its
// quotes, decodes to s. It does not allocate.
func KeyEqual(raw []byte, s string) bool {
	i, j := 0, 0
	for i < len(raw) {
		c := raw[i]
		var r rune
		var n int
		switch {
		case c < utf8.RuneSelf && c != '\\':
			if j >= len(s) || s[j] != c {
				return false
			}
			i++
			j++
			continue
		case c == '\\':
			if r, n = unescape(raw[i:]); n == 0 {
				return false
			}
		default:
			// Invalid UTF-8 decodes to U+FFFD, as in AppendUnquoted.
			r, n = utf8.DecodeRune(raw[i:])
		}
		i += n
		var buf [utf8.UTFMax]byte
		w := utf8.EncodeRune(buf[:], r)
		if len(s)-j < w || s[j:j+w] != string(buf[:w]) {
			return false
		}
		j += w
	}
	return j == len(s)
}

// unescape decodes the escape at the start of b, returning the rune and the
// bytes it took (0 if malformed). A surrogate pair takes both halves.
func unescape(b []byte) (rune, int) {
	if len(b) < 2 || b[0] != '\\' {
		return 0, 0
	}
	switch b[1] {
	case '"', '\\', '/':
		return rune(b[1]), 2
	case 'b':
		return '\b', 2
	case 'f':
		return '\f', 2
	case 'n':
		return '\n', 2
	case 'r':
		return '\r', 2
	case 't':
		return '\t', 2
	case 'u':
		r, ok := hex4(b[2:])
		if !ok {
			return 0, 0
		}
		if 0xD800 <= r && r < 0xDC00 {
			if len(b) >= 12 && b[6] == '\\' && b[7] == 'u' {
				if lo, ok := hex4(b[8:]); ok && 0xDC00 <= lo && lo < 0xE000 {
					return (r-0xD800)<<10 | (lo - 0xDC00) + 0x10000, 12
				}
			}
			return utf8.RuneError, 6
		}
		if 0xDC00 <= r && r < 0xE000 {
			return utf8.RuneError, 6
		}
		return r, 6
	}
	return 0, 0
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// AppendUnquoted appends the decoded content of raw, the bytes between a JSON
// string's quotes, to dst. Invalid escapes or UTF-8 become U+FFFD, as JSON
// decoders do.
func AppendUnquoted(dst, raw []byte) []byte {
	for i := 0; i < len(raw); {
		c := raw[i]
		switch {
		case c == '\\':
			r, n := unescape(raw[i:])
			if n == 0 {
				dst = utf8.AppendRune(dst, utf8.RuneError)
				i++
				continue
			}
			dst = utf8.AppendRune(dst, r)
			i += n
		case c < utf8.RuneSelf:
			dst = append(dst, c)
			i++
		default:
			r, n := utf8.DecodeRune(raw[i:])
			if r == utf8.RuneError && n == 1 {
				dst = utf8.AppendRune(dst, utf8.RuneError)
			} else {
				dst = append(dst, raw[i:i+n]...)
			}
			i += n
		}
	}
	return dst
}

// NeedsUnquote reports whether raw string content has escapes or non-ASCII
// bytes that must be decoded or checked before use as text.
func NeedsUnquote(raw []byte) bool {
	for _, c := range raw {
		if c == '\\' || c >= utf8.RuneSelf {
			return true
		}
	}
	return false
}
