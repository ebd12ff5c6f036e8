// Walkthrough runs the sync step of examples/deploy against the embedded
// emulator, as a CI pipeline would over the bot's life, and prints a log
// of each step: a pull request's check fails before anything is
// registered, the deploy registers the commands, the next check passes,
// and release 2's check names what it changes before its deploy edits
// that command alone.
//
//	go run ./examples/deploy/walkthrough
//
// Each step runs what examples/deploy sync runs, registry.RunSync, with
// the emulator's URL and credentials in the SWITCHBOARD_* variables a
// pipeline sets from its secrets. It is a program of its own so that
// examples/deploy, which ships, links no emulator.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/examples/deploy/bot"
	"github.com/switchboard-go/switchboard/registry"
)

func main() {
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: walkthrough\n\nwalks through examples/deploy's sync step on the embedded emulator")
	}
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := walk(ctx, os.Stdout)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "walkthrough:", err)
		os.Exit(1)
	}
}

// walk walks through the sync step on the embedded emulator and prints a
// log of each step to out. It fails only if a step does not end as it
// should.
func walk(ctx context.Context, out io.Writer) error {
	emu, err := emulator.New(emulator.Config{})
	if err != nil {
		return err
	}
	defer emu.Close()
	// The pipeline's secrets, pointing at the emulator.
	vars := map[string]string{
		"SWITCHBOARD_BASE_URL":       emu.URL,
		"SWITCHBOARD_APPLICATION_ID": emu.ApplicationID.String(),
		"SWITCHBOARD_BOT_TOKEN":      emu.BotToken,
	}
	env := func(name string) string { return vars[name] }
	fmt.Fprintf(out, "· the emulator: a command service on %s, its credentials in the SWITCHBOARD_* variables\n", emu.URL)

	steps := []struct {
		about   string
		release int
		args    []string
		want    error // what the step must end with
	}{
		{"A pull request, before anything is registered: the check fails, and its plan says why.", 1, []string{"-check"}, registry.ErrDrift},
		{"What the deploy would send; nothing is sent.", 1, []string{"-dry-run"}, nil},
		{"The deploy registers the commands: one bulk overwrite creates both.", 1, nil, nil},
		{"The next pull request leaves the commands alone: the check passes.", 1, []string{"-check"}, nil},
		{"Release 2 adds an option to /greet: the check fails, naming the command and the field that differ.", bot.Release, []string{"-check"}, registry.ErrDrift},
		{"Its deploy edits that command alone.", bot.Release, nil, nil},
	}
	for _, s := range steps {
		fmt.Fprintf(out, "\n# %s\n$ %s\n", s.about, strings.Join(append([]string{"deploy", "sync"}, s.args...), " "))
		err := syncRelease(ctx, s.release, s.args, env, out)
		if err != nil {
			fmt.Fprintf(out, "✗ exit 1: %v\n", err)
		} else {
			fmt.Fprintln(out, "✓ exit 0")
		}
		if !errors.Is(err, s.want) || (err != nil) != (s.want != nil) {
			return fmt.Errorf("sync %s: got %v, want %v", strings.Join(s.args, " "), err, s.want)
		}
	}
	return nil
}

// syncRelease runs deploy sync with args, as the given release of the bot
// would: registry.RunSync with the definitions its router builds.
func syncRelease(ctx context.Context, release int, args []string, env func(string) string, out io.Writer) error {
	mux, err := bot.Router(release, nil).Build()
	if err != nil {
		return err
	}
	return registry.RunSync(ctx, args, mux.Definitions(), env, out, out)
}
