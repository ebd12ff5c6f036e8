package rest_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/rules"
)

func TestClientUnknownCommand(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	_, err := c.GetCommand(context.Background(), s.ApplicationID, command.Global, 12345)
	var ae *rest.APIError
	if !errors.As(err, &ae) {
		t.Fatalf("err = %v, want an *APIError", err)
	}
	if ae.Status != http.StatusNotFound || ae.Code != rest.ErrUnknownCommand || ae.Message != "Unknown application command" || ae.Retryable() {
		t.Errorf("APIError = %+v", ae)
	}
	if !errors.Is(err, rest.ErrUnknownCommand) || errors.Is(err, rest.ErrMaxCommands) {
		t.Error("errors.Is does not tell the code")
	}
	if n := len(rec.All()); n != 1 {
		t.Errorf("%d requests, want 1: a 404 is not retried", n)
	}
}

// TestClientInvalidFormBody sends a bulk overwrite that Validate would
// refuse, and checks that the service's errors tree comes back as
// violations naming what was declared, as Validate names it.
func TestClientInvalidFormBody(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	cmds := []command.Command{ping("a"), ping("b"), ping("c"), {
		Name: "mod", Description: "Moderation",
		Options: []command.Option{{
			Type: interaction.OptionSubCommand, Name: "ban", Description: "Bans a member",
			Options: []command.Option{{Type: interaction.OptionString, Name: "Reason", Description: "Why"}},
		}},
	}}
	want := command.Validate(command.Global, cmds)
	if len(want) == 0 {
		t.Fatal("Validate accepts the commands")
	}
	_, err := c.OverwriteCommands(context.Background(), s.ApplicationID, command.Global, cmds)
	var ae *rest.APIError
	if !errors.As(err, &ae) || ae.Code != rest.ErrInvalidFormBody || ae.Status != http.StatusBadRequest {
		t.Fatalf("err = %v, want a 50035", err)
	}
	if len(ae.Violations) != len(want) {
		t.Fatalf("violations %v, want %v", ae.Violations, want)
	}
	for i, v := range ae.Violations {
		if v.Pointer != want[i].Pointer || v.Place != want[i].Place || v.Command != want[i].Command || v.Code != want[i].Code {
			t.Errorf("violation %d = %+v, want %+v", i, v, want[i])
		}
	}
	if v := ae.Violations[0]; v.Pointer != "/3/options/0/options/0/name" || v.Place != `mod ban › option "Reason"` {
		t.Errorf("violation = %+v", v)
	}
	var one rules.Violation
	if !errors.As(err, &one) || one.Command != "mod" {
		t.Errorf("errors.As(Violation) = %+v", one)
	}
	if n := len(rec.All()); n != 1 {
		t.Errorf("%d requests, want 1: a 400 is not retried", n)
	}

	// The same option in a create body: pointers start at the command.
	_, _, err = c.CreateCommand(context.Background(), s.ApplicationID, command.Global, cmds[3])
	if !errors.As(err, &ae) || len(ae.Violations) == 0 ||
		ae.Violations[0].Pointer != "/options/0/options/0/name" || ae.Violations[0].Place != `mod ban › option "Reason"` {
		t.Fatalf("create: err = %v", err)
	}
}

func TestClientMaxCommands(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	ctx := context.Background()
	var cmds []command.Command
	for i := range 15 {
		cmds = append(cmds, command.Command{Type: interaction.CommandUser, Name: fmt.Sprintf("Profile %d", i)})
	}
	if _, err := c.OverwriteCommands(ctx, s.ApplicationID, command.Global, cmds); err != nil {
		t.Fatal(err)
	}
	_, _, err := c.CreateCommand(ctx, s.ApplicationID, command.Global, command.Command{Type: interaction.CommandUser, Name: "One too many"})
	var ae *rest.APIError
	if !errors.As(err, &ae) || ae.Code != rest.ErrMaxCommands || ae.Status != http.StatusBadRequest {
		t.Fatalf("err = %v, want 30032", err)
	}
}

// userClient returns a Client acting as the emulator's moderator, with the
// token of the moderator's grant.
func userClient(t *testing.T, s *emulator.Server, bot *rest.Client) (*rest.Client, rest.Token) {
	t.Helper()
	tok, err := bot.ExchangeCode(context.Background(), s.ClientID, s.ClientSecret, s.AuthorizationCode, s.RedirectURI)
	if err != nil {
		t.Fatal(err)
	}
	return bot.WithAuth(rest.BearerToken(tok.AccessToken)), tok
}

func TestClientPermissions(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	bot, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	ctx := context.Background()
	cmd, _, err := bot.CreateCommand(ctx, s.ApplicationID, command.InGuild(s.GuildID), ping("ban"))
	if err != nil {
		t.Fatal(err)
	}

	_, err = bot.GetPermissions(ctx, s.ApplicationID, s.GuildID, cmd.ID)
	if !errors.Is(err, rest.ErrUnknownPermissions) {
		t.Fatalf("GetPermissions before any = %v, want 10066", err)
	}
	perms := []command.Permission{command.DenyRole(command.Everyone(s.GuildID)), command.AllowUser(s.Moderator)}
	_, err = bot.SetPermissions(ctx, s.ApplicationID, s.GuildID, cmd.ID, perms)
	var ae *rest.APIError
	if !errors.As(err, &ae) || ae.Status != http.StatusForbidden || ae.Code != rest.ErrBotsCannotUse {
		t.Fatalf("SetPermissions with a bot token = %v, want 403 20001", err)
	}

	user, _ := userClient(t, s, bot)
	got, err := user.SetPermissions(ctx, s.ApplicationID, s.GuildID, cmd.ID, perms)
	if err != nil || got.ID != cmd.ID || got.GuildID != s.GuildID || len(got.Permissions) != 2 {
		t.Fatalf("SetPermissions = %+v, %v", got, err)
	}
	if _, err := user.SetPermissions(ctx, s.ApplicationID, s.GuildID, s.ApplicationID, []command.Permission{command.DenyChannel(command.AllChannels(s.GuildID))}); err != nil {
		t.Fatal(err)
	}
	one, err := bot.GetPermissions(ctx, s.ApplicationID, s.GuildID, cmd.ID)
	if err != nil || len(one.Permissions) != 2 || one.Permissions[1] != command.AllowUser(s.Moderator) {
		t.Fatalf("GetPermissions = %+v, %v", one, err)
	}
	list, err := bot.ListPermissions(ctx, s.ApplicationID, s.GuildID)
	if err != nil || len(list) != 2 {
		t.Fatalf("ListPermissions = %+v, %v", list, err)
	}
	apps := 0
	for _, p := range list {
		if p.AppliesToAllCommands() {
			apps++
		}
	}
	if apps != 1 {
		t.Errorf("ListPermissions has %d application-wide entries, want 1", apps)
	}
	if got, err := user.SetPermissions(ctx, s.ApplicationID, s.GuildID, cmd.ID, nil); err != nil || len(got.Permissions) != 0 {
		t.Fatalf("clearing: %+v, %v", got, err)
	}
}

func TestClientOAuth(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	bot, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	ctx := context.Background()
	user, tok := userClient(t, s, bot)
	if tok.TokenType != "Bearer" || tok.RefreshToken == "" || tok.ExpiresIn <= 0 || tok.Expiry.IsZero() {
		t.Errorf("token = %+v", tok)
	}
	if len(tok.Scopes()) != 2 {
		t.Errorf("scopes = %q", tok.Scope)
	}
	if tok := rec.All()[0]; tok.Auth != "" {
		t.Errorf("the token request carried Authorization %q", tok.Auth)
	}
	me, err := user.CurrentUser(ctx)
	if err != nil || me.ID != s.Moderator {
		t.Fatalf("CurrentUser = %+v, %v, want the moderator", me, err)
	}

	_, err = bot.ExchangeCode(ctx, s.ClientID, s.ClientSecret, s.AuthorizationCode, s.RedirectURI)
	var oe *rest.OAuthError
	if !errors.As(err, &oe) || oe.Status != http.StatusBadRequest || !errors.Is(err, rest.ErrInvalidGrant) {
		t.Fatalf("reusing the code: %v, want invalid_grant", err)
	}

	next, err := bot.RefreshToken(ctx, s.ClientID, s.ClientSecret, tok.RefreshToken)
	if err != nil || next.AccessToken == tok.AccessToken || next.RefreshToken == tok.RefreshToken {
		t.Fatalf("RefreshToken = %+v, %v", next, err)
	}
	if _, err := bot.RefreshToken(ctx, s.ClientID, s.ClientSecret, tok.RefreshToken); !errors.Is(err, rest.ErrInvalidGrant) {
		t.Fatalf("reusing the refresh token: %v, want invalid_grant", err)
	}

	cc, err := bot.ClientCredentialsToken(ctx, s.ClientID, s.ClientSecret, "applications.commands.update")
	if err != nil || cc.RefreshToken != "" || cc.Scope != "applications.commands.update" {
		t.Fatalf("ClientCredentialsToken = %+v, %v", cc, err)
	}
	if _, err := bot.ClientCredentialsToken(ctx, s.ClientID, s.ClientSecret, "bot"); !errors.Is(err, rest.ErrInvalidScope) {
		t.Fatalf("scope bot: %v, want invalid_scope", err)
	}
}

func TestAnAPIErrorNamesItsStatusOnce(t *testing.T) {
	t.Parallel()
	e := &rest.APIError{Method: "GET", Path: "/applications/1/commands", Status: 401, Message: "401: Unauthorized"}
	if got, want := e.Error(), "rest: GET /applications/1/commands: 401: Unauthorized"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	e = &rest.APIError{Method: "GET", Path: "/x", Status: 404, Message: "Unknown Guild", Code: rest.ErrUnknownGuild}
	if got, want := e.Error(), "rest: GET /x: 404 Unknown Guild (code 10004)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}
