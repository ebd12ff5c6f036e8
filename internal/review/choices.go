package review

import (
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// Limits of suggestions (the specification's limits of choices).
const (
	maxChoices     = 25
	maxChoiceName  = 100
	maxChoiceValue = 100 // characters of a string value
	// maxInteger is the largest INTEGER magnitude the service takes, and
	// maxNumber the largest NUMBER one: what a double holds exactly.
	maxInteger = 1<<53 - 1
	maxNumber  = 1 << 53
)

// choices checks the suggestions of an autocomplete result. Their values
// must have the type of the option being typed, when ix says which.
// Past their limit, suggestions are counted and not checked.
func (c *checker) choices(ix *interaction.Interaction, choices []interaction.Choice) {
	if n := len(choices); n > maxChoices {
		if c.room() {
			c.addPast(c.data+"/choices", maxChoices, rules.BaseTypeMaxLength, c.tooMany(n, maxChoices, "choices"))
		}
		choices = choices[:maxChoices]
	}
	var t interaction.OptionType
	if ix != nil {
		if o, ok := ix.Data.Focused(); ok {
			t = o.Type
		}
	}
	for i := range choices {
		ch := &choices[i]
		if n := utf8.RuneCountInString(ch.Name); (n < 1 || n > maxChoiceName) && c.room() {
			c.add(c.choicePointer(i, "/name"), rules.BaseTypeBadLength, c.between(n, 1, maxChoiceName, "characters"))
		}
		if len(ch.NameLocalizations) > 0 {
			c.localizations(c.choicePointer(i, "/name_localizations"), ch.NameLocalizations)
		}
		c.value(i, ch.Value, t)
	}
}

// localizations checks the localized names of a suggestion, at ptr: each
// under a locale the service knows, of 1 to 100 characters. They are
// reported in the order of their locales, since a map has none.
func (c *checker) localizations(ptr string, names map[interaction.Locale]string) {
	bad := 0
	for l, s := range names {
		if n := utf8.RuneCountInString(s); !l.Valid() || n < 1 || n > maxChoiceName {
			bad++
		}
	}
	if bad == 0 {
		return
	}
	locales := make([]interaction.Locale, 0, bad)
	for l, s := range names {
		if n := utf8.RuneCountInString(s); !l.Valid() || n < 1 || n > maxChoiceName {
			locales = append(locales, l)
		}
	}
	slices.Sort(locales)
	for _, l := range locales {
		if !c.room() {
			continue
		}
		at := ptr + "/" + escape(string(l))
		if !l.Valid() {
			c.add(at, rules.EnumTypeCoerce, c.say(strconv.Quote(string(l))+" is not one of the service's locales",
				"Value "+strconv.Quote(string(l))+" is not a valid enum value."))
			continue
		}
		c.add(at, rules.BaseTypeBadLength, c.between(utf8.RuneCountInString(names[l]), 1, maxChoiceName, "characters"))
	}
}

// choicePointer returns the pointer of a field of the suggestion at index
// i.
func (c *checker) choicePointer(i int, field string) string {
	return c.data + "/choices/" + strconv.Itoa(i) + field
}

// value checks the value of the suggestion at index i, for an option of
// type t: a
// string for a STRING option, an integer for an INTEGER one, a number for
// a NUMBER one, and a string or a number when t is not one of these. A
// string has at most 100 characters, and a number is one a double holds
// exactly.
func (c *checker) value(i int, v interaction.Value, t interaction.OptionType) {
	wantString := t == interaction.OptionString
	wantNumber := t == interaction.OptionInteger || t == interaction.OptionNumber
	switch v.Kind() {
	case interaction.KindString:
		s, _ := v.Str()
		switch n := utf8.RuneCountInString(s); {
		case wantNumber:
			c.wrongType(i, v, t)
		case n > maxChoiceValue && c.room():
			c.add(c.choicePointer(i, "/value"), rules.BaseTypeMaxLength, c.tooMany(n, maxChoiceValue, "characters"))
		}
	case interaction.KindNumber:
		if wantString {
			c.wrongType(i, v, t)
			return
		}
		if t == interaction.OptionInteger {
			n, ok := v.Int()
			switch {
			case !ok:
				c.wrongType(i, v, t)
			case n > maxInteger:
				c.outOfRange(i, v, rules.NumberTypeMax, "at most "+strconv.FormatInt(maxInteger, 10),
					"less than or equal to "+strconv.FormatInt(maxInteger, 10))
			case n < -maxInteger:
				c.outOfRange(i, v, rules.NumberTypeMin, "at least "+strconv.FormatInt(-maxInteger, 10),
					"greater than or equal to "+strconv.FormatInt(-maxInteger, 10))
			}
			return
		}
		f, _ := v.Float()
		switch {
		case math.IsNaN(f):
			c.wrongType(i, v, t)
		case f > maxNumber:
			c.outOfRange(i, v, rules.NumberTypeMax, "at most 2^53", "less than or equal to "+strconv.Itoa(maxNumber))
		case f < -maxNumber:
			c.outOfRange(i, v, rules.NumberTypeMin, "at least -2^53", "greater than or equal to -"+strconv.Itoa(maxNumber))
		}
	case interaction.KindNone:
		if c.room() {
			c.add(c.choicePointer(i, "/value"), rules.BaseTypeRequired, c.say("required: a suggestion has a value", "This field is required"))
		}
	default:
		c.wrongType(i, v, t)
	}
}

// wrongType reports the value of the suggestion at index i, which is not
// of the type of an option of type t.
func (c *checker) wrongType(i int, v interaction.Value, t interaction.OptionType) {
	if !c.room() {
		return
	}
	switch t {
	case interaction.OptionString:
		c.add(c.choicePointer(i, "/value"), rules.BaseTypeString, c.say("must be a string for a STRING option, is "+valueText(v), "Must be a string."))
	case interaction.OptionInteger:
		c.add(c.choicePointer(i, "/value"), rules.NumberTypeCoerce, c.say("must be an integer for an INTEGER option, is "+valueText(v), "Must be an integer."))
	case interaction.OptionNumber:
		c.add(c.choicePointer(i, "/value"), rules.NumberTypeCoerce, c.say("must be a number for a NUMBER option, is "+valueText(v), "Must be a number."))
	default:
		c.add(c.choicePointer(i, "/value"), rules.NumberTypeCoerce, c.say("must be a string or a number, is "+valueText(v), "Must be a string or a number."))
	}
}

// outOfRange reports the value of the suggestion at index i, a number
// beyond what the option takes.
func (c *checker) outOfRange(i int, v interaction.Value, code, bot, service string) {
	if c.room() {
		c.add(c.choicePointer(i, "/value"), code, c.say("must be "+bot+", is "+valueText(v), "Value must be "+service+"."))
	}
}

// valueText shows a value in a message: a string quoted, so that "3" and
// 3 read apart.
func valueText(v interaction.Value) string {
	if s, ok := v.Str(); ok {
		return strconv.Quote(s)
	}
	return v.Text()
}
