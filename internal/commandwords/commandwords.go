// Package commandwords holds the words of the violations of package
// command's validator that the service's error bodies word otherwise, in
// both forms: for the bot's developer, as the validator reports them, and
// as the service's error body does, as the emulator answers them.
//
// The validator words every violation for the bot's developer, who reads
// the bounds it breaks and the value it has ("description must be 1-100
// characters, is 101"). Where the service's words are public, its error
// body says less ("Must be between 1 and 100 in length."); AsService
// rewords a validator's violations so, from the words this package gave
// them, so that the emulator refuses what a bot's own check refuses, at
// the same places, in the service's words.
package commandwords

import (
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/rules"
)

// OutOfBounds returns the words of a text of n characters outside the
// bounds of its rule, minimum to maximum; label names the text. The violation's
// code is rules.BaseTypeBadLength.
func OutOfBounds(label string, minimum, maximum, n int) string {
	return label + " must be " + strconv.Itoa(minimum) + "-" + strconv.Itoa(maximum) + " characters, is " + strconv.Itoa(n)
}

// TooLong returns the words of a text of n characters, more than maximum, the
// only bound of its rule; label names the text. The violation's code is
// rules.BaseTypeMaxLength.
func TooLong(label string, maximum, n int) string {
	return label + " must be at most " + strconv.Itoa(maximum) + " characters, is " + strconv.Itoa(n)
}

// TooMany returns the words of a list of n elements, more than maximum;
// things names them in the plural, as in "options". The violation's code
// is rules.BaseTypeMaxLength.
func TooMany(things string, maximum, n int) string {
	return "must have at most " + strconv.Itoa(maximum) + " " + things + ", has " + strconv.Itoa(n)
}

// The service's words, where they say no number.
const (
	invalidName   = "Command name is invalid"
	duplicateName = "Application command names must be unique"
)

// AsService returns the violations of command.Validate or
// command.ValidateCommand worded as the service's error body words them,
// where its words are public:
//
//	BASE_TYPE_BAD_LENGTH                 Must be between 1 and 100 in length.
//	BASE_TYPE_MAX_LENGTH                 Must be 25 or fewer in length.
//	APPLICATION_COMMAND_INVALID_NAME     Command name is invalid
//	APPLICATION_COMMANDS_DUPLICATE_NAME  Application command names must be unique
//
// A name that breaks the rule of names twice over, with a character it may
// not have and a capital letter, is one violation, as the service reports
// it. Every other violation keeps the words for the bot's developer, and
// every violation its place, pointer and code. vs is not modified.
func AsService(vs rules.Violations) rules.Violations {
	if vs == nil {
		return nil
	}
	out := make(rules.Violations, 0, len(vs))
	for _, v := range vs {
		switch v.Code {
		case rules.BaseTypeBadLength:
			if lo, hi, ok := bounds(v.Message); ok {
				v.Message = "Must be between " + lo + " and " + hi + " in length."
			}
		case rules.BaseTypeMaxLength:
			if hi, ok := atMost(v.Message); ok {
				v.Message = "Must be " + hi + " or fewer in length."
			}
		case rules.ApplicationCommandInvalidName:
			if last := len(out) - 1; last >= 0 && out[last].Code == v.Code && out[last].Pointer == v.Pointer {
				continue
			}
			v.Message = invalidName
		case rules.ApplicationCommandsDuplicateName:
			v.Message = duplicateName
		}
		out = append(out, v)
	}
	return out
}

// bounds reads the bounds back from the words of OutOfBounds. The label
// comes first and may hold anything, the bounds last: they follow the last
// " must be ".
func bounds(msg string) (lo, hi string, ok bool) {
	i := strings.LastIndex(msg, " must be ")
	if i < 0 {
		return "", "", false
	}
	lo, rest := digits(msg[i+len(" must be "):])
	if lo == "" || !strings.HasPrefix(rest, "-") {
		return "", "", false
	}
	hi, _ = digits(rest[1:])
	return lo, hi, hi != ""
}

// atMost reads the bound back from the words of TooLong or TooMany: the
// number that follows the last "at most ".
func atMost(msg string) (string, bool) {
	i := strings.LastIndex(msg, "at most ")
	if i < 0 {
		return "", false
	}
	hi, _ := digits(msg[i+len("at most "):])
	return hi, hi != ""
}

// digits splits s after its leading decimal digits.
func digits(s string) (number, rest string) {
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return s[:i], s[i:]
}
