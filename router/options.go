package router

import (
	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/internal/stderrlog"
)

// Option configures a Router (New): its logger, and whether it declares
// commands. It configures the router alone: how its Mux is served is the
// transport's to say, with options of its own (package endpoint's).
type Option func(*options)

// options is what the Options set.
type options struct {
	logger zerolog.Logger
	// loggerGiven says that WithLogger set logger.
	loggerGiven  bool
	dispatchOnly bool
}

// defaultOptions are the options of a Router made with none.
func defaultOptions() options {
	return options{logger: stderrlog.New()}
}

// WithLogger sets the logger of the router: what Mux.Dispatch logs, and
// the logger of the transports serving its Mux that are given none of
// their own (endpoint.WithLogger), which log every request they serve to
// it, handlers' errors and panics included. Request.Logger returns it to
// middleware and handlers. zerolog.Nop() silences it.
//
// By default it writes JSON lines on standard error from level info up:
// a handler's error or panic (level error, with the error or the panic
// and its stack, the route, the interaction's id and the user), and what
// the service sent that an endpoint refused or whose answer it changed
// (warn: an interaction no handler serves, a replay, a late answer).
// What every request that goes well logs is at debug, which the default
// leaves out. The user who met the error reads only the error handler's
// answer.
func WithLogger(l zerolog.Logger) Option {
	return func(o *options) { o.logger, o.loggerGiven = l, true }
}

// DispatchOnly makes the router dispatch without declaring any command: it
// generates no definitions and checks none, for bots whose commands are
// registered by other means.
func DispatchOnly() Option { return func(o *options) { o.dispatchOnly = true } }
