package autocomplete_test

import (
	"fmt"
	"strings"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
)

func ExampleNewRequest() {
	// The user is typing into the amount option of /shop buy, with the item
	// already chosen.
	var ix interaction.Interaction
	err := interaction.Decode([]byte(`{
		"id": "1311209000000000009", "application_id": "1191201000000000001",
		"type": 4, "token": "…", "version": 1, "locale": "fr",
		"data": {
			"id": "1191206000000000006", "name": "shop", "type": 1,
			"options": [{"name": "buy", "type": 1, "options": [
				{"name": "item", "type": 3, "value": "potion"},
				{"name": "amount", "type": 10, "value": "12.", "focused": true}
			]}]
		}
	}`), &ix)
	if err != nil {
		panic(err)
	}
	req, ok := autocomplete.NewRequest(&ix)
	if !ok {
		return
	}
	fmt.Println(req.Command, req.Subcommand, req.Locale)
	// The partial value is a string, even for a NUMBER option.
	fmt.Printf("%s %v %q\n", req.Focused.Name, req.Focused.Type, req.Focused.Text())
	item, _ := req.Options.String("item")
	fmt.Println(item)
	// Output:
	// shop buy fr
	// amount NUMBER "12."
	// potion
}

func ExampleMatch() {
	commands := []string{"unban", "ban list", "kick", "the ban hammer", "Ban", "b-a-n"}
	fmt.Println(strings.Join(autocomplete.Match("ban", commands), " | "))
	// Output:
	// Ban | ban list | the ban hammer | unban | b-a-n
}

func ExampleMatchChoices() {
	colours := []interaction.Choice{
		{Name: "Red", Value: interaction.StringValue("red"),
			NameLocalizations: map[interaction.Locale]string{interaction.LocaleFrench: "Rouge"}},
		{Name: "Green", Value: interaction.StringValue("green"),
			NameLocalizations: map[interaction.Locale]string{interaction.LocaleFrench: "Vert"}},
		// No French name: French users see, and match, the default.
		interaction.StringChoice("Orange", "orange"),
	}
	// A French user typing "r" is matched against Rouge, Vert and Orange.
	for _, c := range autocomplete.MatchChoices("r", interaction.LocaleFrench, colours) {
		fmt.Println(c.Name, c.NameLocalizations[interaction.LocaleFrench])
	}
	// Output:
	// Red Rouge
	// Green Vert
	// Orange
}

func ExampleSanitize() {
	suggestions := []interaction.Choice{
		interaction.IntChoice("one", 1),
		interaction.IntChoice("", 2),                   // no name
		interaction.FloatChoice("two and a half", 2.5), // not an integer
		interaction.IntChoice("too big", 1<<53),
		interaction.IntChoice("three", 3),
	}
	kept, dropped := autocomplete.Sanitize(suggestions, interaction.OptionInteger)
	for _, c := range kept {
		fmt.Println("kept", c.Name)
	}
	for _, d := range dropped {
		fmt.Println("dropped", d.Index, d.Reason)
	}
	// Output:
	// kept one
	// kept three
	// dropped 1 name must be 1-100 characters
	// dropped 2 value must be an integer
	// dropped 3 value out of the INTEGER range
}
