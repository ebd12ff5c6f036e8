package registry_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/rest"
)

// TestSyncAtStartupRegistersOnceAndThenOnlyReads: the first start registers
// the declared commands; the next, with nothing changed, reads each scope
// once and writes nothing; a command the bot stopped declaring stays.
func TestSyncAtStartupRegistersOnceAndThenOnlyReads(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	guild := command.InGuild(s.GuildID)
	seed(t, s, command.Global, []command.Command{ping("old")})
	desired := registry.Declared{command.Global: {ping("ping"), ping("pong")}, guild: {ping("local")}}

	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	var log strings.Builder
	if err := registry.SyncAtStartup(context.Background(), c, s.ApplicationID, desired, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if got := names(held(t, s, command.Global)); strings.Join(got, " ") != "old ping pong" {
		t.Errorf("the global scope holds %v, want old kept beside ping and pong", got)
	}
	if got := names(held(t, s, guild)); strings.Join(got, " ") != "local" {
		t.Errorf("the guild holds %v", got)
	}
	if !strings.Contains(log.String(), "+ CHAT_INPUT  ping") || !strings.Contains(log.String(), "changes made") {
		t.Errorf("the first start's log does not show the plan:\n%s", log.String())
	}

	before := len(rec.All())
	log.Reset()
	if err := registry.SyncAtStartup(context.Background(), c, s.ApplicationID, desired, &log); err != nil {
		t.Fatal(err)
	}
	var methods []string
	for _, r := range rec.All()[before:] {
		methods = append(methods, r.Method)
	}
	if strings.Join(methods, " ") != "GET GET" {
		t.Errorf("a start with nothing changed sent %v, want one read per scope", methods)
	}
	want := "global: 2 commands up to date\nguild " + s.GuildID.String() + ": 1 command up to date\n"
	if log.String() != want {
		t.Errorf("log %q, want %q", log.String(), want)
	}
}

func TestSyncAtStartupStopsAtRefusedCredentials(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	c, rec := apitest.NewClient(t, s, rest.BotToken("Bot.wrong"))
	var log strings.Builder
	err := registry.SyncAtStartup(context.Background(), c, s.ApplicationID, registry.Declared{command.Global: {ping("ping")}}, &log)
	var credErr *registry.CredentialsError
	if !errors.As(err, &credErr) || log.Len() != 0 {
		t.Errorf("error %v, log %q; want a CredentialsError and nothing logged", err, log.String())
	}
	if n := rec.CountStatus(http.StatusUnauthorized); n != 1 {
		t.Errorf("%d refused requests, want 1", n)
	}
}
