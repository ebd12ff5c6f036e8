package emulator

import (
	"net/http"
)

// The control API's share of webhook events: SetEventsURL for scripts.
func (s *Server) controlEventsRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /_emulator/events-url", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			URL string `json:"url"`
		}
		if !readControl(w, r, &in) {
			return
		}
		if err := s.SetEventsURL(r.Context(), in.URL); err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]any{"message": err.Error()})
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}
