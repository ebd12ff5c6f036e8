package command

import (
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
)

// PlaceOf returns the place, as Validate names places, of the part of cmd
// that a JSON pointer reaches, given as the pointer's reference tokens below
// the command, such as ["options", "0", "choices", "2"]. The service names
// the fields of a refused body by such pointers; PlaceOf lets a client show
// them the way Validate shows its own violations. Tokens past the deepest
// option or choice they reach are ignored.
func PlaceOf(scope Scope, cmd *Command, tokens []string) string {
	w := validator{scope: scope, cmd: cmd}
	opts := cmd.Options
	var choices []interaction.Choice
	for len(tokens) >= 2 {
		n, err := strconv.Atoi(tokens[1])
		if err != nil || n < 0 {
			break
		}
		switch {
		case tokens[0] == "options" && n < len(opts):
			opt := &opts[n]
			w.push(step{field: "options", index: n, kind: optionKind(opt.Type), name: opt.Name})
			opts, choices = opt.Options, opt.Choices
		case tokens[0] == "choices" && n < len(choices):
			w.push(step{field: "choices", index: n, kind: "choice", name: choices[n].Name})
			opts, choices = nil, nil
		default:
			return w.place()
		}
		tokens = tokens[2:]
	}
	return w.place()
}
