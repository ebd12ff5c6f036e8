package playground

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Output runs ex as its test would run the program, with args and stdin,
// and returns what it printed; the test fails if the program does, or if
// it writes to stderr, where nothing is expected on the emulator.
func Output(t testing.TB, ex Example, stdin string, args ...string) string {
	t.Helper()
	var out, errOut strings.Builder
	if err := Run(context.Background(), ex, args, strings.NewReader(stdin), &out, &errOut); err != nil {
		t.Fatalf("%s: %v\nstdout:\n%s\nstderr:\n%s", ex.Name, err, out.String(), errOut.String())
	}
	if errOut.Len() > 0 {
		t.Errorf("%s wrote to stderr:\n%s", ex.Name, errOut.String())
	}
	return out.String()
}

// OutputRefusing is Output for a script given with -script of which some
// lines are refused, as tests of refusals write them: the test fails
// unless Run returns a *ScriptError of exactly refused lines.
func OutputRefusing(t testing.TB, ex Example, refused int, stdin string, args ...string) string {
	t.Helper()
	var out, errOut strings.Builder
	err := Run(context.Background(), ex, args, strings.NewReader(stdin), &out, &errOut)
	var se *ScriptError
	if !errors.As(err, &se) || se.Refused != refused {
		t.Fatalf("%s: %v; want %d lines refused\nstdout:\n%s\nstderr:\n%s", ex.Name, err, refused, out.String(), errOut.String())
	}
	if errOut.Len() > 0 {
		t.Errorf("%s wrote to stderr:\n%s", ex.Name, errOut.String())
	}
	return out.String()
}

// Buffer is a strings.Builder that one goroutine may read while another
// writes, for the output of a program a test runs in the background.
type Buffer struct {
	mu sync.Mutex
	b  strings.Builder
}

// Write appends p.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// String returns what was written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// ScriptFile writes lines to a file of the test's, for -script.
func ScriptFile(t testing.TB, lines ...string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "script")
	if err := os.WriteFile(name, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return name
}

// Shows fails the test for each of wants that out does not contain.
func Shows(t testing.TB, out string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q", want)
		}
	}
	if t.Failed() {
		t.Logf("the output:\n%s", out)
	}
}
