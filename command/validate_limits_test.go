package command_test

import (
	"slices"
	"strconv"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// commands returns n valid commands of type t with distinct names.
func commands(t interaction.CommandType, n int) []command.Command {
	cs := make([]command.Command, n)
	for i := range cs {
		cs[i] = command.Command{Type: t, Name: "c" + strconv.Itoa(i)}
		switch t {
		case chatInput:
			cs[i].Description = "d"
		case entryPoint:
			cs[i].Handler = interaction.HandlerApp
		}
	}
	return cs
}

func TestCommandLimitsPerScope(t *testing.T) {
	tests := []struct {
		name  string
		scope command.Scope
		cmds  []command.Command
		want  []rules.Violation
	}{
		{"101 global slash commands are too many", command.Global, commands(chatInput, 101),
			[]rules.Violation{v("", globalPlace, "", rules.ApplicationCommandsTooMany, "must have at most 100 CHAT_INPUT commands, has 101")}},
		{"100 global slash commands fit", command.Global, commands(chatInput, 100), nil},
		{"101 slash commands in a guild are too many", command.InGuild(guildID), commands(chatInput, 101),
			[]rules.Violation{v("", guildPlace, "", rules.ApplicationCommandsTooMany, "must have at most 100 CHAT_INPUT commands, has 101")}},
		{"100 slash commands in a guild fit", command.InGuild(guildID), commands(chatInput, 100), nil},
		{"16 user commands are too many", command.Global, commands(userCmd, 16),
			[]rules.Violation{v("", globalPlace, "", rules.ApplicationCommandsTooMany, "must have at most 15 USER commands, has 16")}},
		{"15 user commands fit", command.Global, commands(userCmd, 15), nil},
		{"16 message commands in a guild are too many", command.InGuild(guildID), commands(messageCmd, 16),
			[]rules.Violation{v("", guildPlace, "", rules.ApplicationCommandsTooMany, "must have at most 15 MESSAGE commands, has 16")}},
		{"15 message commands in a guild fit", command.InGuild(guildID), commands(messageCmd, 15), nil},
		{"two entry points are too many", command.Global, commands(entryPoint, 2),
			[]rules.Violation{v("", globalPlace, "", rules.ApplicationCommandsTooMany, "must have at most 1 PRIMARY_ENTRY_POINT command, has 2")}},
		{"one entry point fits", command.Global, commands(entryPoint, 1), nil},
		{"the limits count each type apart",
			command.Global, slices.Concat(commands(chatInput, 100), commands(userCmd, 15), commands(messageCmd, 15), commands(entryPoint, 1)), nil},
		{"commands of an unknown type count toward no limit", command.Global, commands(7, 200),
			func() []rules.Violation {
				var want []rules.Violation
				for i := range 200 {
					name := "c" + strconv.Itoa(i)
					want = append(want, v(name, name, "/"+strconv.Itoa(i)+"/type", rules.EnumTypeCoerce, "type must be a command type (1-4), is 7"))
				}
				return want
			}()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := command.Validate(tt.scope, tt.cmds); !slices.Equal(got, tt.want) {
				t.Errorf("got:\n%s\nwant:\n%s", dump(got), dump(tt.want))
			}
		})
	}
}

// sized returns a CHAT_INPUT command whose text totals 7904+k characters,
// k of them in a German description longer than the default one. Every
// field is of two-byte characters, so a count of bytes would be far off.
func sized(k int) command.Command {
	choices := func(n int) []interaction.Choice {
		cs := make([]interaction.Choice, n)
		for i := range cs {
			cs[i] = interaction.StringChoice(repeat("é", 100), repeat("é", 100))
		}
		return cs
	}
	return command.Command{
		Name: "big", Description: "d",
		DescriptionLocalizations: command.Localizations{interaction.LocaleGerman: repeat("ü", k)},
		Options: []command.Option{
			// 1 + 100 + 25×200 = 5101
			{Type: stringOpt, Name: "a", Description: repeat("é", 100), Choices: choices(25)},
			// 1 + 100 + 13×200 + 99 = 2800
			{Type: stringOpt, Name: "b", Description: repeat("é", 100), Choices: append(choices(13),
				interaction.StringChoice(repeat("é", 99), ""))},
		},
	}
}

func TestCommandTextTotal(t *testing.T) {
	if vs := command.Validate(command.Global, []command.Command{sized(96)}); vs != nil {
		t.Errorf("8000 characters:\n%s", dump(vs))
	}
	got := command.Validate(command.Global, []command.Command{sized(97)})
	want := []rules.Violation{v("big", "big", "/0", rules.ApplicationCommandTooLarge,
		"names, descriptions and values must total at most 8000 characters, total 8001")}
	if !slices.Equal(got, want) {
		t.Errorf("8001 characters:\ngot:\n%s\nwant:\n%s", dump(got), dump(want))
	}
	got = command.ValidateCommand(command.Global, sized(97))
	want[0].Pointer = ""
	if !slices.Equal(got, want) {
		t.Errorf("8001 characters in a create body:\ngot:\n%s\nwant:\n%s", dump(got), dump(want))
	}
}
