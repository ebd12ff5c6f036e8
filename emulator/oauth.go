package emulator

import (
	"crypto/subtle"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// The error codes of the token endpoint (RFC 6749, section 5.2).
const (
	oauthInvalidRequest       = "invalid_request"
	oauthInvalidClient        = "invalid_client"
	oauthInvalidGrant         = "invalid_grant"
	oauthInvalidScope         = "invalid_scope"
	oauthUnsupportedGrantType = "unsupported_grant_type"
)

// scopeCommands is the scope of an installation: in a guild, or, without
// one, to the authorizing user's account.
const scopeCommands = "applications.commands"

// tokenLifetime is the life of an access token. The specification does not
// show it; the real service answers expires_in 604800, a week, for every
// grant.
const tokenLifetime = 7 * 24 * time.Hour

// clientCredentialScopes are the scopes an application may ask for itself
// with the client_credentials grant. The specification does not list them.
// On the real service such a token acts as the application's owner, so it
// can carry the scopes that read the owner's account and manage the
// application's commands; scopes that only make sense when a user completes
// the flow in a browser (bot, webhook.incoming, guilds.join, rpc, and
// applications.commands.permissions.update, which must belong to a user who
// can manage a guild) are refused with invalid_scope, like unknown ones.
var clientCredentialScopes = map[string]bool{
	"identify":                     true,
	"email":                        true,
	"connections":                  true,
	"guilds":                       true,
	"guilds.members.read":          true,
	"applications.commands":        true,
	"applications.commands.update": true,
	"applications.builds.read":     true,
	"applications.builds.upload":   true,
	"applications.entitlements":    true,
	"applications.store.update":    true,
	"role_connections.write":       true,
}

// tokenResponse is the body of a successful token exchange.
type tokenResponse struct {
	AccessToken  string `json:"access_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int64  `json:"expires_in"`
	RefreshToken string `json:"refresh_token,omitempty"`
	Scope        string `json:"scope"`
}

// oauthError answers with the body of RFC 6749, section 5.2, the shape the
// real service uses on this endpoint instead of its {"code","message"}
// bodies.
func oauthError(status int, code, description string) (int, any, *apiError) {
	body := map[string]string{"error": code}
	if description != "" {
		body["error_description"] = description
	}
	return status, body, nil
}

// exchangeToken is POST /oauth2/token.
func (s *Server) exchangeToken(r *request) (int, any, *apiError) {
	// Tokens are credentials: no cache may keep them (RFC 6749, 5.1).
	r.header.Set("Cache-Control", "no-store")
	r.header.Set("Pragma", "no-cache")
	if err := r.ParseForm(); err != nil {
		return oauthError(http.StatusBadRequest, oauthInvalidRequest, "The request body is not a valid form.")
	}
	form := r.PostForm
	for name, values := range form {
		if len(values) > 1 {
			return oauthError(http.StatusBadRequest, oauthInvalidRequest, "Parameter \""+name+"\" is repeated.")
		}
	}
	// The real service looks at grant_type before anything else: a request
	// without one, or with no form at all, gets unsupported_grant_type
	// (discord/discord-api-docs#5249), not invalid_request.
	grantType := form.Get("grant_type")
	switch grantType {
	case "client_credentials", "authorization_code", "refresh_token":
	default:
		return oauthError(http.StatusBadRequest, oauthUnsupportedGrantType, "")
	}
	if status, body, ok := s.authenticateClient(r); !ok {
		return status, body, nil
	}
	switch grantType {
	case "client_credentials":
		return s.clientCredentials(form)
	case "authorization_code":
		return s.authorizationCode(form)
	default:
		return s.refreshToken(form)
	}
}

// authenticateClient checks the client's id and secret, given either as
// form fields or with HTTP Basic authentication, but not both (RFC 6749,
// section 2.3).
func (s *Server) authenticateClient(r *request) (int, any, bool) {
	id, secret, basic := r.BasicAuth()
	if basic {
		// Basic credentials are form-encoded before they are joined
		// (RFC 6749, section 2.3.1).
		var err1, err2 error
		id, err1 = url.QueryUnescape(id)
		secret, err2 = url.QueryUnescape(secret)
		if err1 != nil || err2 != nil {
			return unauthorizedClient(r)
		}
		if r.PostForm.Has("client_secret") {
			status, body, _ := oauthError(http.StatusBadRequest, oauthInvalidRequest, "More than one client authentication method was used.")
			return status, body, false
		}
	} else {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	for _, app := range s.st.apps {
		if id == app.clientID && subtle.ConstantTimeCompare([]byte(secret), []byte(app.clientSecret)) == 1 {
			// What the request does, it does for this application.
			s.st.app = app
			return 0, nil, true
		}
	}
	return unauthorizedClient(r)
}

// unauthorizedClient refuses the client's credentials; a 401 names the
// authentication scheme to use (RFC 6749, section 5.2).
func unauthorizedClient(r *request) (int, any, bool) {
	r.header.Set("WWW-Authenticate", `Basic realm="OAuth2"`)
	status, body, _ := oauthError(http.StatusUnauthorized, oauthInvalidClient, "")
	return status, body, false
}

// clientCredentials grants the application a token for itself.
func (s *Server) clientCredentials(form url.Values) (int, any, *apiError) {
	if !form.Has("scope") {
		return oauthError(http.StatusBadRequest, oauthInvalidRequest, "Missing \"scope\" in request.")
	}
	scopes := strings.Fields(form.Get("scope"))
	if len(scopes) == 0 {
		return oauthError(http.StatusBadRequest, oauthInvalidScope, "The requested scope is invalid, unknown, or malformed.")
	}
	scopes = uniqueScopes(scopes)
	for _, sc := range scopes {
		if !clientCredentialScopes[sc] {
			return oauthError(http.StatusBadRequest, oauthInvalidScope, "The requested scope is invalid, unknown, or malformed.")
		}
	}
	// No refresh token: the application can always ask again (RFC 6749,
	// section 4.4.3).
	access := s.st.issueToken(tokenClient, s.st.app.owner, scopes, "")
	return http.StatusOK, tokenResponse{
		AccessToken: access, TokenType: "Bearer", ExpiresIn: int64(tokenLifetime / time.Second),
		Scope: strings.Join(scopes, " "),
	}, nil
}

// authorizationCode exchanges a code a user granted for a token acting as
// that user, and a refresh token.
func (s *Server) authorizationCode(form url.Values) (int, any, *apiError) {
	code, redirect := form.Get("code"), form.Get("redirect_uri")
	if code == "" {
		return oauthError(http.StatusBadRequest, oauthInvalidRequest, "Missing \"code\" in request.")
	}
	if redirect == "" {
		return oauthError(http.StatusBadRequest, oauthInvalidRequest, "Missing \"redirect_uri\" in request.")
	}
	g := s.st.app.grants[code]
	if g == nil || g.refresh || s.st.expired(g) {
		return oauthError(http.StatusBadRequest, oauthInvalidGrant, "Invalid \"code\" in request.")
	}
	if redirect != g.redirectURI {
		// The code stays usable: a refused request changes nothing.
		return oauthError(http.StatusBadRequest, oauthInvalidGrant, "Invalid \"redirect_uri\" in request.")
	}
	// A code is used once.
	delete(s.st.app.grants, code)
	return s.issueUserTokens(g)
}

// refreshToken trades a refresh token for a new access token and a new
// refresh token; the old refresh token is spent.
func (s *Server) refreshToken(form url.Values) (int, any, *apiError) {
	refresh := form.Get("refresh_token")
	if refresh == "" {
		return oauthError(http.StatusBadRequest, oauthInvalidRequest, "Missing \"refresh_token\" in request.")
	}
	g := s.st.app.grants[refresh]
	if g == nil || !g.refresh {
		// Also what a client sees once the user revoked the
		// authorization (the specification's Authentication rule 5).
		return oauthError(http.StatusBadRequest, oauthInvalidGrant, "Invalid \"refresh_token\" in request.")
	}
	delete(s.st.app.grants, refresh)
	return s.issueUserTokens(g)
}

// issueUserTokens answers an exchange of g with an access token and the
// refresh token that renews it.
func (s *Server) issueUserTokens(g *grant) (int, any, *apiError) {
	refresh := secret(16)
	s.st.app.grants[refresh] = &grant{user: g.user, scopes: g.scopes, redirectURI: g.redirectURI, refresh: true, auth: g.auth}
	access := s.st.issueToken(tokenUser, g.user, g.scopes, g.auth)
	return http.StatusOK, tokenResponse{
		AccessToken: access, TokenType: "Bearer", ExpiresIn: int64(tokenLifetime / time.Second),
		RefreshToken: refresh, Scope: strings.Join(g.scopes, " "),
	}, nil
}

// issueToken stores a new access token of the authorization auth ("" for
// none) and returns it. The caller holds s.mu.
func (s *state) issueToken(kind tokenKind, user interaction.Snowflake, scopes []string, auth string) string {
	s.prune()
	t := &token{kind: kind, scopes: map[string]bool{}, granted: slices.Clone(scopes), user: user, expires: s.now().Add(tokenLifetime), auth: auth}
	for _, sc := range scopes {
		t.scopes[sc] = true
	}
	access := secret(16)
	s.app.tokens[access] = t
	return access
}

// uniqueScopes drops repeated scopes, keeping the first of each.
func uniqueScopes(scopes []string) []string {
	seen := map[string]bool{}
	out := scopes[:0:0]
	for _, sc := range scopes {
		if !seen[sc] {
			seen[sc] = true
			out = append(out, sc)
		}
	}
	return out
}

// AuthorizeUser returns a new one-time authorization code, for RedirectURI,
// of user granting the application scopes, as if the user had completed the
// authorization flow in a browser. The code can be exchanged for 100
// seconds (codeLifetime), once.
//
// The scopes must be some of those the service grants in an authorization
// code flow, each a scope of the service's (see authorizationScopes): an
// unknown one, applications.commands.update (which only the client
// credentials grant gives), none at all, and bot (which adds the
// application to a guild: InstallGuild) are refused, as the service's
// authorization page refuses them, with an *InvocationError matching
// ErrInvalidScope; the flow would redirect with error=invalid_scope.
//
// With applications.commands among the scopes the user also installs the
// application to their account, when it supports USER_INSTALL (see
// Config.InstallationContexts): a flow with that scope and no guild is a
// user installation, and like adding a bot it needs no code exchange to
// take effect (the specification's authentication rule 3).
//
// It sends the webhook event APPLICATION_AUTHORIZED with the user and the
// scopes, and integration_type USER_INSTALL when the authorization
// installed the application to the user's account. The service documents
// the event for an application added to a server or a user's account and
// gives integration_type as optional; an authorization that installs
// nothing (identify alone, say) is still an authorization of the
// application, which APPLICATION_DEAUTHORIZED takes back, so it is sent
// without integration_type. A user the emulator does not know gets a code
// but no event: the event carries the user object.
func (s *Server) AuthorizeUser(user interaction.Snowflake, scopes ...string) (string, error) {
	return s.authorizeUser(0, user, scopes)
}

// authorizeUser is AuthorizeUser for the application with id, 0 for the
// first.
func (s *Server) authorizeUser(id, user interaction.Snowflake, scopes []string) (string, error) {
	if err := checkAuthorizationScopes(scopes); err != nil {
		return "", err
	}
	scopes = uniqueScopes(scopes)
	unlock, err := s.lockFor(id)
	if err != nil {
		return "", err
	}
	defer unlock()
	st := s.st
	st.prune()
	code := secret(16)
	st.app.grants[code] = &grant{user: user, scopes: scopes, redirectURI: st.app.redirectURI, auth: secret(8), expires: st.now().Add(codeLifetime)}
	installs := slices.Contains(scopes, scopeCommands) && slices.Contains(st.app.installContexts, interaction.UserInstall) && st.users[user] != nil
	if installs {
		st.app.userInstalls[user] = true
		st.touch()
	}
	s.emitUserAuthorized(user, scopes, installs)
	return code, nil
}

// RevokeGrant revokes a refresh token and the authorization behind it:
// every access token and refresh token issued from the same code,
// before and after refreshes, as the service's token revocation does
// whichever token of an authorization it is given. It reports whether
// the refresh token existed.
//
// When that was the user's last authorization of the application (no
// installation to their account, other refresh token, live access token
// or unused code is left), the user no longer has the application
// authorized, and it sends the webhook event APPLICATION_DEAUTHORIZED, as
// Deauthorize does: the service sends it when a user revokes the
// application's authorization, and tells a client refreshing a revoked
// token invalid_grant, which the specification says to treat like that
// event (its Errors table). While another authorization remains, the user
// still has the application authorized, and no event is sent.
func (s *Server) RevokeGrant(refreshToken string) bool {
	return s.revokeGrant(0, refreshToken)
}

// revokeGrant is RevokeGrant for the application with id, 0 for the
// first; false for an id of none.
func (s *Server) revokeGrant(id interaction.Snowflake, refreshToken string) bool {
	unlock, err := s.lockFor(id)
	if err != nil {
		return false
	}
	defer unlock()
	st := s.st
	g := st.app.grants[refreshToken]
	if g == nil || !g.refresh {
		return false
	}
	s.revokeAuthorization(g.user, g.auth)
	return true
}

// Deauthorize deletes every token, refresh token and unused code of user,
// as when the user removes the application's authorization or a ban
// deletes it: refreshing afterwards answers invalid_grant. An installation
// to the user's account goes with them. When the user had any of these,
// it sends the webhook event APPLICATION_DEAUTHORIZED with the user; a
// user who had nothing to take back gets none.
func (s *Server) Deauthorize(user interaction.Snowflake) {
	s.deauthorize(0, user)
}

// deauthorize is Deauthorize for the application with id, 0 for the
// first; nothing for an id of none.
func (s *Server) deauthorize(id, user interaction.Snowflake) {
	unlock, err := s.lockFor(id)
	if err != nil {
		return
	}
	defer unlock()
	st := s.st
	had := st.authorizes(user)
	if st.app.userInstalls[user] {
		delete(st.app.userInstalls, user)
		st.touch()
	}
	for key, g := range st.app.grants {
		if g.user == user {
			delete(st.app.grants, key)
		}
	}
	for access, t := range st.app.tokens {
		if t.kind == tokenUser && t.user == user {
			delete(st.app.tokens, access)
		}
	}
	if had {
		s.emitDeauthorized(user)
	}
}
