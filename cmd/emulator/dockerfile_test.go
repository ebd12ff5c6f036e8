//go:build unix

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/internal/dockerfile"
)

// The emulator's image is built from cmd/emulator/Dockerfile. No Docker
// engine runs where the tests run, so these tests read it, and run what
// it would run: its go build line, for this machine, and the binary with
// its environment and its health check.

// moduleRoot is the build context of the image, from this directory.
const moduleRoot = "../.."

// image is what the tests read of the Dockerfile.
type image struct {
	builder, final *dockerfile.Stage
	args           map[string]string // the ARGs of the builder, with their defaults
	build          dockerfile.Instruction
	binary         string            // where the final stage puts the binary
	env            map[string]string // the final stage's ENV
	healthcheck    []string
	port           int // the one EXPOSEd
}

// readImage reads the Dockerfile and checks the shape of its stages.
func readImage(t *testing.T) image {
	t.Helper()
	f, err := os.Open("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	all, err := dockerfile.Parse(f)
	if err != nil {
		t.Fatalf("Dockerfile: %v", err)
	}
	stages := all[1:]
	if len(stages) != 2 {
		t.Fatalf("Dockerfile: %d stages, want a Go builder and the image", len(stages))
	}
	im := image{builder: &stages[0], final: &stages[1], args: map[string]string{}, env: map[string]string{}}
	if !strings.HasPrefix(im.builder.Image, "golang:") || im.builder.Name == "" {
		t.Errorf("Dockerfile:%d: FROM %s AS %q: want a golang image, named", im.builder.Line, im.builder.Image, im.builder.Name)
	}
	if !strings.HasPrefix(im.final.Image, "gcr.io/distroless/static") || !strings.HasSuffix(im.final.Image, ":nonroot") {
		t.Errorf("Dockerfile:%d: FROM %s: want distroless/static, its nonroot tag", im.final.Line, im.final.Image)
	}
	for _, in := range im.builder.Of("ARG") {
		for k, v := range dockerfile.Values(in) {
			im.args[k] = v
		}
	}
	for _, in := range im.builder.Of("RUN") {
		if strings.Contains(in.Args, "go build") {
			im.build = in
		}
	}
	if im.build.Cmd == "" {
		t.Fatal("Dockerfile: the builder has no RUN go build")
	}
	for _, in := range im.final.Of("ENV") {
		for k, v := range dockerfile.Values(in) {
			im.env[k] = v
		}
	}
	for _, in := range im.final.Of("COPY") {
		if w := strings.Fields(in.Args); len(w) == 3 && w[0] == "--from="+im.builder.Name {
			im.binary = w[2]
		}
	}
	if entry := im.final.Of("ENTRYPOINT"); len(entry) != 1 {
		t.Errorf("Dockerfile: %d ENTRYPOINTs, want one", len(entry))
	} else if argv, err := dockerfile.Exec(entry[0]); err != nil || !slices.Equal(argv, []string{im.binary}) {
		t.Errorf("Dockerfile:%d: ENTRYPOINT %s: want [%q], the binary copied from the builder (%v)", entry[0].Line, entry[0].Args, im.binary, err)
	}
	if hc := im.final.Of("HEALTHCHECK"); len(hc) != 1 {
		t.Errorf("Dockerfile: %d HEALTHCHECKs, want one", len(hc))
	} else if im.healthcheck, err = dockerfile.Exec(hc[0]); err != nil {
		t.Error(err)
	}
	if users := im.final.Of("USER"); len(users) == 0 {
		t.Error("Dockerfile: the image has no USER: it would run as root")
	} else if uid, _, _ := strings.Cut(users[len(users)-1].Args, ":"); uid == "0" || strings.Trim(uid, "0123456789") != "" {
		t.Errorf("Dockerfile: USER %s: want a user other than root, by number", users[len(users)-1].Args)
	}
	for _, in := range im.final.Of("EXPOSE") {
		im.port, _ = strconv.Atoi(strings.Fields(in.Args)[0])
	}
	return im
}

func TestDockerfileShape(t *testing.T) {
	im := readImage(t)
	flags, _ := emulatorFlags(t)
	for name := range im.env {
		f, ok := strings.CutPrefix(name, envPrefix)
		if !ok || flags.Lookup(strings.ToLower(strings.ReplaceAll(f, "_", "-"))) == nil {
			t.Errorf("Dockerfile: ENV %s sets no flag of the emulator", name)
		}
	}
	for name, want := range map[string]string{"WELL_KNOWN": "1", "WELL_KNOWN_EXPOSED": "1", "CONTROL_HOSTS": "emulator"} {
		if got := im.env[envPrefix+name]; got != want {
			t.Errorf("Dockerfile: ENV %s%s=%q, want %q", envPrefix, name, got, want)
		}
	}
	host, port, err := net.SplitHostPort(im.env[envPrefix+"ADDR"])
	if err != nil || host != "0.0.0.0" || port != strconv.Itoa(im.port) {
		t.Errorf("Dockerfile: %sADDR=%q, EXPOSE %d: want the container's every address, at the port exposed", envPrefix, im.env[envPrefix+"ADDR"], im.port)
	}
	raw, err := os.ReadFile(filepath.Join(moduleRoot, ".dockerignore"))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(raw)) {
		if p := strings.TrimSpace(line); slices.Contains([]string{"cmd", "cmd/emulator", "emulator", "emulator/web", "*.go", "**/*.go", "*", "**"}, p) {
			t.Errorf(".dockerignore: %q leaves out what the image's build needs", p)
		}
	}
	if !slices.Equal(im.healthcheck, []string{im.binary, "health"}) {
		t.Errorf("Dockerfile: HEALTHCHECK %q, want [%q, \"health\"], which needs no shell", im.healthcheck, im.binary)
	}
}

// shellWords splits a shell command line into words, reading double and
// single quotes, which is all the go build line uses.
func shellWords(line string) ([]string, error) {
	var (
		words []string
		word  strings.Builder
		in    bool // a word is under way
		quote rune
	)
	for _, c := range line {
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			word.WriteRune(c)
		case c == '"' || c == '\'':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				words = append(words, word.String())
				word.Reset()
				in = false
			}
		default:
			word.WriteRune(c)
			in = true
		}
	}
	if quote != 0 {
		return nil, errors.New("an unclosed quote")
	}
	if in {
		words = append(words, word.String())
	}
	return words, nil
}

// buildLine returns the environment and the go command line of the
// Dockerfile's build, for this machine, with its output at out.
func buildLine(t *testing.T, im image, out string) (env, argv []string) {
	t.Helper()
	words, err := shellWords(im.build.Args)
	if err != nil {
		t.Fatalf("Dockerfile:%d: %v", im.build.Line, err)
	}
	vars := map[string]string{"TARGETOS": runtime.GOOS, "TARGETARCH": runtime.GOARCH}
	for k, v := range im.args {
		if _, ok := vars[k]; !ok {
			vars[k] = v
		}
	}
	expand := func(s string) string {
		return os.Expand(s, func(k string) string {
			v, ok := vars[k]
			if !ok {
				t.Errorf("Dockerfile:%d: $%s is no ARG of the builder", im.build.Line, k)
			}
			return v
		})
	}
	for len(words) > 0 && strings.HasPrefix(words[0], "--") {
		words = words[1:] // RUN's options, such as its cache mounts
	}
	for len(words) > 0 && strings.Contains(words[0], "=") {
		env = append(env, expand(words[0]))
		words = words[1:]
	}
	if len(words) < 2 || words[0] != "go" || words[1] != "build" {
		t.Fatalf("Dockerfile:%d: RUN %s: want VAR=value... go build", im.build.Line, im.build.Args)
	}
	if !slices.Contains(env, "CGO_ENABLED=0") {
		t.Errorf("Dockerfile:%d: go build without CGO_ENABLED=0: the binary would need a C library the image lacks", im.build.Line)
	}
	for i, w := range words {
		w = expand(w)
		if i > 0 && words[i-1] == "-o" {
			w = out
		}
		argv = append(argv, w)
	}
	if !slices.Contains(argv, "./cmd/emulator") || !slices.Contains(argv, "-trimpath") {
		t.Errorf("Dockerfile:%d: %q: want a -trimpath build of ./cmd/emulator", im.build.Line, argv)
	}
	return env, argv
}

func TestDockerfileImageRuns(t *testing.T) {
	im := readImage(t)
	bin := filepath.Join(t.TempDir(), "emulator")
	env, argv := buildLine(t, im, bin)
	build := exec.Command(argv[0], argv[1:]...)
	build.Dir = moduleRoot
	build.Env = append(os.Environ(), env...)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", strings.Join(env, " "), strings.Join(argv, " "), err, out)
	}
	if out, err := exec.Command(bin, "-version").Output(); err != nil || string(out) != "emulator "+im.args["VERSION"]+"\n" {
		t.Errorf("-version: %q, %v; want the VERSION the build stamped, %q", out, err, im.args["VERSION"])
	}

	// The image's environment, but a free port: the one it names may be
	// taken on this machine.
	base := withoutSettings(os.Environ())
	imageEnv := slices.Clone(base)
	for k, v := range im.env {
		if k == envPrefix+"ADDR" {
			v = "0.0.0.0:0"
		}
		imageEnv = append(imageEnv, k+"="+v)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	emu := exec.CommandContext(ctx, bin)
	emu.Env = imageEnv
	// Standard error is read line by line: the warning is written before
	// the first line of standard output, but a copy made in the
	// background might not have reached a buffer by the time that line
	// is read.
	var stderr lockedBuffer
	errPipe, err := emu.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	warned := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(errPipe)
		seen := false
		for sc.Scan() {
			stderr.Write([]byte(sc.Text() + "\n")) //nolint:errcheck // a buffer
			if !seen && strings.Contains(sc.Text(), "warning: -well-known on ") {
				seen = true
				close(warned)
			}
		}
	}()
	stdout, err := emu.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := emu.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cancel()
		emu.Wait() //nolint:errcheck // killed
	}()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("the first line: %v; stderr:\n%s", err, stderr.String())
	}
	go io.Copy(io.Discard, stdout) //nolint:errcheck // drain
	var c emulator.Credentials
	if err := json.Unmarshal([]byte(line), &c); err != nil {
		t.Fatalf("the first line %q: %v", line, err)
	}
	u, err := url.Parse(c.BaseURL)
	if err != nil {
		t.Fatal(err)
	}
	port := u.Port()
	select {
	case <-warned:
	case <-time.After(10 * time.Second):
		t.Errorf("no warning that the well-known credentials are exposed:\n%s", stderr.String())
	}

	get := func(path, host string) int {
		t.Helper()
		req, err := http.NewRequest("GET", "http://127.0.0.1:"+port+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	// Another container calls it by its service name, at the port
	// exposed.
	if status := get("/_emulator/interactions", fmt.Sprintf("emulator:%d", im.port)); status != http.StatusOK {
		t.Errorf("the control API under Host emulator:%d: %d", im.port, status)
	}
	if status := get("/_emulator/interactions", "other:8484"); status != http.StatusForbidden {
		t.Errorf("the control API under a name not listed: %d", status)
	}

	t.Run("its HEALTHCHECK passes", func(t *testing.T) {
		health := get("/_emulator/health", "127.0.0.1:"+port)
		check := exec.Command(bin, im.healthcheck[1:]...)
		// The health check runs in the container, with its environment.
		check.Env = append(slices.Clone(base), envPrefix+"ADDR=0.0.0.0:"+port)
		out, err := check.CombinedOutput()
		if health != http.StatusOK {
			if err == nil {
				t.Fatalf("the health check passed, though GET /_emulator/health answered %d", health)
			}
			t.Skipf("the emulator answers GET /_emulator/health %d, and the health check fails so: %s", health, out)
		}
		if err != nil {
			t.Errorf("%q: %v\n%s", im.healthcheck, err, out)
		}
	})
}
