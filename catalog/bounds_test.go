package catalog_test

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/switchboard-go/switchboard/catalog"
	"github.com/switchboard-go/switchboard/interaction"
)

// Load refuses a text that would do more than a text may with some
// arguments, whatever they are, naming its file (so its locale), its key,
// its plural form and what in it does too much.
func TestLoadRefusesTextsThatCouldPassTheBounds(t *testing.T) {
	for _, tc := range []struct {
		about string
		fr    string // the French file; en-US.json is {"ok": "OK"}
		want  string
		is    error // the bound it wraps, if any
	}{
		{"a range over a number past the bound",
			`{"spin": "{{range 20000000}} {{end}}"}`,
			`messages/fr.json: key "spin": {{range 20000000}}: 20000000 iterations, more than the 10000 a text may make`, catalog.ErrTooManyIterations},
		{"ranges within ranges, past the bound together",
			`{"grid": "{{range 200}}{{range $i := 200}}{{end}}{{end}}"}`,
			`messages/fr.json: key "grid": {{range 200}}: 40200 iterations, more than the 10000 a text may make`, catalog.ErrTooManyIterations},
		{"ranges one after another, past the bound together",
			`{"twice": "{{range 6000}}{{end}}{{range 6000}}{{end}}"}`,
			`messages/fr.json: key "twice": its ranges: 12000 iterations, more than the 10000 a text may make`, catalog.ErrTooManyIterations},
		{"a range in a branch taken for some arguments",
			`{"maybe": "{{if .Big}}{{range 20000}}{{end}}{{end}}"}`,
			`messages/fr.json: key "maybe": {{range 20000}}: 20000 iterations, more than the 10000 a text may make`, catalog.ErrTooManyIterations},
		{"a text longer than the bound",
			`{"long": "` + strings.Repeat("é", 20000) + `"}`,
			`messages/fr.json: key "long": 40000 bytes, more than the 32768 a text may write`, catalog.ErrTooLong},
		{"a range writing past the bound",
			`{"tens": "{{range 5000}}0123456789{{end}}"}`,
			`messages/fr.json: key "tens": {{range 5000}}: writes 50000 bytes, more than the 32768 a text may write`, catalog.ErrTooLong},
		{"printf padding past the bound",
			`{"pad": "{{printf \"%0999999d\" 1}}"}`,
			`messages/fr.json: key "pad": {{printf "%0999999d" 1}}: pads to 999999 bytes, more than the 32768 a text may write`, catalog.ErrTooLong},
		{"printf padding repeated past the bound",
			`{"pads": "{{range 10}}{{printf \"%.4000f\" 1.0}}{{end}}"}`,
			`messages/fr.json: key "pads": {{range 10}}: writes 40000 bytes, more than the 32768 a text may write`, catalog.ErrTooLong},
		{"printf padding from an argument",
			`{"star": "{{printf \"%*d\" .N 1}}"}`,
			`messages/fr.json: key "star": {{printf "%*d" .N 1}}: a width or precision from an argument (*), which a text may not take`, catalog.ErrTooLong},
		{"a template called",
			`{"rec": "{{define \"x\"}}{{template \"x\"}}{{end}}{{template \"x\"}}"}`,
			`messages/fr.json: key "rec": {{template "x"}}: a text calls no template and defines none`, nil},
		{"a template defined",
			`{"def": "{{define \"x\"}}x{{end}}y"}`,
			`messages/fr.json: key "def": {{define "x"}}: a text calls no template and defines none`, nil},
		{"a block",
			`{"blk": "{{block \"x\" .}}x{{end}}"}`,
			`messages/fr.json: key "blk": {{template "x" .}}: a text calls no template and defines none`, nil},
		{"in a plural form",
			`{"inbox": {"one": "{{range 20000000}}x{{end}}", "other": "{{.Count}}"}}`,
			`messages/fr.json: key "inbox": form one: {{range 20000000}}: 20000000 iterations, more than the 10000 a text may make`, catalog.ErrTooManyIterations},
	} {
		t.Run(tc.about, func(t *testing.T) {
			_, err := catalog.Load(files(map[string]string{"en-US.json": `{"ok": "OK"}`, "fr.json": tc.fr}), "messages", interaction.LocaleEnglishUS)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Load: %v\nwant an error with %s", err, tc.want)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("Load: %v does not wrap %v", err, tc.is)
			}
		})
	}
}

// Texts within the bounds load: ranges and padding whose work depends on
// the arguments are bounded when rendered.
func TestLoadTakesTextsWithinTheBounds(t *testing.T) {
	c := load(t, map[string]string{"en-US.json": `{
		"stars": "{{range .N}}★{{end}}",
		"most": "{{range 99}}{{range 100}}{{end}}{{end}}",
		"pad": "{{printf \"%08.3f|%-5s|%[1]v\" 3.14159 \"ab\"}}",
		"list": "{{range $i, $s := .L}}{{if $i}}, {{end}}{{$s}}{{else}}none{{end}}",
		"long": "` + strings.Repeat("x", 32768) + `"
	}`})
	tr := c.For(interaction.LocaleEnglishUS)
	for _, tc := range []struct {
		key  string
		args []catalog.Argument
		want string
	}{
		{"stars", []catalog.Argument{catalog.Arg("N", 5)}, "★★★★★"},
		{"most", nil, ""},
		{"pad", nil, "0003.142|ab   |3.14159"},
		{"list", []catalog.Argument{catalog.Arg("L", []string{"a", "b"})}, "a, b"},
		{"list", []catalog.Argument{catalog.Arg("L", []string{})}, "none"},
	} {
		if got, err := tr.Render(tc.key, tc.args...); err != nil || got != tc.want {
			t.Errorf("Render(%q) = %q, %v; want %q", tc.key, got, err, tc.want)
		}
	}
	if got, err := tr.Render("long"); err != nil || len(got) != 32768 {
		t.Errorf("a text of 32768 bytes renders %d bytes, %v", len(got), err)
	}
}

// A render whose arguments would take a text past a bound stops there
// with an error naming the text and what in it went past.
func TestARenderPastTheBoundsStops(t *testing.T) {
	c := load(t, map[string]string{"en-US.json": `{
		"stars": "{{range .N}}★ {{end}}",
		"grid": "{{range .N}}{{range $.N}}{{end}}{{end}}",
		"echo": "<{{.S}}>",
		"fmt": "{{printf .F 1}}",
		"seq": "{{range .Seq}}{{end}}",
		"list": "{{printf \"%100v\" .L}}"
	}`})
	forever := func(yield func(int) bool) {
		for i := 0; yield(i); i++ {
		}
	}
	for _, tc := range []struct {
		about string
		key   string
		args  []catalog.Argument
		want  string
	}{
		{"a range over a count past the bound", "stars", []catalog.Argument{catalog.Arg("N", 20_000_000)},
			`messages/en-US.json: key "stars": {{range .N}}: 20000000 iterations, more than the 10000 a text may make`},
		{"a range over a list past the bound", "stars", []catalog.Argument{catalog.Arg("N", make([]int, 10001))},
			`messages/en-US.json: key "stars": {{range .N}}: 10001 iterations, more than the 10000 a text may make`},
		{"ranges within a range, writing nothing", "grid", []catalog.Argument{catalog.Arg("N", 3000)},
			`messages/en-US.json: key "grid": {{range $.N}}: 3000 iterations, more than the 1000 left of the 10000 a text may make`},
		{"an iterator that never ends", "seq", []catalog.Argument{catalog.Arg("Seq", forever)},
			`messages/en-US.json: key "seq": {{range .Seq}}: more than the 10000 iterations a text may make`},
		{"output past the bound", "stars", []catalog.Argument{catalog.Arg("N", 10000)},
			`messages/en-US.json: key "stars": writes more than the 32768 bytes a text may`},
		{"an argument past the bound", "echo", []catalog.Argument{catalog.Arg("S", strings.Repeat("x", 40000))},
			`messages/en-US.json: key "echo": writes more than the 32768 bytes a text may`},
		{"printf padding past the bound", "fmt", []catalog.Argument{catalog.Arg("F", "%0999999d")},
			`messages/en-US.json: key "fmt": printf "%0999999d": pads to 999999 bytes, more than the 32768 a text may write`},
		{"printf padding each of many values", "list", []catalog.Argument{catalog.Arg("L", make([]int, 1000))},
			`messages/en-US.json: key "list": printf "%100v": pads to 100000 bytes, more than the 32768 a text may write`},
		{"printf padding from an argument", "fmt", []catalog.Argument{catalog.Arg("F", "%*d")},
			`messages/en-US.json: key "fmt": printf "%*d": a width or precision from an argument (*), which a text may not take`},
	} {
		t.Run(tc.about, func(t *testing.T) {
			tr := c.For(interaction.LocaleEnglishUS)
			got, err := tr.Render(tc.key, tc.args...)
			if err == nil || err.Error() != tc.want {
				t.Errorf("Render: %.40q, %v\nwant the error %s", got, err, tc.want)
			}
			if !errors.Is(err, catalog.ErrTooLong) && !errors.Is(err, catalog.ErrTooManyIterations) {
				t.Errorf("Render: %v wraps neither ErrTooLong nor ErrTooManyIterations", err)
			}
			if s := tr.Text(tc.key, tc.args...); s != tc.key {
				t.Errorf("Text: %.40q; want the key, as for any text that cannot be made", s)
			}
		})
	}
}

// Renders at once each have a bound of their own.
func TestRendersAtOnceCountTheirOwnIterations(t *testing.T) {
	c := load(t, map[string]string{"en-US.json": `{"stars": "{{range .N}}*{{end}}"}`})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			tr := c.For(interaction.LocaleEnglishUS)
			for range 20 {
				if s, err := tr.Render("stars", catalog.Arg("N", 9000)); err != nil || len(s) != 9000 {
					t.Errorf("Render: %d bytes, %v", len(s), err)
					return
				}
			}
		})
	}
	wg.Wait()
}
