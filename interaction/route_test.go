package interaction_test

import (
	"reflect"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

func TestRoutePathAndFocusedForEveryShapeOfCommand(t *testing.T) {
	str := func(name, v string) interaction.OptionData {
		return interaction.OptionData{Name: name, Type: interaction.OptionString, Value: interaction.StringValue(v)}
	}
	focused := func(o interaction.OptionData) interaction.OptionData { o.Focused = true; return o }
	sub := func(name string, opts ...interaction.OptionData) interaction.OptionData {
		return interaction.OptionData{Name: name, Type: interaction.OptionSubCommand, Options: opts}
	}
	group := func(name string, opts ...interaction.OptionData) interaction.OptionData {
		return interaction.OptionData{Name: name, Type: interaction.OptionSubCommandGroup, Options: opts}
	}

	reason, days := str("reason", "spam"), interaction.OptionData{Name: "days", Type: interaction.OptionInteger, Value: interaction.IntValue(7)}
	tests := []struct {
		name       string
		data       interaction.Data
		group, sub string
		leaf       []interaction.OptionData
		path       string
		focused    string // "" for none
	}{
		{
			name: "a command without options",
			data: interaction.Data{Name: "ping"},
			path: "ping",
		},
		{
			name: "a command with options",
			data: interaction.Data{Name: "echo", Options: []interaction.OptionData{reason, days}},
			leaf: []interaction.OptionData{reason, days},
			path: "echo",
		},
		{
			name:    "a command with a focused option",
			data:    interaction.Data{Name: "echo", Options: []interaction.OptionData{reason, focused(days)}},
			leaf:    []interaction.OptionData{reason, focused(days)},
			path:    "echo",
			focused: "days",
		},
		{
			name: "a subcommand",
			data: interaction.Data{Name: "mod", Options: []interaction.OptionData{sub("ban", reason, days)}},
			sub:  "ban",
			leaf: []interaction.OptionData{reason, days},
			path: "mod ban",
		},
		{
			name: "a subcommand without options",
			data: interaction.Data{Name: "mod", Options: []interaction.OptionData{sub("list")}},
			sub:  "list",
			path: "mod list",
		},
		{
			name:    "a subcommand with a focused option",
			data:    interaction.Data{Name: "mod", Options: []interaction.OptionData{sub("ban", focused(reason))}},
			sub:     "ban",
			leaf:    []interaction.OptionData{focused(reason)},
			path:    "mod ban",
			focused: "reason",
		},
		{
			name:  "a subcommand in a group",
			data:  interaction.Data{Name: "mod", Options: []interaction.OptionData{group("user", sub("ban", reason, days))}},
			group: "user",
			sub:   "ban",
			leaf:  []interaction.OptionData{reason, days},
			path:  "mod user ban",
		},
		{
			name:    "a subcommand in a group with a focused option",
			data:    interaction.Data{Name: "shop", Options: []interaction.OptionData{group("config", sub("set", reason, focused(days)))}},
			group:   "config",
			sub:     "set",
			leaf:    []interaction.OptionData{reason, focused(days)},
			path:    "shop config set",
			focused: "days",
		},
		{
			name:  "a group without a subcommand",
			data:  interaction.Data{Name: "mod", Options: []interaction.OptionData{group("user", reason)}},
			group: "user",
			leaf:  []interaction.OptionData{reason},
			path:  "mod user",
		},
		{
			// Only the leaf's options are typed into; a focused flag
			// elsewhere is not the user's.
			name: "a focused flag on the subcommand itself",
			data: interaction.Data{Name: "mod", Options: []interaction.OptionData{focused(sub("ban", reason))}},
			sub:  "ban",
			leaf: []interaction.OptionData{reason},
			path: "mod ban",
		},
		{
			name:    "two focused options",
			data:    interaction.Data{Name: "echo", Options: []interaction.OptionData{focused(reason), focused(days)}},
			leaf:    []interaction.OptionData{focused(reason), focused(days)},
			path:    "echo",
			focused: "reason",
		},
		{
			name: "a user command",
			data: interaction.Data{Name: "Report User", Type: interaction.CommandUser, TargetID: targetID},
			path: "Report User",
		},
		{
			name: "an entry point command",
			data: interaction.Data{Name: "launch", Type: interaction.CommandPrimaryEntryPoint},
			path: "launch",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, s, leaf := tt.data.Route()
			if g != tt.group || s != tt.sub || !reflect.DeepEqual(leaf, tt.leaf) {
				t.Errorf("Route() = %q, %q, %+v; want %q, %q, %+v", g, s, leaf, tt.group, tt.sub, tt.leaf)
			}
			if got := tt.data.Path(); got != tt.path {
				t.Errorf("Path() = %q; want %q", got, tt.path)
			}
			o, ok := tt.data.Focused()
			if ok != (tt.focused != "") || o.Name != tt.focused {
				t.Errorf("Focused() = %+v, %v; want %q", o, ok, tt.focused)
			}
			if !ok && !reflect.DeepEqual(o, interaction.OptionData{}) {
				t.Errorf("Focused() returned %+v with false", o)
			}
			if n := testing.AllocsPerRun(10, func() { tt.data.Route() }); n != 0 {
				t.Errorf("Route allocates %v times", n)
			}
			if n := testing.AllocsPerRun(10, func() { tt.data.Focused() }); n != 0 {
				t.Errorf("Focused allocates %v times", n)
			}
		})
	}
}

func TestPathOfAPlainCommandDoesNotAllocate(t *testing.T) {
	d := interaction.Data{Name: "ping"}
	if n := testing.AllocsPerRun(10, func() { _ = d.Path() }); n != 0 {
		t.Errorf("Path allocates %v times", n)
	}
}

func TestRouteOfDecodedCommandsFollowsTheSubcommandStructure(t *testing.T) {
	for _, tt := range decodeCases(t) {
		ix, err := decodeBody([]byte(tt.body))
		if err != nil {
			t.Fatal(err)
		}
		want := tt.want.Data
		if got, w := ix.Data.Path(), want.Path(); got != w {
			t.Errorf("%s: Path() = %q; want %q", tt.name, got, w)
		}
	}
	body := `{"id":"1","type":4,"data":{"name":"shop","options":[{"name":"config","type":2,"options":[{"name":"set","type":1,"options":[{"name":"weight","type":10,"value":"2.","focused":true}]}]}]}}`
	ix, err := decodeBody([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	o, ok := ix.Data.Focused()
	if s, isStr := o.Value.Str(); !ok || o.Name != "weight" || o.Type != interaction.OptionNumber || !isStr || s != "2." {
		t.Errorf("Focused() = %+v, %v; want the NUMBER option with its partial text", o, ok)
	}
	if got := ix.Data.Path(); got != "shop config set" {
		t.Errorf("Path() = %q", got)
	}
}
