package emulator

import (
	"net/http"
)

// The emulator's lifecycle, as scripts and containers drive it: a health
// check, a reset between tests, and the state as a document to save and
// load (snapshot.go, restore.go).

// healthPath is the path of the health check.
const healthPath = controlPrefix + "health"

// isHealth reports whether a clean path is the health check's. The health
// check answers whatever the Host header names, unlike the rest of the
// control API (controlRules): a container's health check or a Kubernetes
// probe names the emulator by its name on the network, and the answer
// reveals nothing a page of another site could use, nor does the request
// change anything.
func isHealth(path string) bool { return path == healthPath }

// controlLifecycleRoutes serve the health check, the reset and the state.
func (s *Server) controlLifecycleRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /_emulator/health", s.controlHealth)
}

// controlHealth answers that the emulator serves: its status, the
// application's id, which tells one emulator from another, and how long
// it has served, in whole seconds. GET answers HEAD too.
func (s *Server) controlHealth(w http.ResponseWriter, _ *http.Request) {
	s.st.mu.Lock()
	app, up := s.st.app.id, s.st.now().Sub(s.started)
	s.st.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"status": "ok", "application_id": app, "uptime_seconds": int64(max(up, 0).Seconds())})
}
