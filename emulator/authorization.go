package emulator

import (
	"net/http"
	"slices"
)

// wireAuthorization is the answer of GET /oauth2/@me: the authorization
// behind a bearer token.
type wireAuthorization struct {
	Application wirePublicApplication `json:"application"`
	Scopes      []string              `json:"scopes"`
	Expires     string                `json:"expires"`
	// User is the user who authorized the token, when it carries the
	// identify scope.
	User *wireUser `json:"user,omitempty"`
}

// currentAuthorization is GET /oauth2/@me: the application the bearer
// token was issued to, its scopes, when it expires, and with identify
// the user it acts for ("Get Current Authorization Information").
//
// The documentation requires a bearer token; the OpenAPI description lists
// a bot token too, which the emulator follows the documentation in
// refusing with 401, as for no credentials (CONFORMANCE.md, E.7). A client
// credentials token acts as the application's owner, as it does on GET
// /users/@me, so with identify its user is the owner.
func (s *Server) currentAuthorization(r *request) (int, any, *apiError) {
	t := r.caller.token
	if t == nil {
		return 0, nil, errUnauthorized()
	}
	out := wireAuthorization{
		Application: s.publicApplication(), Scopes: slices.Clone(t.granted),
		Expires: t.expires.UTC().Format(timestampLayout),
	}
	if out.Scopes == nil {
		out.Scopes = []string{}
	}
	if t.scopes["identify"] {
		if u := s.st.users[t.user]; u != nil {
			w := userJSON(u)
			out.User = &w
		}
	}
	return http.StatusOK, out, nil
}
