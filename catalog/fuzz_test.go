package catalog_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/catalog"
	"github.com/switchboard-go/switchboard/interaction"
)

// FuzzLoad loads a default file and a French one of any content: Load
// fails or succeeds without panicking, Check and every way of reading a
// text run on what it loaded, and Text agrees with Render wherever
// Render succeeds.
func FuzzLoad(f *testing.F) {
	f.Add(`{"a": "A {{.Name}}", "b": {"one": "{{.Count}} b", "other": "{{.Count}} bs"}}`, `{"a": "Á {{.Name}}", "b": {"one": "un b", "many": "{{.Count}} de b", "other": "{{.Count}} b"}}`)
	f.Add(`{"a": {"b": {"c": "x"}}, "d": {"other": "y", "description": "note"}}`, `{"a.b.c": "{{if .X}}{{.X}}{{else}}none{{end}}"}`)
	f.Add(`{"a": {"leftdelim": "<<", "rightdelim": ">>", "other": "<<.Count>> {{"}}`, `[{"id": "a", "other": "x"}]`)
	f.Add(`{"a": "{{range .List}}{{.}}{{end}}{{with $.Y}}{{.Z}}{{end}}"}`, `{"a": "{{template \"t\"}}{{define \"t\"}}{{.Q}}{{end}}"}`)
	f.Add(`{"a": "{{.Count | printf \"%05d\"}}", "p": {"name": "Paint", "desc": ""}}`, `{}`)
	f.Fuzz(func(t *testing.T, en, fr string) {
		c, err := catalog.Load(files(map[string]string{"en-US.json": en, "fr.json": fr}), "messages", interaction.LocaleEnglishUS)
		if err != nil {
			return
		}
		_ = c.Check()
		argSets := [][]catalog.Argument{
			nil,
			{catalog.Count(1), catalog.Arg("Name", "n"), catalog.Arg("X", 1), catalog.Arg("List", []int{1})},
			{catalog.Arg("Count", "2.50"), catalog.Arg("Y", map[string]any{"Z": 1})},
			{catalog.Count(-1 << 40)},
		}
		for _, l := range []interaction.Locale{interaction.LocaleFrench, interaction.LocaleEnglishGB, "xx"} {
			tr := c.For(l)
			for _, key := range []string{"a", "b", "d", "a.b.c", "p.name", "p.desc"} {
				for _, args := range argSets {
					text := tr.Text(key, args...)
					if s, err := tr.Render(key, args...); err == nil && s != text {
						t.Fatalf("%s %q: Render gives %q, Text %q", l, key, s, text)
					}
				}
			}
		}
	})
}
