package router

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/rs/zerolog"
)

// ServeHTTP serves the interactions endpoint on net/http, with the same
// behaviour as ServeFastHTTP.
func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	received := time.Now()
	sig, ts, body, answered := readSigned(w, r, e.maxBody, bodyMethod, e.logger)
	if answered != 0 {
		if answered == http.StatusRequestEntityTooLarge && e.observer != nil {
			e.observe(&Exchange{Refused: RefusedTooLarge}, received, answered)
		}
		return
	}
	status, out, contentType := e.serve(r.Context(), received, sig, ts, body, nil)
	if contentType != "" {
		w.Header().Set("Content-Type", contentType)
	}
	write(w, status, out)
}

// readSigned reads a request to either endpoint: its signature headers
// and its body, of at most maxBody bytes. It answers a request it cannot
// read itself, as fasthttp's adapters do, and then returns the status it
// answered with, 0 when it read the request: a method other than POST
// with methodBody, a body over the limit 413, a body not received in time
// 408, and anything else 400, without the error's text, which names the
// connection's addresses.
func readSigned(w http.ResponseWriter, r *http.Request, maxBody int, methodBody []byte, log zerolog.Logger) (sig, ts, body []byte, answered int) {
	w.Header().Set("Content-Type", "application/json")
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		write(w, http.StatusMethodNotAllowed, methodBody)
		return nil, nil, nil, http.StatusMethodNotAllowed
	}
	raw := r.Body
	if r.ContentLength > int64(maxBody) {
		write(w, http.StatusRequestEntityTooLarge, bodyTooLarge)
		discard(w, raw)
		return nil, nil, nil, http.StatusRequestEntityTooLarge
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, int64(maxBody)))
	if err != nil {
		var tooLarge *http.MaxBytesError
		var timeout interface{ Timeout() bool }
		status, answer := http.StatusBadRequest, bodyMalformed
		switch {
		case errors.As(err, &tooLarge):
			status, answer = http.StatusRequestEntityTooLarge, bodyTooLarge
			defer discard(w, raw)
		case errors.As(err, &timeout) && timeout.Timeout():
			status, answer = http.StatusRequestTimeout, bodyReadTimeout
		default:
			log.Debug().Err(err).Msg("reading the body failed")
		}
		write(w, status, answer)
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
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(lingerTimeout))
	_, _ = io.CopyN(io.Discard, body, lingerMaxBytes)
}

// write answers with status and body. A refusal closes the connection:
// only the service's verified requests may keep one alive.
func write(w http.ResponseWriter, status int, body []byte) {
	if status >= http.StatusBadRequest {
		w.Header().Set("Connection", "close")
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

var _ http.Handler = (*Endpoint)(nil)
