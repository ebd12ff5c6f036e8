package receive

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/rs/zerolog"
)

// Bounds on what is read of a body refused as too large, that a client
// writing it whole before it reads the answer, as most do, reads the
// answer rather than a reset connection.
const (
	LingerTimeout  = 2 * time.Second
	LingerMaxBytes = 32 << 20
)

// ReadHTTP reads a request to either endpoint on net/http: its signature
// headers and its body, of at most maxBody bytes. It answers a request it
// cannot read itself, as fasthttp's adapters do, and then returns the
// status it answered with, 0 when it read the request: a method other
// than POST with methodBody, a body over the limit 413, a body not
// received in time 408, and anything else 400, without the error's text,
// which names the connection's addresses.
func ReadHTTP(w http.ResponseWriter, r *http.Request, maxBody int, methodBody []byte, log zerolog.Logger) (sig, ts, body []byte, answered int) {
	w.Header().Set("Content-Type", "application/json")
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		Write(w, http.StatusMethodNotAllowed, methodBody)
		return nil, nil, nil, http.StatusMethodNotAllowed
	}
	raw := r.Body
	if r.ContentLength > int64(maxBody) {
		Write(w, http.StatusRequestEntityTooLarge, BodyTooLarge)
		discard(w, raw)
		return nil, nil, nil, http.StatusRequestEntityTooLarge
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, int64(maxBody)))
	if err != nil {
		var tooLarge *http.MaxBytesError
		var timeout interface{ Timeout() bool }
		status, answer := http.StatusBadRequest, BodyMalformed
		switch {
		case errors.As(err, &tooLarge):
			status, answer = http.StatusRequestEntityTooLarge, BodyTooLarge
			defer discard(w, raw)
		case errors.As(err, &timeout) && timeout.Timeout():
			status, answer = http.StatusRequestTimeout, BodyReadTimeout
		default:
			log.Debug().Err(err).Msg("reading the body failed")
		}
		Write(w, status, answer)
		return nil, nil, nil, status
	}
	return []byte(r.Header.Get(HeaderSignature)), []byte(r.Header.Get(HeaderTimestamp)), body, 0
}

// discard reads and drops what a client still sends of a body refused as
// too large, for a bounded time and amount, as a lingering close does on
// fasthttp: net/http would otherwise close the connection with the body
// unread, which resets it, and a client writing the body whole before it
// reads the answer never sees the 413.
func discard(w http.ResponseWriter, body io.Reader) {
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(LingerTimeout))
	_, _ = io.CopyN(io.Discard, body, LingerMaxBytes)
}

// Write answers with status and body. A refusal closes the connection:
// only the service's verified requests may keep one alive.
func Write(w http.ResponseWriter, status int, body []byte) {
	if status >= http.StatusBadRequest {
		w.Header().Set("Connection", "close")
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
