// Package compose holds compose.yaml, a test suite's services in Docker
// Compose, and the test that checks it where no Docker engine runs.
package compose

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/internal/dockerfile"
	"github.com/switchboard-go/switchboard/internal/gorun"
	"github.com/switchboard-go/switchboard/internal/realpart"
	"github.com/switchboard-go/switchboard/internal/testmain"
)

// The tests wait on the go command, as it builds the programs, and on the
// programs they run.
func TestMain(m *testing.M) { testmain.Exit(testmain.Waiting(m)) }

// moduleRoot is the module's root, from this directory.
const moduleRoot = "../.."

// composeFile is what the test reads of compose.yaml: the keys it uses,
// and no other.
type composeFile struct {
	Services map[string]service `yaml:"services"`
}

type service struct {
	Build *struct {
		Context    string `yaml:"context"`
		Dockerfile string `yaml:"dockerfile"`
	} `yaml:"build"`
	Image       string            `yaml:"image"`
	WorkingDir  string            `yaml:"working_dir"`
	Volumes     []string          `yaml:"volumes"`
	Environment map[string]string `yaml:"environment"`
	Ports       []string          `yaml:"ports"`
	Command     []string          `yaml:"command"`
	Entrypoint  []string          `yaml:"entrypoint"`
	DependsOn   map[string]struct {
		Condition string `yaml:"condition"`
	} `yaml:"depends_on"`
	Healthcheck *struct {
		Test        []string `yaml:"test"`
		Interval    string   `yaml:"interval"`
		StartPeriod string   `yaml:"start_period"`
	} `yaml:"healthcheck"`
}

func readCompose(t *testing.T) composeFile {
	t.Helper()
	raw, err := os.ReadFile("compose.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	dec.KnownFields(true)
	var c composeFile
	if err := dec.Decode(&c); err != nil {
		t.Fatalf("compose.yaml: %v", err)
	}
	return c
}

// readImage returns the stages of the emulator's Dockerfile, which the
// emulator service builds.
func readImage(t *testing.T, s service) *dockerfile.Stage {
	t.Helper()
	if s.Build == nil {
		t.Fatal("compose.yaml: the emulator service has no build")
	}
	path := filepath.Join(s.Build.Context, s.Build.Dockerfile)
	if filepath.Clean(path) != filepath.Join(moduleRoot, "cmd", "emulator", "Dockerfile") {
		t.Errorf("compose.yaml: the emulator is built from %s, not the module's root with cmd/emulator/Dockerfile", path)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	stages, err := dockerfile.Parse(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &stages[len(stages)-1]
}

// build builds a program of the module into dir, as go run would.
func build(t *testing.T, pkg, dir string) string {
	t.Helper()
	exe := filepath.Join(dir, filepath.Base(pkg))
	cmd := gorun.Command(context.Background(), pkg, exe)
	cmd.Dir = moduleRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", pkg, err, out)
	}
	return exe
}

// usage returns what a program prints for -h.
func usage(t *testing.T, exe string) string {
	t.Helper()
	out, _ := exec.Command(exe, "-h").CombinedOutput() // -h exits 0 or 2
	return string(out)
}

// start runs exe with args and env until the test ends, and returns its
// first line.
func start(t *testing.T, exe string, args, env []string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Env = env
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 10 * time.Second
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancel()
		cmd.Wait() //nolint:errcheck // interrupted
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		cancel()
		cmd.Wait() //nolint:errcheck // ended
		t.Fatalf("%s: no first line: %v\n%s", filepath.Base(exe), err, stderr.String())
	}
	go io.Copy(io.Discard, stdout) //nolint:errcheck // drain
	return strings.TrimSpace(line)
}

// scriptValue returns the value sh assigns to name in script.
func scriptValue(t *testing.T, script, name string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + name + `=(\S+)$`).FindStringSubmatch(script)
	if m == nil {
		t.Fatalf("tests.sh sets no %s", name)
	}
	return m[1]
}

func TestCompose(t *testing.T) {
	c := readCompose(t)
	if names := slices.Sorted(func(yield func(string) bool) {
		for name := range c.Services {
			if !yield(name) {
				return
			}
		}
	}); !slices.Equal(names, []string{"bot", "emulator", "tests"}) {
		t.Fatalf("compose.yaml: the services %q, want bot, emulator and tests", names)
	}
	emu, bot, tests := c.Services["emulator"], c.Services["bot"], c.Services["tests"]
	image := readImage(t, emu)
	imageEnv := map[string]string{}
	for _, in := range image.Of("ENV") {
		for k, v := range dockerfile.Values(in) {
			imageEnv[k] = v
		}
	}
	port := ""
	for _, in := range image.Of("EXPOSE") {
		port = strings.Fields(in.Args)[0]
	}
	if len(image.Of("HEALTHCHECK")) != 1 {
		t.Error("the emulator's image has no HEALTHCHECK for depends_on to wait on")
	}
	if !slices.Contains(emu.Ports, "127.0.0.1:"+port+":"+port) {
		t.Errorf("compose.yaml: the emulator publishes %q, want the port its image exposes, %s, on the loopback address only", emu.Ports, port)
	}
	for _, name := range []string{"emulator", "bot"} {
		if d, ok := tests.DependsOn[name]; !ok || d.Condition != "service_healthy" {
			t.Errorf("compose.yaml: tests do not wait for %s to be healthy", name)
		}
	}
	if bot.Healthcheck == nil || len(bot.Healthcheck.Test) == 0 {
		t.Error("compose.yaml: the bot has no healthcheck, which the tests wait on")
	}

	// Who calls whom, by service name.
	e, err := url.Parse(tests.Environment["EMULATOR"])
	if err != nil || e.Hostname() != "emulator" || e.Port() != port {
		t.Errorf("compose.yaml: tests call the emulator at %q, want http://emulator:%s", tests.Environment["EMULATOR"], port)
	}
	hosts := emu.Environment["SWITCHBOARD_EMULATOR_CONTROL_HOSTS"]
	if hosts == "" {
		hosts = imageEnv["SWITCHBOARD_EMULATOR_CONTROL_HOSTS"]
	}
	if !slices.Contains(strings.Split(hosts, ","), "emulator") {
		t.Errorf("the emulator's control hosts %q do not name its service, emulator", hosts)
	}
	b, err := url.Parse(tests.Environment["BOT"])
	if err != nil || b.Hostname() != "bot" {
		t.Errorf("compose.yaml: the bot's URL %q does not name its service, bot", tests.Environment["BOT"])
	}
	if got := bot.Environment["SWITCHBOARD_PUBLIC_KEY"]; got != emulator.WellKnownPublicKey {
		t.Errorf("compose.yaml: the bot verifies with %q, not the well-known public key", got)
	}
	script, err := os.ReadFile("tests.sh")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tests.Entrypoint, []string{"sh", "/tests.sh"}) || !slices.Contains(tests.Volumes, "./tests.sh:/tests.sh:ro") {
		t.Errorf("compose.yaml: tests run %q with the volumes %q, want sh /tests.sh, mounted from ./tests.sh", tests.Entrypoint, tests.Volumes)
	}
	for name, want := range map[string]string{"APP": emulator.WellKnownApplicationID.String(), "TOKEN": emulator.WellKnownBotToken, "GUILD": emulator.WellKnownGuildID.String()} {
		if got := scriptValue(t, string(script), name); got != want {
			t.Errorf("tests.sh: %s=%s, want the well-known %s", name, got, want)
		}
	}

	// The programs, with the flags compose gives them.
	bin := t.TempDir()
	emuExe := build(t, "github.com/switchboard-go/switchboard/cmd/emulator", bin)
	echoExe := build(t, "github.com/switchboard-go/switchboard/examples/echo", bin)
	emuUsage := usage(t, emuExe)
	for _, env := range []map[string]string{imageEnv, emu.Environment} {
		for name := range env {
			if !strings.Contains(emuUsage, "($"+name+")") {
				t.Errorf("%s is no variable of the emulator's flags", name)
			}
		}
	}
	if len(bot.Command) < 3 || !slices.Equal(bot.Command[:3], []string{"go", "run", "./examples/echo"}) {
		t.Fatalf("compose.yaml: the bot runs %q, want go run ./examples/echo", bot.Command)
	}
	echoArgs := slices.Clone(bot.Command[3:])
	echoUsage := usage(t, echoExe)
	botPort := ""
	for i, arg := range echoArgs {
		if name, ok := strings.CutPrefix(arg, "-"); ok && !strings.Contains(echoUsage, "\n  -"+name+" ") && !strings.Contains(echoUsage, "\n  -"+name+"\n") {
			t.Errorf("compose.yaml: the bot's flag %s is none of echo's", arg)
		}
		if arg == "-addr" && i+1 < len(echoArgs) {
			_, botPort, _ = net.SplitHostPort(echoArgs[i+1])
			echoArgs[i+1] = "127.0.0.1:0"
		}
	}
	if botPort == "" || b.Port() != botPort || !slices.Contains(bot.Healthcheck.Test, "http://127.0.0.1:"+botPort+"/") {
		t.Errorf("compose.yaml: the bot listens at port %q, the tests call %q, its health check %q", botPort, tests.Environment["BOT"], bot.Healthcheck.Test)
	}
	if t.Failed() {
		return
	}

	// tests.sh, against the programs started here with the same
	// environment, but for the addresses: curl reaches emulator:8484 at
	// the emulator's port here, and names it so in the Host header.
	curl, err := exec.LookPath("curl")
	if err != nil {
		realpart.Missing(t, "curl is not installed: apt-get install curl")
	}
	var base []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SWITCHBOARD_") {
			base = append(base, kv)
		}
	}
	env := slices.Clone(base)
	for _, m := range []map[string]string{imageEnv, emu.Environment} {
		for k, v := range m {
			env = append(env, k+"="+v)
		}
	}
	env = append(env, "SWITCHBOARD_EMULATOR_ADDR=127.0.0.1:0")
	emuLine := start(t, emuExe, nil, env)
	emuAt := regexp.MustCompile(`"base_url":"http://127\.0\.0\.1:(\d+)/v10"`).FindStringSubmatch(emuLine)
	if emuAt == nil {
		t.Fatalf("the emulator's first line: %s", emuLine)
	}
	botEnv := append(slices.Clone(base), "SWITCHBOARD_PUBLIC_KEY="+bot.Environment["SWITCHBOARD_PUBLIC_KEY"])
	botURL := start(t, echoExe, echoArgs, botEnv)

	wrappers := t.TempDir()
	wrapper := "#!/bin/sh\nexec " + strconv.Quote(curl) + " --connect-to " + e.Host + ":127.0.0.1:" + emuAt[1] + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(wrappers, "curl"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	run := exec.Command("sh", "tests.sh")
	run.Env = append(slices.Clone(base), "PATH="+wrappers+string(filepath.ListSeparator)+os.Getenv("PATH"),
		"EMULATOR="+tests.Environment["EMULATOR"], "BOT="+botURL+b.Path)
	out, err := run.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "tests: ok") {
		t.Errorf("tests.sh: %v\n%s", err, out)
	}
}
