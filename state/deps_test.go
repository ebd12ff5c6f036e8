package state_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestABotKeepingStateInMemoryLinksNoRedis: package state names only its
// Store interface; the Redis client comes with redisstore, for a bot
// that imports it.
func TestABotKeepingStateInMemoryLinksNoRedis(t *testing.T) {
	if testing.Short() {
		t.Skip("lists the package's dependencies with the go command")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", "github.com/switchboard-go/switchboard/state").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list named %d packages; the list is broken", len(deps))
	}
	for _, dep := range deps {
		for _, f := range []string{"github.com/redis/", "github.com/prometheus/", "github.com/chromedp/"} {
			if strings.HasPrefix(dep, f) {
				t.Errorf("package state links %s", dep)
			}
		}
	}
}
