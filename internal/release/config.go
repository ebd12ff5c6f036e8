package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// config is a release configuration, as release/targets writes it.
type config struct {
	pkg     string // the main package, as go build names it
	binary  string
	archive string // the archive's name without its extension, with {version}, {os} and {arch}
	ldflags string // with {version}
	files   []string
	targets []target
}

// target is one platform of a release.
type target struct {
	goos, goarch string
	format       string // "tar.gz" or "zip"
	line         int
}

// String returns the target as go tool dist list names it.
func (t target) String() string { return t.goos + "/" + t.goarch }

// parseConfig reads a configuration. Every setting but file and target is
// given once, and each is required but file.
func parseConfig(r io.Reader) (*config, error) {
	c := &config{}
	seen := map[string]int{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, value, _ := strings.Cut(line, " ")
		value = strings.TrimSpace(value)
		if value == "" {
			return nil, fmt.Errorf("line %d: %s has no value", n, key)
		}
		if at, ok := seen[key]; ok && key != "file" && key != "target" {
			return nil, fmt.Errorf("line %d: %s again, after line %d", n, key, at)
		}
		seen[key] = n
		switch key {
		case "package":
			c.pkg = value
		case "binary":
			c.binary = value
		case "archive":
			c.archive = value
		case "ldflags":
			c.ldflags = value
		case "file":
			c.files = append(c.files, value)
		case "target":
			t, err := parseTarget(value)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", n, err)
			}
			t.line = n
			c.targets = append(c.targets, t)
		default:
			return nil, fmt.Errorf("line %d: %q is no setting: want package, binary, archive, ldflags, file or target", n, key)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	for _, key := range []string{"package", "binary", "archive", "ldflags", "target"} {
		if _, ok := seen[key]; !ok {
			return nil, fmt.Errorf("no %s", key)
		}
	}
	for _, p := range []string{"{version}", "{os}", "{arch}"} {
		if !strings.Contains(c.archive, p) {
			return nil, fmt.Errorf("archive %s: no %s, so that the archives of two releases or targets differ", c.archive, p)
		}
	}
	names := map[string]int{}
	for _, t := range c.targets {
		name := c.archiveName("v", t)
		if at, ok := names[name]; ok {
			return nil, fmt.Errorf("line %d: target %s again, after line %d", t.line, t, at)
		}
		names[name] = t.line
	}
	return c, nil
}

// parseTarget reads "GOOS/GOARCH FORMAT".
func parseTarget(s string) (target, error) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return target{}, fmt.Errorf("target %q: want GOOS/GOARCH and a format, tar.gz or zip", s)
	}
	goos, goarch, ok := strings.Cut(f[0], "/")
	if !ok || goos == "" || goarch == "" {
		return target{}, fmt.Errorf("target %q: want GOOS/GOARCH", f[0])
	}
	if f[1] != "tar.gz" && f[1] != "zip" {
		return target{}, fmt.Errorf("target %s: format %q: want tar.gz or zip", f[0], f[1])
	}
	return target{goos: goos, goarch: goarch, format: f[1]}, nil
}

// archiveName returns the file name of t's archive for version.
func (c *config) archiveName(version string, t target) string {
	r := strings.NewReplacer("{version}", version, "{os}", t.goos, "{arch}", t.goarch)
	return r.Replace(c.archive) + "." + t.format
}

// binaryName returns the name of the binary for t.
func (c *config) binaryName(t target) string {
	if t.goos == "windows" {
		return c.binary + ".exe"
	}
	return c.binary
}
