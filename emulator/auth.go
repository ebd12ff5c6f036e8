package emulator

import "net/http"

// authRoutes registers the OAuth2 token endpoint, the current user, users
// by id, the current application and authorization, and the command
// permission endpoints.
func (s *Server) authRoutes(mux *http.ServeMux) {
	// The token endpoint authenticates the client from the form, not from
	// the Authorization header, so it is anonymous to route.
	s.route(mux, "POST /oauth2/token", "oauth2_token", true, s.exchangeToken)
	s.route(mux, "POST /oauth2/token/revoke", "oauth2_token_revoke", true, s.revokeToken)
	s.route(mux, "GET /users/@me", "users_me", false, s.currentUser)
	s.route(mux, "GET /users/{user}", "get_user", false, s.getUser)
	s.route(mux, "GET /oauth2/applications/@me", "oauth2_applications_me", false, s.currentApplication)
	s.route(mux, "GET /applications/@me", "applications_me", false, s.currentApplication)
	s.route(mux, "GET /oauth2/@me", "oauth2_me", false, s.currentAuthorization)

	const perms = "/applications/{app}/guilds/{guild}/commands"
	s.route(mux, "GET "+perms+"/permissions", "command_permissions", false, s.listPermissions)
	s.route(mux, "PUT "+perms+"/permissions", "command_permissions", false, s.batchEditPermissions)
	s.route(mux, "GET "+perms+"/{cmd}/permissions", "command_permissions", false, s.getPermissions)
	s.route(mux, "PUT "+perms+"/{cmd}/permissions", "command_permissions_edit", false, s.editPermissions)
}
