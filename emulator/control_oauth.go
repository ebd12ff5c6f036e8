package emulator

import (
	"encoding/json"
	"io"
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
		if !decodeControl(w, r, &in) {
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"code": s.AuthorizeUser(in.User, in.Scopes...)})
	})
	mux.HandleFunc("POST /_emulator/revoke", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			RefreshToken string `json:"refresh_token"`
		}
		if decodeControl(w, r, &in) {
			writeJSON(w, http.StatusOK, map[string]any{"revoked": s.RevokeGrant(in.RefreshToken)})
		}
	})
	mux.HandleFunc("POST /_emulator/deauthorize", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			User interaction.Snowflake `json:"user"`
		}
		if decodeControl(w, r, &in) {
			s.Deauthorize(in.User)
			w.WriteHeader(http.StatusNoContent)
		}
	})
}

// decodeControl decodes a control request's JSON body into v, or answers
// 400 and reports false.
func decodeControl(w http.ResponseWriter, r *http.Request, v any) bool {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err := json.Unmarshal(body, v); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]any{"message": "invalid body: " + err.Error()})
		return false
	}
	return true
}
