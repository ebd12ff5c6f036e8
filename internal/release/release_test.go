package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/internal/testmain"
)

// The tests wait on the go command.
func TestMain(m *testing.M) { testmain.Exit(testmain.Waiting(m)) }

// moduleRoot is the module's root, from this directory, where the
// configuration's paths are read from.
const moduleRoot = "../.."

func readConfig(t *testing.T) *config {
	t.Helper()
	f, err := os.Open(filepath.Join(moduleRoot, "release", "targets"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := parseConfig(f)
	if err != nil {
		t.Fatalf("release/targets: %v", err)
	}
	return c
}

// goOutput runs the go command in the module's root.
func goOutput(t *testing.T, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = moduleRoot
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func TestTheConfiguration(t *testing.T) {
	c := readConfig(t)
	platforms := map[string]bool{}
	for _, p := range strings.Fields(goOutput(t, nil, "tool", "dist", "list")) {
		platforms[p] = true
	}
	for _, target := range c.targets {
		if !platforms[target.String()] {
			t.Errorf("release/targets:%d: %s is no platform of go tool dist list", target.line, target)
		}
		if target.goos == "windows" && target.format != "zip" {
			t.Errorf("release/targets:%d: %s in a %s: Windows opens zip archives", target.line, target, target.format)
		}
	}
	if name := strings.TrimSpace(goOutput(t, nil, "list", "-f", "{{.Name}}", c.pkg)); name != "main" {
		t.Errorf("release/targets: package %s is package %s, not a program", c.pkg, name)
	}
	if strings.ContainsAny(c.binary, `/\ `) {
		t.Errorf("release/targets: binary %q is no file name", c.binary)
	}
	for _, f := range c.files {
		if _, err := os.Stat(filepath.Join(moduleRoot, f)); err != nil {
			t.Errorf("release/targets: file %s: %v", f, err)
		}
	}
	if !strings.Contains(c.ldflags, "main.version={version}") {
		t.Errorf("release/targets: ldflags %q do not stamp the version", c.ldflags)
	}
}

func TestParseConfigRefuses(t *testing.T) {
	const good = "package ./cmd/x\nbinary x\narchive x_{version}_{os}_{arch}\nldflags -s\n"
	for _, tt := range []struct{ name, text, want string }{
		{"no target", good, "no target"},
		{"an unknown setting", good + "target linux/amd64 tar.gz\nsign yes\n", `line 6: "sign" is no setting`},
		{"a setting twice", good + "binary y\ntarget linux/amd64 tar.gz\n", "line 5: binary again, after line 2"},
		{"a target in two formats, whose archives differ", good + "target linux/amd64 tar.gz\ntarget linux/amd64 zip\n", ""},
		{"the same archive twice", good + "target linux/amd64 tar.gz\ntarget linux/amd64 tar.gz\n", "target linux/amd64 again"},
		{"a target without its format", good + "target linux/amd64\n", "want GOOS/GOARCH and a format"},
		{"another format", good + "target linux/amd64 rar\n", `format "rar"`},
		{"no arch", good + "target linux tar.gz\n", "want GOOS/GOARCH"},
		{"an archive name without the version", strings.Replace(good, "{version}_", "", 1) + "target linux/amd64 tar.gz\n", "no {version}"},
		{"a setting without a value", "package\n", "line 1: package has no value"},
	} {
		_, err := parseConfig(strings.NewReader(tt.text))
		if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

// TestTheHostsArchiveIsReproducible builds the archive of this machine's
// platform twice, as a release would, and runs the binary it holds. The
// other targets are cross-compiled only by a release: each takes as long
// as a build from an empty cache (about a minute on two cores), where
// TestTheOtherTargetsTypeCheck checks their code.
func TestTheHostsArchiveIsReproducible(t *testing.T) {
	c := readConfig(t)
	var host *target
	for i := range c.targets {
		if c.targets[i].goos == runtime.GOOS && c.targets[i].goarch == runtime.GOARCH {
			host = &c.targets[i]
		}
	}
	if host == nil {
		t.Skipf("release/targets has no target for this machine, %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	t.Chdir(moduleRoot)
	const version = "v0.0.0-test"
	mtime := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	var archives, sums [2][]byte
	dirs := [2]string{t.TempDir(), t.TempDir()}
	for i, dir := range dirs {
		if err := release(context.Background(), c, []target{*host}, version, dir, mtime, io.Discard); err != nil {
			t.Fatal(err)
		}
		var err error
		if archives[i], err = os.ReadFile(filepath.Join(dir, c.archiveName(version, *host))); err != nil {
			t.Fatal(err)
		}
		if sums[i], err = os.ReadFile(filepath.Join(dir, "SHA256SUMS")); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(archives[0], archives[1]) || !bytes.Equal(sums[0], sums[1]) {
		t.Fatalf("two builds of %s differ", c.archiveName(version, *host))
	}
	if !strings.HasSuffix(string(sums[0]), "  "+c.archiveName(version, *host)+"\n") {
		t.Errorf("SHA256SUMS: %q", sums[0])
	}
	if host.format != "tar.gz" {
		return
	}
	gz, err := gzip.NewReader(bytes.NewReader(archives[0]))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	var names []string
	bin := filepath.Join(t.TempDir(), c.binaryName(*host))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, h.Name)
		if !h.ModTime.Equal(mtime) || h.Uid != 0 || h.Gid != 0 || h.Uname != "" {
			t.Errorf("%s: time %v, owner %d:%d %q; want %v and root by number", h.Name, h.ModTime, h.Uid, h.Gid, h.Uname, mtime)
		}
		if h.Name == c.binaryName(*host) {
			data, err := io.ReadAll(tr)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(bin, data, 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	if want := len(c.files) + 1; len(names) != want {
		t.Errorf("the archive holds %q, want the binary and %q", names, c.files)
	}
	if out, err := exec.Command(bin, "-version").Output(); err != nil || string(out) != "emulator "+version+"\n" {
		t.Errorf("-version: %q, %v; want the version the release stamped", out, err)
	}
}

// TestTheOtherTargetsTypeCheck vets the program for the targets whose
// code differs from this machine's: the module's files of the program
// that each target builds (proc_unix.go, proc_other.go) are listed, which
// takes no compiling, and one target of each set that is not this
// machine's is vetted, so that a function one of its files lacks fails
// here rather than in a release. Vetting compiles what the program
// imports for that target: about three minutes with an empty build
// cache on two cores, and a moment once it is filled.
func TestTheOtherTargetsTypeCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the program for other systems")
	}
	c := readConfig(t)
	files := func(goos, goarch string) string {
		return goOutput(t, []string{"CGO_ENABLED=0", "GOOS=" + goos, "GOARCH=" + goarch},
			"list", "-deps", "-f", "{{if .Module}}{{if .Module.Main}}{{.ImportPath}} {{.GoFiles}}{{end}}{{end}}", c.pkg)
	}
	done := map[string]bool{files(runtime.GOOS, runtime.GOARCH): true}
	for _, target := range c.targets {
		set := files(target.goos, target.goarch)
		if done[set] {
			continue
		}
		done[set] = true
		t.Run(target.String(), func(t *testing.T) {
			goOutput(t, []string{"CGO_ENABLED=0", "GOOS=" + target.goos, "GOARCH=" + target.goarch}, "vet", c.pkg)
		})
	}
	if len(done) == 1 {
		t.Log("every target builds the files this machine does")
	}
}
