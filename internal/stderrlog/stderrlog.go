// Package stderrlog makes the logger a bot's endpoints log to when the bot
// gives them none: JSON lines on standard error, one an event, from level
// info up. An endpoint logs a handler's error or panic at level error and
// a request it had to refuse or change though the service sent it at
// warn, which the default writes, and each request it serves as it should
// at debug, which it does not: a bot that fails says why, and one that
// works is quiet.
package stderrlog

import (
	"io"
	"os"

	"github.com/rs/zerolog"
)

// Level is the least level the default logger writes.
const Level = zerolog.InfoLevel

// New returns the default logger: JSON on standard error, from Level up,
// each line with its time.
func New() zerolog.Logger { return To(os.Stderr) }

// To returns the default logger writing to w in place of standard error.
func To(w io.Writer) zerolog.Logger {
	return zerolog.New(w).Level(Level).With().Timestamp().Logger()
}
