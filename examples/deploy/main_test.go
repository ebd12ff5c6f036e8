package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/examples/deploy/bot"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/rest"
)

// service starts an emulator and returns it with the variables CI would
// set for it.
func service(t *testing.T) (*emulator.Server, func(string) string) {
	t.Helper()
	emu, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { emu.Close() })
	vars := map[string]string{
		"SWITCHBOARD_BASE_URL":       emu.URL,
		"SWITCHBOARD_APPLICATION_ID": emu.ApplicationID.String(),
		"SWITCHBOARD_BOT_TOKEN":      emu.BotToken,
		"SWITCHBOARD_PUBLIC_KEY":     emu.PublicKey,
	}
	return emu, func(name string) string { return vars[name] }
}

// registered returns the global commands the service holds, by name.
func registered(t *testing.T, emu *emulator.Server) map[string]command.Command {
	t.Helper()
	api, err := rest.NewClient(emu.URL, rest.BotToken(emu.BotToken))
	if err != nil {
		t.Fatal(err)
	}
	cmds, err := api.ListCommands(context.Background(), emu.ApplicationID, command.Global, false)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]command.Command{}
	for _, c := range cmds {
		byName[c.Name] = c
	}
	return byName
}

func optionNames(c command.Command) []string {
	var names []string
	for _, o := range c.Options {
		names = append(names, o.Name)
	}
	return names
}

func TestEachSyncStepAgainstAnEmulator(t *testing.T) {
	emu, env := service(t)
	ctx := context.Background()
	step := func(release int, args ...string) (string, error) {
		t.Helper()
		var out, progress strings.Builder
		err := syncCommands(ctx, args, release, env, &out, &progress)
		return out.String() + progress.String(), err
	}

	out, err := step(1, "-check")
	if !errors.Is(err, registry.ErrDrift) {
		t.Fatalf("check before anything is registered: %v, want drift\n%s", err, out)
	}
	wantPlan := "global: 2 to create; 1 request (bulk overwrite)\n  + CHAT_INPUT  greet\n  + CHAT_INPUT  ping\ndry run: 1 write planned, none sent\n"
	if out != wantPlan {
		t.Errorf("check printed\n%s\nwant\n%s", out, wantPlan)
	}

	out, err = step(1, "-dry-run")
	if err != nil || out != wantPlan {
		t.Errorf("dry run: %v\n%s", err, out)
	}
	if cmds := registered(t, emu); len(cmds) != 0 {
		t.Fatalf("the dry run registered %d commands", len(cmds))
	}

	out, err = step(1)
	if err != nil {
		t.Fatalf("sync: %v\n%s", err, out)
	}
	for _, want := range []string{"global: bulk overwrite: 2 created, 0 updated, 0 deleted\n", "2 of 2 changes made\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("sync output lacks %q:\n%s", want, out)
		}
	}
	cmds := registered(t, emu)
	if len(cmds) != 2 || strings.Join(optionNames(cmds["greet"]), " ") != "name" {
		t.Errorf("registered %v", cmds)
	}

	out, err = step(1, "-check")
	if err != nil || out != "global: 2 unchanged; nothing to send\ndry run: 0 writes planned, none sent\n" {
		t.Errorf("check after the sync: %v\n%s", err, out)
	}

	// The program's own release adds an option: the check names what drifted.
	var stdout, stderr strings.Builder
	err = run(ctx, []string{"sync", "-check"}, env, &stdout, &stderr)
	if !errors.Is(err, registry.ErrDrift) {
		t.Fatalf("check of release %d: %v, want drift", bot.Release, err)
	}
	if want := "global: 1 to update, 1 unchanged; 1 request\n  ~ CHAT_INPUT  greet  options\ndry run: 1 write planned, none sent\n"; stdout.String() != want {
		t.Errorf("check of release %d printed\n%s\nwant\n%s", bot.Release, stdout.String(), want)
	}

	out, err = step(bot.Release)
	if err != nil || !strings.Contains(out, "global: updated CHAT_INPUT greet (options)\n") || !strings.Contains(out, "1 of 1 changes made\n") {
		t.Errorf("sync of release %d: %v\n%s", bot.Release, err, out)
	}
	if got := strings.Join(optionNames(registered(t, emu)["greet"]), " "); got != "name loud" {
		t.Errorf("greet has the options %q after the sync", got)
	}
}

// With no subcommand the program that ships prints its usage, which names
// the walk-through, and ends with errNoSubcommand (exit 2). So does -help,
// ending with flag.ErrHelp (exit 0).
func TestNoSubcommandPrintsTheUsage(t *testing.T) {
	none := func(string) string { return "" }
	for _, tc := range []struct {
		args []string
		want error
	}{
		{nil, errNoSubcommand},
		{[]string{"-help"}, flag.ErrHelp},
		{[]string{"help"}, flag.ErrHelp},
	} {
		var out, errOut strings.Builder
		err := run(context.Background(), tc.args, none, &out, &errOut)
		if !errors.Is(err, tc.want) {
			t.Errorf("%q: %v, want %v", tc.args, err, tc.want)
		}
		for _, want := range []string{"usage: deploy sync [flags]", "deploy serve [flags]", "go run ./examples/deploy/walkthrough"} {
			if !strings.Contains(errOut.String(), want) {
				t.Errorf("%q printed a usage that lacks %q:\n%s", tc.args, want, errOut.String())
			}
		}
		if out.Len() > 0 {
			t.Errorf("%q wrote to stdout:\n%s", tc.args, out.String())
		}
	}
}

func TestMistakesAreReported(t *testing.T) {
	none := func(string) string { return "" }
	ctx := context.Background()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sync"}, "no credentials"},
		{[]string{"sync", "-frobnicate"}, "flag provided but not defined"},
		{[]string{"serve"}, "-public-key or $SWITCHBOARD_PUBLIC_KEY"},
		{[]string{"serve", "8080"}, "unexpected arguments"},
		{[]string{"deploy"}, `unknown subcommand "deploy"`},
	} {
		var out, errOut strings.Builder
		err := run(ctx, tc.args, none, &out, &errOut)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error saying %q", tc.args, err, tc.want)
		}
	}
	var out, errOut strings.Builder
	if err := run(ctx, []string{"sync", "-help"}, none, &out, &errOut); err != nil || !strings.Contains(errOut.String(), "-check") {
		t.Errorf("sync -help: %v\n%s", err, errOut.String())
	}
}

func TestServeAnswersTheService(t *testing.T) {
	emu, env := service(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := run(ctx, []string{"sync"}, env, &strings.Builder{}, &strings.Builder{}); err != nil {
		t.Fatal(err)
	}

	var out, errOut playground.Buffer
	served := make(chan error, 1)
	go func() { served <- run(ctx, []string{"serve", "-addr", "127.0.0.1:0"}, env, &out, &errOut) }()
	const announce = "serving the interactions endpoint on "
	var url string
	for deadline := time.Now().Add(5 * time.Second); url == "" && time.Now().Before(deadline); {
		if line, ok := strings.CutPrefix(out.String(), announce); ok && strings.HasSuffix(line, "\n") {
			url = strings.TrimSpace(line)
			break
		}
		select {
		case err := <-served:
			t.Fatalf("serve ended: %v\n%s", err, errOut.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	if url == "" {
		t.Fatalf("serve did not say where it listens: %q", out.String())
	}

	// The service checks the endpoint as it is saved: a signed PING, and a
	// forged request that must be refused.
	if err := emu.SetInteractionsURL(ctx, url); err != nil {
		t.Fatal(err)
	}
	inv, err := emu.ParseCommand(emulator.Invocation{User: emu.Member, Guild: emu.GuildID}, "/greet name:Ada loud:true")
	if err != nil {
		t.Fatal(err)
	}
	res, err := emu.Invoke(ctx, inv)
	if err != nil {
		t.Fatal(err)
	}
	if res.Answer.Type != interaction.CallbackChannelMessageWithSource || res.Answer.Message.Content != "HELLO, ADA!" || !res.OK() {
		t.Errorf("answered %+v, violations %v", res.Answer, res.Violations)
	}

	// The load balancer's health check needs no signature.
	resp, err := http.Get(strings.TrimSuffix(url, "/") + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	health, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(health) != "ok\n" {
		t.Errorf("health check answered %d %q", resp.StatusCode, health)
	}

	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("serve ended with %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("serve did not stop when its context ended")
	}
}
