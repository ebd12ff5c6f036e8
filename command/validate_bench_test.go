package command_test

import (
	"strconv"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// hundredByTwentyFive returns 100 valid CHAT_INPUT commands of 25 options
// each, the most a scope and a command hold. Every fifth option has five
// choices, every third is localized in three locales, as are the commands.
func hundredByTwentyFive() []command.Command {
	types := []interaction.OptionType{stringOpt, integerOpt, numberOpt, booleanOpt, userOpt, channelOpt}
	loc := func(s string) command.Localizations {
		return command.Localizations{interaction.LocaleGerman: s + "-de", interaction.LocaleFrench: s + "-fr", interaction.LocaleJapanese: s + "-ja"}
	}
	cmds := make([]command.Command, 100)
	for i := range cmds {
		name := "command-" + strconv.Itoa(i)
		c := command.Command{
			Name: name, Description: "Does the thing number " + strconv.Itoa(i),
			NameLocalizations: loc(name), DescriptionLocalizations: loc("Beschreibung"),
			Options: make([]command.Option, 25),
		}
		for j := range c.Options {
			o := command.Option{
				Type: types[j%len(types)], Name: "option-" + strconv.Itoa(j),
				Description: "What option " + strconv.Itoa(j) + " is for", Required: j < 5,
			}
			if j%3 == 0 {
				o.NameLocalizations, o.DescriptionLocalizations = loc(o.Name), loc("Wofür")
			}
			switch o.Type {
			case stringOpt:
				o.MinLength, o.MaxLength = ptr(1), ptr(200)
			case integerOpt:
				o.MinValue, o.MaxValue = interaction.IntValue(-10), interaction.IntValue(10)
			case numberOpt:
				o.MinValue, o.MaxValue = interaction.FloatValue(-0.5), interaction.FloatValue(0.5)
			case channelOpt:
				o.ChannelTypes = []interaction.ChannelType{interaction.ChannelGuildText, interaction.ChannelGuildVoice}
			}
			if j%5 == 0 && o.Type == stringOpt || j%5 == 0 && o.Type == integerOpt {
				o.MinLength, o.MaxLength, o.MinValue, o.MaxValue = nil, nil, interaction.Value{}, interaction.Value{}
				for k := range 5 {
					ch := interaction.Choice{Name: "Choice " + strconv.Itoa(k),
						NameLocalizations: map[interaction.Locale]string{interaction.LocaleGerman: "Wahl " + strconv.Itoa(k)}}
					if o.Type == stringOpt {
						ch.Value = interaction.StringValue("value-" + strconv.Itoa(k))
					} else {
						ch.Value = interaction.IntValue(int64(k))
					}
					o.Choices = append(o.Choices, ch)
				}
			}
			c.Options[j] = o
		}
		cmds[i] = c
	}
	return cmds
}

func BenchmarkValidate100x25(b *testing.B) {
	cmds := hundredByTwentyFive()
	if vs := command.Validate(command.Global, cmds); vs != nil {
		b.Fatalf("the benchmark's commands are invalid:\n%s", dump(vs))
	}
	b.ReportAllocs()
	for b.Loop() {
		command.Validate(command.Global, cmds)
	}
}
