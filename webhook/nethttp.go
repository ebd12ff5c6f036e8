package webhook

import (
	"net/http"

	"github.com/switchboard-go/switchboard/internal/receive"
)

// ServeHTTP serves the webhook events endpoint on net/http, with the same
// behaviour as ServeFastHTTP. Handlers run with a context that carries the
// request's values but outlives it.
func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sig, ts, body, answered := receive.ReadHTTP(w, r, e.maxBody, bodyMethod, e.logger)
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
	receive.Write(w, status, out)
}

var _ http.Handler = (*Endpoint)(nil)
