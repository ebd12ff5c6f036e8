package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/internal/dockerfile"
)

// The Dockerfile at the module's root builds this program's image. No
// Docker engine runs where the tests run, so these tests read it.

const dockerfilePath = "Dockerfile"

// goVersion matches the Go release at the start of a golang image's tag.
var goVersion = regexp.MustCompile(`^(\d+)\.(\d+)`)

// minorVersion returns the major and minor numbers of a Go version.
func minorVersion(v string) ([2]int, bool) {
	m := goVersion.FindStringSubmatch(v)
	if m == nil {
		return [2]int{}, false
	}
	major, _ := strconv.Atoi(m[1])
	minor, _ := strconv.Atoi(m[2])
	return [2]int{major, minor}, true
}

// moduleGoVersion returns the go directive of the module's go.mod.
func moduleGoVersion(t *testing.T) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(moduleRoot, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(raw)) {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "go "); ok {
			return v
		}
	}
	t.Fatal("go.mod has no go directive")
	return ""
}

func TestDockerfile(t *testing.T) {
	f, err := os.Open(filepath.Join(moduleRoot, dockerfilePath))
	if err != nil {
		t.Fatal(err)
	}
	all, err := dockerfile.Parse(f)
	f.Close()
	if err != nil {
		t.Fatalf("%s: %v", dockerfilePath, err)
	}
	// all[0] holds the ARGs before the first FROM.
	stages := all[1:]
	errorf := func(line int, format string, args ...any) {
		t.Helper()
		t.Errorf("%s:%d: %s", dockerfilePath, line, fmt.Sprintf(format, args...))
	}
	if len(stages) < 2 {
		t.Fatalf("%s: %d stage, want a Go builder and a final stage", dockerfilePath, len(stages))
	}
	final := &stages[len(stages)-1]
	var builder *dockerfile.Stage
	for i := range stages[:len(stages)-1] {
		if strings.HasPrefix(stages[i].Image, "golang:") {
			builder = &stages[i]
		}
	}
	if builder == nil {
		t.Fatalf("%s: no stage before the last builds FROM a golang image", dockerfilePath)
	}

	t.Run("it builds in a Go stage and ships on a small base", func(t *testing.T) {
		if builder.Name == "" {
			errorf(builder.Line, "FROM %s: the builder has no name (AS ...) for the final stage to copy from", builder.Image)
		}
		want := moduleGoVersion(t)
		has, ok := minorVersion(imageTag(builder.Image))
		if need, _ := minorVersion(want); !ok || has[0] < need[0] || (has[0] == need[0] && has[1] < need[1]) {
			errorf(builder.Line, "FROM %s: go.mod needs Go %s", builder.Image, want)
		}
		small := final.Image == "scratch" || strings.HasPrefix(final.Image, "gcr.io/distroless/static")
		if !small {
			errorf(final.Line, "FROM %s: want distroless/static or scratch, a base with nothing a static binary does not use", final.Image)
		}
		for _, s := range stages {
			if tag := imageTag(s.Image); s.Image != "scratch" && (tag == "" || tag == "latest") && !strings.Contains(s.Image, "@") {
				errorf(s.Line, "FROM %s: not pinned; give a tag other than latest", s.Image)
			}
		}
	})

	t.Run("it builds examples/deploy without cgo and ships that binary", func(t *testing.T) {
		env := map[string]bool{}
		for _, in := range builder.Of("ENV") {
			if strings.Contains(in.Args, "CGO_ENABLED=0") {
				env["CGO_ENABLED=0"] = true
			}
		}
		out := ""
		for _, in := range builder.Of("RUN") {
			if !strings.Contains(in.Args, "go build") {
				continue
			}
			words := strings.Fields(in.Args)
			if !slices.Contains(words, "./examples/deploy") {
				errorf(in.Line, "go build builds %q, not ./examples/deploy", in.Args)
			}
			if !env["CGO_ENABLED=0"] && !slices.Contains(words, "CGO_ENABLED=0") {
				errorf(in.Line, "go build without CGO_ENABLED=0: the binary would need a C library the final base lacks")
			}
			if i := slices.Index(words, "-o"); i >= 0 && i+1 < len(words) {
				out = words[i+1]
			}
		}
		if out == "" {
			t.Fatalf("%s: the builder has no RUN go build -o FILE", dockerfilePath)
		}
		dest := ""
		for _, in := range final.Of("COPY") {
			words := strings.Fields(in.Args)
			if len(words) == 3 && words[0] == "--from="+builder.Name && words[1] == out {
				dest = words[2]
			}
		}
		if dest == "" {
			t.Fatalf("%s: the final stage does not COPY --from=%s %s", dockerfilePath, builder.Name, out)
		}
		switch entry := final.Of("ENTRYPOINT"); {
		case len(entry) != 1:
			errorf(final.Line, "the final stage has %d ENTRYPOINT instructions, want one running %s", len(entry), dest)
		default:
			var argv []string
			if json.Unmarshal([]byte(entry[0].Args), &argv) != nil || len(argv) == 0 || argv[0] != dest {
				errorf(entry[0].Line, "ENTRYPOINT %s: want the exec form running %s", entry[0].Args, dest)
			}
		}
		// The Deployment and the Job give args only: the entrypoint runs them.
		port, _ := portOf(defaultAddr)
		exposed := false
		for _, in := range final.Of("EXPOSE") {
			exposed = exposed || slices.Contains(strings.Fields(in.Args), strconv.Itoa(port))
		}
		if !exposed {
			errorf(final.Line, "the final stage does not EXPOSE %d, where serve listens by default", port)
		}
	})

	t.Run("it runs as a non-root user", func(t *testing.T) {
		users := final.Of("USER")
		if len(users) == 0 {
			t.Fatalf("%s: the final stage has no USER: the image would run as root", dockerfilePath)
		}
		user := users[len(users)-1]
		uid, _, _ := strings.Cut(user.Args, ":")
		n, err := strconv.Atoi(uid)
		if err != nil || n == 0 {
			errorf(user.Line, "USER %s: want a user other than root, by number, which Kubernetes' runAsNonRoot can check", user.Args)
			return
		}
		docs, err := readManifests(moduleRoot, manifestDir, manifestFiles(t))
		if err != nil {
			t.Fatal(err)
		}
		w := decodeWorkloads(t, docs)
		for _, p := range w.pods() {
			if sc := p.pod.SecurityContext; sc != nil && sc.RunAsUser != nil && *sc.RunAsUser != n {
				p.doc.errorf(t, "spec.template.spec.securityContext.runAsUser", "%d, but the image's USER is %d", *sc.RunAsUser, n)
			}
		}
	})

	t.Run("it bakes in no secret", func(t *testing.T) {

		for _, s := range all {
			for _, in := range s.Instrs {
				if in.Cmd != "ENV" && in.Cmd != "ARG" {
					continue
				}
				for name := range dockerfile.Variables(in) {
					if secretLooking.MatchString(name) {
						errorf(in.Line, "%s %s: a secret in the image or its build history; give it at run time from the Secret", in.Cmd, name)
					}
				}
			}
		}
	})

	t.Run("the build context leaves the history out and the sources in", func(t *testing.T) {
		const path = ".dockerignore"
		raw, err := os.ReadFile(filepath.Join(moduleRoot, path))
		if err != nil {
			t.Fatal(err)
		}
		var patterns []string
		for line := range strings.Lines(string(raw)) {
			if p := strings.TrimSpace(line); p != "" && !strings.HasPrefix(p, "#") {
				patterns = append(patterns, p)
			}
		}
		if !slices.Contains(patterns, ".git") {
			t.Errorf("%s does not leave out .git", path)
		}
		for _, p := range patterns {
			if slices.Contains([]string{"go.mod", "go.sum", "*.go", "**/*.go", "examples", "examples/deploy", "*", "**"}, p) {
				t.Errorf("%s: %q leaves out what the build needs", path, p)
			}
		}
	})
}
