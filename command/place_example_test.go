package command_test

import (
	"fmt"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// The service names the fields of a body it refuses by JSON pointers;
// PlaceOf turns one into the place Validate would name.
func ExamplePlaceOf() {
	mod := command.Command{Name: "mod", Description: "Moderation", Options: []command.Option{{
		Type: interaction.OptionSubCommand, Name: "ban", Description: "Ban a member", Options: []command.Option{{
			Type: interaction.OptionInteger, Name: "days", Description: "Days to delete",
			Choices: []interaction.Choice{interaction.IntChoice("Week", 7)},
		}},
	}}}
	fmt.Println(command.PlaceOf(command.Global, &mod, []string{"options", "0", "options", "0", "choices", "0", "name"}))
	// Output:
	// mod ban › option "days" › choice "Week"
}

func ExampleMaxCommands() {
	fmt.Println(command.MaxCommands(command.Global, interaction.CommandChatInput))
	fmt.Println(command.MaxCommands(command.Global, interaction.CommandUser))
	fmt.Println(command.MaxCommands(command.InGuild(1), interaction.CommandPrimaryEntryPoint))
	// Output:
	// 100
	// 15
	// 0
}
