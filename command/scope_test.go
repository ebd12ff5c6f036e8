package command_test

import (
	"encoding/json"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

func TestScopePaths(t *testing.T) {
	const app interaction.Snowflake = 11
	tests := []struct {
		scope command.Scope
		path  string
		str   string
	}{
		{command.Global, "/applications/11/commands", "global"},
		{command.InGuild(22), "/applications/11/guilds/22/commands", "guild 22"},
	}
	for _, tt := range tests {
		if got := tt.scope.CommandsPath(app); got != tt.path {
			t.Errorf("%v: path %q, want %q", tt.scope, got, tt.path)
		}
		if got := tt.scope.String(); got != tt.str {
			t.Errorf("String() = %q, want %q", got, tt.str)
		}
	}
}

func TestPermissionConstantsFollowTheGuildID(t *testing.T) {
	const guild interaction.Snowflake = 1100000000000000002
	if command.Everyone(guild) != guild {
		t.Error("@everyone is not the guild id")
	}
	if command.AllChannels(guild) != guild-1 {
		t.Error("all channels is not the guild id minus one")
	}
}

func TestGuildPermissionsWireForm(t *testing.T) {
	p := command.GuildPermissions{
		ID: 5, ApplicationID: 5, GuildID: 7,
		Permissions: []command.Permission{
			command.DenyRole(command.Everyone(7)),
			command.AllowUser(9),
			command.DenyChannel(command.AllChannels(7)),
		},
	}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"id":"5","application_id":"5","guild_id":"7","permissions":[` +
		`{"id":"7","type":1,"permission":false},{"id":"9","type":2,"permission":true},` +
		`{"id":"6","type":3,"permission":false}]}`
	if string(b) != want {
		t.Fatalf("got  %s\nwant %s", b, want)
	}
	var back command.GuildPermissions
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !back.AppliesToAllCommands() || len(back.Permissions) != 3 || back.Permissions[1] != command.AllowUser(9) {
		t.Fatalf("round trip: %+v", back)
	}
}
