package autocomplete

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
)

// Limits of an autocomplete answer.
const (
	MaxChoices        = 25
	MaxNameLength     = 100 // characters
	MaxStringValueLen = 100 // characters
)

// Dropped is a suggestion Sanitize left out, and why.
type Dropped struct {
	Index  int // its index in the handler's answer
	Reason string
}

// Sanitize returns the choices the service accepts for an option of type t:
// at most MaxChoices, each with a name of 1 to 100 characters (localized
// names too, each under a locale the service knows) and a value of
// the option's type (a string of at most 100 characters, an integer within
// ±(2^53-1), a number within ±2^53). It keeps the order and reports what it
// left out. choices is not modified; when every choice is valid, kept is
// choices itself rather than a copy.
func Sanitize(choices []interaction.Choice, t interaction.OptionType) (kept []interaction.Choice, dropped []Dropped) {
	if allValid(choices, t) {
		// The common case: nothing to leave out, so nothing to copy.
		return choices, nil
	}
	kept = make([]interaction.Choice, 0, min(len(choices), MaxChoices))
	for i := range choices {
		reason := check(&choices[i], t)
		if reason == "" && len(kept) == MaxChoices {
			reason = "more than " + strconv.Itoa(MaxChoices) + " choices"
		}
		if reason != "" {
			dropped = append(dropped, Dropped{Index: i, Reason: reason})
			continue
		}
		kept = append(kept, choices[i])
	}
	return kept, dropped
}

func allValid(choices []interaction.Choice, t interaction.OptionType) bool {
	if len(choices) > MaxChoices {
		return false
	}
	for i := range choices {
		if check(&choices[i], t) != "" {
			return false
		}
	}
	return true
}

func check(c *interaction.Choice, t interaction.OptionType) string {
	if n := utf8.RuneCountInString(c.Name); n < 1 || n > MaxNameLength {
		return "name must be 1-" + strconv.Itoa(MaxNameLength) + " characters"
	}
	if reason := checkLocalizations(c.NameLocalizations); reason != "" {
		return reason
	}
	switch t {
	case interaction.OptionString:
		s, ok := c.Value.Str()
		if !ok {
			return "value must be a string"
		}
		if utf8.RuneCountInString(s) > MaxStringValueLen {
			return "value must be at most " + strconv.Itoa(MaxStringValueLen) + " characters"
		}
	case interaction.OptionInteger:
		i, ok := c.Value.Int()
		if !ok {
			return "value must be an integer"
		}
		if i > 1<<53-1 || i < -(1<<53-1) {
			return "value out of the INTEGER range"
		}
	case interaction.OptionNumber:
		f, ok := c.Value.Float()
		if !ok {
			return "value must be a number"
		}
		if math.IsNaN(f) || math.Abs(f) > 1<<53 {
			return "value out of the NUMBER range"
		}
	default:
		return "autocomplete is only for STRING, INTEGER and NUMBER options"
	}
	return ""
}

// checkLocalizations returns why the localized names are refused, naming the
// first bad locale in sorted order: map order is random, and a choice should
// be dropped for the same reason every time.
func checkLocalizations(names map[interaction.Locale]string) string {
	var bad interaction.Locale
	unknown, found := false, false
	for locale, name := range names {
		if found && locale >= bad {
			continue
		}
		if !locale.Valid() {
			bad, unknown, found = locale, true, true
		} else if n := utf8.RuneCountInString(name); n < 1 || n > MaxNameLength {
			bad, unknown, found = locale, false, true
		}
	}
	switch {
	case !found:
		return ""
	case unknown:
		return "name localization for unknown locale " + strconv.Quote(string(bad))
	}
	return "localized name for " + string(bad) + " must be 1-" + strconv.Itoa(MaxNameLength) + " characters"
}
