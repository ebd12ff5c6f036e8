package readmetest

import (
	"os"
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

func TestEveryLinkInTheReadmeLeadsSomewhere(t *testing.T) {
	src := readme(t)
	lines := prose(src)
	anchors := map[string]bool{}
	for _, l := range lines {
		if h, ok := strings.CutPrefix(l, "#"); ok {
			h = strings.TrimLeft(h, "#")
			s := slug(strings.TrimSpace(h))
			a := s
			for n := 1; anchors[a]; n++ { // GitHub numbers a repeated heading
				a = s + "-" + strconv.Itoa(n)
			}
			anchors[a] = true
		}
	}
	// A link may be broken across lines: join the prose first.
	var text strings.Builder
	for n := 1; n <= len(strings.Split(src, "\n")); n++ {
		if l, ok := lines[n]; ok {
			text.WriteString(l + "\n")
		}
	}
	joined := strings.ReplaceAll(text.String(), "\n", " ")
	for _, m := range link.FindAllStringSubmatch(joined, -1) {
		target := m[1]
		switch {
		case strings.HasPrefix(target, "http://"), strings.HasPrefix(target, "https://"):
		case strings.HasPrefix(target, "#"):
			if !anchors[target[1:]] {
				t.Errorf("README.md links to %s, which no heading is", target)
			}
		default:
			path, _, _ := strings.Cut(target, "#")
			if _, err := os.Stat(filepath.Join("..", "..", filepath.FromSlash(path))); err != nil {
				t.Errorf("README.md links to %s: %v", target, err)
			}
		}
	}
}
