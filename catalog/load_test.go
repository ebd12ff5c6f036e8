package catalog_test

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/switchboard-go/switchboard/catalog"
	"github.com/switchboard-go/switchboard/interaction"
)

func TestLoadReadsOneFilePerLocale(t *testing.T) {
	c := load(t, inbox)
	want := []interaction.Locale{"en-GB", "en-US", "es-ES", "fr", "ru", "ja"}
	if got := c.Locales(); !reflect.DeepEqual(got, want) {
		t.Errorf("Locales() = %v, want %v, in the service's order", got, want)
	}
	if c.Default() != interaction.LocaleEnglishUS {
		t.Errorf("Default() = %q", c.Default())
	}
}

func TestLoadReadsOtherFormatsItIsGiven(t *testing.T) {
	// A stand-in decoder for a format of lines "key = text".
	lines := catalog.Format{Ext: "txt", Unmarshal: func(data []byte, v any) error {
		m := map[string]any{}
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			k, text, _ := strings.Cut(line, " = ")
			m[k] = text
		}
		*v.(*any) = m
		return nil
	}}
	c, err := catalog.Load(files(map[string]string{
		"en-US.json": `{"hello": "Hello"}`,
		"de.txt":     "hello = Hallo",
	}), "messages", interaction.LocaleEnglishUS, lines)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.For(interaction.LocaleGerman).Text("hello"); got != "Hallo" {
		t.Errorf("German reads %q", got)
	}
}

func TestLoadReadsNestedKeysAndTranslatorNotes(t *testing.T) {
	c := load(t, map[string]string{
		"en-US.json": `{"paint": {"done": {"other": "Painted.", "description": "after /paint"}, "color": {"red": "Red"}}}`,
	})
	tr := c.For(interaction.LocaleEnglishUS)
	if got := tr.Text("paint.done"); got != "Painted." {
		t.Errorf("paint.done = %q", got)
	}
	if got := tr.Text("paint.color.red"); got != "Red" {
		t.Errorf("paint.color.red = %q", got)
	}
}

func TestAnEmptyTextIsNotATranslation(t *testing.T) {
	c := load(t, map[string]string{
		"en-US.json": `{"hello": "Hello"}`,
		"fr.json":    `{"hello": ""}`,
	})
	if got := c.For(interaction.LocaleFrench).Text("hello"); got != "Hello" {
		t.Errorf("French reads %q, want the default's", got)
	}
}

func TestLoadFailsOnWhatItCannotRead(t *testing.T) {
	for _, tc := range []struct {
		about string
		files map[string]string
		def   interaction.Locale
		want  []string
	}{
		{
			about: "a file not named after a locale",
			files: map[string]string{"en-US.json": `{}`, "fr-FR.json": `{}`, "README.md": "x"},
			want: []string{
				"messages/README.md: a catalogue file is named LOCALE.FORMAT, with one of the service's locales and a format Load reads",
				"messages/fr-FR.json: a catalogue file is named LOCALE.FORMAT, with one of the service's locales and a format Load reads",
			},
		},
		{
			about: "a format it was not given",
			files: map[string]string{"en-US.json": `{}`, "fr.toml": ``},
			want:  []string{"messages/fr.toml: a catalogue file is named LOCALE.FORMAT, with one of the service's locales and a format Load reads"},
		},
		{
			about: "no file for the default",
			files: map[string]string{"fr.json": `{}`},
			want:  []string{"messages: no file for the default locale en-US"},
		},
		{
			about: "a default the service does not have",
			files: map[string]string{"en.json": `{}`},
			def:   "en",
			want:  []string{`catalog: default locale "en" is not one of the service's`},
		},
		{
			about: "a file that is not JSON",
			files: map[string]string{"en-US.json": `{"hello": "Hello",}`},
			want:  []string{"messages/en-US.json: invalid character '}' looking for beginning of object key string"},
		},
		{
			about: "a text that is not a template",
			files: map[string]string{"en-US.json": `{"hello": "Hello {{.Name"}`},
			want:  []string{`messages/en-US.json: key "hello": template: hello:1: unclosed action`},
		},
		{
			about: "plural forms without other",
			files: map[string]string{"en-US.json": `{"n": {"one": "one item"}}`},
			want:  []string{`messages/en-US.json: key "n": plural forms without other, which every language needs`},
		},
		{
			about: "a value that is not text",
			files: map[string]string{"en-US.json": `{"n": 3}`},
			want:  []string{"messages/en-US.json: unsupported file format float64"},
		},
		{
			about: "one key twice",
			files: map[string]string{"en-US.json": `{"a.b": "x", "a": {"b": "y"}}`},
			want:  []string{`messages/en-US.json: key "a.b": given twice`},
		},
	} {
		t.Run(tc.about, func(t *testing.T) {
			def := tc.def
			if def == "" {
				def = interaction.LocaleEnglishUS
			}
			_, err := catalog.Load(files(tc.files), "messages", def)
			if err == nil {
				t.Fatal("Load succeeded")
			}
			if got, want := err.Error(), strings.Join(tc.want, "\n"); got != want {
				t.Errorf("Load failed with\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func TestLoadFailsOnTwoFilesForOneLocale(t *testing.T) {
	fsys := files(map[string]string{"en-US.json": `{}`, "fr.json": `{}`, "fr.txt": ``})
	_, err := catalog.Load(fsys, "messages", interaction.LocaleEnglishUS,
		catalog.Format{Ext: "txt", Unmarshal: func([]byte, any) error { return nil }})
	if err == nil || err.Error() != "messages/fr.txt: locale fr has another file, messages/fr.json" {
		t.Errorf("Load: %v", err)
	}
}

func TestLoadFailsOnAMissingDirectory(t *testing.T) {
	if _, err := catalog.Load(fstest.MapFS{}, "messages", interaction.LocaleEnglishUS); err == nil {
		t.Error("Load of a missing directory succeeded")
	}
}

func TestLoadRefusesAFormatWithoutItsParts(t *testing.T) {
	for _, f := range []catalog.Format{{Ext: "toml"}, {Ext: ".toml", Unmarshal: func([]byte, any) error { return nil }}} {
		if _, err := catalog.Load(files(inbox), "messages", interaction.LocaleEnglishUS, f); err == nil {
			t.Errorf("Load took %+v", f)
		}
	}
}
