package command

import (
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// commandLimits are the most commands of each type a scope may hold. A guild
// may hold no PRIMARY_ENTRY_POINT command, which is reported on each such
// command rather than counted.
var commandLimits = [...]struct {
	t   interaction.CommandType
	max int
}{
	{interaction.CommandChatInput, 100},
	{interaction.CommandUser, 15},
	{interaction.CommandMessage, 15},
	{interaction.CommandPrimaryEntryPoint, 1},
}

// MaxCommands returns the most commands of type t that scope may hold: a
// guild holds no PRIMARY_ENTRY_POINT command, and an unknown type none.
func MaxCommands(scope Scope, t interaction.CommandType) int {
	if t == interaction.CommandPrimaryEntryPoint && !scope.IsGlobal() {
		return 0
	}
	for _, l := range commandLimits {
		if l.t == t {
			return l.max
		}
	}
	return 0
}

// DailyCreates is how many commands a scope may create in a UTC day. A bulk
// overwrite counts the commands it creates; editing or overwriting an
// existing command, or deleting one, is not a create.
const DailyCreates = 200

// duplicateCommand reports cmds[i] when an earlier command of its type has
// its name: names are unique per type within a scope, so a CHAT_INPUT and a
// USER command may share one. An empty name is reported by its length alone.
func (v *validator) duplicateCommand(cmds []Command, i int) {
	c := &cmds[i]
	if c.Name == "" {
		return
	}
	t := c.CommandType()
	for k := range cmds[:i] {
		if cmds[k].Name == c.Name && cmds[k].CommandType() == t {
			v.report(field("name"), rules.ApplicationCommandsDuplicateName,
				"name "+strconv.Quote(c.Name)+" is not unique among "+t.String()+" commands")
			return
		}
	}
}

// limits reports the types of which the scope holds too many commands.
func (v *validator) limits(cmds []Command) {
	var counts [interaction.CommandPrimaryEntryPoint + 1]int
	for i := range cmds {
		if t := cmds[i].CommandType(); t >= interaction.CommandChatInput && t <= interaction.CommandPrimaryEntryPoint {
			counts[t]++
		}
	}
	for _, l := range commandLimits {
		if l.t == interaction.CommandPrimaryEntryPoint && !v.scope.IsGlobal() {
			continue
		}
		if n := counts[l.t]; n > l.max {
			noun := " commands"
			if l.max == 1 {
				noun = " command"
			}
			v.reportScope(rules.ApplicationCommandsTooMany, "must have at most "+strconv.Itoa(l.max)+" "+l.t.String()+noun+
				", has "+strconv.Itoa(n))
		}
	}
}
