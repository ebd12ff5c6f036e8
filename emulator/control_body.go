package emulator

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"unicode/utf8"
)

// maxControlBody is the most a body of the control API may hold.
const maxControlBody = 1 << 20

// readControl decodes the JSON body of a control request into v, as
// decodeControl does, or answers 400 with kind "invalid_input", saying
// what is wrong, and reports false.
func readControl(w http.ResponseWriter, r *http.Request, v any) bool {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxControlBody+1))
	switch {
	case err != nil:
		err = fmt.Errorf("reading the body: %w", err)
	case len(body) > maxControlBody:
		err = fmt.Errorf("the body is over %d bytes", maxControlBody)
	default:
		err = decodeControl(body, v)
	}
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_input", "message": "invalid body: " + err.Error()})
		return false
	}
	return true
}

// decodeControl decodes body, the JSON of one value, into v. Every body of
// the control API is read by it, so that all refuse alike: a field v does
// not have (a misspelt field would otherwise be dropped without a word,
// and the request run without it), text that is not UTF-8 (which JSON
// must be, and which an interaction could not carry), and anything after
// the value.
func decodeControl(body []byte, v any) error {
	if !utf8.Valid(body) {
		return fmt.Errorf("not UTF-8 at byte %d", invalidUTF8At(body))
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more after the JSON value")
	}
	return nil
}

// invalidUTF8At returns the offset of the first byte of b that is not
// part of a UTF-8 sequence, or len(b).
func invalidUTF8At(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(b)
}
