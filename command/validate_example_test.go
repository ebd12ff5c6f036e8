package command_test

import (
	"errors"
	"fmt"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

func ExampleValidate() {
	cmds := []command.Command{{
		Name:        "mod",
		Description: "Moderation tools",
		Options: []command.Option{{
			Type: interaction.OptionSubCommand, Name: "ban", Description: "Ban a user",
			Options: []command.Option{
				{Type: interaction.OptionString, Name: "Reason", Description: "Why"},
				{Type: interaction.OptionUser, Name: "target", Description: "Who", Required: true},
			},
		}},
	}}
	for _, v := range command.Validate(command.Global, cmds) {
		fmt.Println(v)
		fmt.Println("   ", v.Code, v.Pointer)
	}
	// Output:
	// mod ban › option "Reason": name must be lowercase
	//     APPLICATION_COMMAND_INVALID_NAME /0/options/0/options/0/name
	// mod ban › option "target": required option must come before optional option "Reason"
	//     APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID /0/options/0/options/1/required
}

func ExampleViolations_Err() {
	cmds := []command.Command{{Type: interaction.CommandUser, Name: "High Five", Description: "Celebrate"}}
	err := command.Validate(command.InGuild(22), cmds).Err()

	var v rules.Violation
	if errors.As(err, &v) {
		fmt.Println(v.Code)
	}
	fmt.Println(err)
	fmt.Println(command.Validate(command.Global, nil).Err() == nil)
	// Output:
	// APPLICATION_COMMAND_FIELD_NOT_ALLOWED
	// High Five: description is not allowed on USER commands
	// true
}
