package command

import (
	"encoding/json"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

func TestCommandSizeCounts(t *testing.T) {
	de := func(s string) Localizations { return Localizations{interaction.LocaleGerman: s} }
	tests := []struct {
		name string
		cmd  Command
		want int
	}{
		{"name and description", Command{Name: "ping", Description: "pong"}, 8},
		{"characters, not bytes", Command{Name: "生日", Description: "éé"}, 4},
		{"the longest localization of each field",
			Command{Name: "ping", NameLocalizations: Localizations{"de": "pingen", "fr": "pi"}, Description: "long text", DescriptionLocalizations: de("kurz")},
			6 + 9},
		{"options, subcommands and groups",
			Command{Name: "a", Description: "b", Options: []Option{
				{Type: interaction.OptionSubCommandGroup, Name: "cd", Description: "ef", Options: []Option{
					{Type: interaction.OptionSubCommand, Name: "gh", Description: "ij", Options: []Option{
						{Type: interaction.OptionString, Name: "kl", Description: "mn", NameLocalizations: de("klmn")},
					}},
				}},
			}},
			2 + 4 + 4 + 6},
		{"choice names and string values",
			Command{Name: "a", Description: "b", Options: []Option{{Type: interaction.OptionString, Name: "c", Description: "d", Choices: []interaction.Choice{
				{Name: "ef", Value: interaction.StringValue("ghi"), NameLocalizations: map[interaction.Locale]string{"de": "efef"}},
			}}}},
			2 + 2 + 4 + 3},
		{"numeric values by their JSON text",
			Command{Name: "a", Description: "b", Options: []Option{{Type: interaction.OptionNumber, Name: "c", Description: "d", Choices: []interaction.Choice{
				interaction.IntChoice("x", 42), interaction.FloatChoice("y", -1.5), interaction.FloatChoice("z", 3.0),
			}}}},
			2 + 2 + (1 + 2) + (1 + 4) + (1 + 1)},
		{"bounds do not count",
			Command{Name: "a", Description: "b", Options: []Option{{Type: interaction.OptionInteger, Name: "c", Description: "d",
				MinValue: interaction.IntValue(-1000), MaxValue: interaction.IntValue(1000)}}},
			4},
	}
	for _, tt := range tests {
		if got := commandSize(&tt.cmd); got != tt.want {
			t.Errorf("%s: size %d, want %d", tt.name, got, tt.want)
		}
	}
}

// FuzzWalkSize checks that the size the validator sums as it walks a
// command is commandSize's, whatever the command holds.
func FuzzWalkSize(f *testing.F) {
	f.Add([]byte(`[{"name":"a","description":"b","options":[{"type":1,"name":"c","description":"d","options":[{"type":2,"name":"e","description":"f"}]}]}]`))
	f.Add([]byte(`[{"name":"a","description":"b","options":[{"type":5,"name":"c","description":"d","choices":[{"name":"x","value":1}],"options":[{"type":3,"name":"y","description":"z"}]}]}]`))
	f.Add([]byte(`[{"name":"a","name_localizations":{"de":"aaaa","xx":"aaaaaaa"},"description":"b","options":[{"type":12,"name":"c","description":"d","choices":[{"name":"x","value":"yy"}]}]}]`))
	f.Add([]byte(`[{"name":"a","description":"b","options":[{"type":1,"name":"c","description":"d","options":[{"type":1,"name":"e","description":"f","options":[{"type":3,"name":"g","description":"h"}]}]}]}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var cmds []Command
		if json.Unmarshal(data, &cmds) != nil {
			return
		}
		for i := range cmds {
			if cmds[i].CommandType() != interaction.CommandChatInput {
				continue
			}
			v := validator{scope: Global, path: make([]step, 0, 4)}
			v.command(cmds, i, i)
			if want := commandSize(&cmds[i]); v.size != want {
				t.Fatalf("walk counts %d, commandSize %d", v.size, want)
			}
		}
	})
}
