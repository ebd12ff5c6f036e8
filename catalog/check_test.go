package catalog_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/catalog"
	"github.com/switchboard-go/switchboard/interaction"
)

func TestCheckFindsNothingInACompleteCatalogue(t *testing.T) {
	c := load(t, map[string]string{
		"en-US.json": `{"hello": "Hello, {{.Name}}!", "inbox": {"one": "{{.Count}} message", "other": "{{.Count}} messages"},
			"paint": {"name": "paint", "desc": "Paint the fence"}}`,
		// en-GB's few words of its own are enough: en-US covers the rest.
		"en-GB.json": `{"paint": {"desc": "Paint the fence, in colour"}}`,
		"es-ES.json": `{"hello": "¡Hola, {{.Name}}!", "inbox": {"one": "{{.Count}} mensaje", "many": "{{.Count}} de mensajes", "other": "{{.Count}} mensajes"},
			"paint": {"name": "pintar", "desc": "Pintar la valla"}}`,
		// es-419 has what es-ES has.
		"es-419.json": `{"paint": {"desc": "Pintar la cerca"}}`,
		"ja.json":     `{"hello": "こんにちは、{{.Name}}さん", "inbox": "{{.Count}}件", "paint": {"name": "塗る", "desc": "塀を塗る"}}`,
	})
	if err := c.Check(); err != nil {
		t.Errorf("Check:\n%v", err)
	}
}

func TestCheckListsEveryProblem(t *testing.T) {
	c := load(t, map[string]string{
		"en-US.json": `{
			"hello": "Hello, {{.Name}}!",
			"bye": "Bye.",
			"inbox": {"zero": "No messages", "one": "{{.Count}} message", "other": "{{.Count}} messages"},
			"plain": "Nothing to count",
			"greet": "Hi {{.Name}}, in {{.Place}}",
			"paint": {"name": "paint", "desc": "Paint the fence"}
		}`,
		"fr.json": `{
			"hello": "Bonjour, {{.Nom}} !",
			"inbox": {"one": "{{.Count}} message", "other": "{{.Count}} messages"},
			"plain": {"one": "Un", "other": "Plusieurs"},
			"greet": "Salut {{.Name}}",
			"extra": "En plus",
			"paint": {"name": "Peindre", "desc": "{{.X}}"}
		}`,
		"ru.json": `{"inbox": {"one": "{{.Count}} сообщение", "other": "{{.Count}} сообщения"},
			"paint": {"desc": "` + strings.Repeat("я", 101) + `"}}`,
		"es-419.json": `{"bye": "Adiós."}`,
	})
	err := c.Check()
	var ps catalog.Problems
	if !errors.As(err, &ps) {
		t.Fatalf("Check returned %v, not Problems", err)
	}
	want := []string{
		`messages/en-US.json: "inbox": form zero, which en-US never uses`,
		`messages/es-419.json: "greet": no translation: es-419 users read the default en-US's`,
		`messages/es-419.json: "hello": no translation: es-419 users read the default en-US's`,
		`messages/es-419.json: "inbox": no translation: es-419 users read the default en-US's`,
		`messages/es-419.json: "paint.desc": no translation: es-419 users read the default en-US's`,
		`messages/es-419.json: "paint.name": no translation: es-419 users read the default en-US's`,
		`messages/es-419.json: "plain": no translation: es-419 users read the default en-US's`,
		`messages/fr.json: "bye": no translation: fr users read the default en-US's`,
		`messages/fr.json: "extra": not in the default messages/en-US.json: no other locale can show it`,
		`messages/fr.json: "greet": leaves out {{.Place}}, which the default en-US's text shows`,
		`messages/fr.json: "hello": uses {{.Nom}}, which the default en-US's text does not: its handler may not pass it`,
		`messages/fr.json: "hello": leaves out {{.Name}}, which the default en-US's text shows`,
		`messages/fr.json: "inbox": no form many, which fr uses for 1000000`,
		`messages/fr.json: "paint.desc": uses {{.X}}, which the default en-US's text does not: its handler may not pass it`,
		`messages/fr.json: "paint.desc": a definition's text is plain: no argument, no plural form`,
		`messages/fr.json: "paint.name": fr name must be lowercase`,
		`messages/fr.json: "plain": plural forms, where the default en-US's text has none: its handler may pass no Count`,
		`messages/fr.json: "plain": no form many, which fr uses for 1000000`,
		`messages/ru.json: "bye": no translation: ru users read the default en-US's`,
		`messages/ru.json: "greet": no translation: ru users read the default en-US's`,
		`messages/ru.json: "hello": no translation: ru users read the default en-US's`,
		`messages/ru.json: "inbox": no form few, which ru uses for 2`,
		`messages/ru.json: "inbox": no form many, which ru uses for 0`,
		`messages/ru.json: "paint.desc": ru description must be 1-100 characters, is 101`,
		`messages/ru.json: "paint.name": no translation: ru users read the default en-US's`,
		`messages/ru.json: "plain": no translation: ru users read the default en-US's`,
	}
	if got := err.Error(); got != strings.Join(want, "\n") {
		t.Errorf("Check found\n%s\n\nwant\n%s", got, strings.Join(want, "\n"))
	}
	if len(ps) != len(want) || ps[0].Locale != interaction.LocaleEnglishUS || ps[0].Key != "inbox" || ps[0].Path != "messages/en-US.json" {
		t.Errorf("the first of %d problems is %+v", len(ps), ps[0])
	}
}

// A text that loads, because its arguments decide how much it makes,
// is named by Check when lists of CheckedItems take it past a bound:
// nested ranges over arguments, or a range writing much for each item.
// A range writing little, over lists of that length, is not.
func TestCheckNamesTextsThatListsOfArgumentsTakePastABound(t *testing.T) {
	long := strings.Repeat("x", 328)
	c := load(t, map[string]string{
		"en-US.json": `{
			"grid": "{{range .Rows}}{{range $.Cols}}.{{end}}{{end}}",
			"wordy": {"one": "{{.Count}} item", "other": "{{range .Items}}` + long + `{{end}}"},
			"short": "{{range .Items}}` + long[:327] + `{{end}}",
			"names": "{{range .Names}}{{.}}, {{end}}"
		}`,
	})
	err := c.Check()
	var ps catalog.Problems
	if !errors.As(err, &ps) {
		t.Fatalf("Check returned %v, not Problems", err)
	}
	want := []string{
		`messages/en-US.json: "grid": {{range .Rows}}: 10100 iterations, more than the 10000 a text may make when each list it ranges over has 100 items: a render past a bound fails; bound the lists its handler passes, or write less for each item`,
		`messages/en-US.json: "wordy": {{range .Items}}: writes 32800 bytes, more than the 32768 a text may write when each list it ranges over has 100 items: a render past a bound fails; bound the lists its handler passes, or write less for each item`,
	}
	var got []string
	for _, p := range ps {
		got = append(got, p.Error())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Check:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// What Check names renders within the bounds with short lists.
	tr := c.For("en-US")
	if got, err := tr.Render("grid", catalog.Arg("Rows", []int{1, 2}), catalog.Arg("Cols", []int{1, 2, 3})); err != nil || got != "......" {
		t.Errorf("grid with short lists: %q, %v", got, err)
	}
}
