package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// emulatorFlags returns the emulator's FlagSet with every flag defined and
// none set, and what -h prints.
func emulatorFlags(t *testing.T) (*flag.FlagSet, string) {
	t.Helper()
	fs := flag.NewFlagSet("emulator", flag.ContinueOnError)
	var usage bytes.Buffer
	if err := runWith(context.Background(), fs, []string{"-h"}, io.Discard, &usage, defaultTiming()); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h: %v", err)
	}
	return fs, usage.String()
}

// otherValue returns a value flag f takes that is not its default.
func otherValue(t *testing.T, f *flag.Flag) string {
	t.Helper()
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		if f.DefValue == "true" {
			return "false"
		}
		return "true"
	}
	for _, v := range []string{"7", "7s", "x"} {
		fs, _ := emulatorFlags(t)
		if fs.Set(f.Name, v) == nil && fs.Lookup(f.Name).Value.String() != f.DefValue {
			return v
		}
	}
	t.Fatalf("-%s: no value found to set it to", f.Name)
	return ""
}

func TestEveryFlagIsSetByItsVariable(t *testing.T) {
	all, usage := emulatorFlags(t)
	n := 0
	all.VisitAll(func(f *flag.Flag) {
		n++
		name := envName(f.Name)
		if !strings.Contains(usage, "$"+name) {
			t.Errorf("-h does not name %s for -%s", name, f.Name)
		}
		v := otherValue(t, f)
		env := func(k string) (string, bool) {
			if k == name {
				return v, true
			}
			return "", false
		}
		fs, _ := emulatorFlags(t)
		if err := parseFlags(fs, nil, env); err != nil {
			t.Errorf("%s=%s: %v", name, v, err)
			return
		}
		if got := fs.Lookup(f.Name).Value.String(); got == f.DefValue {
			t.Errorf("%s=%s left -%s at its default %q", name, v, f.Name, got)
		}
		// The command line wins.
		fs, _ = emulatorFlags(t)
		if err := parseFlags(fs, []string{"-" + f.Name + "=" + f.DefValue}, env); err != nil {
			t.Errorf("-%s=%s: %v", f.Name, f.DefValue, err)
			return
		}
		if got := fs.Lookup(f.Name).Value.String(); got != f.DefValue {
			t.Errorf("-%s=%q with %s=%s: %q, want the command line's", f.Name, f.DefValue, name, v, got)
		}
	})
	if n < 30 {
		t.Fatalf("%d flags walked", n)
	}
}

func TestVariableNames(t *testing.T) {
	for flag, want := range map[string]string{
		"addr":                  "SWITCHBOARD_EMULATOR_ADDR",
		"max-upload":            "SWITCHBOARD_EMULATOR_MAX_UPLOAD",
		"installation-contexts": "SWITCHBOARD_EMULATOR_INSTALLATION_CONTEXTS",
	} {
		if got := envName(flag); got != want {
			t.Errorf("envName(%q) = %q, want %q", flag, got, want)
		}
	}
}

func TestParseFlags(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		web     bool
		watch   string
		limit   int
		wantErr string
	}{
		{"nothing set", nil, nil, false, ".", 50, ""},
		{"a boolean as 1", nil, map[string]string{"SWITCHBOARD_EMULATOR_WEB": "1"}, true, ".", 50, ""},
		{"a boolean in capitals", nil, map[string]string{"SWITCHBOARD_EMULATOR_WEB": "TRUE"}, true, ".", 50, ""},
		{"a boolean turned off", nil, map[string]string{"SWITCHBOARD_EMULATOR_WEB": "f"}, false, ".", 50, ""},
		{"a number", nil, map[string]string{"SWITCHBOARD_EMULATOR_RATE_LIMIT": "7"}, false, ".", 7, ""},
		{"an empty string is a value", nil, map[string]string{"SWITCHBOARD_EMULATOR_WATCH": ""}, false, "", 50, ""},
		{"the command line wins", []string{"-rate-limit", "9", "-web=false"}, map[string]string{"SWITCHBOARD_EMULATOR_RATE_LIMIT": "7", "SWITCHBOARD_EMULATOR_WEB": "1"}, false, ".", 9, ""},
		{"the bot's credentials are no settings", nil, map[string]string{"SWITCHBOARD_WEB": "1", "WEB": "1"}, false, ".", 50, ""},
		{"a boolean flag.Bool refuses", nil, map[string]string{"SWITCHBOARD_EMULATOR_WEB": "yes"}, false, ".", 50, "SWITCHBOARD_EMULATOR_WEB (-web)"},
		{"an empty boolean", nil, map[string]string{"SWITCHBOARD_EMULATOR_WEB": ""}, false, ".", 50, "SWITCHBOARD_EMULATOR_WEB"},
		{"a number that is none", nil, map[string]string{"SWITCHBOARD_EMULATOR_RATE_LIMIT": "many"}, false, ".", 50, "SWITCHBOARD_EMULATOR_RATE_LIMIT (-rate-limit)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := flag.NewFlagSet("emulator", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			web := fs.Bool("web", false, "")
			watch := fs.String("watch", ".", "")
			limit := fs.Int("rate-limit", 50, "")
			err := parseFlags(fs, tt.args, func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok })
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one naming %s", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if *web != tt.web || *watch != tt.watch || *limit != tt.limit {
				t.Errorf("web %v, watch %q, rate-limit %d; want %v, %q, %d", *web, *watch, *limit, tt.web, tt.watch, tt.limit)
			}
		})
	}
}

func TestRunReadsTheEnvironment(t *testing.T) {
	t.Setenv("SWITCHBOARD_EMULATOR_RATE_LIMIT", "7")
	c := serve(t)
	resp, err := http.Get(c.BaseURL + "/nothing")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("X-RateLimit-Limit"); got != "7" {
		t.Errorf("X-RateLimit-Limit %q, want SWITCHBOARD_EMULATOR_RATE_LIMIT's 7", got)
	}

	t.Setenv("SWITCHBOARD_EMULATOR_MAX_UPLOAD", "lots")
	err = run(context.Background(), []string{"-addr", "127.0.0.1:0"}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "SWITCHBOARD_EMULATOR_MAX_UPLOAD") {
		t.Errorf("a bad value: %v, want an error naming its variable", err)
	}
}

func TestTheBotGetsNoSettings(t *testing.T) {
	env := []string{"PATH=/bin", "SWITCHBOARD_EMULATOR_SIGNING_KEY=00", "SWITCHBOARD_EMULATOR_RUN=./bot", "SWITCHBOARD_GUILD_ID=1", "HOME=/root"}
	want := []string{"PATH=/bin", "SWITCHBOARD_GUILD_ID=1", "HOME=/root"}
	if got := withoutSettings(env); !slices.Equal(got, want) {
		t.Errorf("withoutSettings = %q, want %q", got, want)
	}
}
