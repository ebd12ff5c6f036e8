package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

// TestTheReadmeShowsThisBot keeps the README's bot and this program one
// and the same.
func TestTheReadmeShowsThisBot(t *testing.T) {
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	code := src[bytes.Index(src, []byte("package main")):]
	if !bytes.Contains(readme, code) {
		t.Errorf("README.md does not show examples/minimal/main.go from its package clause on; copy it there")
	}
}

func TestTheSyncStepRegistersTheCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program")
	}
	bin := filepath.Join(t.TempDir(), "minimal")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	srv, err := emulator.New(emulator.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	sync := func(args ...string) (string, error) {
		cmd := exec.Command(bin, append([]string{"sync"}, args...)...)
		cmd.Env = append(os.Environ(),
			"SWITCHBOARD_BASE_URL="+srv.URL,
			"SWITCHBOARD_APPLICATION_ID="+srv.ApplicationID.String(),
			"SWITCHBOARD_BOT_TOKEN="+srv.BotToken)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := sync("-check"); err == nil || !strings.Contains(out, "+ CHAT_INPUT  greet") {
		t.Errorf("check before the first sync: %v\n%s", err, out)
	}
	if out, err := sync(); err != nil || !strings.Contains(out, "1 of 1 changes made") {
		t.Errorf("sync: %v\n%s", err, out)
	}
	if out, err := sync("-check"); err != nil || !strings.Contains(out, "1 unchanged") {
		t.Errorf("check after the sync: %v\n%s", err, out)
	}
	inv, err := srv.ParseCommand(emulator.Invocation{Guild: srv.GuildID}, "/greet name:Ada")
	if err != nil || inv.Command != "greet" || inv.Options[0].Value != "Ada" {
		t.Errorf("the registered command: %+v, %v", inv, err)
	}
}
