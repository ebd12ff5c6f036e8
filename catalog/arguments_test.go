package catalog

import (
	"strings"
	"testing"
)

func TestArgumentsAreTheNamesATextReadsFromItsArguments(t *testing.T) {
	for _, tc := range []struct {
		about, src string
		want       string
	}{
		{"none in plain text", "Hello", ""},
		{"fields", "{{.Name}} has {{.Count}}", "Count Name"},
		{"the first of a chain of fields", "{{.User.Name}}", "User"},
		{"arguments of functions", `{{printf "%d" .Count}} {{if eq .A 1}}{{.B}}{{else}}{{.C}}{{end}}`, "A B C Count"},
		{"not fields of what range or with set the dot to", "{{range .List}}{{.Item}}{{end}}{{with .User}}{{.Name}}{{else}}{{.Anon}}{{end}}", "Anon List User"},
		{"$ names an argument inside range", "{{range .List}}{{$.Sep}}{{.}}{{end}}", "List Sep"},
		{"pipelines", "{{.Count | printf \"%03d\"}}", "Count"},
	} {
		t.Run(tc.about, func(t *testing.T) {
			txt, err := parseText("k", other, tc.src, "", "")
			if err != nil {
				t.Fatal(err)
			}
			m := message{}
			m.texts[other] = txt
			if got := strings.Join(m.arguments(), " "); got != tc.want {
				t.Errorf("arguments of %q = %q, want %q", tc.src, got, tc.want)
			}
		})
	}
}

// FuzzArguments parses any text: parsing fails or yields arguments, each
// a name the text spells out.
func FuzzArguments(f *testing.F) {
	for _, s := range []string{"x", "{{.A}}", "{{range .L}}{{.B}}{{$.C}}{{end}}", "{{with .A}}{{.B}}{{else}}{{.C}}{{end}}", "{{template \"x\" .Y}}{{define \"x\"}}{{.Z}}{{end}}", "{{.A.B | printf \"%v\" .C}}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		txt, err := parseText("k", other, src, "", "")
		if err != nil {
			return
		}
		m := message{}
		m.texts[other] = txt
		for _, a := range m.arguments() {
			if a == "" || !strings.Contains(src, a) {
				t.Fatalf("arguments of %q include %q", src, a)
			}
		}
	})
}
