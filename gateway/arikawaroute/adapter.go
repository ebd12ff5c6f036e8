package arikawaroute

import (
	"context"
	"errors"
	"fmt"

	"github.com/diamondburned/arikawa/v3/gateway"
	"github.com/diamondburned/arikawa/v3/session"
	"github.com/rs/zerolog"
	"github.com/switchboard-go/switchboard/endpoint"
)

// An Adapter hands the interactions an arikawa session receives on its
// gateway to an endpoint. Its methods may be called from any goroutine.
type Adapter struct {
	e   *endpoint.Endpoint
	log zerolog.Logger // the endpoint's
	ctx context.Context
}

// An Option configures an Adapter.
type Option func(*Adapter)

// WithContext sets the context each interaction is served under: its
// values reach the handlers, as an HTTP request's do, and its end ends
// the answers not yet posted and the handlers the endpoint may not
// defer. Without it, context.Background().
func WithContext(ctx context.Context) Option {
	return func(a *Adapter) { a.ctx = ctx }
}

// New returns an Adapter that serves e the interactions of the sessions
// it is attached to. It returns an error if e cannot serve them
// (Endpoint.CanReceive), such as an endpoint given no REST client, or if
// an option is nil.
func New(e *endpoint.Endpoint, opts ...Option) (*Adapter, error) {
	if e == nil {
		return nil, errors.New("arikawaroute: New needs an endpoint, made by endpoint.NewGateway")
	}
	if err := e.CanReceive(); err != nil {
		return nil, fmt.Errorf("arikawaroute: the endpoint cannot serve the interactions of the gateway: %w", err)
	}
	a := &Adapter{e: e, log: e.Logger(), ctx: context.Background()}
	for i, opt := range opts {
		if opt == nil {
			return nil, fmt.Errorf("arikawaroute: option %d is nil", i)
		}
		opt(a)
	}
	if a.ctx == nil {
		return nil, errors.New("arikawaroute: WithContext needs a context")
	}
	return a, nil
}

// Attach adds to s the handlers that serve the adapter the interactions
// of s's gateway, which must be one of NewGateway or NewCustomGateway;
// detach removes them. It returns an error for a session with no gateway
// yet, to which Open would give arikawa's own, whose interactions the
// adapter cannot serve. A session attached twice serves each interaction
// twice.
func (a *Adapter) Attach(s *session.Session) (detach func(), err error) {
	if s == nil {
		return nil, errors.New("arikawaroute: Attach needs a session")
	}
	if s.Gateway() == nil {
		return nil, errors.New("arikawaroute: the session has no gateway, and Open would give it arikawa's own, which keeps no interaction as the service sent it: make the session on a gateway of arikawaroute.NewGateway (session.NewWithGateway)")
	}
	// Synchronous, so that an interaction is counted for Wait before the
	// session reads the next event.
	rmRaw := s.AddSyncHandler(func(ev *InteractionCreateEvent) { a.serve(ev.Raw) })
	rmTyped := s.AddSyncHandler(func(ev *gateway.InteractionCreateEvent) {
		a.log.Error().Str("interaction", ev.ID.String()).Msg("arikawaroute: the interaction came decoded by arikawa's own gateway, which keeps no interaction as the service sent it, and is not answered: make the session on a gateway of arikawaroute.NewGateway")
	})
	return func() {
		rmRaw()
		rmTyped()
	}, nil
}

// serve hands body to the endpoint on a goroutine of its own, counted
// for Wait from now on (Endpoint.Go), which logs whatever goes wrong.
func (a *Adapter) serve(body []byte) { a.e.Go(a.ctx, body) }

// Wait waits until every interaction the adapter has handed to the
// endpoint is answered, deferred answers included
// (Endpoint.WaitDeferred), or ctx ends, and then returns ctx's error.
// A graceful stop calls it once the session is closed, when no more
// interactions come.
func (a *Adapter) Wait(ctx context.Context) error { return a.e.WaitDeferred(ctx) }
