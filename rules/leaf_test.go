package rules_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestTheVocabularyIsALeaf: every package that reports or reads a broken
// rule imports package rules, so it imports nothing but the standard
// library, and no package of the module can come to depend on itself
// through it.
func TestTheVocabularyIsALeaf(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	out, err := exec.Command("go", "list", "-f", `{{join .Imports "\n"}}`, ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, imp := range strings.Fields(string(out)) {
		if strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") {
			t.Errorf("rules imports %s", imp)
		}
	}
}
