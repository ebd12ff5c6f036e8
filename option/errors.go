package option

import (
	"errors"
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
)

// ErrMissing matches an *Error for an option the user did not give.
var ErrMissing = errors.New("option: missing")

// ErrType matches an *Error for an option of another type than asked for.
var ErrType = errors.New("option: wrong type")

// ErrRange matches an *Error for a value outside the range of its type.
var ErrRange = errors.New("option: out of range")

// ErrUnresolved matches an *Error for a user, member, channel, role or
// attachment whose resolved data the interaction lacks.
var ErrUnresolved = errors.New("option: not in resolved data")

// Error says why an option could not be read.
type Error struct {
	// Option is the option's name.
	Option string
	// Want is the type asked for; Got the type received (0 when missing).
	Want, Got interaction.OptionType
	// Kind is one of ErrMissing, ErrType, ErrRange, ErrUnresolved.
	Kind error
}

// Error names the option and says what is wrong with it.
func (e *Error) Error() string {
	name := strconv.Quote(e.Option)
	switch e.Kind {
	case ErrMissing:
		return "option " + name + ": missing"
	case ErrType:
		if e.Got == e.Want {
			// The type is right but the value is not of it, as a focused
			// autocomplete option's partial string is not an INTEGER.
			return "option " + name + ": value is not a valid " + e.Want.String()
		}
		return "option " + name + ": is " + e.Got.String() + ", not " + e.Want.String()
	case ErrRange:
		return "option " + name + ": " + e.Got.String() + " value out of range"
	case ErrUnresolved:
		return "option " + name + ": " + e.Got.String() + " not in the interaction's resolved data"
	}
	return "option " + name + ": invalid"
}

// Unwrap returns the kind, so that errors.Is(err, ErrMissing) works.
func (e *Error) Unwrap() error { return e.Kind }
