package endpoint

import (
	"net/http"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/receive"
)

// ServeHTTP serves the interactions endpoint on net/http, with the same
// behaviour as ServeFastHTTP.
func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	received := receive.Received(r.Context(), time.Now())
	sig, ts, body, answered := receive.ReadHTTP(w, r, e.maxBody, bodyMethod, e.logger)
	if answered != 0 {
		if answered == http.StatusRequestEntityTooLarge && e.observer != nil {
			e.observe(&Observation{Refused: interaction.RefusedTooLarge}, received, answered)
		}
		return
	}
	status, out, contentType := e.serve(r.Context(), received, sig, ts, body, nil)
	if contentType != "" {
		w.Header().Set("Content-Type", contentType)
	}
	receive.Write(w, status, out)
}

var _ http.Handler = (*Endpoint)(nil)
