package command

import (
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
)

// Scope is where commands are registered: globally, for every guild that
// installs the application, or in one guild. The zero Scope is global.
type Scope struct {
	// Guild is the guild of a guild scope; zero for the global scope.
	Guild interaction.Snowflake
}

// Global is the global scope.
var Global = Scope{}

// InGuild returns the scope of one guild.
func InGuild(id interaction.Snowflake) Scope { return Scope{Guild: id} }

// IsGlobal reports whether s is the global scope.
func (s Scope) IsGlobal() bool { return s.Guild == 0 }

// CommandsPath returns the path of the scope's commands, relative to the
// service's base URL.
func (s Scope) CommandsPath(app interaction.Snowflake) string {
	if s.IsGlobal() {
		return "/applications/" + app.String() + "/commands"
	}
	return "/applications/" + app.String() + "/guilds/" + s.Guild.String() + "/commands"
}

// String returns "global" for the global scope and "guild <id>" for a
// guild's.
func (s Scope) String() string {
	if s.IsGlobal() {
		return "global"
	}
	return "guild " + strconv.FormatUint(uint64(s.Guild), 10)
}
