package catalog_test

import (
	"testing"
	"testing/fstest"

	"github.com/switchboard-go/switchboard/catalog"
	"github.com/switchboard-go/switchboard/interaction"
)

// files returns a file system with one directory, "messages", holding
// the given files by name.
func files(byName map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for name, text := range byName {
		fsys["messages/"+name] = &fstest.MapFile{Data: []byte(text)}
	}
	return fsys
}

// load loads the files with default locale en-US, failing the test on an
// error.
func load(t testing.TB, byName map[string]string) *catalog.Catalog {
	t.Helper()
	c, err := catalog.Load(files(byName), "messages", interaction.LocaleEnglishUS)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return c
}

// inbox is a catalogue of a few answers in English, British English,
// French, Russian, Spanish and Japanese.
var inbox = map[string]string{
	"en-US.json": `{
		"hello": "Hello, {{.Name}}!",
		"color": "color",
		"inbox": {"one": "You have {{.Count}} message.", "other": "You have {{.Count}} messages."},
		"bye": "Bye."
	}`,
	"en-GB.json": `{"color": "colour"}`,
	"fr.json": `{
		"hello": "Bonjour, {{.Name}} !",
		"color": "couleur",
		"inbox": {"one": "Vous avez {{.Count}} message.", "many": "Vous avez {{.Count}} de messages.", "other": "Vous avez {{.Count}} messages."}
	}`,
	"ru.json": `{
		"hello": "Привет, {{.Name}}!",
		"inbox": {
			"one": "У вас {{.Count}} сообщение.",
			"few": "У вас {{.Count}} сообщения.",
			"many": "У вас {{.Count}} сообщений.",
			"other": "У вас {{.Count}} сообщения."
		}
	}`,
	"es-ES.json": `{"hello": "¡Hola, {{.Name}}!", "bye": "Adiós."}`,
	"ja.json":    `{"inbox": "メッセージが{{.Count}}件あります。"}`,
}
