package option_test

import (
	"errors"
	"fmt"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
)

// A /mod ban user:… reason:… days:… invocation, as the service sends it.
const banBody = `{
	"id": "1311209000000000009", "application_id": "1191201000000000001",
	"type": 2, "token": "…", "version": 1,
	"guild_id": "1191202000000000002", "channel_id": "1191203000000000003", "locale": "en-GB",
	"data": {
		"id": "1191206000000000006", "name": "mod", "type": 1,
		"options": [{"name": "ban", "type": 1, "options": [
			{"name": "user", "type": 6, "value": "1191207000000000007"},
			{"name": "reason", "type": 3, "value": "spam"},
			{"name": "days", "type": 4, "value": 7}
		]}],
		"resolved": {
			"users": {"1191207000000000007": {"id": "1191207000000000007", "username": "spammer9000", "global_name": "Definitely Not A Bot"}},
			"members": {"1191207000000000007": {"nick": "spammer", "roles": ["1191208000000000008"], "permissions": "0"}}
		}
	}
}`

func ExampleValues_String() {
	var ix interaction.Interaction
	if err := interaction.Decode([]byte(banBody), &ix); err != nil {
		panic(err)
	}
	// Of reads the options of the subcommand, mod ban.
	opts := option.Of(&ix)

	reason, ok := opts.String("reason")
	fmt.Printf("%q %v\n", reason, ok)

	// An optional option the user left out is not an error.
	note, ok := opts.String("note")
	fmt.Printf("%q %v\n", note, ok)
	// Output:
	// "spam" true
	// "" false
}

func ExampleValue_Int() {
	opts := option.New([]interaction.OptionData{
		{Name: "days", Type: interaction.OptionInteger, Value: interaction.IntValue(7)},
		{Name: "reason", Type: interaction.OptionString, Value: interaction.StringValue("spam")},
	}, interaction.Resolved{})

	for _, name := range []string{"days", "reason", "limit"} {
		days, err := opts.Get(name).Int()
		switch {
		case err == nil:
			fmt.Println(name, "=", days)
		case errors.Is(err, option.ErrMissing):
			fmt.Println(name, "not given:", err)
		case errors.Is(err, option.ErrType):
			fmt.Println(name, "mistyped:", err)
		}
	}
	// Output:
	// days = 7
	// reason mistyped: option "reason": is STRING, not INTEGER
	// limit not given: option "limit": missing
}

func ExampleValues_User() {
	var ix interaction.Interaction
	if err := interaction.Decode([]byte(banBody), &ix); err != nil {
		panic(err)
	}
	u, ok := option.Of(&ix).User("user")
	if !ok {
		return
	}
	fmt.Println(u.ID, u.DisplayName())
	// In a guild the member comes with the user.
	if u.HasMember {
		fmt.Println(u.Member.DisplayName(), len(u.Member.Roles))
	}
	// Output:
	// 1191207000000000007 Definitely Not A Bot
	// spammer 1
}
