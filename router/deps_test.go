package router_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestABotLinksNoneOfTheToolingDependencies keeps what a bot links small:
// the browser driver, the Redis client, the Prometheus client, YAML and
// the terminal package serve the emulator, the playground, deployment and
// metrics, and the AWS libraries the Lambda adapter (awslambda) alone,
// and a bot that imports only the packages it serves with must not pay
// for them in build time or binary size.
func TestABotLinksNoneOfTheToolingDependencies(t *testing.T) {
	if testing.Short() {
		t.Skip("lists the module's packages with the go command")
	}
	const module = "github.com/switchboard-go/switchboard/"
	// What a bot serving the interactions endpoint imports.
	bot := []string{
		"router", "endpoint", "serve", "rest", "option", "autocomplete", "interaction",
		"command", "component", "answer", "cooldown", "concurrency", "replay",
		"webhook", "registry", "storecall", "state", "catalog", "switchboardtest", "queue",
	}
	forbidden := []string{
		"github.com/chromedp/",
		"github.com/redis/",
		"github.com/prometheus/",
		"go.yaml.in/yaml",
		"gopkg.in/yaml",
		"golang.org/x/term",
		"github.com/aws/",
	}
	args := []string{"list", "-deps", "-f", "{{.ImportPath}}"}
	for _, p := range bot {
		args = append(args, module+p)
	}
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < len(bot) {
		t.Fatalf("go list named %d packages, fewer than the %d asked for", len(deps), len(bot))
	}
	for _, dep := range deps {
		for _, f := range forbidden {
			if strings.HasPrefix(dep, f) {
				t.Errorf("a bot importing %v links %s", bot, dep)
			}
		}
	}
	// The adapter does link the AWS library: the prefix above names it.
	out, err = exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", module+"awslambda").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	if !strings.Contains(string(out), "\ngithub.com/aws/aws-lambda-go/") {
		t.Errorf("the Lambda adapter links no package under github.com/aws/aws-lambda-go/: the forbidden prefix is stale")
	}
}

// TestTheRouterDoesNotSayHowInteractionsArrive keeps the router
// transport-neutral: the endpoint that serves it over HTTP, the queue its
// endpoint hands interactions to, the HTTP server and the calls to the
// stores replicas share are the transports' own, and a Mux served some
// other way links none of them.
func TestTheRouterDoesNotSayHowInteractionsArrive(t *testing.T) {
	if testing.Short() {
		t.Skip("lists the package's dependencies with the go command")
	}
	const module = "github.com/switchboard-go/switchboard/"
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", module+"router").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, module+"interaction") {
		t.Fatalf("go list named %d packages, not interaction among them: the list is not what this test thinks", len(deps))
	}
	forbidden := []string{
		module + "endpoint",
		module + "queue",
		module + "serve",
		module + "storecall",
		module + "awslambda",
		module + "internal/receive",
		module + "internal/gopool",
		"github.com/valyala/fasthttp",
	}
	for _, dep := range deps {
		for _, f := range forbidden {
			if dep == f || strings.HasPrefix(dep, f+"/") {
				t.Errorf("package router links %s", dep)
			}
		}
	}
}
