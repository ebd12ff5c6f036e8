package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/gorun"
	"github.com/switchboard-go/switchboard/internal/testmain"
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
	bin := buildMinimal(t)
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

// built is the program, built once for the package's tests.
var built struct {
	once sync.Once
	bin  string
	err  error
	out  []byte
}

// buildMinimal builds the program, once for all the tests that need it,
// and returns its path.
func buildMinimal(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the program")
	}
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "minimal")
		if err != nil {
			built.err = err
			return
		}
		built.bin = filepath.Join(dir, "minimal")
		built.out, built.err = gorun.Command(context.Background(), ".", built.bin).CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("building the program: %v\n%s", built.err, built.out)
	}
	return built.bin
}

// TestMain removes the program built for the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if built.bin != "" {
		os.RemoveAll(filepath.Dir(built.bin))
	}
	testmain.Exit(code)
}

func TestHelpPrintsTheFlagsAndSucceeds(t *testing.T) {
	bin := buildMinimal(t)
	cmd := exec.Command(bin, "-h")
	cmd.Env = append(os.Environ(), "SWITCHBOARD_PUBLIC_KEY=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("minimal -h: %v, want exit status 0", err)
	}
	for _, want := range []string{"minimal: one command", "Usage: go run ./examples/minimal [flags]", "-addr", `(default ":8080")`, "minimal sync"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("minimal -h lacks %q:\n%s", want, out)
		}
	}
	// The usage names the program as the README runs it, never by the
	// temporary path go run builds it at.
	if strings.Contains(string(out), os.TempDir()) || strings.Contains(string(out), filepath.Dir(bin)) {
		t.Errorf("minimal -h names a temporary path:\n%s", out)
	}
}

// Run without its key, the bot says which variable to set.
func TestWithoutAKeyTheBotNamesTheVariable(t *testing.T) {
	bin := buildMinimal(t)
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "SWITCHBOARD_PUBLIC_KEY=")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatal("the bot ran without a key")
	}
	if !strings.Contains(string(out), "SWITCHBOARD_PUBLIC_KEY: ") {
		t.Errorf("the error does not name SWITCHBOARD_PUBLIC_KEY:\n%s", out)
	}
}

func TestItServesOnAddrUntilSIGTERM(t *testing.T) {
	bin := buildMinimal(t)
	// A free port, given up for the program to take.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()

	key := interactiontest.NewKey("minimal")
	cmd := exec.Command(bin, "-addr", addr)
	cmd.Env = append(os.Environ(), "SWITCHBOARD_PUBLIC_KEY="+key.PublicKeyHex())
	var stderr playground.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() { cmd.Process.Kill() })

	body := interactiontest.Command("greet").String("name", "Ada").JSON()
	sig, ts := key.Sign(body)
	client := &http.Client{Timeout: time.Second}
	var answer string
	for deadline := time.Now().Add(10 * time.Second); answer == ""; {
		req, _ := http.NewRequest("POST", "http://"+addr+"/", bytes.NewReader(body))
		req.Header.Set(endpoint.HeaderSignature, sig)
		req.Header.Set(endpoint.HeaderTimestamp, ts)
		if resp, err := client.Do(req); err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			answer = string(b)
		} else if time.Now().After(deadline) {
			t.Fatalf("the bot never answered on %s: %v\n%s", addr, err, stderr.String())
		} else {
			time.Sleep(20 * time.Millisecond)
		}
	}
	if !strings.Contains(answer, "Hello, Ada!") {
		t.Errorf("answered %s", answer)
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("after SIGTERM: %v, want exit status 0\n%s", err, stderr.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the bot did not exit after SIGTERM")
	}
}
