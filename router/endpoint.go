package router

import (
	"sync"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/gopool"
	"github.com/switchboard-go/switchboard/replay"
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
// commands, autocomplete, component uses and modal submissions to a Mux.
// ServeFastHTTP and ServeHTTP behave the same:
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
//     DeferReply, DeferEphemeral, DeferUpdate, NoAutoDefer,
//     WithoutAutoDefer). On an endpoint given a queue (WithQueue), the
//     deferred interaction is handed to the queue instead, for a worker
//     to complete (Complete), and a route declared Queued is deferred at
//     once
//   - a handler panic: logged with its stack, 500 (or, once deferred, an
//     apology in place of the answer); the server keeps serving
//
// A handler's context ends the answer margin (DefaultAnswerMargin) before
// the service stops waiting, so that the answer of a handler that gives up
// then, or its error handler's, still arrives in time; a handler the
// endpoint may defer has a context that lasts as long as the interaction's
// token (TokenLifetime) instead, or until the request context's deadline
// if that is sooner.
type Endpoint struct {
	options
	mux      *Mux
	verifier *interaction.Verifier
	// deferred counts the deferred answers not yet delivered.
	deferred sync.WaitGroup
	// handlers runs the handlers the endpoint may defer, which run apart
	// from the request, on goroutines whose stacks have grown.
	handlers *gopool.Pool
}

// NewEndpoint returns an Endpoint that verifies requests with v and
// dispatches them to mux, with the options of the router mux was built
// from, changed by opts.
//
// It panics when given a queue (WithQueue) without the keys that prove
// its jobs (WithJobKeys), or job claims (WithJobClaims) in the replay
// guard itself (WithReplayGuard): a deployment so configured would hand
// over jobs no worker takes, or drop every job, and is better stopped
// at its start than at its first job.
func NewEndpoint(mux *Mux, v *interaction.Verifier, opts ...Option) *Endpoint {
	e := &Endpoint{options: mux.options, mux: mux, verifier: v, handlers: gopool.New(0)}
	for _, o := range opts {
		o(&e.options)
	}
	if e.queue != nil && e.jobKeys == nil {
		panic(errQueueWithoutKeys)
	}
	if e.jobClaims != nil && e.replays != nil && e.jobClaims.guard == e.replays.guard {
		panic(errClaimsInReplayGuard)
	}
	if e.jobKeys != nil && e.jobClaims == nil {
		e.jobClaims = &replayGuard{guard: replay.NewMemoryGuard(replay.CapacityFor(replay.DefaultRate, TokenLifetime))}
	}
	if e.files == FilesByCallback && e.client == nil {
		e.logger.Warn().Msg("answers with files go to the callback endpoint (FilesByCallback), but the endpoint has no REST client: give it one with router.WithClient, or they are refused")
	}
	return e
}

// Fixed answers. Their bodies say what went wrong without echoing input.
var (
	bodyPong            = []byte(`{"type":1}`)
	bodyMethod          = []byte(`{"message":"the interactions endpoint accepts POST only"}`)
	bodyInternal        = []byte(`{"message":"internal error"}`)
	bodyUnsupportedType = []byte(`{"message":"interaction type not served by this endpoint"}`)
	bodyReplayed        = []byte(`{"message":"interaction already received"}`)
)
