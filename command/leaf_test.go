package command_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestTheDefinitionsLinkNoHTTP: declaring commands and reading their options
// must not pull the HTTP stack (and TLS) into a program; only the packages
// that talk to the service do.
//
// One go command lists what each package depends on, each on a line of
// its own: a go command costs far more to start than to list. It runs
// beside the package's other tests, which compute while it waits.
func TestTheDefinitionsLinkNoHTTP(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the go command")
	}
	pkgs := []string{".", "../interaction", "../option", "../autocomplete"}
	out, err := exec.Command("go", append([]string{"list", "-f", "{{.ImportPath}} {{join .Deps \" \"}}"}, pkgs...)...).Output()
	if err != nil {
		t.Fatalf("go list %s: %v", strings.Join(pkgs, " "), err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(pkgs) {
		t.Fatalf("go list gave %d lines for %d packages:\n%s", len(lines), len(pkgs), out)
	}
	for _, line := range lines {
		pkg, deps, _ := strings.Cut(line, " ")
		for _, banned := range []string{"net/http", "crypto/tls"} {
			if slices.Contains(strings.Fields(deps), banned) {
				t.Errorf("%s links %s", pkg, banned)
			}
		}
	}
}
