package router

import (
	"net/http"
)

// ServeHTTP serves the webhook events endpoint on net/http, with the same
// behaviour as ServeFastHTTP. Handlers run with a context that carries the
// request's values but outlives it.
func (e *EventEndpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sig, ts, body, answered := readSigned(w, r, e.maxBody, bodyEventsMethod, e.logger)
	if answered != 0 {
		e.unread(answered)
		return
	}
	status, out := e.serve(r.Context(), sig, ts, body, nil)
	if status == http.StatusNoContent {
		// No body, and so no Content-Length, which a 204 must not carry.
		w.WriteHeader(status)
		return
	}
	write(w, status, out)
}

var _ http.Handler = (*EventEndpoint)(nil)
