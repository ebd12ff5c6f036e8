package registry_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/registry"
)

// TestNormalizeReadBackEqualsDeclared sends commands to the emulator, reads
// them back as the service answers them, and checks that each equals its
// declared form once both are normalized, in both kinds of scope.
func TestNormalizeReadBackEqualsDeclared(t *testing.T) {
	// The kitchen sink has an entry point command, which needs an
	// Activity, and commands users may install.
	both := []interaction.IntegrationType{interaction.GuildInstall, interaction.UserInstall}
	s := startEmulator(t, emulator.Config{Activities: true, InstallationContexts: both})
	c, _ := newClient(t, s, registry.BotToken(s.BotToken))
	for _, tc := range []struct {
		scope registry.Scope
		cmds  []registry.Command
	}{
		{registry.Global, append(kitchenSink(), declaredSet(3)...)},
		{registry.InGuild(s.GuildID), append(guildKitchenSink(), declaredSet(3)...)},
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
			i := slices.IndexFunc(back, func(c registry.Command) bool { return c.Name == want.Name && c.Type == want.CommandType() })
			if i < 0 {
				t.Fatalf("%v %s: not read back", tc.scope, want.Name)
			}
			got := back[i]
			if fields := registry.DiffFields(tc.scope, got, want); fields != nil {
				gj, _ := json.Marshal(registry.Normalize(tc.scope, got))
				wj, _ := json.Marshal(registry.Normalize(tc.scope, want))
				t.Errorf("%v %s: differs in %v\nread back: %s\ndeclared:  %s", tc.scope, want.Name, fields, gj, wj)
			}
		}
	}
}

func TestNormalizeDefaults(t *testing.T) {
	yes, no := true, false
	decode := func(s string) interaction.Value {
		var v interaction.Value
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	declared := registry.Command{
		Name: "roll", Description: "Rolls",
		NameLocalizations: registry.Localizations{interaction.LocaleFrench: "roll"},
		Options: []registry.Option{{
			Type: numberOpt, Name: "sides", Description: "Sides", MinValue: interaction.IntValue(2), MaxValue: interaction.FloatValue(100),
			Choices: []interaction.Choice{interaction.FloatChoice("Six", 6)},
		}},
	}
	// As the service answers it: every default explicit, numbers in
	// another form, empty collections present.
	served := registry.Command{
		ID: 1, ApplicationID: 2, Version: 3, Type: chatInput,
		Name: "roll", Description: "Rolls",
		NameLocalizations:        registry.Localizations{},
		DescriptionLocalizations: registry.Localizations{},
		Options: []registry.Option{{
			Type: numberOpt, Name: "sides", Description: "Sides", MinValue: decode("2.0"), MaxValue: decode("1e2"),
			Choices: []interaction.Choice{{Name: "Six", Value: decode("6.0"), NameLocalizations: map[interaction.Locale]string{}}},
		}},
		DMPermission: &yes, DefaultPermission: &yes,
		IntegrationTypes: []interaction.IntegrationType{interaction.GuildInstall},
		Contexts:         []interaction.ContextType{},
	}
	if f := registry.DiffFields(registry.Global, served, declared); f != nil {
		t.Errorf("global: differs in %v", f)
	}
	// A guild holds neither dm_permission nor integration types.
	guildServed := served
	guildServed.DMPermission, guildServed.IntegrationTypes = nil, nil
	if f := registry.DiffFields(registry.InGuild(22), guildServed, declared); f != nil {
		t.Errorf("guild: differs in %v", f)
	}
	// A USER command's empty description.
	if f := registry.DiffFields(registry.Global, registry.Command{Type: userCmd, Name: "Info", Description: ""}, registry.Command{Type: userCmd, Name: "Info"}); f != nil {
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
	if f := registry.DiffFields(registry.Global, changed, declared); !slices.Equal(f, want) {
		t.Errorf("differs in %v, want %v", f, want)
	}

	// Unset, integration_types is the application's installation
	// contexts, whatever they are; set, it is compared.
	for _, held := range [][]interaction.IntegrationType{{interaction.GuildInstall}, {interaction.UserInstall}, {interaction.GuildInstall, interaction.UserInstall}} {
		c := served
		c.IntegrationTypes = held
		if f := registry.DiffFields(registry.Global, c, declared); f != nil {
			t.Errorf("unset integration types against %v: differs in %v", held, f)
		}
	}
	guildOnly := declared
	guildOnly.IntegrationTypes = []interaction.IntegrationType{interaction.GuildInstall}
	both := served
	both.IntegrationTypes = []interaction.IntegrationType{interaction.UserInstall, interaction.GuildInstall}
	if f := registry.DiffFields(registry.Global, both, guildOnly); !slices.Equal(f, []string{"integration_types"}) {
		t.Errorf("GUILD_INSTALL declared, both held: differs in %v", f)
	}
}

func TestPlanScopeEveryKindOfChange(t *testing.T) {
	current := []registry.Command{
		{ID: 1, Name: "same", Description: "Same"},
		{ID: 2, Name: "changed", Description: "Before"},
		{ID: 3, Name: "gone", Description: "Gone"},
		{ID: 4, Type: userCmd, Name: "same"}, // a USER command may share a CHAT_INPUT name
	}
	desired := []registry.Command{
		{Name: "same", Description: "Same"},
		{Name: "changed", Description: "After", NSFW: true},
		{Name: "new", Description: "New"},
		{Type: userCmd, Name: "same"},
	}
	p := registry.PlanScope(current, desired, registry.Global, false)
	if p.Err != nil {
		t.Fatal(p.Err)
	}
	check := func(what string, got []registry.Command, want ...string) {
		t.Helper()
		var names []string
		for _, c := range got {
			names = append(names, c.Name)
		}
		if !slices.Equal(names, want) {
			t.Errorf("%s: %v, want %v", what, names, want)
		}
	}
	check("creates", p.Creates, "new")
	check("unknown", p.Unknown, "gone")
	check("deletes", p.Deletes)
	check("unchanged", p.Unchanged, "same", "same")
	if len(p.Updates) != 1 || p.Updates[0].ID != 2 || !slices.Equal(p.Updates[0].Fields, []string{"description", "nsfw"}) {
		t.Errorf("updates %+v", p.Updates)
	}
	if p.Strategy != registry.StrategyIndividual || p.Writes() != 2 {
		t.Errorf("strategy %s, %d writes", p.Strategy, p.Writes())
	}

	pruned := registry.PlanScope(current, desired, registry.Global, true)
	check("pruned deletes", pruned.Deletes, "gone")
	check("pruned unknown", pruned.Unknown)
	if pruned.Strategy != registry.StrategyBulk || pruned.Writes() != 1 {
		t.Errorf("pruned: strategy %s, %d writes", pruned.Strategy, pruned.Writes())
	}

	table := p.Table()
	for _, want := range []string{"global: 1 to create, 1 to update, 1 not declared, 2 unchanged; 2 requests", "+ CHAT_INPUT  new", "~ CHAT_INPUT  changed", "description, nsfw", "? CHAT_INPUT  gone"} {
		if !strings.Contains(table, want) {
			t.Errorf("table lacks %q:\n%s", want, table)
		}
	}
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var j struct {
		Scope   string `json:"scope"`
		Creates []struct{ Type, Name string }
		Updates []struct {
			Name   string
			Fields []string
		}
		Deletes   []any
		Unknown   []struct{ Name string }
		Unchanged int
		Strategy  string
		Writes    int
		Drift     bool
	}
	if err := json.Unmarshal(raw, &j); err != nil {
		t.Fatal(err)
	}
	if j.Scope != "global" || len(j.Creates) != 1 || j.Creates[0].Type != "CHAT_INPUT" || j.Updates[0].Name != "changed" ||
		len(j.Updates[0].Fields) != 2 || j.Deletes == nil || j.Unknown[0].Name != "gone" || j.Unchanged != 2 ||
		j.Strategy != "individual" || j.Writes != 2 || !j.Drift {
		t.Errorf("JSON %s", raw)
	}
}

func TestPlanScopeRefusals(t *testing.T) {
	// The entry point command cannot be deleted in bulk.
	current := []registry.Command{{ID: 1, Type: entryPoint, Name: "launch", Description: "Launch", Handler: interaction.HandlerApp}}
	p := registry.PlanScope(current, []registry.Command{ping("a"), ping("b")}, registry.Global, true)
	if p.Err != nil || p.Strategy != registry.StrategyIndividual || p.Writes() != 3 {
		t.Errorf("entry point: %v, %s, %d writes", p.Err, p.Strategy, p.Writes())
	}

	// Kept unknown commands count toward the limit.
	current = userCommands(15)
	p = registry.PlanScope(current, []registry.Command{{Type: userCmd, Name: "New"}}, registry.InGuild(22), false)
	var refused *registry.RefusedError
	if !errors.As(p.Err, &refused) || !strings.Contains(refused.Reason, "16 USER commands") {
		t.Errorf("limit: %v", p.Err)
	}
	// Invalid commands are refused with their violations.
	bad := ping("Bad Name")
	p = registry.PlanScope(nil, []registry.Command{bad}, registry.Global, false)
	if !errors.As(p.Err, &refused) || len(refused.Violations) == 0 {
		t.Errorf("invalid: %v", p.Err)
	}
	if !p.Drift() {
		t.Error("a refused plan is not drift")
	}
	raw, _ := json.Marshal(p)
	if !strings.Contains(string(raw), `"violations":[{`) {
		t.Errorf("JSON %s", raw)
	}
}

func TestATableOfAScopeThatCouldNotBeReadSaysSo(t *testing.T) {
	p := registry.Plan{Scope: registry.Global, Strategy: registry.StrategyNone, Err: errors.New("dial tcp 127.0.0.1:1: connection refused")}
	want := "global: could not read the service's commands; nothing sent\n  ! dial tcp 127.0.0.1:1: connection refused\n"
	if got := p.Table(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestAPlanShowsTheFieldsTheServiceWillIgnore(t *testing.T) {
	yes := true
	declared := ping("ping")
	declared.DMPermission = &yes
	// The guild holds the command as the service returns it: without
	// dm_permission, which it ignored.
	p := registry.PlanScope([]registry.Command{{ID: 1, Name: "ping", Description: declared.Description}},
		[]registry.Command{declared}, registry.InGuild(22), false)
	if p.Err != nil || p.Drift() {
		t.Fatalf("a warning stops or changes the plan: %v, drift %v", p.Err, p.Drift())
	}
	if len(p.Warnings) != 1 || p.Warnings[0].Pointer != "/0/dm_permission" {
		t.Fatalf("warnings %v", p.Warnings)
	}
	want := "  warning: ping: dm_permission has effect only on global commands; the service ignores it on a guild command\n"
	if table := p.Table(); !strings.Contains(table, want) {
		t.Errorf("table lacks %q:\n%s", want, table)
	}
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(raw), `"warnings":[{"place":"ping","pointer":"/0/dm_permission","code":"APPLICATION_COMMAND_GLOBAL_ONLY"`) {
		t.Errorf("JSON %s", raw)
	}
	if global := registry.PlanScope(nil, []registry.Command{declared}, registry.Global, false); global.Warnings != nil {
		t.Errorf("global warnings %v", global.Warnings)
	}
}
