package examples

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/internal/gorun"
)

// TestNoUsageTextShowsTheEnvironment builds every example and asks each
// for its usage text, with -h and with a mistyped flag, for the program
// and for each of its subcommands, with every SWITCHBOARD_ variable the
// examples and the sync step read set to a secret: none may show it.
func TestNoUsageTextShowsTheEnvironment(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every example")
	}
	t.Parallel()
	vars := environmentRead(t, ".", "../registry")
	if !slices.Contains(vars, "SWITCHBOARD_REDIS_URL") || !slices.Contains(vars, "SWITCHBOARD_BOT_TOKEN") {
		t.Fatalf("the variables found, %q, lack the Redis URL or the bot token: the search is broken", vars)
	}
	env := os.Environ()
	for _, v := range vars {
		env = append(env, v+"="+secret(v))
	}
	// -export compiles what the programs import, once, before they are
	// built beside each other: go commands that build at once would each
	// compile what has changed since the last run.
	dirs := programs(t, "-export")
	if len(dirs) < 10 {
		t.Fatalf("found the programs %q; want every example", dirs)
	}
	bin := t.TempDir()
	for _, dir := range dirs {
		t.Run(dir, func(t *testing.T) {
			// Each program is built, then run, while others are.
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			exe := filepath.Join(bin, strings.ReplaceAll(dir, "/", "-"))
			if out, err := gorun.Command(ctx, "./"+dir, exe).CombinedOutput(); err != nil {
				t.Fatalf("building examples/%s: %v\n%s", dir, err, out)
			}
			run := func(args ...string) string {
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				cmd := exec.CommandContext(ctx, exe, args...)
				cmd.Env = env
				out, _ := cmd.CombinedOutput() // -h and a wrong flag may exit 0 or 2
				for _, v := range vars {
					if bytes.Contains(out, []byte(secret(v))) {
						t.Errorf("%s %s shows $%s:\n%s", dir, strings.Join(args, " "), v, out)
					}
				}
				return string(out)
			}
			help := run("-h")
			run("-no-such-flag")
			for _, sub := range []string{"sync", "serve"} {
				if strings.Contains(help, " "+sub+" ") {
					run(sub, "-h")
					run(sub, "-no-such-flag")
				}
			}
		})
	}
}

// secret is the value the test gives the variable v.
func secret(v string) string { return "secret-of-" + strings.ToLower(v) + "-xyzzy" }

// environmentRead returns the SWITCHBOARD_ variables the Go files under
// dirs name, but their tests.
func environmentRead(t *testing.T, dirs ...string) []string {
	name := regexp.MustCompile(`SWITCHBOARD_[A-Z0-9_]+`)
	var vars []string
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			b, err := os.ReadFile(path)
			for _, m := range name.FindAll(b, -1) {
				vars = append(vars, string(m))
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(vars)
	return slices.Compact(vars)
}
