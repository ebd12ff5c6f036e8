package router

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"time"
)

// ServeHTTP serves the interactions endpoint on net/http, with the same
// behaviour as ServeFastHTTP.
func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	received := time.Now()
	w.Header().Set("Content-Type", "application/json")
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		write(w, http.StatusMethodNotAllowed, bodyMethod)
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
		// As fasthttp's adapter answers, and without the error's text,
		// which names the connection's addresses.
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
	status, out, contentType := e.serve(r.Context(), received, sig, ts, body, nil)
	if contentType != "" {
		w.Header().Set("Content-Type", contentType)
	}
	write(w, status, out)
}

func write(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

var _ http.Handler = (*Endpoint)(nil)
