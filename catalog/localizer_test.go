package catalog_test

import (
	"errors"
	"testing"

	"github.com/switchboard-go/switchboard/catalog"
	"github.com/switchboard-go/switchboard/interaction"
)

func TestTextFollowsTheServicesFallbacks(t *testing.T) {
	c := load(t, inbox)
	name := catalog.Arg("Name", "Ana")
	for _, tc := range []struct {
		about  string
		locale interaction.Locale
		key    string
		args   []catalog.Argument
		want   string
	}{
		{"a locale reads its own text", interaction.LocaleFrench, "hello", []catalog.Argument{name}, "Bonjour, Ana !"},
		{"the default reads its own", interaction.LocaleEnglishUS, "color", nil, "color"},
		{"en-GB reads its own where it has one", interaction.LocaleEnglishGB, "color", nil, "colour"},
		{"en-GB reads en-US's where it has none", interaction.LocaleEnglishGB, "bye", nil, "Bye."},
		{"es-419 reads es-ES's", interaction.LocaleSpanishLATAM, "hello", []catalog.Argument{name}, "¡Hola, Ana!"},
		{"es-419 reads the default's where es-ES has none", interaction.LocaleSpanishLATAM, "color", nil, "color"},
		{"a locale with no file reads the default", interaction.LocaleGerman, "hello", []catalog.Argument{name}, "Hello, Ana!"},
		{"a locale with no fallback reads the default for a key it lacks", interaction.LocaleFrench, "bye", nil, "Bye."},
		{"an unset locale reads the default", "", "bye", nil, "Bye."},
		{"a locale the service does not have reads the default", "xx", "bye", nil, "Bye."},
		{"an unknown key reads as itself", interaction.LocaleFrench, "nope", nil, "nope"},
		{"a missing argument falls back to the next locale that can", interaction.LocaleFrench, "hello", nil, "hello"},
		{"Count chooses English one", interaction.LocaleEnglishUS, "inbox", []catalog.Argument{catalog.Count(1)}, "You have 1 message."},
		{"Count chooses English other", interaction.LocaleEnglishUS, "inbox", []catalog.Argument{catalog.Count(0)}, "You have 0 messages."},
		{"French 0 is one", interaction.LocaleFrench, "inbox", []catalog.Argument{catalog.Count(0)}, "Vous avez 0 message."},
		{"French millions are many", interaction.LocaleFrench, "inbox", []catalog.Argument{catalog.Count(2_000_000)}, "Vous avez 2000000 de messages."},
		{"Russian 21 is one", interaction.LocaleRussian, "inbox", []catalog.Argument{catalog.Count(21)}, "У вас 21 сообщение."},
		{"Russian 3 is few", interaction.LocaleRussian, "inbox", []catalog.Argument{catalog.Count(3)}, "У вас 3 сообщения."},
		{"Russian 11 is many", interaction.LocaleRussian, "inbox", []catalog.Argument{catalog.Count(11)}, "У вас 11 сообщений."},
		{"Russian 1011 is many, past the remembered counts", interaction.LocaleRussian, "inbox", []catalog.Argument{catalog.Count(1011)}, "У вас 1011 сообщений."},
		{"Russian 1.5 is other", interaction.LocaleRussian, "inbox", []catalog.Argument{catalog.Arg("Count", "1.5")}, "У вас 1.5 сообщения."},
		{"a negative count takes the form of its size", interaction.LocaleRussian, "inbox", []catalog.Argument{catalog.Count(-5)}, "У вас -5 сообщений."},
		{"an unsigned count is a count", interaction.LocaleEnglishUS, "inbox", []catalog.Argument{catalog.Arg("Count", uint8(1))}, "You have 1 message."},
		{"Japanese has only other", interaction.LocaleJapanese, "inbox", []catalog.Argument{catalog.Count(1)}, "メッセージが1件あります。"},
		{"a float count falls back to the key", interaction.LocaleEnglishUS, "inbox", []catalog.Argument{catalog.Arg("Count", 1.5)}, "inbox"},
		{"no count falls back to the key", interaction.LocaleEnglishUS, "inbox", nil, "inbox"},
		{"a form a text lacks reads its other", interaction.LocaleEnglishGB, "inbox", []catalog.Argument{catalog.Count(1)}, "You have 1 message."},
		{"unused arguments are ignored", interaction.LocaleEnglishUS, "bye", []catalog.Argument{name}, "Bye."},
	} {
		t.Run(tc.about, func(t *testing.T) {
			tr := c.For(tc.locale)
			if got := tr.Text(tc.key, tc.args...); got != tc.want {
				t.Errorf("For(%q).Text(%q) = %q, want %q", tc.locale, tc.key, got, tc.want)
			}
			if tr.Locale() != tc.locale {
				t.Errorf("Locale() = %q, want %q", tr.Locale(), tc.locale)
			}
		})
	}
}

func TestAFrenchTextWithoutItsManyFormReadsOther(t *testing.T) {
	c := load(t, map[string]string{
		"en-US.json": `{"n": {"one": "{{.Count}} item", "other": "{{.Count}} items"}}`,
		"fr.json":    `{"n": {"one": "{{.Count}} objet", "other": "{{.Count}} objets"}}`,
	})
	if got := c.For(interaction.LocaleFrench).Text("n", catalog.Count(1_000_000)); got != "1000000 objets" {
		t.Errorf("got %q", got)
	}
}

func TestRenderSaysWhatFails(t *testing.T) {
	c := load(t, inbox)
	for _, tc := range []struct {
		about  string
		locale interaction.Locale
		key    string
		args   []catalog.Argument
		want   string
	}{
		{"an unknown key", interaction.LocaleFrench, "nope", nil, `catalog: no text for key "nope" in fr, its fallback or the default`},
		{"an unknown key with no locale", "", "nope", nil, `catalog: no text for key "nope" in the unset locale, its fallback or the default`},
		{"a missing argument", interaction.LocaleFrench, "hello", nil, `messages/fr.json: key "hello": template: hello:1:11: executing "hello" at <.Name>: map has no entry for key "Name"`},
		{"a plural text without Count", interaction.LocaleRussian, "inbox", nil, `messages/ru.json: key "inbox": the text has plural forms and needs the argument Count`},
		{"a float Count", interaction.LocaleRussian, "inbox", []catalog.Argument{catalog.Arg("Count", 2.5)}, `messages/ru.json: key "inbox": argument Count is a float64: write a fraction as a string, such as "1.5", since its written digits choose the form`},
		{"a Count of another type", interaction.LocaleRussian, "inbox", []catalog.Argument{catalog.Arg("Count", true)}, `messages/ru.json: key "inbox": argument Count is a bool, not an integer or a decimal string`},
	} {
		t.Run(tc.about, func(t *testing.T) {
			got, err := c.For(tc.locale).Render(tc.key, tc.args...)
			if err == nil || err.Error() != tc.want {
				t.Errorf("Render(%q) = %q, %v; want the error %s", tc.key, got, err, tc.want)
			}
		})
	}
	var missing *catalog.MissingError
	if _, err := c.For(interaction.LocaleFrench).Render("nope"); !errors.As(err, &missing) || missing.Key != "nope" {
		t.Errorf("Render of an unknown key: %v, want a *MissingError for it", err)
	}
	if got, err := c.For(interaction.LocaleEnglishGB).Render("color"); err != nil || got != "colour" {
		t.Errorf(`Render("color") in en-GB = %q, %v`, got, err)
	}
}

func TestForAllocatesNothing(t *testing.T) {
	c := load(t, inbox)
	allocs := testing.AllocsPerRun(100, func() {
		_ = c.For(interaction.LocaleSpanishLATAM).Text("bye")
	})
	if allocs != 0 {
		t.Errorf("For and a plain Text allocate %v times", allocs)
	}
}

func TestTextIsSafeForConcurrentUse(t *testing.T) {
	c := load(t, inbox)
	want := map[int]string{3: "У вас 3 сообщения.", 1011: "У вас 1011 сообщений.", 1021: "У вас 1021 сообщение."}
	done := make(chan string)
	for g := range 8 {
		go func() {
			for i := range 50 {
				n := []int{3, 1011, 1021}[(g+i)%3]
				if got := c.For(interaction.LocaleRussian).Text("inbox", catalog.Count(n)); got != want[n] {
					done <- got
					return
				}
			}
			done <- ""
		}()
	}
	for range 8 {
		if got := <-done; got != "" {
			t.Errorf("a goroutine read %q", got)
		}
	}
}
