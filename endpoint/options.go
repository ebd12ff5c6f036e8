package endpoint

import (
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/queue"
	"github.com/switchboard-go/switchboard/rest"
)

// Option configures an Endpoint (New).
type Option func(*config)

// config is what the Options set.
type config struct {
	logger zerolog.Logger
	// loggerGiven says that WithLogger set logger; defaultLogger is
	// WithDefaultLogger's, for an endpoint given none by WithLogger or
	// its router.
	loggerGiven   bool
	defaultLogger *zerolog.Logger

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
	// worker completes (WithJobKeys); noJobKeys says that WithJobKeys
	// was given none.
	jobKeys   *queue.Keys
	noJobKeys bool
	// jobClaims is where each job is claimed before it runs
	// (WithJobClaims); New gives an endpoint with keys one in memory
	// when none is given.
	jobClaims *replayGuard
}

// defaultConfig is the configuration of an Endpoint given no options,
// but its logger, which is its router's.
func defaultConfig() config {
	return config{
		maxBody:  DefaultMaxBodySize,
		deadline: DefaultResponseDeadline,
		margin:   DefaultAnswerMargin,
	}
}

// WithLogger sets the logger of the endpoint: what it logs of every
// request it serves, handlers' errors and panics included, and what
// router.Request.Logger returns to middleware and handlers. zerolog.Nop()
// silences it. Without it, the endpoint logs to its router's logger
// (router.WithLogger).
//
// By default both write JSON lines on standard error from level info
// up: a handler's error or panic (level error, with the error or the
// panic and its stack, the route, the interaction's id and the user),
// and a request the endpoint refused or whose answer it changed though
// the service sent it (warn: a signed body that is not an interaction, a
// replay, an interaction no handler serves, a late answer). What every
// request that goes well logs, and a request that fails its signature
// check (as the service's own probe of a URL does when it is saved), is
// at debug, which the default leaves out. The user who met the error
// reads only the error handler's answer.
func WithLogger(l zerolog.Logger) Option {
	return func(c *config) { c.logger, c.loggerGiven = l, true }
}

// WithDefaultLogger sets the logger of an endpoint given none, by
// WithLogger or by its router (router.WithLogger), in place of the
// default on standard error: for a harness that serves bots it did not
// write, such as package switchboardtest, which sends the log of a bot
// that chose none to the test's log.
func WithDefaultLogger(l zerolog.Logger) Option {
	return func(c *config) { c.defaultLogger = &l }
}

// WithClient gives the endpoint a REST client, through which handlers
// complete a deferred answer, edit it, and send follow-ups from their
// Request (router.Request.EditOriginal, Followup and the others), and
// through which the endpoint completes the answers it defers (see
// Endpoint) and posts answers with files (WithFileAnswers). These
// requests are authenticated by the interaction's token, so a client
// built with rest.NoAuth is enough.
func WithClient(cl *rest.Client) Option {
	return func(c *config) { c.client = cl }
}

// WithMaxBodySize sets the largest body the endpoint accepts, in bytes;
// DefaultMaxBodySize by default.
func WithMaxBodySize(n int) Option { return func(c *config) { c.maxBody = n } }

// WithResponseDeadline sets how long the service waits for the first
// answer, counted from when the request arrived; DefaultResponseDeadline
// is the service's. Handlers' contexts end, and slow handlers are
// deferred, the answer margin before it.
func WithResponseDeadline(d time.Duration) Option { return func(c *config) { c.deadline = d } }

// WithAnswerMargin sets the part of the response deadline kept for the
// answer to travel to the service; the default is DefaultAnswerMargin.
func WithAnswerMargin(d time.Duration) Option { return func(c *config) { c.margin = max(d, 0) } }

// WithoutAutoDefer keeps the endpoint from deferring any answer, of
// commands, components and modals alike, as router.NoAutoDefer does for
// one route. New refuses it for a router with routes declared
// router.Queued, which are deferred at once.
func WithoutAutoDefer() Option { return func(c *config) { c.noAutoDefer = true } }
