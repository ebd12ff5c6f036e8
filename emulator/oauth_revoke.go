package emulator

import (
	"net/http"

	"github.com/switchboard-go/switchboard/interaction"
)

// The errors of the revocation endpoint beyond the token endpoint's
// (RFC 7009, section 2.2.1).
const oauthUnsupportedTokenType = "unsupported_token_type"

// revokeToken is POST /oauth2/token/revoke, the service's token
// revocation (RFC 7009): the client, authenticated as at the token
// endpoint, gives an access token or a refresh token in "token", and the
// whole authorization it belongs to is revoked, every access and refresh
// token issued from the same code, "regardless of the token and
// token_type_hint values" (the service's documentation, "Token
// Revocation Example"). A client credentials token is revoked alone. The
// answer is 200 with {}, as the service's is, for a token that is not
// one too (RFC 7009, section 2.2). token_type_hint, when given, must be
// access_token or refresh_token, or the service answers
// unsupported_token_type (discord/discord-api-docs#6356).
func (s *Server) revokeToken(r *request) (int, any, *apiError) {
	if err := r.ParseForm(); err != nil {
		return oauthError(http.StatusBadRequest, oauthInvalidRequest, "The request body is not a valid form.")
	}
	form := r.PostForm
	for name, values := range form {
		if len(values) > 1 {
			return oauthError(http.StatusBadRequest, oauthInvalidRequest, "Parameter \""+name+"\" is repeated.")
		}
	}
	if status, body, ok := s.authenticateClient(r); !ok {
		return status, body, nil
	}
	tok := form.Get("token")
	if tok == "" {
		return oauthError(http.StatusBadRequest, oauthInvalidRequest, "Missing \"token\" in request.")
	}
	switch form.Get("token_type_hint") {
	case "", "access_token", "refresh_token":
	default:
		return oauthError(http.StatusBadRequest, oauthUnsupportedTokenType, "")
	}
	st := s.st
	if t := st.app.tokens[tok]; t != nil {
		if t.kind == tokenClient {
			delete(st.app.tokens, tok)
		} else {
			s.revokeAuthorization(t.user, t.auth)
		}
	} else if g := st.app.grants[tok]; g != nil && g.refresh {
		s.revokeAuthorization(g.user, g.auth)
	}
	return http.StatusOK, map[string]any{}, nil
}

// revokeAuthorization deletes every access token, refresh token and code
// of the authorization auth of user and, when the user has no other
// authorization of the application left, sends APPLICATION_DEAUTHORIZED.
// The caller holds s.st.mu.
func (s *Server) revokeAuthorization(user interaction.Snowflake, auth string) {
	st := s.st
	for key, g := range st.app.grants {
		if g.auth == auth {
			delete(st.app.grants, key)
		}
	}
	for access, t := range st.app.tokens {
		if t.kind == tokenUser && t.auth == auth {
			delete(st.app.tokens, access)
		}
	}
	if !st.authorizes(user) {
		s.emitDeauthorized(user)
	}
}
