package interaction

import (
	"bytes"

	"github.com/goccy/go-json/jsontext"
)

// quotedText returns the text of the JSON string b: a part of b when the
// string has no escapes, which is nearly always, else bytes of its own.
func quotedText(b []byte) ([]byte, bool) {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return nil, false
	}
	if raw := b[1 : len(b)-1]; bytes.IndexByte(raw, '\\') < 0 {
		return raw, true
	}
	text, err := jsontext.AppendUnquote(nil, b)
	return text, err == nil
}

// unquote returns the text of the JSON string b in memory of its own: b may
// be a decoder's buffer, which it reuses.
func unquote(b []byte) (string, bool) {
	text, ok := quotedText(b)
	return string(text), ok
}
