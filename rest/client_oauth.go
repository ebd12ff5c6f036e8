package rest

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"time"
)

// Token is an answer of the OAuth2 token endpoint.
type Token struct {
	AccessToken string
	// TokenType is "Bearer".
	TokenType string
	// RefreshToken renews a user's token; the client credentials grant
	// gives none, since the application can ask again.
	RefreshToken string
	// Scope lists the granted scopes, separated by spaces.
	Scope string
	// ExpiresIn is the token's life as the service stated it.
	ExpiresIn time.Duration
	// Expiry is when the token stops working, by the Client's clock.
	Expiry time.Time
}

// Scopes returns the granted scopes.
func (t Token) Scopes() []string { return strings.Fields(t.Scope) }

// tokenBody is the JSON of a token answer.
type tokenBody struct {
	AccessToken  string `json:"access_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int64  `json:"expires_in"`
	RefreshToken string `json:"refresh_token"`
	Scope        string `json:"scope"`
}

// ClientCredentialsToken asks for a token of the application itself with
// scopes (the client credentials grant). ClientCredentials does this for a
// Client and keeps the token; call it directly to manage the token
// yourself.
func (c *Client) ClientCredentialsToken(ctx context.Context, clientID, clientSecret string, scopes ...string) (Token, error) {
	return c.token(ctx, url.Values{
		"grant_type":    {"client_credentials"},
		"client_id":     {clientID},
		"client_secret": {clientSecret},
		"scope":         {strings.Join(scopes, " ")},
	})
}

// ExchangeCode trades the authorization code a user's browser brought back
// to redirectURI for the user's access and refresh tokens (the
// authorization code grant). A code works once; using it again answers an
// *OAuthError that is ErrInvalidGrant.
func (c *Client) ExchangeCode(ctx context.Context, clientID, clientSecret, code, redirectURI string) (Token, error) {
	return c.token(ctx, url.Values{
		"grant_type":    {"authorization_code"},
		"client_id":     {clientID},
		"client_secret": {clientSecret},
		"code":          {code},
		"redirect_uri":  {redirectURI},
	})
}

// RefreshToken trades a refresh token for a new access token and a new
// refresh token; the old refresh token is spent. When the user revoked the
// authorization the token endpoint answers invalid_grant, and the error
// matches ErrDeauthorized as well as ErrInvalidGrant; errors.As still
// finds its *OAuthError.
func (c *Client) RefreshToken(ctx context.Context, clientID, clientSecret, refreshToken string) (Token, error) {
	tok, err := c.token(ctx, url.Values{
		"grant_type":    {"refresh_token"},
		"client_id":     {clientID},
		"client_secret": {clientSecret},
		"refresh_token": {refreshToken},
	})
	var oe *OAuthError
	if errors.As(err, &oe) && oe.Code == ErrInvalidGrant {
		return tok, &deauthorizedError{oe}
	}
	return tok, err
}

// ErrDeauthorized matches, with errors.Is, the error of RefreshToken when
// the token endpoint answers invalid_grant: the refresh token was deleted,
// because the user took back the application's authorization, or a ban
// took it. The specification says to treat that answer like the webhook
// event APPLICATION_DEAUTHORIZED: forget the user's tokens, and ask the
// user to authorize the application again. The service gives the same
// answer for a refresh token already spent, which a client that keeps the
// newest refresh token never sends.
var ErrDeauthorized = errors.New("rest: the user no longer authorizes the application")

// deauthorizedError is RefreshToken's invalid_grant: the token endpoint's
// refusal, which also matches ErrDeauthorized.
type deauthorizedError struct{ *OAuthError }

func (e *deauthorizedError) Error() string {
	return e.OAuthError.Error() + " (the user no longer authorizes the application)"
}

// Is matches ErrDeauthorized; the *OAuthError it wraps matches its code.
func (e *deauthorizedError) Is(target error) bool { return target == ErrDeauthorized }

func (e *deauthorizedError) Unwrap() error { return e.OAuthError }

// token posts a grant to the token endpoint. The endpoint authenticates the
// client from the form, so the request carries no Authorization header.
func (c *Client) token(ctx context.Context, form url.Values) (Token, error) {
	const path = "/oauth2/token"
	k := &call{
		method: "POST", route: "POST " + path, path: path, anonymous: true,
		body: []byte(form.Encode()), contentType: "application/x-www-form-urlencoded",
	}
	var tb tokenBody
	// The life counts from before the request: the token may have been
	// issued at any moment of the round trip.
	sent := c.now()
	if _, err := c.do(ctx, k, &tb); err != nil {
		return Token{}, err
	}
	life := time.Duration(tb.ExpiresIn) * time.Second
	return Token{
		AccessToken: tb.AccessToken, TokenType: tb.TokenType, RefreshToken: tb.RefreshToken,
		Scope: tb.Scope, ExpiresIn: life, Expiry: sent.Add(life),
	}, nil
}
