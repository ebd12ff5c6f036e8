package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The Dockerfile at the module's root builds this program's image. No
// Docker engine runs where the tests run, so these tests read it.

const dockerfilePath = "Dockerfile"

// instruction is one instruction of a Dockerfile, its continuation lines
// joined.
type instruction struct {
	line int
	cmd  string // upper case
	args string
}

// stage is a Dockerfile's stage: its FROM and what follows it.
type stage struct {
	line   int
	image  string
	name   string // after AS; "" when none
	instrs []instruction
}

// parseDockerfile splits a Dockerfile into stages, the first holding the
// ARG instructions before the first FROM, with no image. It knows comments
// and line continuations, which is all the Dockerfile uses: no heredocs,
// no escape directive.
func parseDockerfile(r io.Reader) ([]stage, error) {
	var (
		stages  = []stage{{}}
		pending strings.Builder
		start   int
	)
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if pending.Len() == 0 {
			start = n
		}
		body, more := strings.CutSuffix(line, `\`)
		pending.WriteString(body + " ")
		if more {
			continue
		}
		cmd, args, _ := strings.Cut(strings.TrimSpace(pending.String()), " ")
		pending.Reset()
		in := instruction{line: start, cmd: strings.ToUpper(cmd), args: strings.TrimSpace(args)}
		if in.cmd == "FROM" {
			var words []string
			for _, w := range strings.Fields(in.args) {
				if !strings.HasPrefix(w, "--") {
					words = append(words, w)
				}
			}
			if len(words) == 0 {
				return nil, fmt.Errorf("line %d: FROM names no image", start)
			}
			s := stage{line: start, image: words[0]}
			if len(words) == 3 && strings.EqualFold(words[1], "AS") {
				s.name = words[2]
			}
			stages = append(stages, s)
			continue
		}
		if len(stages) == 1 && in.cmd != "ARG" {
			return nil, fmt.Errorf("line %d: %s before the first FROM", start, in.cmd)
		}
		stages[len(stages)-1].instrs = append(stages[len(stages)-1].instrs, in)
	}
	if pending.Len() > 0 {
		return nil, fmt.Errorf("line %d: the file ends in a continuation", start)
	}
	return stages, sc.Err()
}

// of returns the stage's instructions cmd.
func (s *stage) of(cmd string) []instruction {
	var out []instruction
	for _, in := range s.instrs {
		if in.cmd == cmd {
			out = append(out, in)
		}
	}
	return out
}

// variables returns the names an ENV or ARG instruction sets, with whether
// each is given a value.
func variables(in instruction) map[string]bool {
	vars := map[string]bool{}
	words := strings.Fields(in.args)
	if in.cmd == "ENV" && len(words) > 1 && !strings.Contains(words[0], "=") {
		return map[string]bool{words[0]: true} // the old form, ENV NAME value
	}
	for _, w := range words {
		name, value, hasValue := strings.Cut(w, "=")
		vars[name] = hasValue && value != ""
	}
	return vars
}

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
	all, err := parseDockerfile(f)
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
	var builder *stage
	for i := range stages[:len(stages)-1] {
		if strings.HasPrefix(stages[i].image, "golang:") {
			builder = &stages[i]
		}
	}
	if builder == nil {
		t.Fatalf("%s: no stage before the last builds FROM a golang image", dockerfilePath)
	}

	t.Run("it builds in a Go stage and ships on a small base", func(t *testing.T) {
		if builder.name == "" {
			errorf(builder.line, "FROM %s: the builder has no name (AS ...) for the final stage to copy from", builder.image)
		}
		want := moduleGoVersion(t)
		has, ok := minorVersion(imageTag(builder.image))
		if need, _ := minorVersion(want); !ok || has[0] < need[0] || (has[0] == need[0] && has[1] < need[1]) {
			errorf(builder.line, "FROM %s: go.mod needs Go %s", builder.image, want)
		}
		small := final.image == "scratch" || strings.HasPrefix(final.image, "gcr.io/distroless/static")
		if !small {
			errorf(final.line, "FROM %s: want distroless/static or scratch, a base with nothing a static binary does not use", final.image)
		}
		for _, s := range stages {
			if tag := imageTag(s.image); s.image != "scratch" && (tag == "" || tag == "latest") && !strings.Contains(s.image, "@") {
				errorf(s.line, "FROM %s: not pinned; give a tag other than latest", s.image)
			}
		}
	})

	t.Run("it builds examples/deploy without cgo and ships that binary", func(t *testing.T) {
		env := map[string]bool{}
		for _, in := range builder.of("ENV") {
			if strings.Contains(in.args, "CGO_ENABLED=0") {
				env["CGO_ENABLED=0"] = true
			}
		}
		out := ""
		for _, in := range builder.of("RUN") {
			if !strings.Contains(in.args, "go build") {
				continue
			}
			words := strings.Fields(in.args)
			if !slices.Contains(words, "./examples/deploy") {
				errorf(in.line, "go build builds %q, not ./examples/deploy", in.args)
			}
			if !env["CGO_ENABLED=0"] && !slices.Contains(words, "CGO_ENABLED=0") {
				errorf(in.line, "go build without CGO_ENABLED=0: the binary would need a C library the final base lacks")
			}
			if i := slices.Index(words, "-o"); i >= 0 && i+1 < len(words) {
				out = words[i+1]
			}
		}
		if out == "" {
			t.Fatalf("%s: the builder has no RUN go build -o FILE", dockerfilePath)
		}
		dest := ""
		for _, in := range final.of("COPY") {
			words := strings.Fields(in.args)
			if len(words) == 3 && words[0] == "--from="+builder.name && words[1] == out {
				dest = words[2]
			}
		}
		if dest == "" {
			t.Fatalf("%s: the final stage does not COPY --from=%s %s", dockerfilePath, builder.name, out)
		}
		switch entry := final.of("ENTRYPOINT"); {
		case len(entry) != 1:
			errorf(final.line, "the final stage has %d ENTRYPOINT instructions, want one running %s", len(entry), dest)
		default:
			var argv []string
			if json.Unmarshal([]byte(entry[0].args), &argv) != nil || len(argv) == 0 || argv[0] != dest {
				errorf(entry[0].line, "ENTRYPOINT %s: want the exec form running %s", entry[0].args, dest)
			}
		}
		// The Deployment and the Job give args only: the entrypoint runs them.
		port, _ := portOf(defaultAddr)
		exposed := false
		for _, in := range final.of("EXPOSE") {
			exposed = exposed || slices.Contains(strings.Fields(in.args), strconv.Itoa(port))
		}
		if !exposed {
			errorf(final.line, "the final stage does not EXPOSE %d, where serve listens by default", port)
		}
	})

	t.Run("it runs as a non-root user", func(t *testing.T) {
		users := final.of("USER")
		if len(users) == 0 {
			t.Fatalf("%s: the final stage has no USER: the image would run as root", dockerfilePath)
		}
		user := users[len(users)-1]
		uid, _, _ := strings.Cut(user.args, ":")
		n, err := strconv.Atoi(uid)
		if err != nil || n == 0 {
			errorf(user.line, "USER %s: want a user other than root, by number, which Kubernetes' runAsNonRoot can check", user.args)
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
			for _, in := range s.instrs {
				if in.cmd != "ENV" && in.cmd != "ARG" {
					continue
				}
				for name := range variables(in) {
					if secretLooking.MatchString(name) {
						errorf(in.line, "%s %s: a secret in the image or its build history; give it at run time from the Secret", in.cmd, name)
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
