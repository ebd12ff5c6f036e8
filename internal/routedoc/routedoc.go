// Package routedoc holds an HTTP API's reference to the routes its
// sources register. A reference in Markdown gives each route a heading of
// its own ("### `POST /_emulator/click`", a query after the path being
// allowed); Check fails a test for each route registered without one, and
// for each heading no registration matches, so that the reference other
// languages read cannot drift from what is served.
package routedoc

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// heading is a route's heading in a reference: its method and path, and
// an optional query that the comparison leaves out.
var heading = regexp.MustCompile("(?m)^### `([A-Z]+ /[^?` ]*)(\\?[^`]*)?`$")

// Check compares the routes under prefix ("/_emulator/") that the Go
// files of dir (tests left out) register with a ServeMux's Handle or
// HandleFunc, as literal patterns, with the headings of the Markdown file
// doc. min is the fewest routes the sources must register, so that a
// search that finds nothing cannot pass.
func Check(t *testing.T, dir, prefix, doc string, min int) {
	t.Helper()
	served := Registered(t, dir, prefix)
	if len(served) < min {
		t.Fatalf("found %d routes under %s in %s, fewer than %d: %q", len(served), prefix, dir, min, served)
	}
	text, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	var documented []string
	for _, m := range heading.FindAllSubmatch(text, -1) {
		if r := string(m[1]); strings.Contains(r, " "+prefix) {
			documented = append(documented, r)
		}
	}
	slices.Sort(documented)
	for _, r := range served {
		if _, found := slices.BinarySearch(documented, r); !found {
			t.Errorf("%s has no section for %s", doc, r)
		}
	}
	for _, r := range documented {
		if _, found := slices.BinarySearch(served, r); !found {
			t.Errorf("%s documents %s, which is not served", doc, r)
		}
	}
}

// Registered returns, sorted and once each, the patterns under prefix
// ("POST /_emulator/click") that the Go files of dir, tests left out,
// pass to a Handle or HandleFunc method as string literals.
func Registered(t *testing.T, dir, prefix string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var routes []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "HandleFunc" && sel.Sel.Name != "Handle") {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if pattern, err := strconv.Unquote(lit.Value); err == nil && strings.Contains(pattern, " "+prefix) {
				routes = append(routes, pattern)
			}
			return true
		})
	}
	slices.Sort(routes)
	return slices.Compact(routes)
}
