package rest_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/rest"
)

// A refresh answered invalid_grant means the user took the authorization
// back: the error says so with ErrDeauthorized, and still is the token
// endpoint's *OAuthError with its code, for callers that ask for those.
func TestARefreshAfterTheUserLeftIsErrDeauthorized(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		// leave takes the authorization back, as the user or the
		// service does, given the user's refresh token.
		leave func(s *emulator.Server, refresh string)
	}{
		{"the user deauthorizes the application", func(s *emulator.Server, _ string) { s.Deauthorize(s.Moderator) }},
		{"the grant is revoked", func(s *emulator.Server, refresh string) { s.RevokeGrant(refresh) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := apitest.StartEmulator(t, emulator.Config{})
			bot, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
			ctx := context.Background()
			_, tok := userClient(t, s, bot)
			tc.leave(s, tok.RefreshToken)

			_, err := bot.RefreshToken(ctx, s.ClientID, s.ClientSecret, tok.RefreshToken)
			if !errors.Is(err, rest.ErrDeauthorized) {
				t.Fatalf("refreshing: %v, want ErrDeauthorized", err)
			}
			if !errors.Is(err, rest.ErrInvalidGrant) {
				t.Errorf("refreshing: %v no longer matches ErrInvalidGrant", err)
			}
			var oe *rest.OAuthError
			if !errors.As(err, &oe) || oe.Status != http.StatusBadRequest || oe.Code != rest.ErrInvalidGrant || oe.Description == "" {
				t.Errorf("refreshing: %v, want the token endpoint's *OAuthError", err)
			}
			if errors.Is(err, rest.ErrUnauthorized) {
				t.Errorf("refreshing: %v reads as refused credentials", err)
			}
		})
	}
}

// Other refusals of the token endpoint are not a user leaving: a spent
// code, and a client whose credentials are wrong.
func TestOnlyARefreshAnsweredInvalidGrantIsErrDeauthorized(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	bot, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	ctx := context.Background()
	_, tok := userClient(t, s, bot)

	for _, tc := range []struct {
		name string
		call func() error
		want error
	}{
		{"a code used twice is invalid_grant, not a user leaving", func() error {
			_, err := bot.ExchangeCode(ctx, s.ClientID, s.ClientSecret, s.AuthorizationCode, s.RedirectURI)
			return err
		}, rest.ErrInvalidGrant},
		{"a refresh with a wrong client secret is refused credentials", func() error {
			_, err := bot.RefreshToken(ctx, s.ClientID, "wrong", tok.RefreshToken)
			return err
		}, rest.ErrUnauthorized},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call()
			if !errors.Is(err, tc.want) || errors.Is(err, rest.ErrDeauthorized) {
				t.Fatalf("%v, want %v and not ErrDeauthorized", err, tc.want)
			}
		})
	}

	if next, err := bot.RefreshToken(ctx, s.ClientID, s.ClientSecret, tok.RefreshToken); err != nil || next.RefreshToken == "" {
		t.Fatalf("a refresh of a user who stayed: %+v, %v", next, err)
	}
}
