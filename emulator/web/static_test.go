package web

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"
)

// The page requests nothing elsewhere: no script, style, font or image
// of another site, which its Content-Security-Policy would block, and no
// address of one written anywhere in its files.
func TestThePageReferencesNothingElsewhere(t *testing.T) {
	var (
		scheme    = regexp.MustCompile(`(?i)\b(?:https?|wss?|ftp|data|blob):`)
		anywhere  = regexp.MustCompile(`(?i)(?:src|href|action)\s*=\s*["']?\s*//`)
		cssURL    = regexp.MustCompile(`(?i)url\(|@import`)
		reference = regexp.MustCompile(`(?i)(?:src|href)\s*=\s*"([^"]*)"`)
		imports   = regexp.MustCompile(`(?m)^import\b[^'"]*'([^']+)';$`)
	)
	names := map[string]bool{}
	files := map[string]string{}
	err := fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(static, p)
		names[path.Base(p)], files[path.Base(p)] = true, string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"index.html", "app.js", "app.css"} {
		if !names[want] {
			t.Errorf("no %s among the page's files", want)
		}
	}
	for name, text := range files {
		if _, known := contentTypes[path.Ext(name)]; !known {
			t.Errorf("%s: a file of a type the playground does not serve", name)
		}
		checks := []*regexp.Regexp{scheme, anywhere}
		if path.Ext(name) == ".css" {
			checks = append(checks, cssURL) // in a script, URL( is a parser
		}
		for _, re := range checks {
			if m := re.FindString(text); m != "" {
				t.Errorf("%s refers elsewhere: %q", name, m)
			}
		}
		for _, m := range reference.FindAllStringSubmatch(text, -1) {
			if !strings.HasPrefix(m[1], "/") || !names[strings.TrimPrefix(m[1], "/")] {
				t.Errorf("%s refers to %q, not a file of the page", name, m[1])
			}
		}
		for _, m := range imports.FindAllStringSubmatch(text, -1) {
			if !strings.HasPrefix(m[1], "./") || !names[strings.TrimPrefix(m[1], "./")] {
				t.Errorf("%s imports %q, not a module of the page", name, m[1])
			}
		}
	}
	if n := len(imports.FindAllString(files["app.js"], -1)); n < 4 {
		t.Errorf("app.js imports %d modules; the test does not read its imports", n)
	}
}
