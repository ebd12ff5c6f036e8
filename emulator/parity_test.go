package emulator_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The standalone process must be the same service as the in-process one:
// this runs every test of package emulator_test again, in a child test
// binary whose tests start cmd/emulator instead. Tests that need what only
// Go can do skip there, saying why. The tests of package emulator are left
// out of the child: they cannot reach the process, so there they would
// only run again as they ran here. TestMain starts the child before the
// tests, so that it runs beside them; this test reads what it printed.
func TestTheSuitePassesAgainstTheStandaloneProcess(t *testing.T) {
	if onProcess() {
		t.Skip("this is the run against the process")
	}
	if testing.Short() {
		t.Skip("short mode: the suite runs against the in-process server only")
	}
	if parity == nil {
		t.Fatal("TestMain did not start the run against the process")
	}
	out, err := parity.wait()
	if err != nil {
		t.Fatalf("against the process: %v\n%s", err, out)
	}
	passed := len(regexp.MustCompile(`(?m)^--- PASS`).FindAll(out, -1))
	var skipped [][]byte
	for _, m := range regexp.MustCompile(`(?m)^\s*--- SKIP: (\S+)`).FindAllSubmatch(out, -1) {
		skipped = append(skipped, m[1])
	}
	t.Logf("against the process: %d tests passed; skipped: %s", passed, bytes.Join(skipped, []byte(", ")))
	// A child that ran nothing would pass too.
	if passed < 40 {
		t.Fatalf("only %d tests passed against the process:\n%s", passed, out)
	}
}

// parity is the run against the process TestMain started, or nil.
var parity *parityRun

// parityRun is the child test binary that runs the suite against the
// process.
type parityRun struct {
	out    bytes.Buffer
	done   chan struct{} // closed once the child has ended, or could not start
	err    error         // how it ended, once done is closed
	cancel context.CancelFunc
}

// runsParity reports whether this test binary runs the parity test: not
// in the child, not under -short, and not when -run leaves it out.
func runsParity() bool {
	if onProcess() || testing.Short() {
		return false
	}
	pattern := flag.Lookup("test.run").Value.String()
	if pattern == "" {
		return true
	}
	// The top-level part of -run's pattern, as go test splits it.
	top, _, _ := strings.Cut(pattern, "/")
	re, err := regexp.Compile(top)
	return err == nil && re.MatchString("TestTheSuitePassesAgainstTheStandaloneProcess")
}

// startParity builds cmd/emulator and runs the child, on a goroutine of
// its own: the tests of this binary need neither.
func startParity() *parityRun {
	ctx, cancel := context.WithCancel(context.Background())
	p := &parityRun{done: make(chan struct{}), cancel: cancel}
	go func() {
		defer close(p.done)
		bin, err := buildEmulator()
		if err != nil {
			p.err = err
			return
		}
		run, err := externalTests(".")
		if err != nil {
			p.err = err
			return
		}
		cmd := exec.CommandContext(ctx, os.Args[0], "-test.v", "-test.count=1", "-test.timeout=5m", "-test.run="+run)
		cmd.Env = append(os.Environ(), modeEnv+"="+bin)
		cmd.Stdout, cmd.Stderr = &p.out, &p.out
		p.err = cmd.Run()
	}()
	return p
}

// externalTests returns a -test.run pattern that matches the tests,
// fuzz tests and examples of package emulator_test in dir, and no others:
// the only ones that can reach the target, since start and the mode it
// reads are theirs.
func externalTests(dir string) (string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return "", err
	}
	fset := token.NewFileSet()
	var names []string
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			return "", fmt.Errorf("listing the tests for the run against the process: %w", err)
		}
		if f.Name.Name != "emulator_test" {
			continue
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil {
				continue
			}
			for _, prefix := range []string{"Test", "Fuzz", "Example"} {
				if strings.HasPrefix(fn.Name.Name, prefix) {
					names = append(names, fn.Name.Name)
					break
				}
			}
		}
	}
	if len(names) == 0 {
		return "", fmt.Errorf("listing the tests for the run against the process: no tests of package emulator_test in %s", dir)
	}
	return "^(" + strings.Join(names, "|") + ")$", nil
}

// wait returns what the child printed once it has ended, and how it
// ended.
func (p *parityRun) wait() ([]byte, error) {
	<-p.done
	return p.out.Bytes(), p.err
}

// stop ends the child if it still runs, and waits for it.
func (p *parityRun) stop() {
	p.cancel()
	<-p.done
}
