package readmetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// packages maps the package names the README's fragments call to the
// paths they import: the module's own packages, the standard library's
// and those of the module's dependencies the README shows, and
// OpenTelemetry's, which the module does not depend on (see
// testdata/otel).
var packages = map[string]string{
	"bytes": "bytes", "context": "context", "errors": "errors", "fmt": "fmt",
	"io": "io", "log": "log", "net": "net", "os": "os", "signal": "os/signal",
	"strings": "strings", "syscall": "syscall", "testing": "testing", "time": "time",
	"http": "net/http", "json": "encoding/json",

	"answer":          "github.com/switchboard-go/switchboard/answer",
	"autocomplete":    "github.com/switchboard-go/switchboard/autocomplete",
	"catalog":         "github.com/switchboard-go/switchboard/catalog",
	"command":         "github.com/switchboard-go/switchboard/command",
	"component":       "github.com/switchboard-go/switchboard/component",
	"concurrency":     "github.com/switchboard-go/switchboard/concurrency",
	"cooldown":        "github.com/switchboard-go/switchboard/cooldown",
	"emulator":        "github.com/switchboard-go/switchboard/emulator",
	"endpoint":        "github.com/switchboard-go/switchboard/endpoint",
	"interaction":     "github.com/switchboard-go/switchboard/interaction",
	"interactiontest": "github.com/switchboard-go/switchboard/interaction/interactiontest",
	"metrics":         "github.com/switchboard-go/switchboard/metrics",
	"option":          "github.com/switchboard-go/switchboard/option",
	"redisstore":      "github.com/switchboard-go/switchboard/redisstore",
	"registry":        "github.com/switchboard-go/switchboard/registry",
	"replay":          "github.com/switchboard-go/switchboard/replay",
	"rest":            "github.com/switchboard-go/switchboard/rest",
	"router":          "github.com/switchboard-go/switchboard/router",
	"rules":           "github.com/switchboard-go/switchboard/rules",
	"serve":           "github.com/switchboard-go/switchboard/serve",
	"state":           "github.com/switchboard-go/switchboard/state",
	"storecall":       "github.com/switchboard-go/switchboard/storecall",
	"storetest":       "github.com/switchboard-go/switchboard/storetest",
	"switchboardtest": "github.com/switchboard-go/switchboard/switchboardtest",
	"webhook":         "github.com/switchboard-go/switchboard/webhook",

	"fasthttp":   "github.com/valyala/fasthttp",
	"prometheus": "github.com/prometheus/client_golang/prometheus",
	"promhttp":   "github.com/prometheus/client_golang/prometheus/promhttp",
	"redis":      "github.com/redis/go-redis/v9",
	"zerolog":    "github.com/rs/zerolog",

	"otel":     "go.opentelemetry.io/otel",
	"trace":    "go.opentelemetry.io/otel/trace",
	"codes":    "go.opentelemetry.io/otel/codes",
	"otelhttp": "go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp",
}

// harnessNames returns the names testdata/harness.go declares at the top
// level: a fragment uses them without declaring them.
func harnessNames(t *testing.T) map[string]bool {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join("testdata", "harness.go"), nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			names[d.Name.Name] = true
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.ValueSpec:
					for _, n := range s.Names {
						names[n.Name] = true
					}
				case *ast.TypeSpec:
					names[s.Name.Name] = true
				}
			}
		}
	}
	return names
}

// parsed is a block parsed as Go: the package names it calls, and the
// names its top-level statements declare.
type parsed struct {
	calls    []string
	declares []string
}

// parseGo parses a fragment's statements, as the body of a function, or a
// test block's declarations, as a file's.
func parseGo(b block, statements bool) (parsed, error) {
	src := "package p\n" + b.code
	if statements {
		src = "package p\nfunc _() {\n" + b.code + "}\n"
	}
	f, err := parser.ParseFile(token.NewFileSet(), b.at(), src, parser.SkipObjectResolution)
	if err != nil {
		return parsed{}, fmt.Errorf("%s: %v", b.at(), err)
	}
	var p parsed
	defined := map[string]bool{}
	def := func(ids ...*ast.Ident) {
		for _, id := range ids {
			defined[id.Name] = true
		}
	}
	selected := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok {
				selected[id.Name] = true
			}
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, e := range n.Lhs {
					if id, ok := e.(*ast.Ident); ok {
						def(id)
					}
				}
			}
		case *ast.RangeStmt:
			if n.Tok == token.DEFINE {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if id, ok := e.(*ast.Ident); ok {
						def(id)
					}
				}
			}
		case *ast.ValueSpec:
			def(n.Names...)
		case *ast.Field:
			def(n.Names...)
		case *ast.TypeSpec:
			def(n.Name)
		case *ast.FuncDecl:
			def(n.Name)
		}
		return true
	})
	for name := range selected {
		if !defined[name] {
			p.calls = append(p.calls, name)
		}
	}
	if statements {
		for _, s := range f.Decls[0].(*ast.FuncDecl).Body.List {
			switch s := s.(type) {
			case *ast.AssignStmt:
				if s.Tok == token.DEFINE {
					for _, e := range s.Lhs {
						if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
							p.declares = append(p.declares, id.Name)
						}
					}
				}
			case *ast.DeclStmt:
				if g, ok := s.Decl.(*ast.GenDecl); ok && g.Tok == token.VAR {
					for _, spec := range g.Specs {
						for _, id := range spec.(*ast.ValueSpec).Names {
							if id.Name != "_" {
								p.declares = append(p.declares, id.Name)
							}
						}
					}
				}
			}
		}
	}
	return p, nil
}

// goFile is a Go file being generated: its package, the packages its
// code calls, and its code.
type goFile struct {
	name    string
	pkg     string
	imports map[string]bool
	body    bytes.Buffer
}

func newGoFile(name, pkg string) *goFile {
	return &goFile{name: name, pkg: pkg, imports: map[string]bool{}}
}

// resume marks where a block's lines end: bytes points the lines after
// it back at the generated file, so that what the harness writes there is
// never taken for the README's.
const resume = "//line RESUME\n"

// call records the package names a block calls that are not the
// harness's, for the file's imports.
func (f *goFile) call(p parsed, harness map[string]bool) {
	for _, name := range p.calls {
		if path, ok := packages[name]; ok && !harness[name] {
			f.imports[path] = true
		}
	}
}

// code writes a block's lines, the line directive before them pointing
// errors at the README.
func (f *goFile) code(t *testing.T, b block) {
	t.Helper()
	fmt.Fprintf(&f.body, "//line %s:%d\n%s%s", b.path(t), b.line, b.code, resume)
}

func (f *goFile) bytes() []byte {
	var out bytes.Buffer
	fmt.Fprintf(&out, "// Code generated from README.md and docs/ by package readmetest; DO NOT EDIT.\n\npackage %s\n\n", f.pkg)
	if len(f.imports) > 0 {
		paths := make([]string, 0, len(f.imports))
		for p := range f.imports {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		out.WriteString("import (\n")
		for _, p := range paths {
			fmt.Fprintf(&out, "\t%q\n", p)
		}
		out.WriteString(")\n\n")
	}
	out.Write(f.body.Bytes())
	lines := bytes.SplitAfter(out.Bytes(), []byte("\n"))
	for i, l := range lines {
		if string(l) == resume {
			lines[i] = fmt.Appendf(nil, "//line %s:%d\n", f.name, i+2)
		}
	}
	return bytes.Join(lines, nil)
}

// declaresR reports whether a routes block declares its own router r.
func declaresR(p parsed) bool { return slices.Contains(p.declares, "r") }

// generate writes the package snippets of the module in dir: each
// fragment and routes block in a function of its own, the test blocks,
// and a test that serves each router the routes blocks declare.
func generate(t *testing.T, dir string, blocks []block) {
	t.Helper()
	harness := harnessNames(t)
	code, tests := newGoFile("readme.go", "snippets"), newGoFile("readme_test.go", "snippets")
	code.imports[packages["router"]] = true
	tests.imports[packages["router"]] = true
	tests.imports[packages["switchboardtest"]] = true
	tests.imports[packages["testing"]] = true
	var served strings.Builder // the cases of TestTheReadmesRoutersServe
	groups := map[string][]string{}
	var groupNames []string
	for _, b := range blocks {
		if !b.isGo() {
			continue
		}
		if err := b.check(); err != nil {
			t.Fatal(err)
		}
		switch b.role {
		case "file":
			path := filepath.Join(dir, filepath.FromSlash(b.args[0]))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(path); err == nil {
				t.Fatalf("%s: readme:file %s: another block is that file", b.at(), b.args[0])
			}
			src := fmt.Sprintf("//line %s:%d\n%s", b.path(t), b.line, b.code)
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		case "test":
			p, err := parseGo(b, false)
			if err != nil {
				t.Fatal(err)
			}
			tests.call(p, harness)
			tests.code(t, b)
			tests.body.WriteString("\n")
		case "fragment", "routes":
			p, err := parseGo(b, true)
			if err != nil {
				t.Fatal(err)
			}
			code.call(p, harness)
			name := fmt.Sprintf("%s%d", b.role, b.line)
			// What a fragment declares, nothing after it in the
			// function may use: the harness does, for the compiler.
			var uses strings.Builder
			for _, d := range p.declares {
				fmt.Fprintf(&uses, "\t_ = %s\n", d)
			}
			switch {
			case b.role == "fragment":
				fmt.Fprintf(&code.body, "func %s() {\n", name)
				code.code(t, b)
				fmt.Fprintf(&code.body, "%s}\n\n", uses.String())
			case declaresR(p):
				if b.routesFunc() != "" {
					t.Fatalf("%s: readme:routes func=%s: the block declares its own r, so its routes cannot join another block's", b.at(), b.routesFunc())
				}
				fmt.Fprintf(&code.body, "func %s() *router.Router {\n", name)
				code.code(t, b)
				fmt.Fprintf(&code.body, "%s\treturn r\n}\n\n", uses.String())
				fmt.Fprintf(&served, "\t\t{%q, %s},\n", b.at(), name)
			default:
				fmt.Fprintf(&code.body, "func %s(r *router.Router) {\n", name)
				code.code(t, b)
				fmt.Fprintf(&code.body, "%s}\n\n", uses.String())
				fmt.Fprintf(&served, "\t\t{%q, func() *router.Router { r := router.New(); %s(r); return r }},\n", b.at(), name)
				if g := b.routesFunc(); g != "" {
					if groups[g] == nil {
						groupNames = append(groupNames, g)
					}
					groups[g] = append(groups[g], name)
				}
			}
		}
	}
	for _, g := range groupNames {
		fmt.Fprintf(&code.body, "// %s returns a router with the routes of the blocks marked func=%s.\nfunc %s() *router.Router {\n\tr := router.New()\n", g, g, g)
		for _, f := range groups[g] {
			fmt.Fprintf(&code.body, "\t%s(r)\n", f)
		}
		code.body.WriteString("\treturn r\n}\n\n")
		fmt.Fprintf(&served, "\t\t{%q, %s},\n", g+"()", g)
	}
	fmt.Fprintf(&tests.body, `// TestTheReadmesRoutersServe serves each router the README declares to
// the embedded emulator: New builds it, which checks every declaration,
// and registers its commands, which the emulator checks as the service
// does.
func TestTheReadmesRoutersServe(t *testing.T) {
	for _, c := range []struct {
		at     string
		router func() *router.Router
	}{
%s	} {
		t.Run(c.at, func(t *testing.T) { switchboardtest.New(t, c.router()) })
	}
}
`, served.String())
	pkg := filepath.Join(dir, "snippets")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	harnessSrc, err := os.ReadFile(filepath.Join("testdata", "harness.go"))
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string][]byte{
		"harness.go":     harnessSrc,
		"readme.go":      code.bytes(),
		"readme_test.go": tests.bytes(),
	} {
		if err := os.WriteFile(filepath.Join(pkg, name), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// goDirective is the go line of a go.mod.
var goDirective = regexp.MustCompile(`(?m)^go (\S+)$`)

// A goMod is what writeModule needs of a go.mod: its go directive and
// its requirements.
type goMod struct {
	goVersion string
	requires  []requirement
}

type requirement struct{ path, version string }

// readGoMod reads the go directive and the requirements of a go.mod,
// in either form: a require line or a require block.
func readGoMod(src []byte) (goMod, error) {
	var mod goMod
	inBlock := false
	for i, line := range strings.Split(string(src), "\n") {
		if j := strings.Index(line, "//"); j >= 0 {
			line = line[:j]
		}
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case inBlock && f[0] == ")":
			inBlock = false
		case inBlock:
			if len(f) != 2 {
				return goMod{}, fmt.Errorf("line %d: a requirement is a path and a version", i+1)
			}
			mod.requires = append(mod.requires, requirement{f[0], f[1]})
		case f[0] == "go" && len(f) == 2:
			mod.goVersion = f[1]
		case f[0] == "require" && len(f) == 2 && f[1] == "(":
			inBlock = true
		case f[0] == "require" && len(f) == 3:
			mod.requires = append(mod.requires, requirement{f[1], f[2]})
		}
	}
	if mod.goVersion == "" {
		return goMod{}, errors.New("no go directive")
	}
	if inBlock {
		return goMod{}, errors.New("a require block is never closed")
	}
	return mod, nil
}

// writeModule writes the module the README's Go blocks are built in: it
// requires this module, replaced by the working tree so that the blocks
// are built against the code beside them, OpenTelemetry's stand-ins, and
// every module this module requires, at the versions its go.mod selects.
// With those listed the go command resolves nothing itself (the blocks
// are built -mod=readonly), so it needs of the network only the modules
// a fresh cache lacks, fetched as the go command in this module would
// fetch them, through the GOPROXY the test runs with.
func writeModule(t *testing.T, dir string) {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	mod, err := readGoMod(src)
	if err != nil {
		t.Fatalf("go.mod: %v", err)
	}
	var gomod strings.Builder
	fmt.Fprintf(&gomod, "module readme.example\n\ngo %s\n\nrequire (\n", mod.goVersion)
	gomod.WriteString("\tgithub.com/switchboard-go/switchboard v0.0.0\n")
	gomod.WriteString("\tgo.opentelemetry.io/otel v0.0.0\n")
	gomod.WriteString("\tgo.opentelemetry.io/contrib/instrumentation/net/http/otelhttp v0.0.0\n")
	for _, r := range mod.requires {
		fmt.Fprintf(&gomod, "\t%s %s\n", r.path, r.version)
	}
	fmt.Fprintf(&gomod, `)

replace github.com/switchboard-go/switchboard => %s

replace go.opentelemetry.io/otel => ./otel

replace go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp => ./otelhttp
`, root)
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string][]byte{"go.mod": []byte(gomod.String()), "go.sum": sum} {
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, stub := range []string{"otel", "otelhttp"} {
		if err := os.CopyFS(filepath.Join(dir, stub), os.DirFS(filepath.Join("testdata", stub))); err != nil {
			t.Fatal(err)
		}
	}
}

// goCommand runs the go command in dir with the toolchain that runs the
// test, no workspace, and go.mod and go.sum as writeModule wrote them:
// a module missing from the cache is downloaded through the environment's
// GOPROXY and checked against go.sum, and an import no required module
// provides is an error, never a lookup.
func goCommand(ctx context.Context, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"GOFLAGS=-mod=readonly -buildvcs=false", "GOWORK=off", "GOTOOLCHAIN=local")
	return cmd
}

func TestEveryGoBlockBuildsAndRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the README's Go blocks with the go command")
	}
	t.Parallel()
	dir := t.TempDir()
	writeModule(t, dir)
	generate(t, dir, readBlocks(t))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	// go vet, with all its checks, runs beside the tests, which are built
	// as this test was, so that both share the build cache, and without
	// go test's own vet: a subset of go vet's checks on the same packages.
	var vetOut []byte
	vetted := make(chan error, 1)
	go func() {
		var err error
		vetOut, err = goCommand(ctx, dir, "vet", "./...").CombinedOutput()
		vetted <- err
	}()
	args := []string{"test", "-count=1", "-v", "-vet=off"}
	if raceEnabled {
		args = append(args, "-race")
	}
	test := goCommand(ctx, dir, append(args, "./...")...)
	// A binary built with -race sleeps a second at exit, for goroutines
	// that may yet report a race; the README's tests have ended by then,
	// and a race within one of them fails it, so the two binaries do not
	// sleep. The GORACE options the test runs with are kept.
	if raceEnabled {
		test.Env = append(test.Env, "GORACE="+os.Getenv("GORACE")+" atexit_sleep_ms=0")
	}
	out, err := test.CombinedOutput()
	if err := <-vetted; err != nil {
		t.Fatalf("go vet of the README's Go blocks: %v\n%s", err, vetOut)
	}
	if err != nil {
		t.Fatalf("go test of the README's Go blocks: %v\n%s", err, failures(out))
	}
	// A test that did not run cannot have passed: each the README's
	// blocks call for must say so.
	for _, name := range expectedTests(t, readBlocks(t)) {
		if !bytes.Contains(out, []byte("--- PASS: "+name+" (")) {
			t.Errorf("%s did not run and pass:\n%s", name, out)
		}
	}
}

// failures keeps, of go test -v's output, what is not a passing test's
// own report, so that a failure is not lost among the passes.
func failures(out []byte) []byte {
	var kept [][]byte
	for _, line := range bytes.Split(out, []byte("\n")) {
		trimmed := bytes.TrimSpace(line)
		if bytes.HasPrefix(trimmed, []byte("=== RUN")) || bytes.HasPrefix(trimmed, []byte("--- PASS")) ||
			bytes.HasPrefix(trimmed, []byte("=== PAUSE")) || bytes.HasPrefix(trimmed, []byte("=== CONT")) {
			continue
		}
		kept = append(kept, line)
	}
	return bytes.Join(kept, []byte("\n"))
}

// expectedTests returns the names go test -v reports for the tests the
// README's blocks make: each router served, and each test function of a
// test block or a _test.go file.
func expectedTests(t *testing.T, blocks []block) []string {
	t.Helper()
	var names []string
	seen := map[string]bool{}
	for _, b := range blocks {
		if !b.isGo() {
			continue
		}
		switch {
		case b.role == "routes":
			p, err := parseGo(b, true)
			if err != nil {
				t.Fatal(err)
			}
			names = append(names, "TestTheReadmesRoutersServe/"+b.at())
			if g := b.routesFunc(); g != "" && !declaresR(p) && !seen[g] {
				seen[g] = true
				names = append(names, "TestTheReadmesRoutersServe/"+g+"()")
			}
		case b.role == "test" || b.role == "file" && strings.HasSuffix(b.args[0], "_test.go"):
			f, err := parser.ParseFile(token.NewFileSet(), b.at(), b.code, parser.SkipObjectResolution)
			if b.role == "test" {
				f, err = parser.ParseFile(token.NewFileSet(), b.at(), "package p\n"+b.code, parser.SkipObjectResolution)
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range f.Decls {
				if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") {
					names = append(names, fn.Name.Name)
				}
			}
		}
	}
	return names
}

func TestReadGoModReadsEveryRequirement(t *testing.T) {
	tests := []struct {
		name, src string
		want      goMod
		bad       bool
	}{
		{"a block and a line", "module m\n\ngo 1.26.0\n\nrequire (\n\ta.example/x v1.0.0\n\tb.example/y v0.2.0 // indirect\n)\n\nrequire c.example/z v3.0.0\n",
			goMod{"1.26.0", []requirement{{"a.example/x", "v1.0.0"}, {"b.example/y", "v0.2.0"}, {"c.example/z", "v3.0.0"}}}, false},
		{"comments and blank lines in a block", "go 1.26\nrequire (\n\n\t// a note\n\ta.example/x v1.0.0\n)\n",
			goMod{"1.26", []requirement{{"a.example/x", "v1.0.0"}}}, false},
		{"no requirements", "module m\ngo 1.26\n", goMod{"1.26", nil}, false},
		{"no go directive", "module m\nrequire a.example/x v1.0.0\n", goMod{}, true},
		{"a block never closed", "go 1.26\nrequire (\n\ta.example/x v1.0.0\n", goMod{}, true},
		{"a requirement without a version", "go 1.26\nrequire (\n\ta.example/x\n)\n", goMod{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readGoMod([]byte(tt.src))
			if tt.bad {
				if err == nil {
					t.Fatalf("read %+v, want an error", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.goVersion != tt.want.goVersion || !slices.Equal(got.requires, tt.want.requires) {
				t.Errorf("read %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestTheEmulatorIsAToolOfABotsModule: the README's way of running the
// emulator from a bot's own module, as a tool the module requires, finds
// the command.
func TestTheEmulatorIsAToolOfABotsModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cmd/emulator with the go command")
	}
	t.Parallel()
	const line = "go get -tool github.com/switchboard-go/switchboard/cmd/emulator"
	if !strings.Contains(readme(t), "\n"+line+"\n") {
		t.Fatalf("README.md no longer shows %q: change this test with it", line)
	}
	dir := t.TempDir()
	writeModule(t, dir)
	// What go get -tool adds to a module that requires switchboard: the
	// module here is replaced by the working tree, which no proxy serves.
	f, err := os.OpenFile(filepath.Join(dir, "go.mod"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("\ntool github.com/switchboard-go/switchboard/cmd/emulator\n"); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	out, _ := goCommand(ctx, dir, "tool", "emulator", "-h").CombinedOutput()
	for _, flag := range []string{"-run", "-sync", "-web"} {
		if !regexp.MustCompile(`(?m)^  ` + flag + `\b`).Match(out) {
			t.Errorf("go tool emulator -h does not list %s:\n%s", flag, out)
		}
	}
}
