package rest

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"
)

// Auth gives the Authorization header of a Client's requests. BotToken,
// BearerToken and ClientCredentials make one.
type Auth interface {
	authorization(ctx context.Context, c *Client) (string, error)
}

// BotToken authenticates as the application's bot, with the header
// "Authorization: Bot <token>".
type BotToken string

func (t BotToken) authorization(context.Context, *Client) (string, error) {
	return "Bot " + strings.TrimPrefix(string(t), "Bot "), nil
}

// BearerToken authenticates with an OAuth2 access token, such as the token
// of a user who granted applications.commands.permissions.update, which
// setting command permissions needs.
type BearerToken string

func (t BearerToken) authorization(context.Context, *Client) (string, error) {
	return "Bearer " + string(t), nil
}

// ClientCredentials authenticates as the application itself with a token of
// the client credentials grant, which the Client fetches from the token
// endpoint when it first needs one, keeps, and fetches anew shortly before
// it expires. Managing commands needs the scope
// applications.commands.update. Use a ClientCredentials by pointer; it is
// safe for concurrent use, and concurrent requests share one fetch.
type ClientCredentials struct {
	ClientID     string
	ClientSecret string
	Scopes       []string

	// lock is a channel rather than a mutex so that a caller whose
	// context ends stops waiting for another caller's fetch.
	lock  chan struct{}
	once  sync.Once
	token string
	renew time.Time // when to fetch a new token
}

// defaultScopes are asked for when ClientCredentials names none.
var defaultScopes = []string{"applications.commands.update"}

func (cc *ClientCredentials) authorization(ctx context.Context, c *Client) (string, error) {
	// Made on first use, so that a ClientCredentials literal works.
	cc.once.Do(func() { cc.lock = make(chan struct{}, 1) })
	select {
	case cc.lock <- struct{}{}:
	case <-ctx.Done():
		return "", ctx.Err()
	}
	defer func() { <-cc.lock }()
	if cc.token != "" && c.now().Before(cc.renew) {
		return "Bearer " + cc.token, nil
	}
	scopes := cc.Scopes
	if len(scopes) == 0 {
		scopes = defaultScopes
	}
	tok, err := c.ClientCredentialsToken(ctx, cc.ClientID, cc.ClientSecret, scopes...)
	if err != nil {
		return "", errors.Join(errors.New("rest: obtaining a client credentials token"), err)
	}
	cc.token = tok.AccessToken
	cc.renew = renewAt(tok)
	return "Bearer " + cc.token, nil
}

// renewAt is when a token should be replaced: a tenth of its life before it
// expires, but no more than ten minutes before, so a request in flight
// never carries a token that runs out on the way.
func renewAt(t Token) time.Time {
	life := t.ExpiresIn
	margin := min(life/10, 10*time.Minute)
	return t.Expiry.Add(-margin)
}
