package examples

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// emulatorPackage is the embedded emulator: it and the packages under it
// serve trying a bot, never serving one.
const emulatorPackage = "github.com/switchboard-go/switchboard/emulator"

// demos are the programs, by their directories under examples/, whose run
// without arguments plays on the embedded emulator: they link it, and are
// not deployed. What a user takes from each is the bot, which a main of
// their own serves as minimal's does, and the emulator stays out of it.
// Every other program is one that ships, or that runs against a bot that
// has shipped, and links no emulator. A new example is a program that
// ships unless it is listed here, with the reason.
var demos = map[string]string{
	"autocomplete": "its main is the playground's (playground.Main)",
	"components":   "its main is the playground's (playground.Main)",
	"contextmenu":  "its main is the playground's (playground.Main)",
	"deferred":     "its main is the playground's (playground.Main)",
	"entrypoint":   "its main is the playground's (playground.Main)",
	"forms":        "its main is the playground's (playground.Main)",
	"localization": "its main is the playground's (playground.Main)",
	"nethttp":      "its main is the playground's (playground.Main); the server a bot ships is its newServer and routes",
	"permissions":  "its main is the playground's (playground.Main)",
	"quickstart":   "its main is the playground's (playground.Main)",
	"structopts":   "its main is the playground's (playground.Main)",
	"subcommands":  "its main is the playground's (playground.Main)",
	"teatime":      "its main is the playground's (playground.Main)",
	"wizard":       "its main is the playground's (playground.Main)",
	"reminder":     "its main is the playground's (playground.Main)",
	"events":       "without -public-key it plays the emulator's users installing and buying the app",
	"lambda":       "the local mode; what Lambda runs is lambda/function",

	"deploy/walkthrough": "walks through deploy's sync step on the emulator; what the Dockerfile ships is deploy",
}

// The builds a program that ships is checked in: the Lambda functions'
// (the template's functions run on arm64; the tag leaves out the RPC
// mode of the Lambda library), and this machine's, as go build makes it.
var shippedBuilds = []struct {
	name string
	env  []string
	tags string
}{
	{"linux/arm64, as on Lambda", []string{"GOOS=linux", "GOARCH=arm64", "CGO_ENABLED=0"}, "lambda.norpc"},
	{"this machine's", nil, ""},
}

// TestNoProgramThatShipsLinksTheEmulator keeps the embedded emulator out
// of what is deployed: every program under examples/ but the demos links
// neither package emulator nor any under it, in the builds a deploy makes.
func TestNoProgramThatShipsLinksTheEmulator(t *testing.T) {
	if testing.Short() {
		t.Skip("lists the examples' packages with the go command")
	}
	t.Parallel()
	var shipped []string
	found := map[string]bool{}
	for _, dir := range programs(t) {
		found[dir] = true
		if _, ok := demos[dir]; !ok {
			shipped = append(shipped, dir)
		}
	}
	for dir := range demos {
		if !found[dir] {
			t.Errorf("demos lists %s, which is no program under examples/", dir)
		}
	}
	// What the repository's deploys build ships, whatever the lists say.
	for _, dir := range deployed(t) {
		if _, ok := demos[dir]; ok || !found[dir] {
			t.Errorf("a deploy builds examples/%s, which is not checked as a program that ships", dir)
		}
	}
	if len(shipped) < 4 {
		t.Fatalf("found the programs %q that ship, too few: the search is broken", shipped)
	}
	for _, b := range shippedBuilds {
		t.Run(b.name, func(t *testing.T) {
			args := []string{"list", "-tags", b.tags, "-f", "{{.ImportPath}}{{range .Deps}} {{.}}{{end}}"}
			for _, dir := range shipped {
				args = append(args, module+dir)
			}
			cmd := exec.Command("go", args...)
			cmd.Env = append(os.Environ(), b.env...)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("go list: %v", err)
			}
			for line := range strings.Lines(string(out)) {
				fields := strings.Fields(line)
				dir := strings.TrimPrefix(fields[0], module)
				linked := slices.ContainsFunc(fields[1:], func(dep string) bool {
					return dep == emulatorPackage || strings.HasPrefix(dep, emulatorPackage+"/")
				})
				if linked {
					t.Errorf("examples/%s ships and links %s: what runs on the emulator belongs in a program of its own (see examples/lambda and examples/deploy)", dir, emulatorPackage)
				}
			}
		})
	}
}

// module is the import path of the examples, programs' directories
// under it.
const module = "github.com/switchboard-go/switchboard/examples/"

// programs returns the directories under examples/ of the main packages,
// as go list finds them with flags.
func programs(t *testing.T, flags ...string) []string {
	t.Helper()
	args := append([]string{"list"}, flags...)
	args = append(args, "-f", "{{if eq .Name \"main\"}}{{.ImportPath}}{{end}}", "./...")
	cmd := exec.Command("go", args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var dirs []string
	for p := range strings.FieldsSeq(string(out)) {
		dirs = append(dirs, strings.TrimPrefix(p, module))
	}
	return dirs
}

// deployed returns the programs under examples/ the repository's deploy
// files build: the root Dockerfile's go build, and the SAM template's
// CodeUri.
func deployed(t *testing.T) []string {
	t.Helper()
	var dirs []string
	dockerfile, err := os.ReadFile(filepath.Join("..", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`go build [^\n]*\./examples/([\w/]+)`).FindAllSubmatch(dockerfile, -1) {
		dirs = append(dirs, string(m[1]))
	}
	template, err := os.ReadFile(filepath.Join("lambda", "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`(?m)^\s*CodeUri:\s*(\S+)\s*$`).FindAllSubmatch(template, -1) {
		dirs = append(dirs, filepath.ToSlash(filepath.Join("lambda", string(m[1]))))
	}
	if len(dirs) < 2 {
		t.Fatalf("found %q built by the deploy files: the search is broken", dirs)
	}
	return dirs
}
