package emulator

import (
	"net/http"

	"github.com/switchboard-go/switchboard/interaction"
)

// The control API's share of OAuth2: what a user does in a browser, and
// what the service does when an authorization is taken back.
func (s *Server) controlOAuthRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /_emulator/authorize", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			User   interaction.Snowflake `json:"user"`
			Scopes []string              `json:"scopes"`
		}
		if !readControl(w, r, &in) {
			return
		}
		code, err := s.AuthorizeUser(in.User, in.Scopes...)
		if err != nil {
			writeRefusal(w, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"code": code})
	})
	mux.HandleFunc("POST /_emulator/revoke", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			RefreshToken string `json:"refresh_token"`
		}
		if readControl(w, r, &in) {
			writeJSON(w, http.StatusOK, map[string]any{"revoked": s.RevokeGrant(in.RefreshToken)})
		}
	})
	mux.HandleFunc("POST /_emulator/deauthorize", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			User interaction.Snowflake `json:"user"`
		}
		if readControl(w, r, &in) {
			s.Deauthorize(in.User)
			w.WriteHeader(http.StatusNoContent)
		}
	})
}
