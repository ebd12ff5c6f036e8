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
func TestTheDefinitionsLinkNoHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	for _, pkg := range []string{".", "../interaction", "../option", "../autocomplete"} {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		deps := strings.Fields(string(out))
		for _, banned := range []string{"net/http", "crypto/tls"} {
			if slices.Contains(deps, banned) {
				t.Errorf("%s links %s", pkg, banned)
			}
		}
	}
}
