package option_test

import (
	"encoding/json"
	"fmt"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/option"
)

func ExampleString() {
	query := option.String("query", "What to look for").Required().Autocomplete().MaxLength(100).
		Localize(interaction.LocaleFrench, "requête", "Ce qu'il faut chercher")
	b, _ := json.Marshal(query.Definition())
	fmt.Println(string(b))
	// Output: {"type":3,"name":"query","name_localizations":{"fr":"requête"},"description":"What to look for","description_localizations":{"fr":"Ce qu'il faut chercher"},"required":true,"max_length":100,"autocomplete":true}
}

func ExampleInteger() {
	days := option.Integer("days", "Days of messages to delete").Min(0).Max(7).Choices(
		interaction.IntChoice("None", 0),
		interaction.IntChoice("A week", 7).Localize(interaction.LocaleGerman, "Eine Woche"),
	)
	b, _ := json.Marshal(days.Definition())
	fmt.Println(string(b))
	// Output: {"type":4,"name":"days","description":"Days of messages to delete","choices":[{"name":"None","value":0},{"name":"A week","name_localizations":{"de":"Eine Woche"},"value":7}],"min_value":0,"max_value":7}
}

func ExampleAttachment() {
	proof := option.Attachment("proof", "A screenshot or a PDF").Required().FileTypes("image", ".pdf")
	b, _ := json.Marshal(proof.Definition())
	fmt.Println(string(b))
	// Output: {"type":11,"name":"proof","description":"A screenshot or a PDF","required":true,"file_types":["image",".pdf"]}
}

func ExampleNewStruct() {
	type BanOptions struct {
		User   option.ResolvedUser `option:"user" description:"Who to ban"`
		Reason *string             `option:"reason" description:"Why" max_length:"512"`
		Days   int64               `option:"days,optional" description:"Days of messages to delete" min:"0" max:"7"`
	}
	ban, err := option.NewStruct[BanOptions]()
	if err != nil {
		panic(err)
	}
	for _, o := range ban.Options() {
		d := o.Definition()
		fmt.Println(d.Name, d.Type, d.Required)
	}

	ix := interactiontest.Command("ban").
		User("user", interaction.User{ID: 42, Username: "eve"}, nil).
		String("reason", "spam").
		Interaction()
	var opts BanOptions
	if err := ban.Bind(option.Of(ix), &opts); err != nil {
		panic(err)
	}
	fmt.Println(opts.User.Username, *opts.Reason, opts.Days)
	// Output:
	// user USER true
	// reason STRING false
	// days INTEGER false
	// eve spam 0
}
