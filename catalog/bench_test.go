package catalog_test

import (
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
