package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// tree writes the files, each path relative to a new directory, and
// returns the directory.
func tree(t *testing.T, files ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		write(t, filepath.Join(dir, f))
	}
	return dir
}

func write(t *testing.T, name string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte("package x\n"), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestWatcherLooksAtTheSourcesTheGoCommandBuilds(t *testing.T) {
	dir := tree(t, "main.go", "main_test.go", "go.mod", "go.sum", "README.md", "sub/b.go",
		".git/hooks/x.go", "_old/y.go", "testdata/bot/main.go", "sub/testdata/z.go")
	w, err := newWatcher(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for name := range w.seen {
		got = append(got, filepath.ToSlash(name))
	}
	slices.Sort(got)
	if want := []string{"go.mod", "go.sum", "main.go", "sub/b.go"}; !slices.Equal(got, want) {
		t.Errorf("watches %q, want %q", got, want)
	}
	if _, err := newWatcher(filepath.Join(dir, "main.go")); err == nil {
		t.Error("a file was accepted as the directory to watch")
	}
	if _, err := newWatcher(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing directory was accepted")
	}
}

// Each poll below is a look at the files; a change is reported by the
// first look that finds nothing new after it.
func TestWatcherReportsAChangeOnceItIsOver(t *testing.T) {
	later := time.Now().Add(time.Hour)
	for _, tc := range []struct {
		name   string
		change func(t *testing.T, dir string)
		want   string
	}{
		{"a file touched", func(t *testing.T, dir string) {
			os.Chtimes(filepath.Join(dir, "main.go"), later, later)
		}, "main.go changed"},
		{"a file written to the same time", func(t *testing.T, dir string) {
			name := filepath.Join(dir, "go.mod")
			fi, _ := os.Stat(name)
			os.WriteFile(name, []byte("module longer\n"), 0o600)
			os.Chtimes(name, fi.ModTime(), fi.ModTime())
		}, "go.mod changed"},
		{"a file added", func(t *testing.T, dir string) { write(t, filepath.Join(dir, "sub", "c.go")) }, filepath.Join("sub", "c.go") + " changed"},
		{"a file removed", func(t *testing.T, dir string) { os.Remove(filepath.Join(dir, "main.go")) }, "main.go changed"},
		{"two files", func(t *testing.T, dir string) {
			os.Chtimes(filepath.Join(dir, "main.go"), later, later)
			os.Chtimes(filepath.Join(dir, "go.mod"), later, later)
		}, "go.mod and 1 other file changed"},
		{"three files", func(t *testing.T, dir string) {
			write(t, filepath.Join(dir, "a.go"))
			os.Chtimes(filepath.Join(dir, "main.go"), later, later)
			os.Chtimes(filepath.Join(dir, "go.mod"), later, later)
		}, "a.go and 2 other files changed"},
		{"a test", func(t *testing.T, dir string) {
			os.Chtimes(filepath.Join(dir, "main_test.go"), later, later)
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := tree(t, "main.go", "main_test.go", "go.mod")
			w, err := newWatcher(dir)
			if err != nil {
				t.Fatal(err)
			}
			if got := w.poll(); got != "" {
				t.Fatalf("before any change: %q", got)
			}
			tc.change(t, dir)
			if got := w.poll(); got != "" {
				t.Fatalf("the look that found the change reported it: %q", got)
			}
			if got := w.poll(); got != tc.want {
				t.Fatalf("the next look reported %q, want %q", got, tc.want)
			}
			if got := w.poll(); got != "" {
				t.Fatalf("the change was reported again: %q", got)
			}
		})
	}
}

// A change that goes on, as an editor writing several files, is reported
// once, naming the first file changed.
func TestWatcherWaitsForTheChangesToStop(t *testing.T) {
	dir := tree(t, "a.go", "b.go")
	w, err := newWatcher(dir)
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{"b.go", "a.go", "b.go"} {
		at := time.Now().Add(time.Duration(i+1) * time.Hour)
		os.Chtimes(filepath.Join(dir, name), at, at)
		if got := w.poll(); got != "" {
			t.Fatalf("reported %q while the changes went on", got)
		}
	}
	if got := w.poll(); got != "b.go changed" {
		t.Fatalf("reported %q, want the first change", got)
	}
}

// A look walks a bounded number of files and directories, and says when
// there were more.
func TestWatcherWalksABoundedTree(t *testing.T) {
	dir := tree(t, "a.go", "b.go", "c/d.go", "c/e.go")
	w, err := newWatcher(dir)
	if err != nil {
		t.Fatal(err)
	}
	if w.truncated || w.files() != 4 {
		t.Fatalf("watches %d files, truncated %v; want 4 whole", w.files(), w.truncated)
	}
	w.limit = 3 // the directory itself, then two entries
	w.poll()
	if !w.truncated || w.files() != 2 {
		t.Errorf("with a limit of 3 it watches %d files, truncated %v; want 2, truncated", w.files(), w.truncated)
	}
}
