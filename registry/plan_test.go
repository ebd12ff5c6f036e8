package registry_test

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/registry"
)

func TestPlanScopeEveryKindOfChange(t *testing.T) {
	t.Parallel()
	current := []command.Command{
		{ID: 1, Name: "same", Description: "Same"},
		{ID: 2, Name: "changed", Description: "Before"},
		{ID: 3, Name: "gone", Description: "Gone"},
		{ID: 4, Type: interaction.CommandUser, Name: "same"}, // a USER command may share a CHAT_INPUT name
	}
	desired := []command.Command{
		{Name: "same", Description: "Same"},
		{Name: "changed", Description: "After", NSFW: true},
		{Name: "new", Description: "New"},
		{Type: interaction.CommandUser, Name: "same"},
	}
	p := registry.PlanScope(current, desired, command.Global, false)
	if p.Err != nil {
		t.Fatal(p.Err)
	}
	check := func(what string, got []command.Command, want ...string) {
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

	pruned := registry.PlanScope(current, desired, command.Global, true)
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

// TestAChangeOfFileTypesIsAnUpdate: file_types belong to the definition
// of an ATTACHMENT option; the service lowercases extensions, so a case
// alone is no change.
func TestAChangeOfFileTypesIsAnUpdate(t *testing.T) {
	t.Parallel()
	report := func(id interaction.Snowflake, types ...string) command.Command {
		return command.Command{ID: id, Name: "report", Description: "Report", Options: []command.Option{
			{Type: interaction.OptionAttachment, Name: "proof", Description: "Proof", FileTypes: types},
		}}
	}
	held := []command.Command{report(1, "image", ".pdf")}
	p := registry.PlanScope(held, []command.Command{report(0, "image", ".pdf", ".txt")}, command.Global, false)
	if p.Err != nil || len(p.Updates) != 1 || !slices.Equal(p.Updates[0].Fields, []string{"options"}) {
		t.Fatalf("a file type added: updates %+v, err %v", p.Updates, p.Err)
	}
	p = registry.PlanScope(held, []command.Command{report(0, ".PDF", "image")}, command.Global, false)
	if p.Err != nil || len(p.Updates) != 0 || len(p.Unchanged) != 1 {
		t.Fatalf("the same file types in another case and order: updates %+v, err %v", p.Updates, p.Err)
	}
	p = registry.PlanScope(held, []command.Command{report(0, "pdf")}, command.Global, false)
	if p.Err == nil || !strings.Contains(p.Err.Error(), "file_types") {
		t.Fatalf("a file type without its dot: err %v", p.Err)
	}
}

func TestPlanScopeRefusals(t *testing.T) {
	t.Parallel()
	// The entry point command cannot be deleted in bulk.
	current := []command.Command{{ID: 1, Type: interaction.CommandPrimaryEntryPoint, Name: "launch", Description: "Launch", Handler: interaction.HandlerApp}}
	p := registry.PlanScope(current, []command.Command{ping("a"), ping("b")}, command.Global, true)
	if p.Err != nil || p.Strategy != registry.StrategyIndividual || p.Writes() != 3 {
		t.Errorf("entry point: %v, %s, %d writes", p.Err, p.Strategy, p.Writes())
	}

	// Kept unknown commands count toward the limit.
	current = userCommands(15)
	p = registry.PlanScope(current, []command.Command{{Type: interaction.CommandUser, Name: "New"}}, command.InGuild(22), false)
	var refused *registry.RefusedError
	if !errors.As(p.Err, &refused) || !strings.Contains(refused.Reason, "16 USER commands") {
		t.Errorf("limit: %v", p.Err)
	}
	// Invalid commands are refused with their violations.
	bad := ping("Bad Name")
	p = registry.PlanScope(nil, []command.Command{bad}, command.Global, false)
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
	t.Parallel()
	p := registry.Plan{Scope: command.Global, Strategy: registry.StrategyNone, Err: errors.New("dial tcp 127.0.0.1:1: connection refused")}
	want := "global: could not read the service's commands; nothing sent\n  ! dial tcp 127.0.0.1:1: connection refused\n"
	if got := p.Table(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestAPlanShowsTheFieldsTheServiceWillIgnore(t *testing.T) {
	t.Parallel()
	yes := true
	declared := ping("ping")
	declared.DMPermission = &yes
	// The guild holds the command as the service returns it: without
	// dm_permission, which it ignored.
	p := registry.PlanScope([]command.Command{{ID: 1, Name: "ping", Description: declared.Description}},
		[]command.Command{declared}, command.InGuild(22), false)
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
	if global := registry.PlanScope(nil, []command.Command{declared}, command.Global, false); global.Warnings != nil {
		t.Errorf("global warnings %v", global.Warnings)
	}
}
