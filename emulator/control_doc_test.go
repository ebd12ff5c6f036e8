package emulator

import (
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The reference of the control API, docs/control-api.md, names every route
// the emulator registers under /_emulator/, and no other: a route added
// without its reference, or one dropped while the reference keeps it,
// fails here.
func TestTheControlAPIReferenceNamesEveryRoute(t *testing.T) {
	served := controlRoutes(t)
	if len(served) < 20 {
		t.Fatalf("found only %d control routes in the sources: %q", len(served), served)
	}
	doc, err := os.ReadFile(filepath.Join("..", "docs", "control-api.md"))
	if err != nil {
		t.Fatal(err)
	}
	var documented []string
	for _, m := range regexp.MustCompile("(?m)^### `([A-Z]+ /_emulator/\\S*)`$").FindAllSubmatch(doc, -1) {
		documented = append(documented, string(m[1]))
	}
	slices.Sort(documented)
	for _, r := range served {
		if _, found := slices.BinarySearch(documented, r); !found {
			t.Errorf("docs/control-api.md has no section for %s", r)
		}
	}
	for _, r := range documented {
		if _, found := slices.BinarySearch(served, r); !found {
			t.Errorf("docs/control-api.md documents %s, which the emulator does not serve", r)
		}
	}
}

// controlRoutes returns, sorted, the patterns ("POST /_emulator/click")
// the package's sources register on a ServeMux.
func controlRoutes(t *testing.T) []string {
	t.Helper()
	fset := gotoken.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
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
			if !ok || lit.Kind != gotoken.STRING {
				return true
			}
			pattern, err := strconv.Unquote(lit.Value)
			if err == nil && strings.Contains(pattern, " "+controlPrefix) {
				routes = append(routes, pattern)
			}
			return true
		})
	}
	slices.Sort(routes)
	return slices.Compact(routes)
}
