package component_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestComponentsAreALeaf: package component builds messages and checks
// them; it imports package interaction, the violation type, the rule of
// file_types it shares with package command and the rule of URLs it
// shares with package answer, and the standard library
// (and the JSON codec) only, so that the router and the emulator can both
// use it and it links no HTTP.
func TestComponentsAreALeaf(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	out, err := exec.Command("go", "list", "-f", `{{join .Imports "\n"}}`, ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	allowed := map[string]bool{
		"github.com/switchboard-go/switchboard/interaction":       true,
		"github.com/switchboard-go/switchboard/rules":             true,
		"github.com/switchboard-go/switchboard/internal/filetype": true,
		"github.com/switchboard-go/switchboard/internal/urlrule":  true,
		"github.com/switchboard-go/switchboard/internal/jsonerr":  true,
		"github.com/goccy/go-json/v2":                             true,
		"github.com/goccy/go-json/jsontext":                       true,
	}
	for _, imp := range strings.Fields(string(out)) {
		if strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") && !allowed[imp] {
			t.Errorf("component imports %s", imp)
		}
	}
	deps, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, dep := range strings.Fields(string(deps)) {
		if dep == "net/http" || dep == "crypto/tls" {
			t.Errorf("component links %s", dep)
		}
	}
}
