package arikawaroute

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/diamondburned/arikawa/v3/gateway"
	"github.com/diamondburned/arikawa/v3/utils/ws"
)

// InteractionCreateEvent is INTERACTION_CREATE as a gateway of
// NewGateway or NewCustomGateway decodes it: arikawa's event, and the d
// it was decoded from.
type InteractionCreateEvent struct {
	gateway.InteractionCreateEvent
	// Raw is the dispatch's d, the interaction as the service sent it.
	Raw json.RawMessage
	// Err is why arikawa could not decode Raw, such as an interaction
	// of a kind newer than it; the embedded event is then partial, and
	// the adapter serves the interaction all the same.
	Err error
}

// Op returns 0, a dispatch's.
func (*InteractionCreateEvent) Op() ws.OpCode { return 0 }

// EventType returns INTERACTION_CREATE.
func (*InteractionCreateEvent) EventType() ws.EventType {
	return (*gateway.InteractionCreateEvent)(nil).EventType()
}

// UnmarshalJSON keeps a copy of b, whose bytes arikawa reuses for the
// next payload, as Raw, and decodes it into the embedded event. It
// returns an error only for b that is not a JSON object, which arikawa
// then drops as it drops any payload it cannot decode.
func (ev *InteractionCreateEvent) UnmarshalJSON(b []byte) error {
	if b = bytes.TrimSpace(b); len(b) == 0 || b[0] != '{' {
		return fmt.Errorf("arikawaroute: the d of INTERACTION_CREATE is %.20s, not an interaction", b)
	}
	ev.Raw = bytes.Clone(b)
	ev.Err = ev.InteractionCreateEvent.UnmarshalJSON(ev.Raw)
	return nil
}

// OpUnmarshalers returns the events arikawa's gateway decodes
// (gateway.OpUnmarshalers), with INTERACTION_CREATE decoded as an
// InteractionCreateEvent.
func OpUnmarshalers() ws.OpUnmarshalers {
	u := ws.NewOpUnmarshalers()
	gateway.OpUnmarshalers.Each(func(_ ws.OpCode, _ ws.EventType, fn ws.OpFunc) bool {
		u.Add(fn)
		return false
	})
	u.Add(func() ws.Event { return new(InteractionCreateEvent) })
	return u
}

// NewGateway returns a gateway for id, at the URL the service gives
// (Identifier.QueryGateway), as gateway.NewWithIdentifier does, that
// decodes INTERACTION_CREATE as an InteractionCreateEvent.
func NewGateway(ctx context.Context, id gateway.Identifier) (*gateway.Gateway, error) {
	url, err := id.QueryGateway(ctx)
	if err != nil {
		return nil, err
	}
	return NewCustomGateway(gateway.AddGatewayParams(url), id, nil), nil
}

// NewCustomGateway returns a gateway for id at gatewayURL, its query
// included (gateway.AddGatewayParams), as
// gateway.NewCustomWithIdentifier does, that decodes INTERACTION_CREATE
// as an InteractionCreateEvent. nil opts are
// gateway.DefaultGatewayOpts.
func NewCustomGateway(gatewayURL string, id gateway.Identifier, opts *ws.GatewayOpts) *gateway.Gateway {
	if opts == nil {
		opts = &gateway.DefaultGatewayOpts
	}
	ws := ws.NewGateway(ws.NewWebsocket(ws.NewCodec(OpUnmarshalers()), gatewayURL), opts)
	return gateway.FromWebsocketGateway(ws, gateway.State{Identifier: id})
}
