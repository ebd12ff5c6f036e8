package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "release:", err)
		}
		os.Exit(2)
	}
}

// versionPattern is what a version may be: it is part of file names.
var versionPattern = regexp.MustCompile(`^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$`)

// defaultTime is the time of the archives' entries when SOURCE_DATE_EPOCH
// gives none.
func defaultTime() time.Time { return time.Date(2000, time.January, 1, 0, 0, 0, 0, time.UTC) }

func run(ctx context.Context, args []string, stderr io.Writer) error {
	flags := flag.NewFlagSet("release", flag.ContinueOnError)
	flags.SetOutput(stderr)
	configPath := flags.String("config", "release/targets", "the release configuration")
	version := flags.String("version", "", "the release's version, such as v0.1.0 (required)")
	out := flags.String("out", "dist", "the directory the archives and SHA256SUMS are written to")
	only := flags.String("targets", "", "GOOS/GOARCH of the targets to build, separated by commas (default every one)")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %q", flags.Args())
	}
	if !versionPattern.MatchString(*version) {
		return fmt.Errorf("-version %q: want a semantic version such as v0.1.0", *version)
	}
	f, err := os.Open(*configPath)
	if err != nil {
		return err
	}
	c, err := parseConfig(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", *configPath, err)
	}
	targets := c.targets
	if *only != "" {
		targets = nil
		for name := range strings.SplitSeq(*only, ",") {
			i := slices.IndexFunc(c.targets, func(t target) bool { return t.String() == name })
			if i < 0 {
				return fmt.Errorf("-targets: %s is no target of %s", name, *configPath)
			}
			targets = append(targets, c.targets[i])
		}
	}
	mtime := defaultTime()
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		sec, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return fmt.Errorf("SOURCE_DATE_EPOCH %q: want seconds since 1970", s)
		}
		mtime = time.Unix(sec, 0).UTC()
	}
	return release(ctx, c, targets, *version, *out, mtime, stderr)
}

// release builds the archives of targets into out, and SHA256SUMS,
// saying what it does on log.
func release(ctx context.Context, c *config, targets []target, version, out string, mtime time.Time, log io.Writer) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	var files []entry
	for _, name := range c.files {
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		files = append(files, entry{name: filepath.Base(name), mode: 0o644, data: data})
	}
	var sums bytes.Buffer
	for _, t := range targets {
		fmt.Fprintf(log, "release: building %s\n", t)
		bin, err := build(ctx, c, t, version)
		if err != nil {
			return err
		}
		entries := append([]entry{{name: c.binaryName(t), mode: 0o755, data: bin}}, files...)
		var archive bytes.Buffer
		if t.format == "zip" {
			err = writeZip(&archive, entries, mtime)
		} else {
			err = writeTarGz(&archive, entries, mtime)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", t, err)
		}
		name := c.archiveName(version, t)
		if err := os.WriteFile(filepath.Join(out, name), archive.Bytes(), 0o644); err != nil {
			return err
		}
		sum := sha256.Sum256(archive.Bytes())
		fmt.Fprintf(&sums, "%s  %s\n", hex.EncodeToString(sum[:]), name)
		fmt.Fprintf(log, "release: %s, %d bytes\n", filepath.Join(out, name), archive.Len())
	}
	return os.WriteFile(filepath.Join(out, "SHA256SUMS"), sums.Bytes(), 0o644)
}

// build builds c's program for t and returns the binary.
func build(ctx context.Context, c *config, t target, version string) ([]byte, error) {
	dir, err := os.MkdirTemp("", "release-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, c.binaryName(t))
	ldflags := strings.ReplaceAll(c.ldflags, "{version}", version)
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-buildvcs=false", "-ldflags="+ldflags, "-o", bin, c.pkg)
	// GOFLAGS of the machine's own would change the binary.
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+t.goos, "GOARCH="+t.goarch, "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%s: go build: %v\n%s", t, err, out)
	}
	return os.ReadFile(bin)
}
