package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

// startRun runs the emulator with args until stop is called, which
// returns what run returned; creds are the credentials it printed.
func startRun(t *testing.T, args ...string) (creds emulator.Credentials, stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"-addr", "127.0.0.1:0"}, args...), pw, io.Discard)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		cancel()
		t.Fatalf("no first line: %v (run: %v)", err, <-done)
	}
	go io.Copy(io.Discard, pr) //nolint:errcheck // drain
	if err := json.Unmarshal([]byte(line), &creds); err != nil {
		t.Fatalf("first line %q: %v", line, err)
	}
	stopped := false
	stop = func() error {
		if stopped {
			return nil
		}
		stopped = true
		cancel()
		return <-done
	}
	t.Cleanup(func() { stop() })
	return creds, stop
}

// botCall makes a request of the API as the bot, and returns the status
// and the body.
func botCall(t *testing.T, c emulator.Credentials, method, path, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, c.BaseURL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bot "+c.BotToken)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(raw)
}

// A second start with the same -persist directory prints the same
// credentials and serves the first run's world; a temporary file a crash
// left is ignored, and its reset goes back to the world of the first
// start.
func TestPersistKeepsTheWorldAcrossRestarts(t *testing.T) {
	dir := t.TempDir()
	first, stop := startRun(t, "-persist", dir)
	commands := "/applications/" + first.ApplicationID + "/commands"
	if status, raw := botCall(t, first, "POST", commands, `{"name":"kept","description":"Survives a restart"}`); status != http.StatusCreated {
		t.Fatalf("creating a command: %d %s", status, raw)
	}
	if err := stop(); err != nil {
		t.Fatalf("the first run: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".state.json.123.tmp"), []byte(`{"version":1,"cut sh`), 0o600); err != nil {
		t.Fatal(err)
	}

	second, stop := startRun(t, "-persist", dir)
	a, b := first, second
	a.BaseURL, b.BaseURL = "", ""
	if a != b {
		t.Fatalf("the credentials of the second start:\n%+v\nwant\n%+v", b, a)
	}
	if status, raw := botCall(t, second, "GET", commands, ""); status != http.StatusOK || !strings.Contains(raw, `"name":"kept"`) {
		t.Fatalf("the commands after the restart: %d %s", status, raw)
	}
	req, _ := http.NewRequest("POST", strings.TrimSuffix(second.BaseURL, "/v10")+"/_emulator/reset", strings.NewReader("{}"))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("reset: %d", resp.StatusCode)
	}
	if status, raw := botCall(t, second, "GET", commands, ""); status != http.StatusOK || raw != "[]" {
		t.Fatalf("the commands after a reset: %d %s", status, raw)
	}
	if status, raw := botCall(t, second, "GET", "/guilds/"+second.GuildID, ""); status != http.StatusOK {
		t.Fatalf("the seeded guild after a reset: %d %s", status, raw)
	}
	if err := stop(); err != nil {
		t.Fatalf("the second run: %v", err)
	}
}

// A snapshot that cannot be read, or flags that contradict it, stop the
// emulator with an error naming them, rather than starting it afresh.
func TestPersistRefusesWhatItCannotStartFrom(t *testing.T) {
	dir := t.TempDir()
	_, stop := startRun(t, "-persist", dir)
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "state.json")
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name     string
		snapshot []byte
		args     []string
		want     []string
	}{
		{"another signing key", good, []string{"-signing-key", strings.Repeat("ab", 32)}, []string{"-signing-key", path}},
		{"a corrupt snapshot", good[:len(good)/2], nil, []string{"-persist", path}},
		{"another version", []byte(`{"version": 7}`), nil, []string{path, "version 7"}},
	} {
		if err := os.WriteFile(path, tt.snapshot, 0o600); err != nil {
			t.Fatal(err)
		}
		err := run(context.Background(), append([]string{"-addr", "127.0.0.1:0", "-persist", dir}, tt.args...), io.Discard, io.Discard)
		for _, w := range tt.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v, want an error naming %q", tt.name, err, w)
			}
		}
	}
}
