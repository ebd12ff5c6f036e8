package catalog_test

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/catalog"
	"github.com/switchboard-go/switchboard/interaction"
)

// BenchmarkText measures what a handler pays for a localized answer: For
// and Text, for texts of each kind.
func BenchmarkText(b *testing.B) {
	c := load(b, inbox)
	for _, bc := range []struct {
		name   string
		locale interaction.Locale
		key    string
		args   []catalog.Argument
	}{
		{"plain", interaction.LocaleFrench, "color", nil},
		{"plain-by-fallback", interaction.LocaleSpanishLATAM, "bye", nil},
		{"argument", interaction.LocaleFrench, "hello", []catalog.Argument{catalog.Arg("Name", "Ana")}},
		{"plural", interaction.LocaleRussian, "inbox", []catalog.Argument{catalog.Count(3)}},
		{"plural-past-remembered-counts", interaction.LocaleRussian, "inbox", []catalog.Argument{catalog.Count(123456)}},
		{"plural-decimal", interaction.LocaleRussian, "inbox", []catalog.Argument{catalog.Arg("Count", "1.5")}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = c.For(bc.locale).Text(bc.key, bc.args...)
			}
		})
	}
}

func BenchmarkLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		load(b, inbox)
	}
}

// BenchmarkRenderPastTheBounds measures texts whose arguments ask for
// more than a text may do: each render stops at the bound with an error.
func BenchmarkRenderPastTheBounds(b *testing.B) {
	c := load(b, map[string]string{"en-US.json": `{
		"stars": "{{range .N}} {{end}}",
		"grid": "{{range .N}}{{range $.N}}{{end}}{{end}}",
		"echo": "{{.S}}{{.S}}"
	}`})
	for _, bc := range []struct {
		name string
		key  string
		args []catalog.Argument
	}{
		{"a-range-over-20000000", "stars", []catalog.Argument{catalog.Arg("N", 20_000_000)}},
		{"ranges-of-3000-in-ranges-of-3000-writing-nothing", "grid", []catalog.Argument{catalog.Arg("N", 3000)}},
		{"an-argument-of-1MiB-twice", "echo", []catalog.Argument{catalog.Arg("S", strings.Repeat("x", 1<<20))}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = c.For(interaction.LocaleEnglishUS).Render(bc.key, bc.args...)
			}
		})
	}
}
