package webhook

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/receive"
	"github.com/switchboard-go/switchboard/internal/stderrlog"
)

// Defaults of an Endpoint.
const (
	// DefaultPath is where package serve serves an Endpoint.
	DefaultPath = "/events"
	// DefaultTimeout is how long an event handler's context lasts: half
	// package serve's shutdown timeout, so that a stop waits for the
	// handlers that keep to their context.
	DefaultTimeout = 5 * time.Second
	// DefaultConcurrency bounds the event handlers running at once.
	DefaultConcurrency = 64
	// DefaultMaxBodySize bounds a request body. Events are a few hundred
	// bytes.
	DefaultMaxBodySize = 1 << 20
)

// A Handler handles the webhook events an Endpoint hands it. Its context
// ends after the endpoint's timeout (WithTimeout); it is not the
// request's, which the endpoint has answered before the handler runs. The
// endpoint logs an error it returns.
type Handler interface {
	HandleEvent(ctx context.Context, ev *Event) error
}

// HandlerFunc adapts a function to a Handler.
type HandlerFunc func(ctx context.Context, ev *Event) error

// HandleEvent returns f(ctx, ev).
func (f HandlerFunc) HandleEvent(ctx context.Context, ev *Event) error { return f(ctx, ev) }

// Endpoint serves an application's webhook events URL: it verifies each
// request's signature as the interactions endpoint does, before reading
// anything else, answers PINGs and events with 204 and an empty body at
// once, as the service requires, and then runs the handler registered for
// the event's type apart from the request. ServeFastHTTP and ServeHTTP
// behave the same:
//
//   - a method other than POST: 405
//   - a body over the size limit: 413
//   - a missing or invalid signature, or a stale timestamp: 401, and the
//     body is never decoded
//   - a signed body that is not a webhook event (see Decode): 400
//   - PING: 204
//   - an event: 204, and its handler runs on a goroutine of its own, with
//     a context that ends after the timeout (WithTimeout) and carries the
//     request's values but not its cancellation; an error or a panic of
//     the handler is logged, and the server keeps serving
//   - an event of a type no handler is registered for, and no fallback
//     (Fallback): 204, logged at debug level
//   - an event that arrives while as many handlers run as the endpoint
//     allows (WithConcurrency): 503, so that the service sends it again
//     later rather than the endpoint losing it
//
// Register handlers before serving: registration is not safe while
// requests are served. A graceful stop waits for the handlers under way
// (Wait); package serve's Server does.
type Endpoint struct {
	verifier *interaction.Verifier
	logger   zerolog.Logger
	maxBody  int
	timeout  time.Duration
	// slots holds a token for each handler running.
	slots    chan struct{}
	handlers map[Type]Handler
	fallback Handler
	// running counts the handlers started and not yet returned.
	running sync.WaitGroup
	// observer, when set, is told what became of each request and event.
	observer Observer
}

// Option configures an Endpoint.
type Option func(*config)

// config is what the options of an Endpoint set.
type config struct {
	logger      zerolog.Logger
	maxBody     int
	timeout     time.Duration
	concurrency int
	observer    Observer
}

// WithLogger sets the endpoint's logger; zerolog.Nop() silences it. By
// default it writes JSON lines on standard error from level info up: a
// handler's error or panic (level error, with the event's type and the
// error, or the panic and its stack), and an event the service signed
// that the endpoint refused (a body that is not an event, an event
// arriving while as many handlers run as allowed) at warn. What every
// event that goes well logs, and a request whose signature does not hold
// (a stranger's, or the service's probe of the URL when it is saved), is
// at debug, which the default leaves out.
func WithLogger(l zerolog.Logger) Option {
	return func(c *config) { c.logger = l }
}

// WithMaxBodySize sets the largest body accepted, in bytes;
// DefaultMaxBodySize by default.
func WithMaxBodySize(n int) Option {
	return func(c *config) { c.maxBody = n }
}

// WithTimeout sets how long a handler's context lasts; DefaultTimeout by
// default.
func WithTimeout(d time.Duration) Option {
	return func(c *config) { c.timeout = d }
}

// WithConcurrency bounds the handlers running at once;
// DefaultConcurrency by default.
func WithConcurrency(n int) Option {
	return func(c *config) { c.concurrency = n }
}

// NewEndpoint returns an Endpoint that verifies requests with v, the
// application's key, as the interactions endpoint's. It fails when v is
// nil, or when an option's value is not positive.
func NewEndpoint(v *interaction.Verifier, opts ...Option) (*Endpoint, error) {
	c := config{
		logger:      stderrlog.New(),
		maxBody:     DefaultMaxBodySize,
		timeout:     DefaultTimeout,
		concurrency: DefaultConcurrency,
	}
	for _, o := range opts {
		o(&c)
	}
	var errs []error
	if v == nil {
		errs = append(errs, errors.New("webhook: NewEndpoint: the Verifier is nil"))
	}
	if c.maxBody <= 0 {
		errs = append(errs, fmt.Errorf("webhook: NewEndpoint: WithMaxBodySize(%d): the size must be positive", c.maxBody))
	}
	if c.timeout <= 0 {
		errs = append(errs, fmt.Errorf("webhook: NewEndpoint: WithTimeout(%v): the timeout must be positive", c.timeout))
	}
	if c.concurrency <= 0 {
		errs = append(errs, fmt.Errorf("webhook: NewEndpoint: WithConcurrency(%d): at least one handler must be allowed to run", c.concurrency))
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return &Endpoint{
		verifier: v,
		logger:   c.logger,
		maxBody:  c.maxBody,
		timeout:  c.timeout,
		slots:    make(chan struct{}, c.concurrency),
		handlers: make(map[Type]Handler),
		observer: c.observer,
	}, nil
}

// On registers h for the events of type t, their data raw in ev.Data. As
// http.ServeMux's Handle does, it panics if t already has a handler, or
// h is nil: registration happens once, as the program starts.
func (e *Endpoint) On(t Type, h Handler) {
	if isNil(h) {
		panic(fmt.Sprintf("webhook: handler for %s is nil", t))
	}
	if _, dup := e.handlers[t]; dup {
		panic(fmt.Sprintf("webhook: %s already has a handler", t))
	}
	e.handlers[t] = h
}

// Fallback registers h for the events of every type no handler is
// registered for. Without one, those events are answered and logged at
// debug level.
func (e *Endpoint) Fallback(h Handler) {
	if isNil(h) {
		h = nil
	}
	e.fallback = h
}

// isNil reports whether h is nil, or a nil HandlerFunc.
func isNil(h Handler) bool {
	f, isFunc := h.(HandlerFunc)
	return h == nil || isFunc && f == nil
}

// OnApplicationAuthorized registers h for APPLICATION_AUTHORIZED events:
// the application was installed to a user's account or to a server.
func (e *Endpoint) OnApplicationAuthorized(h func(ctx context.Context, ev *Event, data ApplicationAuthorized) error) {
	e.On(TypeApplicationAuthorized, typed(h, (*Event).ApplicationAuthorized))
}

// OnApplicationDeauthorized registers h for APPLICATION_DEAUTHORIZED
// events: a user removed the application.
func (e *Endpoint) OnApplicationDeauthorized(h func(ctx context.Context, ev *Event, data ApplicationDeauthorized) error) {
	e.On(TypeApplicationDeauthorized, typed(h, (*Event).ApplicationDeauthorized))
}

// OnEntitlementCreate registers h for ENTITLEMENT_CREATE events: a user
// bought, or was granted, one of the application's SKUs.
func (e *Endpoint) OnEntitlementCreate(h func(ctx context.Context, ev *Event, ent interaction.Entitlement) error) {
	e.On(TypeEntitlementCreate, typed(h, (*Event).EntitlementCreate))
}

// OnEntitlementUpdate registers h for ENTITLEMENT_UPDATE events: an
// entitlement changed, as a subscription's end when it is canceled.
func (e *Endpoint) OnEntitlementUpdate(h func(ctx context.Context, ev *Event, ent interaction.Entitlement) error) {
	e.On(TypeEntitlementUpdate, typed(h, (*Event).EntitlementUpdate))
}

// OnEntitlementDelete registers h for ENTITLEMENT_DELETE events: an
// entitlement was taken back, as a refunded purchase.
func (e *Endpoint) OnEntitlementDelete(h func(ctx context.Context, ev *Event, ent interaction.Entitlement) error) {
	e.On(TypeEntitlementDelete, typed(h, (*Event).EntitlementDelete))
}

// OnLobbyMessageCreate registers h for LOBBY_MESSAGE_CREATE events: a
// message was sent in a lobby.
func (e *Endpoint) OnLobbyMessageCreate(h func(ctx context.Context, ev *Event, msg LobbyMessage) error) {
	e.On(TypeLobbyMessageCreate, typed(h, (*Event).LobbyMessageCreate))
}

// OnLobbyMessageUpdate registers h for LOBBY_MESSAGE_UPDATE events: a
// message of a lobby was edited.
func (e *Endpoint) OnLobbyMessageUpdate(h func(ctx context.Context, ev *Event, msg LobbyMessage) error) {
	e.On(TypeLobbyMessageUpdate, typed(h, (*Event).LobbyMessageUpdate))
}

// OnLobbyMessageDelete registers h for LOBBY_MESSAGE_DELETE events: a
// message was deleted from a lobby.
func (e *Endpoint) OnLobbyMessageDelete(h func(ctx context.Context, ev *Event, d LobbyMessageDelete) error) {
	e.On(TypeLobbyMessageDelete, typed(h, (*Event).LobbyMessageDelete))
}

// OnGameDirectMessageCreate registers h for GAME_DIRECT_MESSAGE_CREATE
// events: a direct message was sent during a Social SDK session.
func (e *Endpoint) OnGameDirectMessageCreate(h func(ctx context.Context, ev *Event, msg GameDirectMessage) error) {
	e.On(TypeGameDirectMessageCreate, typed(h, (*Event).GameDirectMessageCreate))
}

// OnGameDirectMessageUpdate registers h for GAME_DIRECT_MESSAGE_UPDATE
// events: such a direct message was edited.
func (e *Endpoint) OnGameDirectMessageUpdate(h func(ctx context.Context, ev *Event, msg GameDirectMessage) error) {
	e.On(TypeGameDirectMessageUpdate, typed(h, (*Event).GameDirectMessageUpdate))
}

// OnGameDirectMessageDelete registers h for GAME_DIRECT_MESSAGE_DELETE
// events: such a direct message was deleted.
func (e *Endpoint) OnGameDirectMessageDelete(h func(ctx context.Context, ev *Event, msg GameDirectMessage) error) {
	e.On(TypeGameDirectMessageDelete, typed(h, (*Event).GameDirectMessageDelete))
}

// typed makes a Handler of a handler that takes the event's data, read by
// get.
func typed[T any](h func(context.Context, *Event, T) error, get func(*Event) (T, error)) Handler {
	if h == nil {
		return nil
	}
	return HandlerFunc(func(ctx context.Context, ev *Event) error {
		data, err := get(ev)
		if err != nil {
			return err
		}
		return h(ctx, ev, data)
	})
}

// Logger returns the endpoint's logger.
func (e *Endpoint) Logger() zerolog.Logger { return e.logger }

// MaxBodySize returns the largest request body the endpoint accepts, in
// bytes.
func (e *Endpoint) MaxBodySize() int { return e.maxBody }

// Wait waits until every handler the endpoint started has returned, or
// ctx ends, and then returns ctx's error. A graceful stop calls it after
// the server has stopped taking requests; package serve's Server does.
func (e *Endpoint) Wait(ctx context.Context) error { return receive.Wait(ctx, &e.running) }
