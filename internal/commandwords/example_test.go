package commandwords_test

import (
	"fmt"
	"strings"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/internal/commandwords"
)

// The emulator refuses a command body with the validator's violations,
// worded as the service's error body words them.
func ExampleAsService() {
	cmds := []command.Command{{Name: "Mod Tools", Description: strings.Repeat("x", 101)}}
	for _, v := range commandwords.AsService(command.Validate(command.Global, cmds)) {
		fmt.Println(v.Pointer, v.Code, v.Message)
	}
	// Output:
	// /0/name APPLICATION_COMMAND_INVALID_NAME Command name is invalid
	// /0/description BASE_TYPE_BAD_LENGTH Must be between 1 and 100 in length.
}
