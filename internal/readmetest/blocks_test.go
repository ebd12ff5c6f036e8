package readmetest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// root is the module's root, from this package's directory.
var root = filepath.Join("..", "..")

// readmePath is README.md, from this package's directory.
var readmePath = filepath.Join(root, "README.md")

// documents returns the paths, relative to the module's root and
// slash-separated, of the documents whose blocks are checked: README.md,
// the guides in docs/ by name, then CONTRIBUTING.md.
func documents(t *testing.T) []string {
	t.Helper()
	guides, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	docs := []string{"README.md"}
	for _, g := range guides {
		rel, err := filepath.Rel(root, g)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, filepath.ToSlash(rel))
	}
	return append(docs, "CONTRIBUTING.md")
}

// A block is a fenced code block of the README.
type block struct {
	// doc is the document the block is in, relative to the module's
	// root: "README.md", "docs/testing.md".
	doc string
	// lang is the first word of the fence's info string, lower-cased.
	lang string
	// line is the README's line of the block's first line of code,
	// counted from 1.
	line int
	// code is the block's lines, without the fences.
	code string
	// role and args are what the readme: comment right before the fence
	// says: "routes" and ["func=newRouter"]. role is "" without one.
	role string
	args []string
}

// at names the block's place in the README, as errors do.
func (b block) at() string { return fmt.Sprintf("%s:%d", b.doc, b.line) }

// path returns the absolute path of the block's document, for the //line
// comments that make the compiler's errors point into it.
func (b block) path(t *testing.T) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join(root, filepath.FromSlash(b.doc)))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// roleComment is the comment that gives the next block its role.
var roleComment = regexp.MustCompile(`^<!--\s*readme:(\S+)(.*?)-->$`)

// parseBlocks returns the fenced code blocks of doc, a Markdown text,
// each with the role the comment before it gives. A readme: comment that
// is not right before a fence, and a fence left open, are errors.
func parseBlocks(doc, src string) ([]block, error) {
	lines := strings.Split(src, "\n")
	var blocks []block
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if strings.HasPrefix(line, "<!--") && strings.Contains(line, "readme:") {
			if !roleComment.MatchString(line) {
				return nil, fmt.Errorf("%s:%d: a readme: comment must be one line, <!-- readme:ROLE [ARGS] -->", doc, i+1)
			}
			if i+1 >= len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[i+1]), "```") {
				return nil, fmt.Errorf("%s:%d: a readme: comment must be right before a block's opening fence", doc, i+1)
			}
			continue
		}
		if !strings.HasPrefix(line, "```") {
			continue
		}
		indent := lines[i][:len(lines[i])-len(strings.TrimLeft(lines[i], " "))]
		b := block{doc: doc, line: i + 2}
		if info := strings.Fields(strings.TrimPrefix(line, "```")); len(info) > 0 {
			b.lang = strings.ToLower(info[0])
		}
		if i > 0 {
			if m := roleComment.FindStringSubmatch(strings.TrimSpace(lines[i-1])); m != nil {
				b.role, b.args = m[1], strings.Fields(m[2])
			}
		}
		var code []string
		closed := false
		for i++; i < len(lines); i++ {
			if strings.TrimSpace(lines[i]) == "```" {
				closed = true
				break
			}
			code = append(code, strings.TrimPrefix(lines[i], indent))
		}
		if !closed {
			return nil, fmt.Errorf("%s:%d: a block is never closed", doc, b.line-1)
		}
		b.code = strings.Join(code, "\n") + "\n"
		blocks = append(blocks, b)
	}
	return blocks, nil
}

// readBlocks reads the blocks of every document, the README's first.
func readBlocks(t *testing.T) []block {
	t.Helper()
	var blocks []block
	for _, doc := range documents(t) {
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(doc)))
		if err != nil {
			t.Fatal(err)
		}
		bs, err := parseBlocks(doc, string(src))
		if err != nil {
			t.Fatal(err)
		}
		blocks = append(blocks, bs...)
	}
	return blocks
}

// isGo reports whether a block is Go code by its fence.
func (b block) isGo() bool { return b.lang == "go" || b.lang == "golang" }

// check says what is wrong with a block's role, or nil. A Go block needs
// one of the Go roles; another block may have none, or recipe.
func (b block) check() error {
	if !b.isGo() {
		if b.role != "" && b.role != "recipe" {
			return fmt.Errorf("%s: a %q block with the role %q: only Go blocks take roles but recipe", b.at(), b.lang, b.role)
		}
		return nil
	}
	switch b.role {
	case "":
		return fmt.Errorf("%s: a Go block with no role: put <!-- readme:fragment --> (or file, routes, test) on the line before its fence; see package readmetest", b.at())
	case "file":
		if len(b.args) != 1 {
			return fmt.Errorf("%s: readme:file takes one path, DIR/NAME.go", b.at())
		}
		p := b.args[0]
		if filepath.IsAbs(p) || filepath.Clean(p) != p || strings.HasPrefix(p, "..") || !strings.HasSuffix(p, ".go") || !strings.Contains(p, "/") || strings.HasPrefix(p, "snippets/") {
			return fmt.Errorf("%s: readme:file %q: the path must be DIR/NAME.go, relative and clean, and not in snippets/", b.at(), p)
		}
		if !strings.HasPrefix(b.code, "package ") {
			return fmt.Errorf("%s: readme:file: the block must start with its package clause", b.at())
		}
	case "fragment", "test":
		if len(b.args) != 0 {
			return fmt.Errorf("%s: readme:%s takes no arguments", b.at(), b.role)
		}
	case "routes":
		for _, a := range b.args {
			name, ok := strings.CutPrefix(a, "func=")
			if !ok || !regexp.MustCompile(`^[a-z][A-Za-z0-9]*$`).MatchString(name) || len(b.args) > 1 {
				return fmt.Errorf("%s: readme:routes takes at most func=NAME, an unexported Go name", b.at())
			}
		}
	default:
		return fmt.Errorf("%s: a Go block with the unknown role %q: use file, fragment, routes or test", b.at(), b.role)
	}
	return nil
}

// routesFunc returns the NAME of a routes block's func=NAME, or "".
func (b block) routesFunc() string {
	for _, a := range b.args {
		if name, ok := strings.CutPrefix(a, "func="); ok {
			return name
		}
	}
	return ""
}

func TestEveryGoBlockHasAKnownRole(t *testing.T) {
	n := 0
	for _, b := range readBlocks(t) {
		if err := b.check(); err != nil {
			t.Error(err)
		}
		if b.isGo() {
			n++
		}
	}
	if n == 0 {
		t.Error("README.md has no Go blocks: are they fenced with ```go?")
	}
}

func TestABlockWithoutAKnownRoleIsRefused(t *testing.T) {
	tests := []struct {
		name, md string
	}{
		{"a Go block with no comment", "text\n```go\nx := 1\n```\n"},
		{"a Go block after a blank line after its comment", "<!-- readme:fragment -->\n\n```go\nx := 1\n```\n"},
		{"an unknown role", "<!-- readme:example -->\n```go\nx := 1\n```\n"},
		{"a file with no path", "<!-- readme:file -->\n```go\npackage main\n```\n"},
		{"a file that is a fragment", "<!-- readme:file main/main.go -->\n```go\nx := 1\n```\n"},
		{"a file outside the module", "<!-- readme:file ../main.go -->\n```go\npackage main\n```\n"},
		{"routes with an argument it does not take", "<!-- readme:routes run -->\n```go\nr.Command()\n```\n"},
		{"a fragment with arguments", "<!-- readme:fragment imports=os -->\n```go\nos.Exit(0)\n```\n"},
		{"a role on a shell block", "<!-- readme:fragment -->\n```sh\nls\n```\n"},
		{"a Go block fenced as golang", "```golang\nx := 1\n```\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			blocks, err := parseBlocks("README.md", tt.md)
			if err != nil {
				return // refused as it is read
			}
			for _, b := range blocks {
				if b.check() != nil {
					return
				}
			}
			t.Errorf("accepted %q", tt.md)
		})
	}
}

func TestAKnownRoleIsAccepted(t *testing.T) {
	md := "<!-- readme:routes func=newRouter -->\n```go\nr.Command()\n```\n" +
		"<!-- readme:file minimal/main.go -->\n```go\npackage main\n```\n" +
		"<!-- readme:recipe -->\n```sh\nls\n```\n" +
		"```sh\nls\n```\n"
	blocks, err := parseBlocks("README.md", md)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 4 {
		t.Fatalf("%d blocks, want 4: %+v", len(blocks), blocks)
	}
	for _, b := range blocks {
		if err := b.check(); err != nil {
			t.Error(err)
		}
	}
	if got := blocks[0].routesFunc(); got != "newRouter" {
		t.Errorf("func=%q", got)
	}
	if blocks[1].line != 7 {
		t.Errorf("the file block's code starts at line %d, want 7", blocks[1].line)
	}
}
