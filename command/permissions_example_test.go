package command_test

import (
	"encoding/json"
	"fmt"

	"github.com/switchboard-go/switchboard/command"
)

func ExampleScope() {
	const app = 1191201000000000001
	for _, s := range []command.Scope{command.Global, command.InGuild(1191202000000000002)} {
		fmt.Println(s, s.IsGlobal(), s.CommandsPath(app))
	}
	// Output:
	// global true /applications/1191201000000000001/commands
	// guild 1191202000000000002 false /applications/1191201000000000001/guilds/1191202000000000002/commands
}

// Overwrites leave a command to moderators and keep it out of every channel
// but one. Everyone and AllChannels give the ids that stand for all members
// and all channels of a guild.
func ExampleAllowRole() {
	const (
		guild      = 1191202000000000002
		moderators = 1191208000000000008
		modLog     = 1191203000000000003
	)
	perms := []command.Permission{
		command.DenyRole(command.Everyone(guild)),
		command.AllowRole(moderators),
		command.DenyChannel(command.AllChannels(guild)),
		command.AllowChannel(modLog),
	}
	for _, p := range perms {
		fmt.Println(p.Type, p.ID, p.Permission)
	}
	b, _ := json.Marshal(perms[1])
	fmt.Println(string(b))
	// Output:
	// ROLE 1191202000000000002 false
	// ROLE 1191208000000000008 true
	// CHANNEL 1191202000000000001 false
	// CHANNEL 1191203000000000003 true
	// {"id":"1191208000000000008","type":1,"permission":true}
}
