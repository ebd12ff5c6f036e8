package emulator

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// The service writes JSON plainly: a "<", ">" or "&" in a string is that
// character, and so are U+2028 and U+2029, where encoding/json writes
// \u003c, \u003e, \u0026, \u2028 and \u2029 to make JSON safe inside
// HTML and JavaScript. A bot that verifies the signature of a body it
// re-serialized, or compares what it reads with what it sent, needs the
// service's bytes; so the emulator writes what it signs and what its API
// answers as the service does.

// marshalJSON is json.Marshal, writing as the service does.
func marshalJSON(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return unescapeHTML(b), nil
}

// unescapeHTML returns b, valid JSON, with the escapes of <, >, &, U+2028
// and U+2029 in its strings replaced by the characters. Every other
// escape is kept. b itself is returned when it has none.
func unescapeHTML(b []byte) []byte {
	if !bytes.Contains(b, []byte(`\u`)) {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != '\\' || i+1 >= len(b) {
			out = append(out, c)
			continue
		}
		// An escape, of two bytes or, for \uXXXX, six. Outside strings
		// valid JSON has no backslash.
		if b[i+1] == 'u' && i+6 <= len(b) {
			if r, ok := plainEscape(b[i+2 : i+6]); ok {
				out = utf8.AppendRune(out, r)
				i += 5
				continue
			}
		}
		out = append(out, c, b[i+1])
		i++
	}
	return out
}

// plainEscape reports whether the four hex digits of a \u escape are one
// the service does not make, and its character.
func plainEscape(hex []byte) (rune, bool) {
	for _, e := range [...]struct {
		hex string
		r   rune
	}{{"003c", '<'}, {"003e", '>'}, {"0026", '&'}, {"2028", '\u2028'}, {"2029", '\u2029'}} {
		if bytes.EqualFold(hex, []byte(e.hex)) {
			return e.r, true
		}
	}
	return 0, false
}
