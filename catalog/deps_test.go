package catalog_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestTheCatalogueLinksNoneOfTheToolingDependencies keeps a bot that
// translates as small as one that does not: the catalogue reads JSON
// itself and other formats only through a decoder the bot gives it, so it
// links no YAML or TOML package, nor what the router must not link.
func TestTheCatalogueLinksNoneOfTheToolingDependencies(t *testing.T) {
	if testing.Short() {
		t.Skip("lists the package's dependencies with the go command")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", "github.com/switchboard-go/switchboard/catalog").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 2 {
		t.Fatalf("go list named %d packages", len(deps))
	}
	forbidden := []string{
		"github.com/chromedp/", "github.com/redis/", "github.com/prometheus/",
		"go.yaml.in/yaml", "gopkg.in/yaml", "github.com/BurntSushi/toml", "golang.org/x/term",
	}
	for _, dep := range deps {
		for _, f := range forbidden {
			if strings.HasPrefix(dep, f) {
				t.Errorf("the catalogue links %s", dep)
			}
		}
	}
}
