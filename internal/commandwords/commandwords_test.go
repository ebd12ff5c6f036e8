package commandwords_test

import (
	"slices"
	"testing"

	"github.com/switchboard-go/switchboard/internal/commandwords"
	"github.com/switchboard-go/switchboard/rules"
)

func TestAsServiceWordsWhatTheServiceWords(t *testing.T) {
	v := func(pointer, code, msg string) rules.Violation {
		return rules.Violation{Command: "c", Place: "c", Pointer: pointer, Code: code, Message: msg}
	}
	tests := []struct {
		name      string
		bot, want rules.Violations
	}{
		{"a text out of its bounds",
			rules.Violations{v("/0/description", rules.BaseTypeBadLength, commandwords.OutOfBounds("description", 1, 100, 101))},
			rules.Violations{v("/0/description", rules.BaseTypeBadLength, "Must be between 1 and 100 in length.")}},
		{"a label that reads like the bounds",
			rules.Violations{v("/0/name_localizations/x", rules.BaseTypeBadLength, commandwords.OutOfBounds(`x must be 7-8 characters, is 9 name`, 1, 32, 0))},
			rules.Violations{v("/0/name_localizations/x", rules.BaseTypeBadLength, "Must be between 1 and 32 in length.")}},
		{"a text too long",
			rules.Violations{v("/0/options/0/choices/0/value", rules.BaseTypeMaxLength, commandwords.TooLong("value", 100, 101))},
			rules.Violations{v("/0/options/0/choices/0/value", rules.BaseTypeMaxLength, "Must be 100 or fewer in length.")}},
		{"a label that reads like a bound",
			rules.Violations{v("/0/description_localizations/x", rules.BaseTypeMaxLength, commandwords.TooLong("at most 7 description", 100, 101))},
			rules.Violations{v("/0/description_localizations/x", rules.BaseTypeMaxLength, "Must be 100 or fewer in length.")}},
		{"too many options",
			rules.Violations{v("/0/options", rules.BaseTypeMaxLength, commandwords.TooMany("options", 25, 26))},
			rules.Violations{v("/0/options", rules.BaseTypeMaxLength, "Must be 25 or fewer in length.")}},
		{"a name broken twice over is one violation",
			rules.Violations{
				v("/0/name", rules.ApplicationCommandInvalidName, `name may contain only letters, numbers, - _ and ', has ' '`),
				v("/0/name", rules.ApplicationCommandInvalidName, "name must be lowercase"),
				v("/1/name", rules.ApplicationCommandInvalidName, "name must be lowercase"),
			},
			rules.Violations{
				v("/0/name", rules.ApplicationCommandInvalidName, "Command name is invalid"),
				v("/1/name", rules.ApplicationCommandInvalidName, "Command name is invalid"),
			}},
		{"a name given twice",
			rules.Violations{v("/1/name", rules.ApplicationCommandsDuplicateName, `name "a" is not unique among CHAT_INPUT commands`)},
			rules.Violations{v("/1/name", rules.ApplicationCommandsDuplicateName, "Application command names must be unique")}},
		{"a rule without public words keeps the bot's",
			rules.Violations{v("/0/options/1", rules.ApplicationCommandOptionsRequiredInvalid, `required option must come before optional option "b"`)},
			rules.Violations{v("/0/options/1", rules.ApplicationCommandOptionsRequiredInvalid, `required option must come before optional option "b"`)}},
		{"none", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kept := slices.Clone(tt.bot)
			if got := commandwords.AsService(tt.bot); !slices.Equal(got, tt.want) {
				t.Errorf("AsService =\n%v\nwant\n%v", got, tt.want)
			}
			if !slices.Equal(tt.bot, kept) {
				t.Errorf("AsService modified its argument: %v", tt.bot)
			}
		})
	}
}
