package command_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/rest"
)

// TestDiffFieldsFindsNothingInACommandReadBack sends commands to the
// emulator, reads them back as the service answers them, and checks that
// DiffFields finds no difference from each declared form, in both kinds
// of scope.
func TestDiffFieldsFindsNothingInACommandReadBack(t *testing.T) {
	// The kitchen sink has an entry point command, which needs an
	// Activity, and commands users may install.
	both := []interaction.IntegrationType{interaction.GuildInstall, interaction.UserInstall}
	s := apitest.StartEmulator(t, emulator.Config{Activities: true, InstallationContexts: both})
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	for _, tc := range []struct {
		scope command.Scope
		cmds  []command.Command
	}{
		{command.Global, kitchenSink()},
		{command.InGuild(s.GuildID), guildKitchenSink()},
	} {
		if _, err := c.OverwriteCommands(context.Background(), s.ApplicationID, tc.scope, tc.cmds); err != nil {
			t.Fatalf("%v: %v", tc.scope, err)
		}
		back, err := c.ListCommands(context.Background(), s.ApplicationID, tc.scope, true)
		if err != nil {
			t.Fatal(err)
		}
		if len(back) != len(tc.cmds) {
			t.Fatalf("%v: %d commands read back, want %d", tc.scope, len(back), len(tc.cmds))
		}
		for _, want := range tc.cmds {
			// The entry point keeps the place of the Activity's own.
			i := slices.IndexFunc(back, func(c command.Command) bool { return c.Name == want.Name && c.Type == want.CommandType() })
			if i < 0 {
				t.Fatalf("%v %s: not read back", tc.scope, want.Name)
			}
			got := back[i]
			if fields := command.DiffFields(tc.scope, got, want); fields != nil {
				gj, _ := json.Marshal(got)
				wj, _ := json.Marshal(want)
				t.Errorf("%v %s: differs in %v\nread back: %s\ndeclared:  %s", tc.scope, want.Name, fields, gj, wj)
			}
		}
	}
}

func TestDiffFieldsIgnoresTheServicesDefaults(t *testing.T) {
	yes, no := true, false
	decode := func(s string) interaction.Value {
		var v interaction.Value
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	declared := command.Command{
		Name: "roll", Description: "Rolls",
		NameLocalizations: command.Localizations{interaction.LocaleFrench: "roll"},
		Options: []command.Option{{
			Type: numberOpt, Name: "sides", Description: "Sides", MinValue: interaction.IntValue(2), MaxValue: interaction.FloatValue(100),
			Choices: []interaction.Choice{interaction.FloatChoice("Six", 6)},
		}},
	}
	// As the service answers it: every default explicit, numbers in
	// another form, empty collections present.
	served := command.Command{
		ID: 1, ApplicationID: 2, Version: 3, Type: chatInput,
		Name: "roll", Description: "Rolls",
		NameLocalizations:        command.Localizations{},
		DescriptionLocalizations: command.Localizations{},
		Options: []command.Option{{
			Type: numberOpt, Name: "sides", Description: "Sides", MinValue: decode("2.0"), MaxValue: decode("1e2"),
			Choices: []interaction.Choice{{Name: "Six", Value: decode("6.0"), NameLocalizations: map[interaction.Locale]string{}}},
		}},
		DMPermission: &yes, DefaultPermission: &yes,
		IntegrationTypes: []interaction.IntegrationType{interaction.GuildInstall},
		Contexts:         []interaction.ContextType{},
	}
	if f := command.DiffFields(command.Global, served, declared); f != nil {
		t.Errorf("global: differs in %v", f)
	}
	// A guild holds neither dm_permission nor integration types.
	guildServed := served
	guildServed.DMPermission, guildServed.IntegrationTypes = nil, nil
	if f := command.DiffFields(command.InGuild(22), guildServed, declared); f != nil {
		t.Errorf("guild: differs in %v", f)
	}
	// A USER command's empty description.
	if f := command.DiffFields(command.Global, command.Command{Type: userCmd, Name: "Info", Description: ""}, command.Command{Type: userCmd, Name: "Info"}); f != nil {
		t.Errorf("USER: differs in %v", f)
	}

	// What does differ is found, field by field.
	changed := served
	changed.DMPermission = &no
	changed.DefaultPermission = &no
	changed.NSFW = true
	changed.IntegrationTypes = []interaction.IntegrationType{interaction.UserInstall}
	changed.Options = slices.Clone(served.Options)
	changed.Options[0].Required = false
	changed.Options[0].MaxValue = interaction.FloatValue(99.5)
	want := []string{"options", "dm_permission", "default_permission", "nsfw"}
	if f := command.DiffFields(command.Global, changed, declared); !slices.Equal(f, want) {
		t.Errorf("differs in %v, want %v", f, want)
	}

	// Unset, integration_types is the application's installation
	// contexts, whatever they are; set, it is compared.
	for _, held := range [][]interaction.IntegrationType{{interaction.GuildInstall}, {interaction.UserInstall}, {interaction.GuildInstall, interaction.UserInstall}} {
		c := served
		c.IntegrationTypes = held
		if f := command.DiffFields(command.Global, c, declared); f != nil {
			t.Errorf("unset integration types against %v: differs in %v", held, f)
		}
	}
	guildOnly := declared
	guildOnly.IntegrationTypes = []interaction.IntegrationType{interaction.GuildInstall}
	both := served
	both.IntegrationTypes = []interaction.IntegrationType{interaction.UserInstall, interaction.GuildInstall}
	if f := command.DiffFields(command.Global, both, guildOnly); !slices.Equal(f, []string{"integration_types"}) {
		t.Errorf("GUILD_INSTALL declared, both held: differs in %v", f)
	}
}

// TestFileTypesArePartOfADefinition: the service stores the extensions of
// file_types in lower case, and their order and repeats change nothing a
// user may pick; any other change of file_types is a change of the
// command's options.
func TestFileTypesArePartOfADefinition(t *testing.T) {
	withTypes := func(types ...string) command.Command {
		return command.Command{Name: "report", Description: "Report", Options: []command.Option{
			{Type: attachment, Name: "proof", Description: "Proof", FileTypes: types},
		}}
	}
	tests := []struct {
		name          string
		held, desired command.Command
		want          []string
	}{
		{"the same types", withTypes("image", ".pdf"), withTypes("image", ".pdf"), nil},
		{"extensions in another case", withTypes("image", ".pdf"), withTypes("image", ".PDF"), nil},
		{"another order", withTypes(".pdf", "image"), withTypes("image", ".pdf"), nil},
		{"a repeated type", withTypes("image", ".pdf"), withTypes("image", ".pdf", "image"), nil},
		{"none and an empty list", withTypes(), withTypes([]string{}...), nil},
		{"a type added", withTypes("image"), withTypes("image", ".pdf"), []string{"options"}},
		{"a type removed", withTypes("image", ".pdf"), withTypes("image"), []string{"options"}},
		{"a filter set", withTypes(), withTypes("video"), []string{"options"}},
		{"a filter lifted", withTypes("audio"), withTypes(), []string{"options"}},
		{"a group in another case is another entry", withTypes("image"), withTypes("IMAGE"), []string{"options"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if f := command.DiffFields(command.Global, tt.held, tt.desired); !slices.Equal(f, tt.want) {
				t.Errorf("differs in %v, want %v", f, tt.want)
			}
		})
	}
}
