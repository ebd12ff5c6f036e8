package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/registry"
)

// demo walks through the sync step on the embedded emulator, as a CI
// pipeline would run it over a bot's life, and prints a log of each step.
// It fails only if a step does not end as it should.
func demo(ctx context.Context, out io.Writer) error {
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
		{"Release 2 adds an option to /greet: the check fails, naming the command and the field that differ.", 2, []string{"-check"}, registry.ErrDrift},
		{"Its deploy edits that command alone.", 2, nil, nil},
	}
	for _, s := range steps {
		fmt.Fprintf(out, "\n# %s\n$ %s\n", s.about, strings.Join(append([]string{"deploy", "sync"}, s.args...), " "))
		err := syncCommands(ctx, s.args, s.release, env, out, out)
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
