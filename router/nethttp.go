package router

import (
	"net/http"
	"time"

	"github.com/switchboard-go/switchboard/internal/signed"
)

// ServeHTTP serves the interactions endpoint on net/http, with the same
// behaviour as ServeFastHTTP.
func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	received := signed.Received(r.Context(), time.Now())
	sig, ts, body, answered := signed.ReadHTTP(w, r, e.maxBody, bodyMethod, e.logger)
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
	signed.Write(w, status, out)
}

var _ http.Handler = (*Endpoint)(nil)
