package router

import (
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/internal/stderrlog"
	"github.com/switchboard-go/switchboard/queue"
	"github.com/switchboard-go/switchboard/rest"
)

// Option configures a Router (New) or an Endpoint (NewEndpoint). The
// options given to New are those of every endpoint serving its Mux, which
// NewEndpoint's own then change: a logger, a REST client or a replay
// guard given once to the router reaches its endpoints. DispatchOnly
// concerns the router alone, and does nothing to an endpoint.
type Option func(*options)

// options is what the Options set.
type options struct {
	logger zerolog.Logger
	// loggerGiven says that WithLogger set logger, which
	// WithDefaultLogger then leaves alone.
	loggerGiven  bool
	dispatchOnly bool

	maxBody  int
	deadline time.Duration
	margin   time.Duration
	client   *rest.Client
	// noAutoDefer turns automatic deferral off for every route.
	noAutoDefer bool
	// files says how answers with files are sent.
	files   FileAnswers
	replays *replayGuard
	// observer, when set, is told what became of each request.
	observer Observer
	// queue, when set, takes the interactions the endpoint defers
	// (WithQueue).
	queue queue.Queue
	// jobKeys prove the jobs the endpoint hands over, and those a
	// worker completes (WithJobKeys).
	jobKeys *queue.Keys
	// jobClaims is where each job is claimed before it runs
	// (WithJobClaims); NewEndpoint gives an endpoint with keys one in
	// memory when none is given.
	jobClaims *replayGuard
}

// defaultOptions are the options of a Router made with none.
func defaultOptions() options {
	return options{
		logger:   stderrlog.New(),
		maxBody:  DefaultMaxBodySize,
		deadline: DefaultResponseDeadline,
		margin:   DefaultAnswerMargin,
	}
}

// WithLogger sets the logger of the router and of the endpoints serving
// it, or, given to NewEndpoint, of that endpoint: what it logs of every
// request it serves, handlers' errors and panics included, and what
// Request.Logger returns to middleware and handlers. zerolog.Nop()
// silences them.
//
// By default they write JSON lines on standard error from level info up:
// a handler's error or panic (level error, with the error or the panic
// and its stack, the route, the interaction's id and the user), and a
// request the endpoint refused or whose answer it changed though the
// service sent it (warn: a signed body that is not an interaction, a
// replay, an interaction no handler serves, a late answer). What every
// request that goes well logs, and a request that fails its signature
// check (as the service's own probe of a URL does when it is saved), is
// at debug, which the default leaves out. The user who met the error
// reads only the error handler's answer.
func WithLogger(l zerolog.Logger) Option {
	return func(o *options) { o.logger, o.loggerGiven = l, true }
}

// WithDefaultLogger sets the logger of a router or an endpoint that
// WithLogger gives none, in place of the default on standard error,
// whether WithLogger comes before it or after: for a harness that serves
// bots it did not write, such as package switchboardtest, which sends
// the log of a bot that chose none to the test's log.
func WithDefaultLogger(l zerolog.Logger) Option {
	return func(o *options) {
		if !o.loggerGiven {
			o.logger = l
		}
	}
}

// DispatchOnly makes the router dispatch without declaring any command: it
// generates no definitions and checks none, for bots whose commands are
// registered by other means.
func DispatchOnly() Option { return func(o *options) { o.dispatchOnly = true } }

// WithMaxBodySize sets the largest body an endpoint accepts, in bytes;
// DefaultMaxBodySize by default.
func WithMaxBodySize(n int) Option { return func(o *options) { o.maxBody = n } }

// WithResponseDeadline sets how long the service waits for the first
// answer, counted from when the request arrived; DefaultResponseDeadline
// is the service's. Handlers' contexts end, and slow handlers are
// deferred, the answer margin before it.
func WithResponseDeadline(d time.Duration) Option { return func(o *options) { o.deadline = d } }

// WithAnswerMargin sets the part of the response deadline kept for the
// answer to travel to the service; the default is DefaultAnswerMargin.
func WithAnswerMargin(d time.Duration) Option { return func(o *options) { o.margin = max(d, 0) } }

// WithoutAutoDefer keeps the endpoint from deferring any answer, of
// commands, components and modals alike, as NoAutoDefer does for one
// route.
func WithoutAutoDefer() Option { return func(o *options) { o.noAutoDefer = true } }
