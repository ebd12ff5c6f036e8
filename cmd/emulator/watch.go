package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// maxWatchEntries bounds the files and directories a look at the sources
// walks: a -watch pointed at a home directory costs a bounded walk, and
// says so, rather than one that never ends.
const maxWatchEntries = 20000

// watcher finds changes to the sources of a Go program under a directory,
// by looking at their times and sizes, which works on every file system
// and in every container without asking the system to report changes. The
// sources are what the go command builds from: .go files but tests,
// go.mod, go.sum and go.work, in directories whose names begin with
// neither . nor _, and none named testdata.
type watcher struct {
	root string
	// limit is how many files and directories a look walks at most:
	// maxWatchEntries.
	limit int
	seen  map[string]stamp
	// pending names what changed since the last look that found nothing
	// new, or is "".
	pending string
	// truncated is whether the last walk stopped at maxWatchEntries.
	truncated bool
}

// stamp is what a look keeps of a file to tell that it changed.
type stamp struct {
	mod  time.Time
	size int64
}

// newWatcher looks at the sources under root once, to compare the next
// looks with.
func newWatcher(root string) (*watcher, error) {
	fi, err := os.Stat(root)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", root)
	}
	w := &watcher{root: root, limit: maxWatchEntries}
	w.seen, w.truncated = w.scan()
	return w, nil
}

// files is how many files the watcher looks at.
func (w *watcher) files() int { return len(w.seen) }

// isSource reports whether a file of the name is one the build reads.
func isSource(name string) bool {
	switch name {
	case "go.mod", "go.sum", "go.work", "go.work.sum":
		return true
	}
	return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
}

// scan walks root, and reports whether it stopped at maxWatchEntries.
func (w *watcher) scan() (map[string]stamp, bool) {
	seen := make(map[string]stamp)
	entries := 0
	errStop := errors.New("stop")
	err := filepath.WalkDir(w.root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			// A directory that cannot be read holds nothing to watch; a
			// file removed during the walk is a change the next look sees.
			return nil
		}
		if entries++; entries > w.limit {
			return errStop
		}
		name := d.Name()
		if d.IsDir() {
			if path != w.root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !isSource(name) {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return nil
		}
		rel, err := filepath.Rel(w.root, path)
		if err != nil {
			rel = path
		}
		seen[rel] = stamp{fi.ModTime(), fi.Size()}
		return nil
	})
	return seen, errors.Is(err, errStop)
}

// poll looks at the sources again. It returns what changed once the
// changes have stopped: when this look finds nothing new after one that
// did, so that a save of several files, or an editor's write in steps,
// restarts the bot once. Otherwise it returns "".
func (w *watcher) poll() string {
	now, truncated := w.scan()
	changed := changes(w.seen, now)
	w.seen, w.truncated = now, truncated
	if len(changed) > 0 {
		if w.pending == "" {
			w.pending = describe(changed)
		}
		return ""
	}
	what := w.pending
	w.pending = ""
	return what
}

// changes lists the files added, changed or removed between two looks,
// sorted.
func changes(before, after map[string]stamp) []string {
	var changed []string
	for name, s := range after {
		if b, ok := before[name]; !ok || !b.mod.Equal(s.mod) || b.size != s.size {
			changed = append(changed, name)
		}
	}
	for name := range before {
		if _, ok := after[name]; !ok {
			changed = append(changed, name)
		}
	}
	slices.Sort(changed)
	return changed
}

// describe names the changed files for a person: the first, and how many
// more.
func describe(changed []string) string {
	switch n := len(changed); n {
	case 1:
		return changed[0] + " changed"
	case 2:
		return changed[0] + " and 1 other file changed"
	default:
		return fmt.Sprintf("%s and %d other files changed", changed[0], n-1)
	}
}
