package router

import (
	"errors"
	"io"
	"net/http"
)

// ServeHTTP serves the webhook events endpoint on net/http, with the same
// behaviour as ServeFastHTTP. Handlers run with a context that carries the
// request's values but outlives it.
func (e *EventEndpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		write(w, http.StatusMethodNotAllowed, bodyEventsMethod)
		return
	}
	if r.ContentLength > int64(e.maxBody) {
		write(w, http.StatusRequestEntityTooLarge, bodyTooLarge)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, int64(e.maxBody)))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			write(w, http.StatusRequestEntityTooLarge, bodyTooLarge)
			return
		}
		var timeout interface{ Timeout() bool }
		if errors.As(err, &timeout) && timeout.Timeout() {
			write(w, http.StatusRequestTimeout, bodyReadTimeout)
			return
		}
		e.logger.Debug().Err(err).Msg("reading the body failed")
		write(w, http.StatusBadRequest, bodyMalformed)
		return
	}
	sig := []byte(r.Header.Get(HeaderSignature))
	ts := []byte(r.Header.Get(HeaderTimestamp))
	status, out := e.serve(r.Context(), sig, ts, body, nil)
	if status == http.StatusNoContent {
		// No body, and so no Content-Length, which a 204 must not carry.
		w.WriteHeader(status)
		return
	}
	write(w, status, out)
}

var _ http.Handler = (*EventEndpoint)(nil)
