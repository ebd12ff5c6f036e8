package commandwords_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/commandwords"
)

// Worded as the service, a violation of the validator says what the
// service's error body says where its words are public; the rule broken,
// its place and its pointer are those of the bot's words.
func TestViolationsWordedAsTheService(t *testing.T) {
	long := func(n int) string { return strings.Repeat("a", n) }
	opt := func(name string) command.Option {
		return command.Option{Type: interaction.OptionString, Name: name, Description: "d"}
	}
	for _, tc := range []struct {
		name string
		cmds []command.Command
		want []string // pointer code message
	}{
		{"a description too long", []command.Command{{Name: "a", Description: long(101)}},
			[]string{"/0/description BASE_TYPE_BAD_LENGTH Must be between 1 and 100 in length."}},
		{"a name too long", []command.Command{{Name: long(33), Description: "d"}},
			[]string{"/0/name BASE_TYPE_BAD_LENGTH Must be between 1 and 32 in length."}},
		{"an empty localized name", []command.Command{{Name: "a", Description: "d", NameLocalizations: map[interaction.Locale]string{"de": ""}}},
			[]string{"/0/name_localizations/de BASE_TYPE_BAD_LENGTH Must be between 1 and 32 in length."}},
		{"a name with a space and a capital is one violation", []command.Command{{Name: "Bad Name", Description: "d"}},
			[]string{"/0/name APPLICATION_COMMAND_INVALID_NAME Command name is invalid"}},
		{"an option's name in capitals", []command.Command{{Name: "a", Description: "d", Options: []command.Option{opt("Reason")}}},
			[]string{"/0/options/0/name APPLICATION_COMMAND_INVALID_NAME Command name is invalid"}},
		{"too many options", []command.Command{{Name: "a", Description: "d", Options: func() []command.Option {
			var os []command.Option
			for i := range 26 {
				os = append(os, opt(fmt.Sprintf("o%d", i)))
			}
			return os
		}()}},
			[]string{"/0/options BASE_TYPE_MAX_LENGTH Must be 25 or fewer in length."}},
		{"a choice value too long", []command.Command{{Name: "a", Description: "d", Options: []command.Option{{
			Type: interaction.OptionString, Name: "o", Description: "d", Choices: []interaction.Choice{interaction.StringChoice("c", long(101))}}}}},
			[]string{"/0/options/0/choices/0/value BASE_TYPE_MAX_LENGTH Must be 100 or fewer in length."}},
		{"two commands of one name", []command.Command{{Name: "a", Description: "d"}, {Name: "a", Description: "e"}},
			[]string{"/1/name APPLICATION_COMMANDS_DUPLICATE_NAME Application command names must be unique"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			service := commandwords.AsService(command.Validate(command.Global, tc.cmds))
			var got []string
			for _, v := range service {
				got = append(got, v.Pointer+" "+v.Code+" "+v.Message)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("got %q\nwant %q", got, tc.want)
			}
			bot := command.Validate(command.Global, tc.cmds)
			for i, v := range service {
				if i >= len(bot) || bot[i].Place != v.Place || bot[i].Pointer != v.Pointer || bot[i].Code != v.Code || bot[i].Command != v.Command {
					t.Errorf("violation %d worded as the service is %+v; for the bot %+v", i, v, bot)
				}
			}
		})
	}
}

// A rule whose words the service has not made public keeps the words for
// the bot's developer, and a create body is worded as a bulk body is.
func TestRulesWithoutPublicWordsKeepTheBots(t *testing.T) {
	cmd := command.Command{Name: "a", Description: "d", Options: []command.Option{
		{Type: interaction.OptionString, Name: "b", Description: "d"},
		{Type: interaction.OptionString, Name: "c", Description: "d", Required: true},
	}}
	service := commandwords.AsService(command.ValidateCommand(command.Global, cmd))
	bot := command.ValidateCommand(command.Global, cmd)
	if len(service) != 1 || !slices.Equal(service, bot) {
		t.Fatalf("worded as the service %v, for the bot %v", service, bot)
	}
	long := command.Command{Name: "a", Description: strings.Repeat("d", 101)}
	if vs := commandwords.AsService(command.ValidateCommand(command.Global, long)); len(vs) != 1 || vs[0].Pointer != "/description" ||
		vs[0].Message != "Must be between 1 and 100 in length." {
		t.Fatalf("create body: %v", vs)
	}
}
