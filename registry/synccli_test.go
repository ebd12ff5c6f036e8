package registry_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/rest"
)

// runSync runs RunSync against s with the bot's credentials in the
// environment, and returns what it printed and the requests it made.
func runSync(t *testing.T, s *emulator.Server, desired registry.Desired, args ...string) (stdout, stderr string, rec *apitest.Recorder, err error) {
	t.Helper()
	vars := map[string]string{
		"SWITCHBOARD_BASE_URL":       s.URL,
		"SWITCHBOARD_APPLICATION_ID": s.ApplicationID.String(),
		"SWITCHBOARD_BOT_TOKEN":      s.BotToken,
	}
	rec = &apitest.Recorder{}
	var out, errOut bytes.Buffer
	err = registry.RunSync(context.Background(), args, desired, func(k string) string { return vars[k] }, &out, &errOut,
		rest.WithHTTPClient(&http.Client{Transport: rec}), rest.WithBackoff(time.Millisecond, 10*time.Millisecond))
	return out.String(), errOut.String(), rec, err
}

func TestRunSyncDryRunJSON(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	seed(t, s, command.Global, []command.Command{ping("old"), ping("same")})
	desired := registry.Declared{command.Global: {ping("same"), ping("new")}}
	out, _, rec, err := runSync(t, s, desired, "-dry-run", "-json", "-prune")
	if err != nil {
		t.Fatal(err)
	}
	if got := methods(rec); got != "GET=1" {
		t.Errorf("requests: %s, want GET=1", got)
	}
	var doc struct {
		DryRun bool `json:"dry_run"`
		Drift  bool `json:"drift"`
		Writes int  `json:"writes"`
		Plans  []struct {
			Scope     string `json:"scope"`
			Creates   []struct{ Name string }
			Deletes   []struct{ Name string }
			Unchanged int
			Strategy  string
		}
		Applied []any
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if !doc.DryRun || !doc.Drift || doc.Writes != 1 || len(doc.Plans) != 1 || len(doc.Applied) != 0 {
		t.Fatalf("document:\n%s", out)
	}
	p := doc.Plans[0]
	if p.Scope != "global" || p.Creates[0].Name != "new" || p.Deletes[0].Name != "old" || p.Unchanged != 1 || p.Strategy != "bulk" {
		t.Errorf("plan:\n%s", out)
	}
}

func TestRunSyncCheckFailsOnDrift(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	desired := registry.Declared{command.Global: {ping("ping")}}
	out, _, rec, err := runSync(t, s, desired, "-check")
	if !errors.Is(err, registry.ErrDrift) {
		t.Fatalf("error %v, want ErrDrift", err)
	}
	if got := methods(rec); got != "GET=1" {
		t.Errorf("requests: %s, want GET=1", got)
	}
	if !strings.Contains(out, "+ CHAT_INPUT  ping") {
		t.Errorf("output:\n%s", out)
	}

	// Applied, then checked again: no drift.
	out, stderr, rec, err := runSync(t, s, desired)
	if err != nil {
		t.Fatal(err)
	}
	if got := methods(rec); got != "GET=1 POST=1" {
		t.Errorf("requests: %s, want GET=1 POST=1", got)
	}
	if !strings.Contains(out, "1 of 1 changes made") || !strings.Contains(stderr, "global: created CHAT_INPUT ping") {
		t.Errorf("stdout:\n%s\nstderr:\n%s", out, stderr)
	}
	if _, _, _, err := runSync(t, s, desired, "-check"); err != nil {
		t.Errorf("check after sync: %v", err)
	}
}

func TestRunSyncDryRunCountsWrites(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	for _, tc := range []struct {
		desired registry.Declared
		want    string
	}{
		{registry.Declared{command.Global: {ping("ping")}}, "dry run: 1 write planned, none sent\n"},
		{registry.Declared{command.Global: {}}, "dry run: 0 writes planned, none sent\n"},
	} {
		out, _, _, err := runSync(t, s, tc.desired, "-dry-run")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(out, tc.want) {
			t.Errorf("output:\n%s\nwant it to end with %q", out, tc.want)
		}
	}
}

func TestRunSyncGuildFlag(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	guild := command.InGuild(s.GuildID)
	desired := registry.Declared{command.Global: {ping("g")}, guild: {ping("here")}}
	out, _, rec, err := runSync(t, s, desired, "-guild", s.GuildID.String())
	if err != nil {
		t.Fatal(err)
	}
	if got := methods(rec); got != "GET=1 POST=1" {
		t.Errorf("requests: %s, want GET=1 POST=1", got)
	}
	if strings.Contains(out, "global") || len(held(t, s, command.Global)) != 0 {
		t.Errorf("the global scope was synced:\n%s", out)
	}
	if _, _, _, err := runSync(t, s, desired, "-guild", "nope"); err == nil {
		t.Error("a bad -guild was accepted")
	}
}

func TestRunSyncNeedsCredentials(t *testing.T) {
	t.Parallel()
	var out, errOut bytes.Buffer
	err := registry.RunSync(context.Background(), nil, registry.Declared{}, func(string) string { return "" }, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "credentials") {
		t.Errorf("error %v", err)
	}
}

func TestRunSyncClientCredentials(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	vars := map[string]string{"SWITCHBOARD_BASE_URL": s.URL}
	var out, errOut bytes.Buffer
	err := registry.RunSync(context.Background(), []string{"-client-id", s.ClientID, "-client-secret", s.ClientSecret},
		registry.Declared{command.Global: {ping("ping")}}, func(k string) string { return vars[k] }, &out, &errOut)
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	if got := names(held(t, s, command.Global)); len(got) != 1 {
		t.Errorf("the service holds %v", got)
	}
}

func TestRunSyncHelpIsNoFailure(t *testing.T) {
	t.Parallel()
	var out, errOut strings.Builder
	err := registry.RunSync(context.Background(), []string{"-h"}, registry.Declared{}, func(string) string { return "" }, &out, &errOut)
	if err != nil || !strings.Contains(errOut.String(), "-dry-run") {
		t.Fatalf("err %v, usage %q", err, errOut.String())
	}
}

func TestRunSyncShowsEachScopeReadWhenThereAreMany(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	desired := registry.Declared{
		command.Global:             {ping("one")},
		command.InGuild(s.GuildID): {ping("two"), ping("three")},
	}
	if _, errOut, _, err := runSync(t, s, desired); err != nil || !strings.Contains(errOut, "read 1 of 2 scopes: global, 0 commands\n") ||
		!strings.Contains(errOut, "read 2 of 2 scopes: guild "+s.GuildID.String()+", 0 commands\n") {
		t.Fatalf("err %v, progress:\n%s", err, errOut)
	}
	single := registry.Declared{command.Global: {ping("one")}}
	if _, errOut, _, err := runSync(t, s, single, "-dry-run"); err != nil || strings.Contains(errOut, "read ") {
		t.Fatalf("one scope: err %v, progress:\n%s", err, errOut)
	}
}

// A command that stops declaring integration_types goes back to the
// application's installation contexts: a change only a sync that knows
// them can see.
func TestDroppingIntegrationTypesIsAChangeWhenTheContextsAreKnown(t *testing.T) {
	t.Parallel()
	both := []interaction.IntegrationType{interaction.GuildInstall, interaction.UserInstall}
	s := apitest.StartEmulator(t, emulator.Config{InstallationContexts: both})
	userOnly := ping("p")
	userOnly.IntegrationTypes = []interaction.IntegrationType{interaction.UserInstall}
	if _, _, _, err := runSync(t, s, registry.Declared{command.Global: {userOnly}}); err != nil {
		t.Fatal(err)
	}
	dropped := registry.Declared{command.Global: {ping("p")}}
	if out, _, _, err := runSync(t, s, dropped, "-check"); err != nil {
		t.Errorf("without the contexts, nothing to compare: %v\n%s", err, out)
	}
	out, _, _, err := runSync(t, s, dropped, "-check", "-installation-contexts", "GUILD_INSTALL,USER_INSTALL")
	if !errors.Is(err, registry.ErrDrift) || !strings.Contains(out, "~ CHAT_INPUT  p  integration_types") {
		t.Errorf("with them: %v\n%s", err, out)
	}
	if _, _, _, err := runSync(t, s, dropped, "-installation-contexts", "0,1"); err != nil {
		t.Fatal(err)
	}
	if out, _, _, err := runSync(t, s, dropped, "-check", "-installation-contexts", "0,1"); err != nil {
		t.Errorf("after the sync: %v\n%s", err, out)
	}
	if _, _, _, err := runSync(t, s, dropped, "-installation-contexts", "2"); err == nil || !strings.Contains(err.Error(), "-installation-contexts") {
		t.Errorf("an unknown context: %v", err)
	}
}
