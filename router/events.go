package router

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/event"
	"github.com/switchboard-go/switchboard/interaction"
)

// Defaults of an EventEndpoint.
const (
	// DefaultEventsPath is where a Server serves its EventEndpoint.
	DefaultEventsPath = "/events"
	// DefaultEventTimeout is how long an event handler's context lasts:
	// half a Server's shutdown timeout, so that a stop waits for the
	// handlers that keep to their context.
	DefaultEventTimeout = 5 * time.Second
	// DefaultEventConcurrency bounds the event handlers running at once.
	DefaultEventConcurrency = 64
)

// EventHandler handles a webhook event. Its context ends after the
// endpoint's event timeout; it is not the request's, which the endpoint
// has answered before the handler runs. An error is logged.
type EventHandler func(ctx context.Context, ev *event.Event) error

// EventEndpoint serves an application's webhook events URL: it verifies
// each request's signature as Endpoint does, before reading anything else,
// answers PINGs and events with 204 and an empty body at once, as the
// service requires, and then runs the handler registered for the event's
// type apart from the request. ServeFastHTTP and ServeHTTP behave the
// same:
//
//   - a method other than POST: 405
//   - a body over the size limit: 413
//   - a missing or invalid signature, or a stale timestamp: 401, and the
//     body is never decoded
//   - a signed body that is not a webhook event (see event.Decode): 400
//   - PING: 204
//   - an event: 204, and its handler runs on a goroutine of its own, with
//     a context that ends after the event timeout (WithEventTimeout) and
//     carries the request's values but not its cancellation; an error or
//     a panic of the handler is logged, and the server keeps serving
//   - an event of a type no handler is registered for, and no fallback
//     (Fallback): 204, logged at debug level
//   - an event that arrives while as many handlers run as the endpoint
//     allows (WithEventConcurrency): 503, so that the service sends it
//     again later rather than the endpoint losing it
//
// Register handlers before serving: registration is not safe while
// requests are served. A graceful stop waits for the handlers under way
// (WaitEvents); Server does.
type EventEndpoint struct {
	verifier *interaction.Verifier
	logger   zerolog.Logger
	maxBody  int
	timeout  time.Duration
	// slots holds a token for each handler running.
	slots    chan struct{}
	handlers map[event.Type]EventHandler
	fallback EventHandler
	// running counts the handlers started and not yet returned.
	running sync.WaitGroup
	// observer, when set, is told what became of each request and event.
	observer EventObserver
}

// EventOption configures an EventEndpoint.
type EventOption func(*EventEndpoint)

// WithEventLogger sets the endpoint's logger; by default it logs nothing.
func WithEventLogger(l zerolog.Logger) EventOption {
	return func(e *EventEndpoint) { e.logger = l }
}

// WithEventMaxBodySize sets the largest body accepted, in bytes;
// DefaultMaxBodySize by default.
func WithEventMaxBodySize(n int) EventOption {
	return func(e *EventEndpoint) { e.maxBody = n }
}

// WithEventTimeout sets how long a handler's context lasts;
// DefaultEventTimeout by default.
func WithEventTimeout(d time.Duration) EventOption {
	return func(e *EventEndpoint) { e.timeout = d }
}

// WithEventConcurrency bounds the handlers running at once;
// DefaultEventConcurrency by default.
func WithEventConcurrency(n int) EventOption {
	return func(e *EventEndpoint) { e.slots = make(chan struct{}, max(n, 1)) }
}

// NewEventEndpoint returns an EventEndpoint that verifies requests with v,
// the application's key, as the interactions endpoint's.
func NewEventEndpoint(v *interaction.Verifier, opts ...EventOption) *EventEndpoint {
	e := &EventEndpoint{
		verifier: v,
		logger:   zerolog.Nop(),
		maxBody:  DefaultMaxBodySize,
		timeout:  DefaultEventTimeout,
		slots:    make(chan struct{}, DefaultEventConcurrency),
		handlers: make(map[event.Type]EventHandler),
	}
	for _, o := range opts {
		o(e)
	}
	return e
}

// On registers h for the events of type t, their data raw in ev.Data. It
// panics if t already has a handler, or h is nil.
func (e *EventEndpoint) On(t event.Type, h EventHandler) {
	if h == nil {
		panic(fmt.Sprintf("router: event handler for %s is nil", t))
	}
	if _, dup := e.handlers[t]; dup {
		panic(fmt.Sprintf("router: event %s already has a handler", t))
	}
	e.handlers[t] = h
}

// Fallback registers h for the events of every type no handler is
// registered for. Without one, those events are answered and logged at
// debug level.
func (e *EventEndpoint) Fallback(h EventHandler) { e.fallback = h }

// OnApplicationAuthorized registers h for APPLICATION_AUTHORIZED events:
// the application was installed to a user's account or to a server.
func (e *EventEndpoint) OnApplicationAuthorized(h func(ctx context.Context, ev *event.Event, data event.ApplicationAuthorized) error) {
	e.On(event.TypeApplicationAuthorized, typed(h, (*event.Event).ApplicationAuthorized))
}

// OnApplicationDeauthorized registers h for APPLICATION_DEAUTHORIZED
// events: a user removed the application.
func (e *EventEndpoint) OnApplicationDeauthorized(h func(ctx context.Context, ev *event.Event, data event.ApplicationDeauthorized) error) {
	e.On(event.TypeApplicationDeauthorized, typed(h, (*event.Event).ApplicationDeauthorized))
}

// OnEntitlementCreate registers h for ENTITLEMENT_CREATE events: a user
// bought, or was granted, one of the application's SKUs.
func (e *EventEndpoint) OnEntitlementCreate(h func(ctx context.Context, ev *event.Event, ent interaction.Entitlement) error) {
	e.On(event.TypeEntitlementCreate, typed(h, (*event.Event).EntitlementCreate))
}

// typed makes an EventHandler of a handler that takes the event's data,
// read by get.
func typed[T any](h func(context.Context, *event.Event, T) error, get func(*event.Event) (T, error)) EventHandler {
	if h == nil {
		return nil
	}
	return func(ctx context.Context, ev *event.Event) error {
		data, err := get(ev)
		if err != nil {
			return err
		}
		return h(ctx, ev, data)
	}
}

// MaxBodySize returns the largest request body the endpoint accepts, in
// bytes.
func (e *EventEndpoint) MaxBodySize() int { return e.maxBody }

// WaitEvents waits until every handler the endpoint started has returned,
// or ctx ends, and then returns ctx's error. A graceful stop calls it
// after the server has stopped taking requests; Server does.
func (e *EventEndpoint) WaitEvents(ctx context.Context) error { return wait(ctx, &e.running) }
