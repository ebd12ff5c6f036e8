package router

import (
	"errors"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
)

// The parts of a custom_id and the text a user typed into a modal are read
// as numbers and ids by the functions below. Each returns the value, or
// the fault that keeps it from being read.

// fault is why a value cannot be read: its kind (option.ErrMissing,
// option.ErrType, option.ErrRange, option.ErrUnresolved) and a detail that
// quotes the text no longer than quoteInput allows, since the text comes
// from users and errors end up in logs. The zero fault is none.
type fault struct {
	kind   error
	detail string
}

func (f fault) ok() bool { return f.kind == nil }

func parseInt(s string) (int64, fault) {
	i, err := strconv.ParseInt(s, 10, 64)
	if err == nil {
		return i, fault{}
	}
	if errors.Is(err, strconv.ErrRange) {
		return 0, fault{option.ErrRange, quoteInput(s) + " is beyond the range of a 64-bit integer"}
	}
	return 0, fault{option.ErrType, quoteInput(s) + " is not an integer"}
}

func parseFloat(s string) (float64, fault) {
	x, err := strconv.ParseFloat(s, 64)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return 0, fault{option.ErrRange, quoteInput(s) + " is beyond the range of a number"}
	case err != nil || math.IsInf(x, 0) || math.IsNaN(x):
		return 0, fault{option.ErrType, quoteInput(s) + " is not a number"}
	}
	return x, fault{}
}

func parseBool(s string) (bool, fault) {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return false, fault{option.ErrType, quoteInput(s) + " is not a boolean"}
	}
	return b, fault{}
}

func parseID(s string) (interaction.Snowflake, fault) {
	id, err := interaction.ParseSnowflake(s)
	if err != nil || id == 0 {
		return 0, fault{option.ErrType, quoteInput(s) + " is not an id"}
	}
	return id, fault{}
}

// maxQuoted is how many characters of a user's text an error quotes.
const maxQuoted = 32

// quoteInput quotes s for an error, cut to maxQuoted characters.
func quoteInput(s string) string { return strconv.Quote(clip(s, maxQuoted)) }

// clip cuts s to n characters, marking the cut with an ellipsis.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i, count := 0, 0
	for i < len(s) && count < n {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		count++
	}
	if i == len(s) {
		return s
	}
	return s[:i] + "…"
}
