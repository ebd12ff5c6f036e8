package testmain

import (
	"bytes"
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// exitCase, in a child's environment, names what the child does before
// it calls Exit instead of running tests (see TestMain).
const exitCase = "TESTMAIN_EXIT_CASE"

// runExitCase is the child's side: it sets up the case, then exits.
func runExitCase(name string) {
	switch name {
	case "clean":
		Exit(0)
	case "failed":
		Exit(3)
	case "left running":
		go func() { select {} }()
		Exit(0)
	case "racing":
		// Two goroutines write one variable with nothing between them,
		// while Exit waits for them.
		var shared int
		for range 2 {
			go func() {
				for {
					shared++
					time.Sleep(time.Millisecond)
				}
			}()
		}
		Exit(0)
	}
	os.Exit(100)
}

// exitChild runs the test binary as a child that runs case name and
// exits, with the race runtime's wait at exit set to a minute, unless
// the GORACE options given say otherwise: a child that ends sooner did
// not sleep it. The child has until the test's deadline, or half a
// minute, to end.
func exitChild(t *testing.T, name string, gorace ...string) (code int, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	if d, ok := t.Deadline(); ok && time.Until(d) < 30*time.Second {
		ctx, cancel = context.WithDeadline(context.Background(), d.Add(-time.Second))
	}
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), exitCase+"="+name, "GORACE="+strings.Join(append([]string{os.Getenv("GORACE"), "atexit_sleep_ms=60000"}, gorace...), " "))
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s: the child had not ended when its time was up, sleeping the race runtime's wait at exit", name)
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("%s: %v", name, err)
	}
	return cmd.ProcessState.ExitCode(), errOut.String()
}

func TestExitEndsWithTheCodeItIsGiven(t *testing.T) {
	for name, want := range map[string]int{"clean": 0, "failed": 3} {
		if !raceEnabled && name == "clean" {
			continue // without the race detector, nothing waits at exit
		}
		if code, stderr := exitChild(t, name); code != want {
			t.Errorf("%s: exit code %d, want %d; stderr:\n%s", name, code, want, stderr)
		}
	}
}

func TestExitDoesNotWaitForAGoroutineThatNeverEnds(t *testing.T) {
	if !raceEnabled {
		t.Skip("without the race detector, nothing waits at exit")
	}
	if code, stderr := exitChild(t, "left running"); code != 0 {
		t.Errorf("exit code %d, want 0; stderr:\n%s", code, stderr)
	}
}

// A race the tests' goroutines run into while Exit waits is reported
// and fails the process, as the race runtime's own wait would.
func TestExitReportsARaceFoundWhileItWaits(t *testing.T) {
	if !raceEnabled {
		t.Skip("the race detector is off")
	}
	// The race runtime exits with exitcode; Exit on its own, with 0.
	code, stderr := exitChild(t, "racing", "atexit_sleep_ms=0", "exitcode=66")
	if code != 66 || !strings.Contains(stderr, "DATA RACE") {
		t.Errorf("exit code %d, want 66 and a race report; stderr:\n%s", code, stderr)
	}
}

// Every package of the module with tests ends its test binary with Exit,
// so that none of them sleeps the race detector's wait at exit.
func TestEveryPackageEndsItsTestsWithExit(t *testing.T) {
	root := filepath.Join("..", "..")
	tested := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		name := d.Name()
		if path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != root {
			return filepath.SkipDir // a module of its own
		}
		files, _ := filepath.Glob(filepath.Join(path, "*_test.go"))
		if len(files) == 0 {
			return nil
		}
		tested++
		if !endsWithExit(t, files) {
			rel, _ := filepath.Rel(root, path)
			t.Errorf("%s: no TestMain calls testmain.Exit; add one:\n\tfunc TestMain(m *testing.M) { testmain.Exit(m.Run()) }", filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if tested < 50 {
		t.Fatalf("found %d packages with tests under %s, fewer than the module has", tested, root)
	}
}

// endsWithExit reports whether one of the test files declares a TestMain
// that calls Exit of this package.
func endsWithExit(t *testing.T, files []string) bool {
	fset := token.NewFileSet()
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Name.Name != "TestMain" || fn.Recv != nil || fn.Body == nil {
				continue
			}
			found := false
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return !found
				}
				switch fun := call.Fun.(type) {
				case *ast.SelectorExpr:
					x, ok := fun.X.(*ast.Ident)
					found = found || ok && x.Name == "testmain" && fun.Sel.Name == "Exit"
				case *ast.Ident:
					found = found || f.Name.Name == "testmain" && fun.Name == "Exit"
				}
				return !found
			})
			if found {
				return true
			}
		}
	}
	return false
}
