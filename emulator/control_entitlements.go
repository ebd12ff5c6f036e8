package emulator

import (
	"net/http"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// controlEntitlementRoutes serves the control API's share of entitlements
// beside their creation: the end of a subscription (EndEntitlement) and a
// refund (RemoveEntitlement).
func (s *Server) controlEntitlementRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /_emulator/entitlements/{id}/end", func(w http.ResponseWriter, r *http.Request) {
		id, ok := controlEntitlementID(w, r)
		if !ok {
			return
		}
		var in entitlementEndJSON
		if !readControl(w, r, &in) {
			return
		}
		var at time.Time
		if in.EndsAt != "" {
			var err error
			if at, err = time.Parse(time.RFC3339Nano, in.EndsAt); err != nil {
				writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_input", "message": "invalid body: ends_at is not an RFC 3339 time"})
				return
			}
		}
		e, err := s.EndEntitlement(id, at)
		if err != nil {
			writeRefusal(w, err)
			return
		}
		writeJSON(w, http.StatusOK, toWireEntitlement(&e))
	})
	mux.HandleFunc("DELETE /_emulator/entitlements/{id}", func(w http.ResponseWriter, r *http.Request) {
		id, ok := controlEntitlementID(w, r)
		if !ok {
			return
		}
		e, err := s.RemoveEntitlement(id)
		if err != nil {
			writeRefusal(w, err)
			return
		}
		writeJSON(w, http.StatusOK, toWireEntitlement(&e))
	})
}

// entitlementEndJSON is an EndEntitlement as the control API takes it:
// the time in RFC 3339, or none for now.
type entitlementEndJSON struct {
	EndsAt string `json:"ends_at"`
}

// controlEntitlementID reads the {id} of a control path, or answers 400
// and reports false.
func controlEntitlementID(w http.ResponseWriter, r *http.Request) (interaction.Snowflake, bool) {
	id, err := interaction.ParseSnowflake(r.PathValue("id"))
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_input", "message": "the path's entitlement is not a snowflake"})
		return 0, false
	}
	return id, true
}
