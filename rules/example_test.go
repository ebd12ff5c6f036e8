package rules_test

import (
	"errors"
	"fmt"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// A program tells one broken rule from another by its code, whichever
// validator reported it.
func ExampleViolations() {
	cmds := []command.Command{{
		Type:        interaction.CommandChatInput,
		Name:        "Ping",
		Description: "Checks that the bot answers",
	}}
	err := command.Validate(command.Global, cmds).Err()

	var vs rules.Violations
	if errors.As(err, &vs) {
		for _, v := range vs {
			fmt.Printf("%s at %q: %s\n", v.Code, v.Pointer, v.Message)
			if v.Code == rules.ApplicationCommandInvalidName {
				fmt.Println("rename", v.Command)
			}
		}
	}
	// Output:
	// APPLICATION_COMMAND_INVALID_NAME at "/0/name": name must be lowercase
	// rename Ping
}
