package catalog_test

import (
	"errors"
	"fmt"
	"testing/fstest"

	"github.com/switchboard-go/switchboard/catalog"
	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

// exampleFiles stand for an embed.FS holding a directory "messages".
var exampleFiles = fstest.MapFS{
	"messages/en-US.json": {Data: []byte(`{
		"inbox": {"one": "{{.Name}}, you have {{.Count}} message.", "other": "{{.Name}}, you have {{.Count}} messages."},
		"color": "color",
		"paint": {"name": "paint", "desc": "Paint the fence", "color": {"name": "color", "desc": "Which color"}}
	}`)},
	"messages/en-GB.json": {Data: []byte(`{"color": "colour"}`)},
	"messages/pl.json": {Data: []byte(`{
		"inbox": {
			"one": "{{.Name}}, masz {{.Count}} wiadomość.",
			"few": "{{.Name}}, masz {{.Count}} wiadomości.",
			"many": "{{.Name}}, masz {{.Count}} wiadomości.",
			"other": "{{.Name}}, masz {{.Count}} wiadomości."
		},
		"color": "kolor",
		"paint": {"name": "maluj", "desc": "Pomaluj płot", "color": {"name": "kolor", "desc": "Jaki kolor"}}
	}`)},
}

func Example() {
	cat, err := catalog.Load(exampleFiles, "messages", interaction.LocaleEnglishUS)
	if err != nil {
		panic(err)
	}
	for _, l := range []interaction.Locale{interaction.LocaleEnglishUS, interaction.LocalePolish} {
		tr := cat.For(l) // in a handler: cat.For(req.Locale())
		for _, n := range []int{1, 3, 5} {
			fmt.Println(tr.Text("inbox", catalog.Count(n), catalog.Arg("Name", "Ola")))
		}
	}
	// en-GB has its own word; es-419 falls back to es-ES, then en-US.
	fmt.Println(cat.For(interaction.LocaleEnglishGB).Text("color"))
	fmt.Println(cat.For(interaction.LocaleSpanishLATAM).Text("color"))
	// Output:
	// Ola, you have 1 message.
	// Ola, you have 3 messages.
	// Ola, you have 5 messages.
	// Ola, masz 1 wiadomość.
	// Ola, masz 3 wiadomości.
	// Ola, masz 5 wiadomości.
	// colour
	// color
}

func ExampleCatalog_Check() {
	cat, err := catalog.Load(fstest.MapFS{
		"messages/en-US.json": {Data: []byte(`{"hello": "Hello, {{.Name}}!", "inbox": {"one": "{{.Count}} message", "other": "{{.Count}} messages"}}`)},
		"messages/ru.json":    {Data: []byte(`{"inbox": {"one": "{{.Count}} сообщение", "other": "{{.Count}} сообщений"}}`)},
	}, "messages", interaction.LocaleEnglishUS)
	if err != nil {
		panic(err)
	}
	fmt.Println(cat.Check())
	// Output:
	// messages/ru.json: "hello": no translation: ru users read the default en-US's
	// messages/ru.json: "inbox": no form few, which ru uses for 2
	// messages/ru.json: "inbox": no form many, which ru uses for 0
}

func ExampleCatalog_Command() {
	cat, err := catalog.Load(exampleFiles, "messages", interaction.LocaleEnglishUS)
	if err != nil {
		panic(err)
	}
	r := router.New()
	r.Command("paint", ok, cat.Command("paint"), router.Options(
		cat.Option("paint.color", option.String("color", "").Required())))
	mux, err := r.Build()
	if err != nil {
		panic(err)
	}
	paint := mux.Definitions().Commands(command.Global)[0]
	fmt.Println(paint.Description, paint.NameLocalizations, paint.DescriptionLocalizations)
	color := paint.Options[0]
	fmt.Println(color.Description, color.NameLocalizations, color.DescriptionLocalizations)
	// Output:
	// Paint the fence map[pl:maluj] map[pl:Pomaluj płot]
	// Which color map[pl:kolor] map[pl:Jaki kolor]
}

// A text whose arguments would take it past the bounds stops there:
// Render says which text and what in it, and Text falls back as it does
// for any text it cannot make. A text that would pass them whatever its
// arguments, such as {{range 20000000}}, does not load.
func ExampleErrTooManyIterations() {
	cat, err := catalog.Load(fstest.MapFS{
		"messages/en-US.json": {Data: []byte(`{"rating": "{{range .Stars}}★{{end}}"}`)},
	}, "messages", interaction.LocaleEnglishUS)
	if err != nil {
		panic(err)
	}
	tr := cat.For(interaction.LocaleEnglishUS)
	fmt.Println(tr.Text("rating", catalog.Arg("Stars", 3)))
	_, err = tr.Render("rating", catalog.Arg("Stars", 1_000_000))
	fmt.Println(errors.Is(err, catalog.ErrTooManyIterations), err)

	_, err = catalog.Load(fstest.MapFS{
		"messages/en-US.json": {Data: []byte(`{"spin": "{{range 20000000}} {{end}}"}`)},
	}, "messages", interaction.LocaleEnglishUS)
	fmt.Println(err)
	// Output:
	// ★★★
	// true messages/en-US.json: key "rating": {{range .Stars}}: 1000000 iterations, more than the 10000 a text may make
	// messages/en-US.json: key "spin": {{range 20000000}}: 20000000 iterations, more than the 10000 a text may make
}
