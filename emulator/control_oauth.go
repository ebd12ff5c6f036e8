package emulator

import (
	"net/http"

	"github.com/switchboard-go/switchboard/interaction"
)

// controlApplication reports whether id, from a control body, is an
// application's, or 0 for the first; otherwise it answers the refusal
// unknown_target.
func (s *Server) controlApplication(w http.ResponseWriter, id interaction.Snowflake) bool {
	if id == 0 || s.Application(id) != nil {
		return true
	}
	writeRefusal(w, refuse(ErrUnknownTarget, "no application "+id.String()))
	return false
}

// The control API's share of OAuth2: what a user does in a browser, and
// what the service does when an authorization is taken back.
func (s *Server) controlOAuthRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /_emulator/authorize", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			User        interaction.Snowflake `json:"user"`
			Scopes      []string              `json:"scopes"`
			Application interaction.Snowflake `json:"application"`
		}
		if !readControl(w, r, &in) {
			return
		}
		code, err := s.authorizeUser(in.Application, in.User, in.Scopes)
		if err != nil {
			writeRefusal(w, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"code": code})
	})
	mux.HandleFunc("POST /_emulator/revoke", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			RefreshToken string                `json:"refresh_token"`
			Application  interaction.Snowflake `json:"application"`
		}
		if readControl(w, r, &in) && s.controlApplication(w, in.Application) {
			writeJSON(w, http.StatusOK, map[string]any{"revoked": s.revokeGrant(in.Application, in.RefreshToken)})
		}
	})
	mux.HandleFunc("POST /_emulator/deauthorize", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			User        interaction.Snowflake `json:"user"`
			Application interaction.Snowflake `json:"application"`
		}
		if readControl(w, r, &in) && s.controlApplication(w, in.Application) {
			s.deauthorize(in.Application, in.User)
			w.WriteHeader(http.StatusNoContent)
		}
	})
}
