package command_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

func TestKitchenSinkIsValid(t *testing.T) {
	if vs := command.Validate(command.Global, kitchenSink()); vs != nil {
		t.Errorf("global kitchen sink:\n%v", vs)
	}
	if vs := command.Validate(command.InGuild(guildID), guildKitchenSink()); vs != nil {
		t.Errorf("guild kitchen sink:\n%v", vs)
	}
	if vs := command.Validate(command.Global, base()); vs != nil {
		t.Errorf("base:\n%v", vs)
	}
	for _, c := range kitchenSink() {
		if vs := command.ValidateCommand(command.Global, c); vs != nil {
			t.Errorf("create %s:\n%v", c.Name, vs)
		}
	}
}

func TestEmptySetIsValid(t *testing.T) {
	if vs := command.Validate(command.Global, nil); vs != nil {
		t.Errorf("got %v", vs)
	}
}

// ruleCase breaks one rule of base, or meets it at its boundary, and names
// the violations that must come out: none for a boundary.
type ruleCase struct {
	name   string
	guild  bool // validate in a guild rather than globally
	change func([]command.Command) []command.Command
	want   []rules.Violation
}

// v builds an expected violation.
func v(cmd, place, pointer, code, msg string) rules.Violation {
	return rules.Violation{Command: cmd, Place: place, Pointer: pointer, Code: code, Message: msg}
}

func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			scope := command.Global
			if tc.guild {
				scope = command.InGuild(guildID)
			}
			got := command.Validate(scope, tc.change(base()))
			if !slices.Equal(got, tc.want) {
				t.Errorf("got:\n%s\nwant:\n%s", dump(got), dump(tc.want))
			}
		})
	}
}

func dump(vs []rules.Violation) string {
	if len(vs) == 0 {
		return "  (none)"
	}
	var b strings.Builder
	for _, v := range vs {
		b.WriteString("  " + v.Command + " | " + v.Place + " | " + v.Pointer + " | " + v.Code + " | " + v.Message + "\n")
	}
	return b.String()
}

// set returns a change that applies f to the commands and keeps them.
func set(f func(cs []command.Command)) func([]command.Command) []command.Command {
	return func(cs []command.Command) []command.Command { f(cs); return cs }
}

func TestNameRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"a slash command name of 33 two-byte characters is too long",
			false, set(func(cs []command.Command) { cs[1].Name = repeat("é", 33) }),
			[]rules.Violation{v(repeat("é", 33), repeat("é", 33), "/1/name", rules.BaseTypeBadLength, "name must be 1-32 characters, is 33")}},
		{"a slash command name of 32 two-byte characters fits",
			false, set(func(cs []command.Command) { cs[1].Name = repeat("é", 32) }), nil},
		{"an empty slash command name is too short",
			false, set(func(cs []command.Command) { cs[1].Name = "" }),
			[]rules.Violation{v("", `""`, "/1/name", rules.BaseTypeBadLength, "name must be 1-32 characters, is 0")}},
		{"a slash command name of one character fits",
			false, set(func(cs []command.Command) { cs[1].Name = "p" }), nil},
		{"a slash command name with an upper-case letter is refused",
			false, set(func(cs []command.Command) { cs[1].Name = "Ping" }),
			[]rules.Violation{v("Ping", "Ping", "/1/name", rules.ApplicationCommandInvalidName, "name must be lowercase")}},
		{"a slash command name with a title-case letter is refused",
			false, set(func(cs []command.Command) { cs[1].Name = "ǅemal" }),
			[]rules.Violation{v("ǅemal", "ǅemal", "/1/name", rules.ApplicationCommandInvalidName, "name must be lowercase")}},
		{"a slash command name with an upper-case Roman numeral is refused",
			false, set(func(cs []command.Command) { cs[1].Name = "henryⅧ" }),
			[]rules.Violation{v("henryⅧ", "henryⅧ", "/1/name", rules.ApplicationCommandInvalidName, "name must be lowercase")}},
		{"a slash command name of lower-case, uncased, Devanagari and Thai letters fits",
			false, set(func(cs []command.Command) { cs[1].Name = "ß生日नमस्तेสวัสดี-_'ⅷ9" }), nil},
		{"a slash command name with a space is refused",
			false, set(func(cs []command.Command) { cs[1].Name = "pi ng" }),
			[]rules.Violation{v("pi ng", "pi ng", "/1/name", rules.ApplicationCommandInvalidName, "name may contain only letters, numbers, - _ and ', has ' '")}},
		{"a slash command name with punctuation is refused",
			false, set(func(cs []command.Command) { cs[1].Name = "ping!" }),
			[]rules.Violation{v("ping!", "ping!", "/1/name", rules.ApplicationCommandInvalidName, "name may contain only letters, numbers, - _ and ', has '!'")}},
		{"an option name with an upper-case letter is refused",
			false, set(func(cs []command.Command) { ban(cs)[1].Name = "Reason" }),
			[]rules.Violation{v("mod", banPlace+` › option "Reason"`, reasonPointer+"/name", rules.ApplicationCommandInvalidName, "name must be lowercase")}},
		{"a subcommand name of 33 characters is too long",
			false, set(func(cs []command.Command) { cs[0].Options[1].Name = repeat("p", 33) }),
			[]rules.Violation{v("mod", `mod `+repeat("p", 33), purgePointer+"/name", rules.BaseTypeBadLength, "name must be 1-32 characters, is 33")}},
		{"a group name with a space is refused",
			false, set(func(cs []command.Command) { cs[0].Options[0].Name = "the user" }),
			[]rules.Violation{v("mod", `mod › group "the user"`, "/0/options/0/name", rules.ApplicationCommandInvalidName, "name may contain only letters, numbers, - _ and ', has ' '")}},
		{"a user command name may have capitals and spaces",
			false, set(func(cs []command.Command) { cs[2].Name = "Give A High Five!" }), nil},
		{"a user command name of 33 characters is too long",
			false, set(func(cs []command.Command) { cs[2].Name = repeat("Ü", 33) }),
			[]rules.Violation{v(repeat("Ü", 33), repeat("Ü", 33), "/2/name", rules.BaseTypeBadLength, "name must be 1-32 characters, is 33")}},
		{"a message command name of 32 characters fits",
			false, set(func(cs []command.Command) { cs[3].Name = repeat("Ü", 32) }), nil},
		{"an empty message command name is too short",
			false, set(func(cs []command.Command) { cs[3].Name = "" }),
			[]rules.Violation{v("", `""`, "/3/name", rules.BaseTypeBadLength, "name must be 1-32 characters, is 0")}},
		{"a name that is not UTF-8 is refused",
			false, set(func(cs []command.Command) { cs[2].Name = "High\xffFive" }),
			[]rules.Violation{v("High\xffFive", `"High\xffFive"`, "/2/name", rules.StringInvalidUTF8, "name must be valid UTF-8")}},
	})
}

func TestDescriptionRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"a slash command description of 101 characters is too long",
			false, set(func(cs []command.Command) { cs[1].Description = repeat("ü", 101) }),
			[]rules.Violation{v("ping", "ping", "/1/description", rules.BaseTypeBadLength, "description must be 1-100 characters, is 101")}},
		{"a slash command description of 100 characters fits",
			false, set(func(cs []command.Command) { cs[1].Description = repeat("ü", 100) }), nil},
		{"an empty slash command description is too short",
			false, set(func(cs []command.Command) { cs[1].Description = "" }),
			[]rules.Violation{v("ping", "ping", "/1/description", rules.BaseTypeBadLength, "description must be 1-100 characters, is 0")}},
		{"an option description of 101 characters is too long",
			false, set(func(cs []command.Command) { ban(cs)[1].Description = repeat("ü", 101) }),
			[]rules.Violation{v("mod", reasonPlace, reasonPointer+"/description", rules.BaseTypeBadLength, "description must be 1-100 characters, is 101")}},
		{"an empty subcommand description is too short",
			false, set(func(cs []command.Command) { cs[0].Options[1].Description = "" }),
			[]rules.Violation{v("mod", purgePlace, purgePointer+"/description", rules.BaseTypeBadLength, "description must be 1-100 characters, is 0")}},
		{"an option description of one character fits",
			false, set(func(cs []command.Command) { ban(cs)[1].Description = "d" }), nil},
		{"a user command carries no description",
			false, set(func(cs []command.Command) { cs[2].Description = "Celebrate" }),
			[]rules.Violation{v("High Five", "High Five", "/2/description", rules.ApplicationCommandFieldNotAllowed, "description is not allowed on USER commands")}},
		{"a message command carries no description localizations",
			false, set(func(cs []command.Command) {
				cs[3].DescriptionLocalizations = command.Localizations{interaction.LocaleGerman: "Merken"}
			}),
			[]rules.Violation{v("Bookmark", "Bookmark", "/3/description_localizations", rules.ApplicationCommandFieldNotAllowed, "description_localizations are not allowed on MESSAGE commands")}},
		{"a description that is not UTF-8 is refused",
			false, set(func(cs []command.Command) { cs[1].Description = "\xc3" }),
			[]rules.Violation{v("ping", "ping", "/1/description", rules.StringInvalidUTF8, "description must be valid UTF-8")}},
	})
}

func TestOptionListRules(t *testing.T) {
	strings25 := func(n int) []command.Option {
		opts := make([]command.Option, n)
		for i := range opts {
			opts[i] = command.Option{Type: stringOpt, Name: "o" + string(rune('a'+i)), Description: "d"}
		}
		return opts
	}
	runRuleCases(t, []ruleCase{
		{"a command with 26 options has too many",
			false, set(func(cs []command.Command) { cs[1].Options = strings25(26) }),
			[]rules.Violation{v("ping", "ping", "/1/options", rules.BaseTypeMaxLength, "must have at most 25 options, has 26")}},
		{"a command with 25 options fits",
			false, set(func(cs []command.Command) { cs[1].Options = strings25(25) }), nil},
		{"a subcommand with 26 options has too many",
			false, set(func(cs []command.Command) { cs[0].Options[1].Options = strings25(26) }),
			[]rules.Violation{v("mod", purgePlace, purgePointer+"/options", rules.BaseTypeMaxLength, "must have at most 25 options, has 26")}},
		{"a subcommand with 25 options fits",
			false, set(func(cs []command.Command) { cs[0].Options[1].Options = strings25(25) }), nil},
		{"two options of one subcommand may not share a name",
			false, set(func(cs []command.Command) { ban(cs)[2].Name = "reason" }),
			[]rules.Violation{v("mod", banPlace+` › option "reason"`, daysPointer+"/name", rules.ApplicationCommandOptionsDuplicateName, `name "reason" is not unique at this level`)}},
		{"options of two subcommands may share a name",
			false, set(func(cs []command.Command) { purge(cs)[0].Name = "target" }), nil},
		{"two subcommands of a command may not share a name",
			false, set(func(cs []command.Command) { cs[0].Options[1].Name = "user" }),
			[]rules.Violation{v("mod", `mod user`, purgePointer+"/name", rules.ApplicationCommandOptionsDuplicateName, `name "user" is not unique at this level`)}},
		{"a required option after an optional one is refused",
			false, set(func(cs []command.Command) { ban(cs)[2].Required = true }),
			[]rules.Violation{v("mod", daysPlace, daysPointer+"/required", rules.ApplicationCommandOptionsRequiredInvalid, `required option must come before optional option "reason"`)}},
		{"required options before optional ones are in order",
			false, set(func(cs []command.Command) { ban(cs)[1].Required = true; ban(cs)[2].Required = true }), nil},
		{"a subcommand cannot be required",
			false, set(func(cs []command.Command) { cs[0].Options[1].Required = true }),
			[]rules.Violation{v("mod", purgePlace, purgePointer+"/required", rules.ApplicationCommandFieldNotAllowed, "required is not allowed on SUB_COMMAND options")}},
		{"a group cannot be required",
			false, set(func(cs []command.Command) { cs[0].Options[0].Required = true }),
			[]rules.Violation{v("mod", `mod user`, "/0/options/0/required", rules.ApplicationCommandFieldNotAllowed, "required is not allowed on SUB_COMMAND_GROUP options")}},
		{"an unknown option type is refused",
			false, set(func(cs []command.Command) { cs[1].Options[0].Type = 12 }),
			[]rules.Violation{v("ping", textPlace, textPointer+"/type", rules.EnumTypeCoerce, "type must be an option type (1-11), is 12")}},
		{"an option without a type is refused",
			false, set(func(cs []command.Command) { cs[1].Options[0].Type = 0 }),
			[]rules.Violation{v("ping", textPlace, textPointer+"/type", rules.EnumTypeCoerce, "type must be an option type (1-11), is 0")}},
		{"an attachment, the last option type, is known",
			false, set(func(cs []command.Command) { cs[1].Options[0].Type = interaction.OptionAttachment }), nil},
	})
}

func TestNestingRules(t *testing.T) {
	sub := func(name string, opts ...command.Option) command.Option {
		return command.Option{Type: subcommand, Name: name, Description: "d", Options: opts}
	}
	runRuleCases(t, []ruleCase{
		{"a group cannot hold a group",
			false, set(func(cs []command.Command) {
				cs[0].Options[0].Options[1] = command.Option{Type: group, Name: "inner", Description: "d"}
			}),
			[]rules.Violation{v("mod", `mod user inner`, "/0/options/0/options/1/type", rules.ApplicationCommandOptionsTypeInvalid, "type SUB_COMMAND_GROUP is not allowed in a group, which holds only subcommands")}},
		{"a group cannot hold a plain option",
			false, set(func(cs []command.Command) {
				cs[0].Options[0].Options[1] = command.Option{Type: stringOpt, Name: "note", Description: "d"}
			}),
			[]rules.Violation{v("mod", `mod user › option "note"`, "/0/options/0/options/1/type", rules.ApplicationCommandOptionsTypeInvalid, "type STRING is not allowed in a group, which holds only subcommands")}},
		{"a subcommand cannot hold a subcommand",
			false, set(func(cs []command.Command) { purge(cs)[3] = sub("deeper", command.Option{Type: stringOpt, Name: "x"}) }),
			[]rules.Violation{v("mod", purgePlace+` deeper`, purgePointer+"/options/3/type", rules.ApplicationCommandOptionsTypeInvalid, "type SUB_COMMAND is not allowed in a subcommand; nesting is one level deep")}},
		{"a subcommand cannot hold a group",
			false, set(func(cs []command.Command) {
				purge(cs)[3] = command.Option{Type: group, Name: "deeper", Description: "d"}
			}),
			[]rules.Violation{v("mod", purgePlace+` deeper`, purgePointer+"/options/3/type", rules.ApplicationCommandOptionsTypeInvalid, "type SUB_COMMAND_GROUP is not allowed in a subcommand; nesting is one level deep")}},
		{"subcommands cannot stand beside plain options",
			false, set(func(cs []command.Command) {
				cs[0].Options = append(cs[0].Options, command.Option{Type: stringOpt, Name: "note", Description: "d"})
			}),
			[]rules.Violation{v("mod", "mod", "/0/options", rules.ApplicationCommandOptionsTypeInvalid, "options must be subcommands and groups, or plain options, not both")}},
		{"groups and subcommands may stand side by side",
			false, set(func(cs []command.Command) {
				cs[0].Options = append(cs[0].Options, sub("warn", command.Option{Type: userOpt, Name: "target", Description: "d"}))
			}), nil},
		{"a plain option cannot have options",
			false, set(func(cs []command.Command) {
				cs[1].Options[0].Options = []command.Option{{Type: stringOpt, Name: "x", Description: "d"}}
			}),
			[]rules.Violation{v("ping", textPlace, textPointer+"/options", rules.ApplicationCommandFieldNotAllowed, "options are allowed only on SUB_COMMAND and SUB_COMMAND_GROUP options")}},
		{"an empty group is allowed",
			false, set(func(cs []command.Command) { cs[0].Options[0].Options = nil }), nil},
	})
}

func TestChoiceRules(t *testing.T) {
	choices := func(n int) []interaction.Choice {
		cs := make([]interaction.Choice, n)
		for i := range cs {
			cs[i] = interaction.IntChoice("c", int64(i))
		}
		return cs
	}
	days := func(cs []command.Command) *command.Option { return &ban(cs)[2] }
	runRuleCases(t, []ruleCase{
		{"a boolean option cannot have choices",
			false, set(func(cs []command.Command) {
				purge(cs)[1] = command.Option{Type: booleanOpt, Name: "all", Description: "d",
					Choices: []interaction.Choice{interaction.StringChoice("yes", "yes")}}
			}),
			[]rules.Violation{v("mod", purgePlace+` › option "all"`, purgePointer+"/options/1/choices", rules.ApplicationCommandFieldNotAllowed, "choices are allowed only on STRING, INTEGER and NUMBER options")}},
		{"an option with 26 choices has too many",
			false, set(func(cs []command.Command) { days(cs).Choices = choices(26) }),
			[]rules.Violation{v("mod", daysPlace, daysPointer+"/choices", rules.BaseTypeMaxLength, "must have at most 25 choices, has 26")}},
		{"an option with 25 choices fits",
			false, set(func(cs []command.Command) { days(cs).Choices = choices(25) }), nil},
		{"a choice name of 101 characters is too long",
			false, set(func(cs []command.Command) { days(cs).Choices[1].Name = repeat("ö", 101) }),
			[]rules.Violation{v("mod", daysPlace+` › choice "`+repeat("ö", 101)+`"`, daysPointer+"/choices/1/name", rules.BaseTypeBadLength, "name must be 1-100 characters, is 101")}},
		{"a choice name of 100 characters fits",
			false, set(func(cs []command.Command) { days(cs).Choices[1].Name = repeat("ö", 100) }), nil},
		{"an empty choice name is too short",
			false, set(func(cs []command.Command) { days(cs).Choices[1].Name = "" }),
			[]rules.Violation{v("mod", daysPlace+` › choice ""`, daysPointer+"/choices/1/name", rules.BaseTypeBadLength, "name must be 1-100 characters, is 0")}},
		{"a string choice value of 101 characters is too long",
			false, set(func(cs []command.Command) {
				ban(cs)[1].Choices = []interaction.Choice{interaction.StringChoice("Spam", repeat("ß", 101))}
			}),
			[]rules.Violation{v("mod", reasonPlace+` › choice "Spam"`, reasonPointer+"/choices/0/value", rules.BaseTypeMaxLength, "value must be at most 100 characters, is 101")}},
		{"a string choice value of 100 characters fits",
			false, set(func(cs []command.Command) {
				ban(cs)[1].Choices = []interaction.Choice{interaction.StringChoice("Spam", repeat("ß", 100))}
			}), nil},
		{"a string option's choice must have a string value",
			false, set(func(cs []command.Command) {
				ban(cs)[1].Choices = []interaction.Choice{interaction.IntChoice("Spam", 1)}
			}),
			[]rules.Violation{v("mod", reasonPlace+` › choice "Spam"`, reasonPointer+"/choices/0/value", rules.BaseTypeString, "value must be a string for STRING options, is a number")}},
		{"an integer option's choice must have a number value",
			false, set(func(cs []command.Command) { days(cs).Choices[0].Value = interaction.StringValue("1") }),
			[]rules.Violation{v("mod", daysPlace+` › choice "Day"`, daysPointer+"/choices/0/value", rules.NumberTypeCoerce, "value must be an integer for INTEGER options, is a string")}},
		{"a choice must have a value",
			false, set(func(cs []command.Command) { days(cs).Choices[0].Value = interaction.Value{} }),
			[]rules.Violation{v("mod", daysPlace+` › choice "Day"`, daysPointer+"/choices/0/value", rules.NumberTypeCoerce, "value must be an integer for INTEGER options, is null")}},
		{"an integer option's choice must be whole",
			false, set(func(cs []command.Command) { days(cs).Choices[0].Value = interaction.FloatValue(1.5) }),
			[]rules.Violation{v("mod", daysPlace+` › choice "Day"`, daysPointer+"/choices/0/value", rules.NumberTypeCoerce, "value must be a whole number for INTEGER options, is 1.5")}},
		{"an integer choice of 2^53 is too large",
			false, set(func(cs []command.Command) { days(cs).Choices[0].Value = interaction.IntValue(twoTo53) }),
			[]rules.Violation{v("mod", daysPlace+` › choice "Day"`, daysPointer+"/choices/0/value", rules.NumberTypeMax, "value must be at most 9007199254740991 for INTEGER options, is 9007199254740992")}},
		{"an integer choice of -2^53 is too small",
			false, set(func(cs []command.Command) { days(cs).Choices[0].Value = interaction.IntValue(-twoTo53) }),
			[]rules.Violation{v("mod", daysPlace+` › choice "Day"`, daysPointer+"/choices/0/value", rules.NumberTypeMin, "value must be at least -9007199254740991 for INTEGER options, is -9007199254740992")}},
		{"integer choices of ±(2^53-1) fit",
			false, set(func(cs []command.Command) {
				days(cs).Choices[0].Value = interaction.IntValue(maxSafeInt)
				days(cs).Choices[1].Value = interaction.FloatValue(-maxSafeInt)
			}), nil},
		{"a number choice of 2^53+1 is too large",
			false, set(func(cs []command.Command) {
				purge(cs)[3].Choices = []interaction.Choice{interaction.IntChoice("all", twoTo53+1)}
			}),
			[]rules.Violation{v("mod", ratioPlace+` › choice "all"`, ratioPointer+"/choices/0/value", rules.NumberTypeMax, "value must be at most 9007199254740992 for NUMBER options, is 9007199254740993")}},
		{"a number choice of -1e300 is too small",
			false, set(func(cs []command.Command) {
				purge(cs)[3].Choices = []interaction.Choice{interaction.FloatChoice("none", -1e300)}
			}),
			[]rules.Violation{v("mod", ratioPlace+` › choice "none"`, ratioPointer+"/choices/0/value", rules.NumberTypeMin, "value must be at least -9007199254740992 for NUMBER options, is -1e+300")}},
		{"a number choice may be a string of digits only as a number",
			false, set(func(cs []command.Command) {
				purge(cs)[3].Choices = []interaction.Choice{interaction.StringChoice("half", "0.5")}
			}),
			[]rules.Violation{v("mod", ratioPlace+` › choice "half"`, ratioPointer+"/choices/0/value", rules.NumberTypeCoerce, "value must be a number for NUMBER options, is a string")}},
		{"number choices of ±2^53 and fractions fit",
			false, set(func(cs []command.Command) {
				purge(cs)[3].Choices = []interaction.Choice{
					interaction.FloatChoice("most", twoTo53), interaction.IntChoice("least", -twoTo53), interaction.FloatChoice("half", 0.5),
				}
			}), nil},
		{"an option with choices cannot autocomplete",
			false, set(func(cs []command.Command) { days(cs).Autocomplete = true }),
			[]rules.Violation{v("mod", daysPlace, daysPointer+"/autocomplete", rules.ApplicationCommandAutocompleteWithChoices, "autocomplete must be false when choices are present")}},
	})
}

func TestOptionFieldRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"a boolean option cannot autocomplete",
			false, set(func(cs []command.Command) {
				purge(cs)[1] = command.Option{Type: booleanOpt, Name: "all", Description: "d", Autocomplete: true}
			}),
			[]rules.Violation{v("mod", purgePlace+` › option "all"`, purgePointer+"/options/1/autocomplete", rules.ApplicationCommandFieldNotAllowed, "autocomplete is allowed only on STRING, INTEGER and NUMBER options")}},
		{"string, integer and number options may autocomplete",
			false, set(func(cs []command.Command) {
				purge(cs)[0].Autocomplete, purge(cs)[2].Autocomplete, purge(cs)[3].Autocomplete = true, true, true
			}), nil},
		{"a string option cannot restrict channel types",
			false, set(func(cs []command.Command) {
				ban(cs)[1].ChannelTypes = []interaction.ChannelType{interaction.ChannelGuildText}
			}),
			[]rules.Violation{v("mod", reasonPlace, reasonPointer+"/channel_types", rules.ApplicationCommandFieldNotAllowed, "channel_types are allowed only on CHANNEL options")}},
		{"a channel option cannot list an unknown channel type",
			false, set(func(cs []command.Command) {
				purge(cs)[1].ChannelTypes = append(purge(cs)[1].ChannelTypes, 6)
			}),
			[]rules.Violation{v("mod", purgePlace+` › option "channel"`, purgePointer+"/options/1/channel_types/1", rules.EnumTypeCoerce, "channel_types must hold channel types, has 6")}},
		{"a channel option may list every known channel type",
			false, set(func(cs []command.Command) {
				purge(cs)[1].ChannelTypes = []interaction.ChannelType{0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15, 16}
			}), nil},
		{"an attachment option takes file types",
			false, set(func(cs []command.Command) {
				purge(cs)[1] = command.Option{Type: attachment, Name: "log", Description: "d", FileTypes: []string{"image", ".PDF", ".tar.gz"}}
			}), nil},
		{"an attachment option takes ten file types",
			false, set(func(cs []command.Command) {
				purge(cs)[1] = command.Option{Type: attachment, Name: "log", Description: "d",
					FileTypes: []string{"image", "video", "audio", ".a", ".b", ".c", ".d", ".e", ".f", ".g"}}
			}), nil},
		{"an attachment option takes no more than ten file types",
			false, set(func(cs []command.Command) {
				purge(cs)[1] = command.Option{Type: attachment, Name: "log", Description: "d",
					FileTypes: []string{"image", "video", "audio", ".a", ".b", ".c", ".d", ".e", ".f", ".g", ".h"}}
			}),
			[]rules.Violation{v("mod", purgePlace+` › option "log"`, purgePointer+"/options/1/file_types", rules.BaseTypeMaxLength, "must have at most 10 file types, has 11")}},
		{"file types past the tenth are not checked",
			false, set(func(cs []command.Command) {
				purge(cs)[1] = command.Option{Type: attachment, Name: "log", Description: "d",
					FileTypes: []string{"image", "video", "audio", ".a", ".b", ".c", ".d", ".e", ".f", ".g", "h"}}
			}),
			[]rules.Violation{v("mod", purgePlace+` › option "log"`, purgePointer+"/options/1/file_types", rules.BaseTypeMaxLength, "must have at most 10 file types, has 11")}},
		{"a file type is a group or an extension with its dot",
			false, set(func(cs []command.Command) {
				purge(cs)[1] = command.Option{Type: attachment, Name: "log", Description: "d", FileTypes: []string{"image", "pdf", "Video", ""}}
			}),
			[]rules.Violation{
				v("mod", purgePlace+` › option "log"`, purgePointer+"/options/1/file_types/1", rules.FileTypesInvalid,
					"file_types entry 2 must be a group (image, video, audio) or an extension with its leading dot, such as .pdf"),
				v("mod", purgePlace+` › option "log"`, purgePointer+"/options/1/file_types/2", rules.FileTypesInvalid,
					"file_types entry 3 must be a group (image, video, audio) or an extension with its leading dot, such as .pdf"),
				v("mod", purgePlace+` › option "log"`, purgePointer+"/options/1/file_types/3", rules.FileTypesInvalid,
					"file_types entry 4 must be a group (image, video, audio) or an extension with its leading dot, such as .pdf"),
			}},
		{"a string option cannot restrict file types",
			false, set(func(cs []command.Command) { ban(cs)[1].FileTypes = []string{"image"} }),
			[]rules.Violation{v("mod", reasonPlace, reasonPointer+"/file_types", rules.ApplicationCommandFieldNotAllowed, "file_types are allowed only on ATTACHMENT options")}},
		{"a subcommand cannot restrict file types",
			false, set(func(cs []command.Command) { cs[0].Options[1].FileTypes = []string{".pdf"} }),
			[]rules.Violation{v("mod", purgePlace, purgePointer+"/file_types", rules.ApplicationCommandFieldNotAllowed, "file_types are allowed only on ATTACHMENT options")}},
		{"a string option cannot have a minimum value",
			false, set(func(cs []command.Command) { ban(cs)[1].MinValue = interaction.IntValue(1) }),
			[]rules.Violation{v("mod", reasonPlace, reasonPointer+"/min_value", rules.ApplicationCommandFieldNotAllowed, "min_value is allowed only on INTEGER and NUMBER options")}},
		{"a user option cannot have a maximum value",
			false, set(func(cs []command.Command) { ban(cs)[0].MaxValue = interaction.IntValue(1) }),
			[]rules.Violation{v("mod", banPlace+` › option "target"`, banPointer+"/options/0/max_value", rules.ApplicationCommandFieldNotAllowed, "max_value is allowed only on INTEGER and NUMBER options")}},
		{"an integer option's minimum must be whole",
			false, set(func(cs []command.Command) { purge(cs)[0].MinValue = interaction.FloatValue(0.5) }),
			[]rules.Violation{v("mod", countPlace, countPointer+"/min_value", rules.NumberTypeCoerce, "min_value must be a whole number for INTEGER options, is 0.5")}},
		{"an integer option's minimum must be a number",
			false, set(func(cs []command.Command) { purge(cs)[0].MinValue = interaction.StringValue("1") }),
			[]rules.Violation{v("mod", countPlace, countPointer+"/min_value", rules.NumberTypeCoerce, "min_value must be an integer for INTEGER options, is a string")}},
		{"an integer option's maximum of 2^53 is too large",
			false, set(func(cs []command.Command) { purge(cs)[0].MaxValue = interaction.IntValue(twoTo53) }),
			[]rules.Violation{v("mod", countPlace, countPointer+"/max_value", rules.NumberTypeMax, "max_value must be at most 9007199254740991 for INTEGER options, is 9007199254740992")}},
		{"an integer option's bounds of ±(2^53-1) fit",
			false, set(func(cs []command.Command) {
				purge(cs)[0].MinValue, purge(cs)[0].MaxValue = interaction.IntValue(-maxSafeInt), interaction.IntValue(maxSafeInt)
			}), nil},
		{"a number option's minimum below -2^53 is too small",
			false, set(func(cs []command.Command) { purge(cs)[3].MinValue = interaction.FloatValue(-2 * twoTo53) }),
			[]rules.Violation{v("mod", ratioPlace, ratioPointer+"/min_value", rules.NumberTypeMin, "min_value must be at least -9007199254740992 for NUMBER options, is -18014398509481984")}},
		{"a number option's bounds of ±2^53 fit",
			false, set(func(cs []command.Command) {
				purge(cs)[3].MinValue, purge(cs)[3].MaxValue = interaction.FloatValue(-twoTo53), interaction.IntValue(twoTo53)
			}), nil},
		{"a minimum above the maximum is refused",
			false, set(func(cs []command.Command) { purge(cs)[0].MinValue = interaction.IntValue(101) }),
			[]rules.Violation{v("mod", countPlace, countPointer+"/min_value", rules.ApplicationCommandOptionMinAboveMax, "min_value must not exceed max_value, is 101 > 100")}},
		{"a minimum equal to the maximum fits",
			false, set(func(cs []command.Command) { purge(cs)[0].MinValue = interaction.IntValue(100) }), nil},
		{"a number minimum above the maximum is refused",
			false, set(func(cs []command.Command) { purge(cs)[3].MinValue = interaction.FloatValue(1.5) }),
			[]rules.Violation{v("mod", ratioPlace, ratioPointer+"/min_value", rules.ApplicationCommandOptionMinAboveMax, "min_value must not exceed max_value, is 1.5 > 1")}},
		{"an integer option cannot have a minimum length",
			false, set(func(cs []command.Command) { purge(cs)[0].MinLength = ptr(1) }),
			[]rules.Violation{v("mod", countPlace, countPointer+"/min_length", rules.ApplicationCommandFieldNotAllowed, "min_length is allowed only on STRING options")}},
		{"a number option cannot have a maximum length",
			false, set(func(cs []command.Command) { purge(cs)[3].MaxLength = ptr(1) }),
			[]rules.Violation{v("mod", ratioPlace, ratioPointer+"/max_length", rules.ApplicationCommandFieldNotAllowed, "max_length is allowed only on STRING options")}},
		{"a minimum length of 6001 is too large",
			false, set(func(cs []command.Command) { purge(cs)[2].MinLength, purge(cs)[2].MaxLength = ptr(6001), nil }),
			[]rules.Violation{v("mod", purgePlace+` › option "contains"`, purgePointer+"/options/2/min_length", rules.NumberTypeMax, "min_length must be 0-6000, is 6001")}},
		{"a minimum length of -1 is too small",
			false, set(func(cs []command.Command) { purge(cs)[2].MinLength = ptr(-1) }),
			[]rules.Violation{v("mod", purgePlace+` › option "contains"`, purgePointer+"/options/2/min_length", rules.NumberTypeMin, "min_length must be 0-6000, is -1")}},
		{"a maximum length of 0 is too small",
			false, set(func(cs []command.Command) { purge(cs)[2].MinLength, purge(cs)[2].MaxLength = nil, ptr(0) }),
			[]rules.Violation{v("mod", purgePlace+` › option "contains"`, purgePointer+"/options/2/max_length", rules.NumberTypeMin, "max_length must be 1-6000, is 0")}},
		{"a maximum length of 6001 is too large",
			false, set(func(cs []command.Command) { purge(cs)[2].MaxLength = ptr(6001) }),
			[]rules.Violation{v("mod", purgePlace+` › option "contains"`, purgePointer+"/options/2/max_length", rules.NumberTypeMax, "max_length must be 1-6000, is 6001")}},
		{"lengths of 0 to 6000 fit",
			false, set(func(cs []command.Command) { purge(cs)[2].MinLength, purge(cs)[2].MaxLength = ptr(0), ptr(6000) }), nil},
		{"a maximum length of 1 and a minimum of 6000 alone fit",
			false, set(func(cs []command.Command) {
				purge(cs)[2].MinLength, purge(cs)[2].MaxLength = nil, ptr(1)
				ban(cs)[1].MinLength = ptr(6000)
			}), nil},
		{"a minimum length above the maximum is refused",
			false, set(func(cs []command.Command) { purge(cs)[2].MinLength, purge(cs)[2].MaxLength = ptr(10), ptr(5) }),
			[]rules.Violation{v("mod", purgePlace+` › option "contains"`, purgePointer+"/options/2/min_length", rules.ApplicationCommandOptionMinAboveMax, "min_length must not exceed max_length, is 10 > 5")}},
		{"a minimum length equal to the maximum fits",
			false, set(func(cs []command.Command) { purge(cs)[2].MinLength, purge(cs)[2].MaxLength = ptr(5), ptr(5) }), nil},
		{"a user command cannot have options",
			false, set(func(cs []command.Command) {
				cs[2].Options = []command.Option{{Type: stringOpt, Name: "x", Description: "d"}}
			}),
			[]rules.Violation{v("High Five", "High Five", "/2/options", rules.ApplicationCommandFieldNotAllowed, "options are allowed only on CHAT_INPUT commands")}},
	})
}

func TestLocalizationRules(t *testing.T) {
	de := func(s string) command.Localizations { return command.Localizations{interaction.LocaleGerman: s} }
	runRuleCases(t, []ruleCase{
		{"a localization key must be a locale",
			false, set(func(cs []command.Command) { cs[1].NameLocalizations = command.Localizations{"en": "ping"} }),
			[]rules.Violation{v("ping", "ping", "/1/name_localizations/en", rules.EnumTypeCoerce, `name_localizations key "en" must be one of the service's locales`)}},
		{"a localization key is escaped in the pointer",
			false, set(func(cs []command.Command) {
				ban(cs)[1].DescriptionLocalizations = command.Localizations{"a/b~c": "x"}
			}),
			[]rules.Violation{v("mod", reasonPlace, reasonPointer+"/description_localizations/a~1b~0c", rules.EnumTypeCoerce, `description_localizations key "a/b~c" must be one of the service's locales`)}},
		{"every one of the 32 locales is a key",
			false, set(func(cs []command.Command) {
				cs[1].NameLocalizations = command.Localizations{}
				for _, l := range interaction.Locales() {
					cs[1].NameLocalizations[l] = "ping"
				}
			}), nil},
		{"a localized slash command name must be lowercase",
			false, set(func(cs []command.Command) { cs[1].NameLocalizations = de("Ping") }),
			[]rules.Violation{v("ping", "ping", "/1/name_localizations/de", rules.ApplicationCommandInvalidName, "de name must be lowercase")}},
		{"a localized option name must match the name pattern",
			false, set(func(cs []command.Command) { ban(cs)[1].NameLocalizations = de("der grund") }),
			[]rules.Violation{v("mod", reasonPlace, reasonPointer+"/name_localizations/de", rules.ApplicationCommandInvalidName, "de name may contain only letters, numbers, - _ and ', has ' '")}},
		{"a localized name of 33 characters is too long",
			false, set(func(cs []command.Command) { cs[1].NameLocalizations = de(repeat("ä", 33)) }),
			[]rules.Violation{v("ping", "ping", "/1/name_localizations/de", rules.BaseTypeBadLength, "de name must be 1-32 characters, is 33")}},
		{"a localized name of 32 characters fits",
			false, set(func(cs []command.Command) { cs[1].NameLocalizations = de(repeat("ä", 32)) }), nil},
		{"an empty localized name is too short",
			false, set(func(cs []command.Command) { cs[1].NameLocalizations = de("") }),
			[]rules.Violation{v("ping", "ping", "/1/name_localizations/de", rules.BaseTypeBadLength, "de name must be 1-32 characters, is 0")}},
		{"a localized description of 101 characters is too long",
			false, set(func(cs []command.Command) { ban(cs)[1].DescriptionLocalizations = de(repeat("ä", 101)) }),
			[]rules.Violation{v("mod", reasonPlace, reasonPointer+"/description_localizations/de", rules.BaseTypeBadLength, "de description must be 1-100 characters, is 101")}},
		{"a localized description of 100 characters fits",
			false, set(func(cs []command.Command) { cs[1].DescriptionLocalizations = de(repeat("ä", 100)) }), nil},
		{"a localized choice name of 101 characters is too long",
			false, set(func(cs []command.Command) {
				ban(cs)[2].Choices[0].NameLocalizations = map[interaction.Locale]string{interaction.LocaleGerman: repeat("ä", 101)}
			}),
			[]rules.Violation{v("mod", daysPlace+` › choice "Day"`, daysPointer+"/choices/0/name_localizations/de", rules.BaseTypeBadLength, "de name must be 1-100 characters, is 101")}},
		{"a localized choice name of 100 characters with capitals and spaces fits",
			false, set(func(cs []command.Command) {
				ban(cs)[2].Choices[0].NameLocalizations = map[interaction.Locale]string{interaction.LocaleGerman: "E " + repeat("ä", 98)}
			}), nil},
		{"a localized user command name may have capitals and spaces",
			false, set(func(cs []command.Command) { cs[2].NameLocalizations = de("Gib Fünf") }), nil},
		{"a localized message command name of 33 characters is too long",
			false, set(func(cs []command.Command) { cs[3].NameLocalizations = de(repeat("Ä", 33)) }),
			[]rules.Violation{v("Bookmark", "Bookmark", "/3/name_localizations/de", rules.BaseTypeBadLength, "de name must be 1-32 characters, is 33")}},
		{"a localized option name cannot be another option's name",
			false, set(func(cs []command.Command) { ban(cs)[1].NameLocalizations = de("days") }),
			[]rules.Violation{v("mod", reasonPlace, reasonPointer+"/name_localizations/de", rules.ApplicationCommandOptionsLocalizedNameConflict, `de name "days" is the name of option "days"; option names must differ in every locale`)}},
		{"a localized option name cannot be another option's name in that locale",
			false, set(func(cs []command.Command) {
				ban(cs)[0].NameLocalizations = de("wer")
				ban(cs)[2].NameLocalizations = de("wer")
			}),
			[]rules.Violation{v("mod", daysPlace, daysPointer+"/name_localizations/de", rules.ApplicationCommandOptionsLocalizedNameConflict, `de name "wer" is also the de name of option "target"; option names must differ in every locale`)}},
		{"a localized subcommand name cannot be another subcommand's name",
			false, set(func(cs []command.Command) { cs[0].Options[0].Options[1].NameLocalizations = de("ban") }),
			[]rules.Violation{v("mod", `mod user kick`, "/0/options/0/options/1/name_localizations/de", rules.ApplicationCommandOptionsLocalizedNameConflict, `de name "ban" is the name of subcommand "ban"; option names must differ in every locale`)}},
		{"two options may share a localized name in different locales",
			false, set(func(cs []command.Command) {
				ban(cs)[0].NameLocalizations = de("wer")
				ban(cs)[2].NameLocalizations = command.Localizations{interaction.LocaleFrench: "wer"}
			}), nil},
		{"options of different subcommands may share a localized name",
			false, set(func(cs []command.Command) {
				ban(cs)[0].NameLocalizations = de("ziel")
				purge(cs)[0].NameLocalizations = de("ziel")
				purge(cs)[1].NameLocalizations = de("target")
			}), nil},
		{"a localization identical to an invalid default is reported once, with the default",
			false, set(func(cs []command.Command) {
				cs[1].Name = "Ping"
				cs[1].NameLocalizations = command.Localizations{interaction.LocaleGerman: "Ping", interaction.LocaleFrench: "Pingue"}
			}),
			[]rules.Violation{
				v("Ping", "Ping", "/1/name", rules.ApplicationCommandInvalidName, "name must be lowercase"),
				v("Ping", "Ping", "/1/name_localizations/fr", rules.ApplicationCommandInvalidName, "fr name must be lowercase"),
			}},
		{"a localized name equal to the option's own name is ignored",
			false, set(func(cs []command.Command) { ban(cs)[1].NameLocalizations = de("reason") }), nil},
	})
}

func TestScopeRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"two slash commands cannot share a name",
			false, set(func(cs []command.Command) { cs[1].Name = "mod" }),
			[]rules.Violation{v("mod", "mod", "/1/name", rules.ApplicationCommandsDuplicateName, `name "mod" is not unique among CHAT_INPUT commands`)}},
		{"two user commands cannot share a name",
			false, func(cs []command.Command) []command.Command {
				return append(cs, command.Command{Type: userCmd, Name: "High Five"})
			},
			[]rules.Violation{v("High Five", "High Five", "/4/name", rules.ApplicationCommandsDuplicateName, `name "High Five" is not unique among USER commands`)}},
		{"a slash command and a user command may share a name",
			false, set(func(cs []command.Command) { cs[2].Name = "mod" }), nil},
		{"a command type must be known",
			false, set(func(cs []command.Command) { cs[3].Type = 5 }),
			[]rules.Violation{v("Bookmark", "Bookmark", "/3/type", rules.EnumTypeCoerce, "type must be a command type (1-4), is 5")}},
		{"a handler is only for entry points",
			false, set(func(cs []command.Command) { cs[1].Handler = interaction.HandlerApp }),
			[]rules.Violation{v("ping", "ping", "/1/handler", rules.ApplicationCommandFieldNotAllowed, "handler is allowed only on PRIMARY_ENTRY_POINT commands")}},
		{"an entry point handler must be known",
			false, func(cs []command.Command) []command.Command {
				return append(cs, command.Command{Type: entryPoint, Name: "Launch", Handler: 3})
			},
			[]rules.Violation{v("Launch", "Launch", "/4/handler", rules.EnumTypeCoerce, "handler must be APP_HANDLER (1) or SERVICE_LAUNCH_ACTIVITY (2), is 3")}},
		{"an entry point may leave its handler and description out",
			false, func(cs []command.Command) []command.Command {
				return append(cs, command.Command{Type: entryPoint, Name: "Launch"})
			}, nil},
		{"an entry point description of 101 characters is too long",
			false, func(cs []command.Command) []command.Command {
				return append(cs, command.Command{Type: entryPoint, Name: "Launch", Description: repeat("ä", 101), Handler: interaction.HandlerApp})
			},
			[]rules.Violation{v("Launch", "Launch", "/4/description", rules.BaseTypeMaxLength, "description must be at most 100 characters, is 101")}},
		{"an entry point name may have capitals and spaces",
			false, func(cs []command.Command) []command.Command {
				return append(cs, command.Command{Type: entryPoint, Name: "Launch The Game", Handler: interaction.HandlerApp})
			}, nil},
		{"an entry point name of 33 characters is too long",
			false, func(cs []command.Command) []command.Command {
				return append(cs, command.Command{Type: entryPoint, Name: repeat("L", 33)})
			},
			[]rules.Violation{v(repeat("L", 33), repeat("L", 33), "/4/name", rules.BaseTypeBadLength, "name must be 1-32 characters, is 33")}},
		{"an entry point cannot have options",
			false, func(cs []command.Command) []command.Command {
				return append(cs, command.Command{Type: entryPoint, Name: "Launch", Description: repeat("ä", 100),
					Options: []command.Option{{Type: stringOpt, Name: "x", Description: "d"}}})
			},
			[]rules.Violation{v("Launch", "Launch", "/4/options", rules.ApplicationCommandFieldNotAllowed, "options are allowed only on CHAT_INPUT commands")}},
		{"a guild cannot have an entry point",
			true, func(cs []command.Command) []command.Command {
				return append(cs, command.Command{Type: entryPoint, Name: "Launch", Handler: interaction.HandlerApp})
			},
			[]rules.Violation{v("Launch", "Launch", "/4/type", rules.ApplicationCommandGlobalOnly, "PRIMARY_ENTRY_POINT commands are allowed only in the global scope")}},
		{"a guild command may carry integration types, which the service ignores",
			true, set(func(cs []command.Command) {
				cs[1].IntegrationTypes = []interaction.IntegrationType{interaction.GuildInstall}
			}), nil},
		{"a guild command may carry every context, the guild bulk overwrite's default",
			true, set(func(cs []command.Command) {
				cs[1].Contexts = []interaction.ContextType{interaction.ContextGuild, interaction.ContextBotDM, interaction.ContextPrivateChannel}
			}), nil},
		{"a guild command may carry dm_permission, which the service ignores",
			true, set(func(cs []command.Command) { cs[1].DMPermission = ptr(true) }), nil},
		{"a guild command's contexts must still be known",
			true, set(func(cs []command.Command) { cs[1].Contexts = []interaction.ContextType{interaction.ContextGuild, 3} }),
			[]rules.Violation{v("ping", "ping", "/1/contexts/1", rules.EnumTypeCoerce, "contexts must hold GUILD (0), BOT_DM (1) or PRIVATE_CHANNEL (2), has 3")}},
		{"a guild command's integration types cannot be listed twice",
			true, set(func(cs []command.Command) {
				cs[2].IntegrationTypes = []interaction.IntegrationType{interaction.GuildInstall, interaction.GuildInstall}
			}),
			[]rules.Violation{v("High Five", "High Five", "/2/integration_types/1", rules.ApplicationCommandDuplicateValue, "integration_types must not list GUILD_INSTALL twice")}},
		{"a guild command may have permissions, default_permission and nsfw",
			true, set(func(cs []command.Command) {
				cs[1].DefaultMemberPermissions = ptr(interaction.Permissions(0))
				cs[1].DefaultPermission = ptr(true)
				cs[2].NSFW = true
			}), nil},
		{"a global command may list every context and integration type",
			false, set(func(cs []command.Command) {
				cs[1].Contexts = []interaction.ContextType{interaction.ContextPrivateChannel, interaction.ContextBotDM, interaction.ContextGuild}
				cs[1].IntegrationTypes = []interaction.IntegrationType{interaction.UserInstall, interaction.GuildInstall}
				cs[1].DMPermission = ptr(false)
			}), nil},
		{"a context must be known",
			false, set(func(cs []command.Command) { cs[1].Contexts = []interaction.ContextType{interaction.ContextGuild, 3} }),
			[]rules.Violation{v("ping", "ping", "/1/contexts/1", rules.EnumTypeCoerce, "contexts must hold GUILD (0), BOT_DM (1) or PRIVATE_CHANNEL (2), has 3")}},
		{"a context cannot be listed twice",
			false, set(func(cs []command.Command) {
				cs[1].Contexts = []interaction.ContextType{interaction.ContextGuild, interaction.ContextGuild}
			}),
			[]rules.Violation{v("ping", "ping", "/1/contexts/1", rules.ApplicationCommandDuplicateValue, "contexts must not list GUILD twice")}},
		{"an integration type must be known",
			false, set(func(cs []command.Command) { cs[2].IntegrationTypes = []interaction.IntegrationType{2} }),
			[]rules.Violation{v("High Five", "High Five", "/2/integration_types/0", rules.EnumTypeCoerce, "integration_types must hold GUILD_INSTALL (0) or USER_INSTALL (1), has 2")}},
		{"an integration type cannot be listed twice",
			false, set(func(cs []command.Command) {
				cs[2].IntegrationTypes = []interaction.IntegrationType{interaction.UserInstall, interaction.UserInstall}
			}),
			[]rules.Violation{v("High Five", "High Five", "/2/integration_types/1", rules.ApplicationCommandDuplicateValue, "integration_types must not list USER_INSTALL twice")}},
	})
}

func TestWarningsNameTheFieldsAGuildCommandIgnores(t *testing.T) {
	botDM := []interaction.ContextType{interaction.ContextGuild, interaction.ContextBotDM}
	for _, tc := range []struct {
		name   string
		scope  command.Scope
		change func(cs []command.Command)
		want   []rules.Violation
	}{
		{"a guild command without global-only fields has none", command.InGuild(guildID),
			func([]command.Command) {}, nil},
		{"dm_permission on a guild command is one", command.InGuild(guildID),
			func(cs []command.Command) { cs[1].DMPermission = ptr(true) },
			[]rules.Violation{v("ping", "ping", "/1/dm_permission", rules.ApplicationCommandGlobalOnly,
				"dm_permission has effect only on global commands; the service ignores it on a guild command")}},
		{"integration types on a guild command are one", command.InGuild(guildID),
			func(cs []command.Command) {
				cs[2].IntegrationTypes = []interaction.IntegrationType{interaction.GuildInstall}
			},
			[]rules.Violation{v("High Five", "High Five", "/2/integration_types", rules.ApplicationCommandGlobalOnly,
				"integration_types have effect only on global commands; the service ignores them on a guild command")}},
		{"contexts on a guild command are one, and BOT_DM among them another", command.InGuild(guildID),
			func(cs []command.Command) { cs[1].Contexts = botDM },
			[]rules.Violation{
				v("ping", "ping", "/1/contexts", rules.ApplicationCommandGlobalOnly,
					"contexts have effect only on global commands; the service ignores them on a guild command"),
				v("ping", "ping", "/1/contexts/1", rules.ApplicationCommandGuildBotDM,
					"a guild command is never offered in direct messages, whatever its contexts say"),
			}},
		{"a global command's fields are none", command.Global,
			func(cs []command.Command) {
				cs[1].DMPermission, cs[1].Contexts = ptr(false), botDM
				cs[1].IntegrationTypes = []interaction.IntegrationType{interaction.GuildInstall}
			}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cs := base()
			tc.change(cs)
			if got := command.Warnings(tc.scope, cs); !slices.Equal(got, tc.want) {
				t.Errorf("got:\n%s\nwant:\n%s", dump(got), dump(tc.want))
			}
			if vs := command.Validate(tc.scope, cs); vs != nil {
				t.Errorf("warnings are violations too:\n%s", dump(vs))
			}
		})
	}
}

func TestEveryViolationIsReportedAtOnce(t *testing.T) {
	cs := base()
	cs[1].Name = "Ping"                                                 // lowercase
	cs[1].Description = ""                                              // length
	ban(cs)[1].Name = "Reason"                                          // option lowercase
	ban(cs)[2].Required = true                                          // order
	purge(cs)[2].MinLength = ptr(6001)                                  // bound
	cs[2].Description = "no"                                            // USER description
	cs = append(cs, command.Command{Name: "mod", Description: "again"}) // duplicate
	got := command.Validate(command.InGuild(guildID), cs)
	want := []rules.Violation{
		v("mod", banPlace+` › option "Reason"`, reasonPointer+"/name", rules.ApplicationCommandInvalidName, "name must be lowercase"),
		v("mod", daysPlace, daysPointer+"/required", rules.ApplicationCommandOptionsRequiredInvalid, `required option must come before optional option "Reason"`),
		v("mod", purgePlace+` › option "contains"`, purgePointer+"/options/2/min_length", rules.NumberTypeMax, "min_length must be 0-6000, is 6001"),
		v("Ping", "Ping", "/1/name", rules.ApplicationCommandInvalidName, "name must be lowercase"),
		v("Ping", "Ping", "/1/description", rules.BaseTypeBadLength, "description must be 1-100 characters, is 0"),
		v("High Five", "High Five", "/2/description", rules.ApplicationCommandFieldNotAllowed, "description is not allowed on USER commands"),
		v("mod", "mod", "/4/name", rules.ApplicationCommandsDuplicateName, `name "mod" is not unique among CHAT_INPUT commands`),
	}
	if !slices.Equal(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", dump(got), dump(want))
	}
}

func TestOneFieldMayBreakSeveralRules(t *testing.T) {
	cs := base()
	cs[1].Name = repeat("P", 40) + " !"
	got := command.Validate(command.Global, cs)
	name := cs[1].Name
	want := []rules.Violation{
		v(name, name, "/1/name", rules.BaseTypeBadLength, "name must be 1-32 characters, is 42"),
		v(name, name, "/1/name", rules.ApplicationCommandInvalidName, "name may contain only letters, numbers, - _ and ', has ' '"),
		v(name, name, "/1/name", rules.ApplicationCommandInvalidName, "name must be lowercase"),
	}
	if !slices.Equal(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", dump(got), dump(want))
	}
}

func TestViolationsComeInADeterministicOrder(t *testing.T) {
	cs := base()
	// Maps iterate in random order; the report must not.
	bad := command.Localizations{}
	for _, k := range []string{"zz", "aa", "mm", "en", "xx", "de-DE", "pt"} {
		bad[interaction.Locale(k)] = "x"
	}
	for _, l := range interaction.Locales() {
		bad[l] = "X Y"
	}
	cs[1].NameLocalizations = bad
	first := command.Validate(command.Global, cs)
	if len(first) != 7+2*32 {
		t.Fatalf("got %d violations, want %d:\n%s", len(first), 7+2*32, dump(first))
	}
	for range 20 {
		if got := command.Validate(command.Global, cs); !slices.Equal(got, first) {
			t.Fatalf("order changed:\n%s\nthen:\n%s", dump(first), dump(got))
		}
	}
	if !slices.IsSortedFunc(first, func(a, b rules.Violation) int { return strings.Compare(a.Pointer, b.Pointer) }) {
		t.Errorf("localizations are not reported in the order of their keys:\n%s", dump(first))
	}
}

func TestValidateCommandPointsIntoTheCreateBody(t *testing.T) {
	c := base()[0]
	c.Options[0].Options[0].Options[1].Name = "Reason"
	got := command.ValidateCommand(command.Global, c)
	want := []rules.Violation{v("mod", banPlace+` › option "Reason"`, "/options/0/options/0/options/1/name", rules.ApplicationCommandInvalidName, "name must be lowercase")}
	if !slices.Equal(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", dump(got), dump(want))
	}

	entry := command.Command{Type: entryPoint, Name: "Launch", Handler: interaction.HandlerApp}
	got = command.ValidateCommand(command.InGuild(guildID), entry)
	want = []rules.Violation{v("Launch", "Launch", "/type", rules.ApplicationCommandGlobalOnly, "PRIMARY_ENTRY_POINT commands are allowed only in the global scope")}
	if !slices.Equal(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", dump(got), dump(want))
	}

	big := base()[1]
	big.Description = ""
	got = command.ValidateCommand(command.Global, big)
	want = []rules.Violation{v("ping", "ping", "/description", rules.BaseTypeBadLength, "description must be 1-100 characters, is 0")}
	if !slices.Equal(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", dump(got), dump(want))
	}
}

func TestViolationsAsAnError(t *testing.T) {
	cs := base()
	ban(cs)[1].Name = "Reason"
	cs[1].Description = ""
	vs := command.Validate(command.Global, cs)
	const want = `mod user ban › option "Reason": name must be lowercase` + "\n" +
		`ping: description must be 1-100 characters, is 0`
	if vs.Error() != want {
		t.Errorf("Error() =\n%s\nwant\n%s", vs.Error(), want)
	}
	if vs[0].Error() != `mod user ban › option "Reason": name must be lowercase` {
		t.Errorf("Violation.Error() = %q", vs[0].Error())
	}
	err := vs.Err()
	var got rules.Violations
	if !errors.As(err, &got) || len(got) != 2 {
		t.Errorf("errors.As(Violations) = %v", got)
	}
	var one rules.Violation
	if !errors.As(err, &one) || one != vs[0] {
		t.Errorf("errors.As(Violation) = %v", one)
	}
	if !errors.Is(err, vs[1]) {
		t.Error("errors.Is does not find the second violation")
	}
	if command.Validate(command.Global, base()).Err() != nil {
		t.Error("Err of no violations is not nil")
	}
}
