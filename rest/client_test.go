package rest_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/rest"
)

func ping(name string) command.Command {
	return command.Command{Name: name, Description: "Checks that the bot answers"}
}

func TestNewClientBaseURL(t *testing.T) {
	t.Parallel()
	for _, u := range []string{"http://127.0.0.1:1/v10", "https://service.example/api/v10/"} {
		if _, err := rest.NewClient(u, rest.BotToken("t")); err != nil {
			t.Errorf("NewClient(%q): %v", u, err)
		}
	}
	for _, u := range []string{"http://127.0.0.1:1/v9", "http://127.0.0.1:1", "127.0.0.1/v10", "ftp://x/v10", "http://x/v10?a=b"} {
		if _, err := rest.NewClient(u, rest.BotToken("t")); err == nil {
			t.Errorf("NewClient(%q) succeeded", u)
		}
	}
	if _, err := rest.NewClient("http://x/v10", nil); err == nil {
		t.Error("NewClient without Auth succeeded")
	}
	// No default: a configuration that lacks the URL must not reach the
	// service with its credentials.
	if _, err := rest.NewClient("", rest.BotToken("t")); err == nil || !strings.Contains(err.Error(), "no base URL") {
		t.Errorf("NewClient with no base URL: %v, want an error saying so", err)
	}
	if _, err := rest.NewClient(rest.APIv10, rest.BotToken("t")); err != nil {
		t.Errorf("NewClient(rest.APIv10): %v", err)
	}
}

func TestClientUserAgentAndBotToken(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken), rest.WithUserAgent("examplebot/1.2"))
	u, err := c.CurrentUser(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !u.Bot || u.Username != "emulator-bot" {
		t.Errorf("CurrentUser = %+v, want the bot user", u)
	}
	got := rec.All()[0]
	const prefix = "switchboard (https://github.com/switchboard-go/switchboard, "
	if !strings.HasPrefix(got.UserAgent, prefix) || !strings.HasSuffix(got.UserAgent, ") examplebot/1.2") {
		t.Errorf("User-Agent = %q", got.UserAgent)
	}
	if got.Auth != "Bot "+s.BotToken {
		t.Errorf("Authorization = %q", got.Auth)
	}
}

func TestClientCommandRoundTrip(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	ctx := context.Background()
	for _, scope := range []command.Scope{command.Global, command.InGuild(s.GuildID)} {
		t.Run(scope.String(), func(t *testing.T) {
			cmd := ping("ping")
			cmd.DescriptionLocalizations = command.Localizations{interaction.LocaleFrench: "Vérifie que le bot répond"}
			made, created, err := c.CreateCommand(ctx, s.ApplicationID, scope, cmd)
			if err != nil || !created || made.ID == 0 || made.Name != "ping" || made.GuildID != scope.Guild {
				t.Fatalf("CreateCommand = %+v, %v, %v", made, created, err)
			}
			again, created, err := c.CreateCommand(ctx, s.ApplicationID, scope, cmd)
			if err != nil || created || again.ID != made.ID {
				t.Fatalf("second CreateCommand = %+v, created %v, %v; want the same command, not created", again, created, err)
			}
			got, err := c.GetCommand(ctx, s.ApplicationID, scope, made.ID)
			if err != nil || got.ID != made.ID || got.DescriptionLocalizations[interaction.LocaleFrench] == "" {
				t.Fatalf("GetCommand = %+v, %v", got, err)
			}

			edited, err := c.EditCommand(ctx, s.ApplicationID, scope, made.ID, command.Command{Description: "Pong!"}, "description", "description_localizations")
			if err != nil || edited.Description != "Pong!" || edited.Name != "ping" || len(edited.DescriptionLocalizations) != 0 {
				t.Fatalf("EditCommand = %+v, %v", edited, err)
			}
			if _, err := c.EditCommand(ctx, s.ApplicationID, scope, made.ID, cmd, "type"); err == nil {
				t.Error("EditCommand of the type succeeded")
			}

			list, err := c.ListCommands(ctx, s.ApplicationID, scope, true)
			if err != nil || len(list) != 1 || list[0].Description != "Pong!" {
				t.Fatalf("ListCommands = %+v, %v", list, err)
			}

			set, err := c.OverwriteCommands(ctx, s.ApplicationID, scope, []command.Command{ping("ping"), ping("status"), {Name: "Report", Type: interaction.CommandMessage}})
			if err != nil || len(set) != 3 || set[0].ID != made.ID {
				t.Fatalf("OverwriteCommands = %+v, %v; want 3 commands, ping keeping its id", set, err)
			}
			if err := c.DeleteCommand(ctx, s.ApplicationID, scope, set[1].ID); err != nil {
				t.Fatal(err)
			}
			list, err = c.ListCommands(ctx, s.ApplicationID, scope, false)
			if err != nil || len(list) != 2 {
				t.Fatalf("after delete, ListCommands = %+v, %v", list, err)
			}
			if set, err := c.OverwriteCommands(ctx, s.ApplicationID, scope, nil); err != nil || len(set) != 0 {
				t.Fatalf("OverwriteCommands(nil) = %+v, %v", set, err)
			}
		})
	}
}

func TestClientCredentials(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }

	s := apitest.StartEmulator(t, emulator.Config{Now: clock})
	auth := &rest.ClientCredentials{ClientID: s.ClientID, ClientSecret: s.ClientSecret, Scopes: []string{"applications.commands.update", "identify"}}
	c, rec := apitest.NewClient(t, s, auth, rest.WithClock(clock))
	ctx := context.Background()

	for range 3 {
		if _, _, err := c.CreateCommand(ctx, s.ApplicationID, command.Global, ping("ping")); err != nil {
			t.Fatal(err)
		}
	}
	if n := rec.Count("/oauth2/token"); n != 1 {
		t.Fatalf("%d token requests for 3 calls, want 1", n)
	}
	first := rec.All()[1].Auth
	if !strings.HasPrefix(first, "Bearer ") {
		t.Fatalf("Authorization = %q, want a bearer token", first)
	}

	// A week on, the first token has expired on the service's clock; the
	// client must have replaced it before.
	advance(7*24*time.Hour - time.Minute)
	u, err := c.CurrentUser(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if u.ID != s.Admin {
		t.Errorf("CurrentUser = %v, want the application's owner %v", u.ID, s.Admin)
	}
	if n := rec.Count("/oauth2/token"); n != 2 {
		t.Fatalf("%d token requests after the token neared its expiry, want 2", n)
	}
	reqs := rec.All()
	if last := reqs[len(reqs)-1].Auth; last == first {
		t.Error("the expired token was sent again")
	}
}

func TestClientCredentialsRefused(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, rec := apitest.NewClient(t, s, &rest.ClientCredentials{ClientID: s.ClientID, ClientSecret: "wrong"})
	_, err := c.ListCommands(context.Background(), s.ApplicationID, command.Global, false)
	var oe *rest.OAuthError
	if !errors.As(err, &oe) || !errors.Is(err, rest.ErrInvalidClient) {
		t.Fatalf("err = %v, want invalid_client", err)
	}
	if n := len(rec.All()); n != 1 {
		t.Errorf("%d requests, want 1: a refused client is not retried", n)
	}
}
