package readmetest

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// readme returns README.md's text.
func readme(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// prose returns the README's lines outside its code blocks, each with its
// line number.
func prose(src string) map[int]string {
	lines := map[int]string{}
	fenced := false
	for i, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			lines[i+1] = l
		}
	}
	return lines
}

func TestTheReadmeSaysHowToInstallAndWhichGo(t *testing.T) {
	src := readme(t)
	if !strings.Contains(src, "\ngo get github.com/switchboard-go/switchboard@latest\n") {
		t.Error("README.md has no go get line for the module")
	}
	mod, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := goDirective.FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod has no go directive")
	}
	// go 1.26.0 is Go 1.26.
	parts := strings.SplitN(string(m[1]), ".", 3)
	want := "Go " + parts[0] + "." + parts[1] + " or later"
	if !strings.Contains(src, want) {
		t.Errorf("README.md does not say %q, as go.mod's go %s asks", want, m[1])
	}
}

func TestTheReadmeKeepsItsTwoSetUpCommands(t *testing.T) {
	blocks := readBlocks(t)
	if len(blocks) == 0 || blocks[0].lang != "sh" {
		t.Fatal("README.md's first block is not the shell block of its set-up commands")
	}
	for _, c := range []string{"go run ./examples/quickstart", "go test -race ./..."} {
		if !strings.Contains(blocks[0].code, "\n"+c+" ") && !strings.HasPrefix(blocks[0].code, c+" ") {
			t.Errorf("README.md's first block does not start a line with %q:\n%s", c, blocks[0].code)
		}
	}
}

// slug is the anchor GitHub gives a heading: lower case, without the
// punctuation, spaces made hyphens.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestSlugsAreGitHubs(t *testing.T) {
	for heading, want := range map[string]string{
		"Trying a bot on cmd/emulator":                  "trying-a-bot-on-cmdemulator",
		"On net/http, or a fasthttp server of your own": "on-nethttp-or-a-fasthttp-server-of-your-own",
		"Answers checked before they are sent":          "answers-checked-before-they-are-sent",
		"`go get`, then Go 1.26":                        "go-get-then-go-126",
	} {
		if got := slug(heading); got != want {
			t.Errorf("slug(%q) = %q, want %q", heading, got, want)
		}
	}
}

// link is a Markdown link's target: (target) after ].
var link = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// anchors returns the anchors of a document's headings, as GitHub makes
// them.
func anchors(src string) map[string]bool {
	found := map[string]bool{}
	for _, l := range prose(src) {
		if h, ok := strings.CutPrefix(l, "#"); ok {
			h = strings.TrimLeft(h, "#")
			s := slug(strings.TrimSpace(h))
			a := s
			for n := 1; found[a]; n++ { // GitHub numbers a repeated heading
				a = s + "-" + strconv.Itoa(n)
			}
			found[a] = true
		}
	}
	return found
}

// links returns the targets of a document's links, outside its code
// blocks.
func links(src string) []string {
	lines := prose(src)
	// A link may be broken across lines: join the prose first.
	var text strings.Builder
	for n := 1; n <= len(strings.Split(src, "\n")); n++ {
		if l, ok := lines[n]; ok {
			text.WriteString(l + " ")
		}
	}
	var targets []string
	for _, m := range link.FindAllStringSubmatch(text.String(), -1) {
		targets = append(targets, m[1])
	}
	return targets
}

func TestEveryLinkOfTheDocumentsLeadsSomewhere(t *testing.T) {
	docs := documents(t)
	texts := map[string]string{}
	for _, doc := range docs {
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(doc)))
		if err != nil {
			t.Fatal(err)
		}
		texts[doc] = string(src)
	}
	for _, doc := range docs {
		for _, target := range links(texts[doc]) {
			if strings.HasPrefix(target, "http://") || strings.HasPrefix(target, "https://") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			dest := doc
			if file != "" {
				dest = path.Clean(path.Join(path.Dir(doc), file))
				if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(dest))); err != nil {
					t.Errorf("%s links to %s: %v", doc, target, err)
					continue
				}
			}
			if anchor == "" {
				continue
			}
			text, ok := texts[dest]
			if !ok {
				t.Errorf("%s links to %s: an anchor in a file that is not a document", doc, target)
				continue
			}
			if !anchors(text)[anchor] {
				t.Errorf("%s links to %s, which no heading of %s is", doc, target, dest)
			}
		}
	}
}

func TestTheReadmeLinksEveryGuide(t *testing.T) {
	linked := map[string]bool{}
	for _, target := range links(readme(t)) {
		file, _, _ := strings.Cut(target, "#")
		linked[path.Clean(file)] = true
	}
	for _, doc := range documents(t)[1:] {
		if !linked[doc] {
			t.Errorf("README.md does not link %s: list it in the contents", doc)
		}
	}
}
