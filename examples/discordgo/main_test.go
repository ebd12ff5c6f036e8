package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
)

// The program as a user runs it, on the embedded emulator: the sync
// step registers the command, and the bot, pointed at the emulator,
// connects to its gateway, answers there, and stops when asked to.
func TestTheProgramSyncsThenServesOnTheGateway(t *testing.T) {
	srv, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	env := map[string]string{
		"SWITCHBOARD_BASE_URL":       srv.URL,
		"SWITCHBOARD_APPLICATION_ID": srv.ApplicationID.String(),
		"SWITCHBOARD_BOT_TOKEN":      srv.BotToken,
	}
	getenv := func(k string) string { return env[k] }
	var out bytes.Buffer
	if err := run(t.Context(), []string{"sync"}, getenv, &out, &out); err != nil {
		t.Fatalf("sync: %v\n%s", err, out.String())
	}

	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	served := make(chan error, 1)
	go func() { served <- run(ctx, nil, getenv, io.Discard, io.Discard) }()
	deadline := time.After(time.Minute)
	for connected := false; !connected; {
		changed := srv.Changed()
		for _, s := range srv.GatewaySessions() {
			connected = connected || s.Connected
		}
		if connected {
			break
		}
		select {
		case <-changed:
		case err := <-served:
			t.Fatalf("the bot stopped before it connected: %v", err)
		case <-deadline:
			t.Fatal("the bot did not connect to the emulator's gateway within a minute")
		}
	}
	res, err := srv.Invoke(t.Context(), emulator.Invocation{Guild: srv.GuildID, Command: "hello"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() || !res.Gateway || res.Answer.Message.Content != "Hello, bob!" {
		t.Errorf("/hello: gateway %v, violations %q, answer %+v", res.Gateway, res.Violations, res.Answer.Message)
	}

	stop()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("the bot stopped with %v", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the bot did not stop within a minute of being asked to")
	}
}

// The usage texts, the program's and the sync step's, show no value
// the environment holds: the token stays out of what -h or a mistyped
// flag prints.
func TestNoUsageTextShowsTheEnvironment(t *testing.T) {
	const secret = "secret-token-xyzzy"
	getenv := func(k string) string {
		if strings.HasPrefix(k, "SWITCHBOARD_") {
			return secret
		}
		return ""
	}
	for _, args := range [][]string{{"-h"}, {"-no-such-flag"}, {"sync", "-h"}, {"sync", "-no-such-flag"}} {
		var out bytes.Buffer
		err := run(t.Context(), args, getenv, &out, &out)
		if strings.Contains(out.String(), secret) {
			t.Errorf("%q shows the environment:\n%s", args, out.String())
		}
		if args[0] == "-h" && (!errors.Is(err, flag.ErrHelp) || !strings.Contains(out.String(), "$SWITCHBOARD_BOT_TOKEN")) {
			t.Errorf("-h: %v; want flag.ErrHelp, and the usage naming the variable:\n%s", err, out.String())
		}
	}
}

// The program ships: it links discordgo and the adapter, never the
// emulator, which only its tests embed.
func TestTheProgramLinksNoEmulator(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for dep := range strings.FieldsSeq(string(out)) {
		if dep == "github.com/switchboard-go/switchboard/emulator" || strings.HasPrefix(dep, "github.com/switchboard-go/switchboard/emulator/") {
			t.Errorf("the program links %s", dep)
		}
	}
	if !strings.Contains(string(out), "github.com/bwmarrin/discordgo\n") {
		t.Errorf("go list -deps lists no discordgo: the search is broken\n%s", out)
	}
}
