package endpoint

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/gopool"
	"github.com/switchboard-go/switchboard/internal/stderrlog"
	"github.com/switchboard-go/switchboard/router"
)

// Defaults of an Endpoint.
const (
	// DefaultMaxBodySize bounds a request body. Interactions are a few
	// kilobytes; resolved messages with embeds can reach tens.
	DefaultMaxBodySize = 1 << 20
	// DefaultResponseDeadline is how long the service waits for the first
	// answer to an interaction.
	DefaultResponseDeadline = 3 * time.Second
	// DefaultAnswerMargin is the part of the service's wait kept for the
	// answer to reach it: a handler's context ends, or the endpoint
	// defers its answer, that long before the service stops waiting.
	DefaultAnswerMargin = 500 * time.Millisecond
)

// Endpoint serves the interactions endpoint: it verifies each request's
// signature before reading anything else, answers PING, and dispatches
// commands, autocomplete, component uses and modal submissions to a
// router.Mux. ServeFastHTTP and ServeHTTP behave the same:
//
//   - a method other than POST: 405
//   - a body over the size limit: 413
//   - a missing or invalid signature, or a stale timestamp: 401, and the
//     body is never decoded
//   - a signed body that is not an interaction: 400
//   - an interaction type it does not serve: 400
//   - a copy of an interaction already served, with a replay guard
//     (WithReplayGuard): 409, and the handler does not run
//   - PING: 200 {"type":1}
//   - a command, autocomplete, component or modal submission: 200 with
//     the handler's answer (a handler error is answered by the error
//     handler, an interaction no handler is registered for by the
//     not-found answer, and an answer whose type the interaction does not
//     allow, which the service would refuse, is an error too)
//   - an answer whose message carries files, on an endpoint given a
//     client: the answer and its files posted to the callback endpoint,
//     then 202 with no body; without a client, 200 with the answer and
//     its files as multipart/form-data (see WithFileAnswers). Files that
//     cannot be sent are an error, answered by the error handler
//   - a command, component or modal submission whose handler has not
//     answered the answer margin before the service stops waiting, on an
//     endpoint given a client (WithClient): 200 with a deferral, and the
//     handler's answer, when it comes, completes it through the client. A
//     command defers with DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE, which its
//     answer replaces; a component, and a modal a component opened, with
//     DEFERRED_UPDATE_MESSAGE, after which an UPDATE_MESSAGE edits the
//     message of the component and a message is sent as a follow-up (see
//     router.DeferReply, DeferEphemeral, DeferUpdate, NoAutoDefer, and
//     WithoutAutoDefer). On an endpoint given a queue (WithQueue), the
//     deferred interaction is handed to the queue instead, for a worker
//     to complete (Complete), and a route declared router.Queued is
//     deferred at once
//   - a handler panic: logged with its stack, 500 (or, once deferred, an
//     apology in place of the answer); the server keeps serving
//
// A handler's context ends the answer margin (DefaultAnswerMargin) before
// the service stops waiting, so that the answer of a handler that gives up
// then, or its error handler's, still arrives in time; a handler the
// endpoint may defer has a context that lasts as long as the interaction's
// token (interaction.TokenLifetime) instead, or until the request
// context's deadline if that is sooner.
//
// An interaction that comes with no HTTP request to answer, from the
// gateway, is handed to Receive, which serves it the same way and posts
// its answers to the callback endpoint. An endpoint for the gateway
// alone, with no public key to verify requests with, is made by
// NewGateway.
type Endpoint struct {
	config
	mux *router.Mux
	// verifier checks the signature of each HTTP request; nil for an
	// endpoint that serves no HTTP (NewGateway).
	verifier *interaction.Verifier
	// refusedHTTP says that an endpoint without a verifier has refused
	// a request over HTTP, and logged it at error: the next are logged at
	// debug, as anyone may send them.
	refusedHTTP atomic.Bool
	// deferred counts the deferred answers not yet delivered.
	deferred sync.WaitGroup
	// handlers runs the handlers the endpoint may defer, which run apart
	// from the request, on goroutines whose stacks have grown.
	handlers *gopool.Pool
}

// New returns an Endpoint that verifies requests with v and dispatches
// them to mux, configured by opts. v may not be nil: an endpoint that
// serves no HTTP, for a bot that receives its interactions from the
// gateway only, is NewGateway's.
//
// It returns an error, naming every problem, for a configuration that
// cannot serve as it says: a queue (WithQueue) without the keys that
// prove its jobs (WithJobKeys), or keys that failed to parse; keys
// without the job claims that run each job once (WithJobClaims); job claims
// (WithJobClaims) in the replay guard itself (WithReplayGuard), which
// would drop every job; answers with files sent through the callback
// endpoint (FilesByCallback) without a REST client (WithClient) to send
// them; WithoutAutoDefer for a router with routes declared router.Queued,
// which are deferred at once. A deployment so configured is better
// stopped at its start than at its first job.
func New(mux *router.Mux, v *interaction.Verifier, opts ...Option) (*Endpoint, error) {
	if v == nil {
		return nil, errors.New("endpoint: New: no interaction.Verifier: an endpoint that receives its interactions from the gateway only, and serves no HTTP, is made by NewGateway")
	}
	return newEndpoint("New", mux, v, opts)
}

// NewGateway returns an Endpoint for a bot that receives its interactions
// from the gateway only, each handed to Receive, and has no interactions
// endpoint over HTTP, hence no public key to verify requests with. It
// dispatches them to mux, configured by opts, as New's endpoint does the
// requests it verifies, and answers them through the callback endpoint
// with its REST client.
//
// Besides New's, it returns an error for what such an endpoint cannot
// do: answer without a REST client (WithClient); hand what it defers to
// a queue (WithQueue) or complete jobs (WithJobKeys), which a worker
// checks by the service's signature, which an interaction from the
// gateway lacks, and which a process that keeps a gateway connection
// open does not need; answer with files in an HTTP response
// (FilesInResponse).
//
// Its ServeHTTP and ServeFastHTTP refuse every request, 404 with a JSON
// body that says why, the first logged at error; package serve's Server
// refuses to serve it (CanServeHTTP).
func NewGateway(mux *router.Mux, opts ...Option) (*Endpoint, error) {
	return newEndpoint("NewGateway", mux, nil, opts)
}

// newEndpoint returns the endpoint New or NewGateway, named by name,
// makes: with v, or, without one, serving no HTTP.
func newEndpoint(name string, mux *router.Mux, v *interaction.Verifier, opts []Option) (*Endpoint, error) {
	if mux == nil {
		return nil, errors.New("endpoint: " + name + ": no router.Mux")
	}
	e := &Endpoint{config: defaultConfig(), mux: mux, verifier: v, handlers: gopool.New(0)}
	for _, o := range opts {
		if o != nil {
			o(&e.config)
		}
	}
	if !e.loggerGiven {
		l, given := mux.Logger()
		switch {
		case given:
			e.logger = l
		case e.defaultLogger != nil:
			e.logger = *e.defaultLogger
		default:
			e.logger = stderrlog.New()
		}
	}
	if err := e.check(); err != nil {
		return nil, err
	}
	return e, nil
}

// check returns what keeps the configuration from serving as it says,
// every problem of it, or nil.
func (e *Endpoint) check() error {
	var errs []error
	if e.noJobKeys {
		errs = append(errs, errors.New("endpoint: WithJobKeys: no keys: queue.ParseKeys or queue.NewKeys returned an error"))
	}
	if e.queue != nil && e.jobKeys == nil && !e.noJobKeys {
		errs = append(errs, errors.New("endpoint: an endpoint with a queue (WithQueue) needs the keys that prove its jobs (WithJobKeys)"))
	}
	if e.jobKeys != nil && e.jobClaims == nil {
		// A queue delivers a job at least once, and may deliver it
		// again to another instance of the worker: only claims that
		// every instance shares run it once, and only the deployment
		// knows whether its workers share a process.
		errs = append(errs, errors.New("endpoint: an endpoint with job keys (WithJobKeys) needs the job claims that run each job once (WithJobClaims): "+
			"a guard its workers share (redisstore.NewReplayGuard, under a prefix of its own), or replay.NewMemoryGuard when the endpoint and its workers are one process"))
	}
	if e.jobClaims != nil && e.replays != nil && e.jobClaims.guard == e.replays.guard {
		errs = append(errs, errors.New("endpoint: the job claims (WithJobClaims) are the replay guard (WithReplayGuard), which has claimed every interaction already: give them a guard of their own"))
	}
	if e.files == FilesByCallback && e.client == nil {
		errs = append(errs, errors.New("endpoint: answers with files go to the callback endpoint (FilesByCallback), but the endpoint has no REST client to send them: give it one with WithClient"))
	}
	if e.verifier == nil {
		errs = append(errs, e.checkGateway()...)
	}
	if queued := e.mux.QueuedRoutes(); e.noAutoDefer && len(queued) > 0 {
		slices.Sort(queued)
		errs = append(errs, errors.New("endpoint: WithoutAutoDefer keeps the endpoint from deferring, and routes declared router.Queued are deferred at once: "+
			"their handlers would run in the HTTP request, within the service's 3 seconds; drop one or the other ("+strings.Join(queued, ", ")+")"))
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	return nil
}

// checkGateway returns what keeps an endpoint without a verifier
// (NewGateway), which serves interactions from the gateway only, from
// serving as it says.
func (e *Endpoint) checkGateway() []error {
	var errs []error
	if e.client == nil {
		errs = append(errs, errors.New("endpoint: NewGateway: the endpoint answers the interactions it receives through the callback endpoint, and has no REST client to do it: give it one with WithClient"))
	}
	if e.queue != nil || e.jobKeys != nil || e.noJobKeys {
		errs = append(errs, errors.New("endpoint: NewGateway: the endpoint neither hands interactions to a queue (WithQueue) nor completes jobs (WithJobKeys): "+
			"a worker trusts a job for the service's signature, which an interaction from the gateway lacks, and a process that keeps a gateway connection is not frozen between requests"))
	}
	if e.files == FilesInResponse {
		errs = append(errs, errors.New("endpoint: NewGateway: the endpoint answers no HTTP request, and posts answers with files to the callback endpoint: FilesInResponse cannot be"))
	}
	return errs
}

// MaxBodySize returns the largest request body the endpoint accepts, in
// bytes: DefaultMaxBodySize unless WithMaxBodySize set another. A server in
// front of the endpoint reads no more than this, and refuses a larger body
// with the endpoint's 413 (see FastHTTPErrorHandler).
func (e *Endpoint) MaxBodySize() int { return e.maxBody }

// Logger returns the endpoint's logger: its router's unless WithLogger
// gave the endpoint its own.
func (e *Endpoint) Logger() zerolog.Logger { return e.logger }

// Fixed answers. Their bodies say what went wrong without echoing input.
var (
	bodyPong            = []byte(`{"type":1}`)
	bodyMethod          = []byte(`{"message":"the interactions endpoint accepts POST only"}`)
	bodyInternal        = []byte(`{"message":"internal error"}`)
	bodyUnsupportedType = []byte(`{"message":"interaction type not served by this endpoint"}`)
	bodyReplayed        = []byte(`{"message":"interaction already received"}`)
	bodyNoHTTP          = []byte(`{"message":"this bot receives its interactions from the gateway and has no interactions endpoint"}`)
)
