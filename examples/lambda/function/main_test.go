package main

import (
	"context"
	"errors"
	"flag"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

// Away from Lambda the program runs its sync step, and says what it is
// to whoever runs it otherwise.
func TestAwayFromLambdaTheProgramSaysWhatItIs(t *testing.T) {
	none := func(string) string { return "" }
	for _, tc := range []struct {
		name string
		args []string
		want string // in the error; "" for flag.ErrHelp
	}{
		{"without arguments", nil, "AWS_LAMBDA_RUNTIME_API is not set"},
		{"asked for help", []string{"-h"}, ""},
		{"given another subcommand", []string{"serve"}, `unknown subcommand "serve"`},
		{"given a flag it lacks", []string{"-no-such-flag"}, `unknown subcommand "-no-such-flag"`},
		{"syncing without credentials", []string{"sync"}, "no credentials"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut strings.Builder
			err := run(context.Background(), tc.args, none, func(any) { t.Error("started on Lambda") }, &out, &errOut)
			switch {
			case tc.want == "" && !errors.Is(err, flag.ErrHelp):
				t.Errorf("run(%q) = %v, want flag.ErrHelp", tc.args, err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("run(%q) = %v, want an error saying %q", tc.args, err, tc.want)
			}
			if tc.args == nil || tc.args[0] != "sync" {
				if !strings.Contains(errOut.String(), "go run ./examples/lambda runs the bot") {
					t.Errorf("run(%q) printed no usage:\n%s", tc.args, errOut.String())
				}
			}
		})
	}
}

func TestTheSyncStepRegistersTheBotsCommands(t *testing.T) {
	emu, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer emu.Close()
	env := map[string]string{
		"SWITCHBOARD_BASE_URL":       emu.URL,
		"SWITCHBOARD_APPLICATION_ID": emu.ApplicationID.String(),
		"SWITCHBOARD_BOT_TOKEN":      emu.BotToken,
	}
	sync := func(args ...string) (string, error) {
		var out strings.Builder
		err := run(context.Background(), append([]string{"sync"}, args...), func(k string) string { return env[k] },
			func(any) { t.Error("started on Lambda") }, &out, &out)
		return out.String(), err
	}
	if out, err := sync(); err != nil || !strings.Contains(out, "3 of 3 changes made") {
		t.Errorf("sync: %v\n%s", err, out)
	}
	if out, err := sync("-check"); err != nil || !strings.Contains(out, "3 unchanged") {
		t.Errorf("check after the sync: %v\n%s", err, out)
	}
	inv, err := emu.ParseCommand(emulator.Invocation{Guild: emu.GuildID}, "/search query:rollback")
	if err != nil || inv.Command != "search" {
		t.Errorf("the registered command: %+v, %v", inv, err)
	}
}
