package command

import (
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
)

// maxCommandSize is the most characters the text of a CHAT_INPUT command may
// total.
const maxCommandSize = 8000

// commandSize returns the characters of c that count toward the service's
// limit: the names, descriptions and values of the command, of its options,
// subcommands and groups, and of their choices. Of each field only its
// longest version counts, the default or one of its localizations.
//
// The service counts "value properties" without setting numbers apart, so a
// numeric choice value counts as the characters of its JSON text (42 counts
// 2, -1.5 counts 4), the form the service receives. The bounds min_value and
// max_value are not values in that sense and do not count.
//
// The validator sums the same count as it walks a command, so as not to read
// every localization twice; it calls these functions for the parts it does
// not walk.
func commandSize(c *Command) int {
	return longest(c.Name, c.NameLocalizations) + longest(c.Description, c.DescriptionLocalizations) +
		optionsSize(c.Options)
}

func optionsSize(opts []Option) int {
	n := 0
	for i := range opts {
		o := &opts[i]
		n += longest(o.Name, o.NameLocalizations) + longest(o.Description, o.DescriptionLocalizations) +
			choicesSize(o.Choices) + optionsSize(o.Options)
	}
	return n
}

func choicesSize(choices []interaction.Choice) int {
	n := 0
	for k := range choices {
		ch := &choices[k]
		n += longest(ch.Name, ch.NameLocalizations) + valueSize(ch.Value)
	}
	return n
}

// longest returns the characters of the longest of def and its
// localizations.
func longest(def string, m Localizations) int {
	n := utf8.RuneCountInString(def)
	for _, s := range m {
		if k := utf8.RuneCountInString(s); k > n {
			n = k
		}
	}
	return n
}

func valueSize(val interaction.Value) int {
	switch val.Kind() {
	case interaction.KindString:
		s, _ := val.Str()
		return utf8.RuneCountInString(s)
	case interaction.KindNumber:
		var buf [32]byte
		return len(val.AppendJSON(buf[:0]))
	}
	return 0
}
