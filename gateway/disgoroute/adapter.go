package disgoroute

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/disgoorg/disgo/bot"
	"github.com/disgoorg/disgo/events"
	"github.com/disgoorg/disgo/gateway"
	"github.com/rs/zerolog"
	"github.com/switchboard-go/switchboard/endpoint"
)

// An Adapter hands the interactions a disgo client receives on its
// gateway to an endpoint. It is a bot.EventListener; its methods may be
// called from any goroutine.
type Adapter struct {
	e   *endpoint.Endpoint
	log zerolog.Logger // the endpoint's
	ctx context.Context

	// raw reports that a raw event has come: the client's gateway emits
	// them.
	raw atomic.Bool
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

// New returns an Adapter that serves e the interactions of the client
// it listens to. It returns an error if e cannot serve them
// (Endpoint.CanReceive), such as an endpoint given no REST client, or if
// an option is nil.
func New(e *endpoint.Endpoint, opts ...Option) (*Adapter, error) {
	if e == nil {
		return nil, errors.New("disgoroute: New needs an endpoint, made by endpoint.NewGateway")
	}
	if err := e.CanReceive(); err != nil {
		return nil, fmt.Errorf("disgoroute: the endpoint cannot serve the interactions of the gateway: %w", err)
	}
	a := &Adapter{e: e, log: e.Logger(), ctx: context.Background()}
	for i, opt := range opts {
		if opt == nil {
			return nil, fmt.Errorf("disgoroute: option %d is nil", i)
		}
		opt(a)
	}
	if a.ctx == nil {
		return nil, errors.New("disgoroute: WithContext needs a context")
	}
	return a, nil
}

var _ bot.EventListener = (*Adapter)(nil)

// OnEvent serves the interaction of a raw INTERACTION_CREATE event on a
// goroutine of its own, and returns. A READY or an interaction that comes
// typed before any raw event has says that the client's gateway emits
// none: the adapter logs it at error, since it answers no interaction.
// With disgo's asynchronous dispatch (bot.WithAsyncEventsEnabled),
// listeners see events in no set order, and a READY whose raw event is
// merely late is logged the same.
func (a *Adapter) OnEvent(ev bot.Event) {
	switch ev := ev.(type) {
	case *events.Raw:
		a.raw.Store(true)
		if ev.EventType != gateway.EventTypeInteractionCreate {
			return
		}
		body, err := payload(ev.Payload)
		if err != nil {
			a.log.Error().Err(err).Msg("disgoroute: reading the raw INTERACTION_CREATE; the interaction is not answered")
			return
		}
		a.serve(body)
	case *events.Ready:
		if !a.raw.Load() {
			a.log.Error().Int("shard", ev.ShardID()).Msg(noRaw + " at READY")
		}
	case *events.InteractionCreate:
		if !a.raw.Load() {
			a.log.Error().Str("interaction", ev.Interaction.ID().String()).Msg(noRaw + ": the interaction is not answered")
		}
	}
}

// noRaw says what is wrong with a client whose gateway emits no raw
// events.
const noRaw = "disgoroute: the client's gateway emits no raw events, which the adapter reads interactions from (build it with gateway.WithEnableRawEvents(true))"

// payload returns the bytes r reads. disgo hands every listener the
// same reader: one over a byte slice is read where it stands, without
// moving it, so that what another listener read before, or reads at the
// same time, takes nothing from the adapter, nor the adapter from it.
func payload(r io.Reader) ([]byte, error) {
	if br, ok := r.(*bytes.Reader); ok {
		body := make([]byte, br.Size())
		if _, err := br.ReadAt(body, 0); err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
		return body, nil
	}
	return io.ReadAll(r)
}

// serve hands body to the endpoint on a goroutine of its own, counted
// for Wait from now on (Endpoint.Go), which logs whatever goes wrong.
func (a *Adapter) serve(body []byte) { a.e.Go(a.ctx, body) }

// Wait waits until every interaction the adapter has handed to the
// endpoint is answered, deferred answers included
// (Endpoint.WaitDeferred), or ctx ends, and then returns ctx's error.
// A graceful stop calls it once the client is closed, when no more
// interactions come.
func (a *Adapter) Wait(ctx context.Context) error { return a.e.WaitDeferred(ctx) }
