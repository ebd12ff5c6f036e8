package router

import (
	"context"
	"errors"

	"github.com/switchboard-go/switchboard/interaction"
)

// ErrNoClient is returned by a Request's answer methods when the
// transport that received the interaction has no REST client: an
// endpoint given none (endpoint.WithClient), or Mux.Dispatch.
var ErrNoClient = errors.New("router: no REST client to answer with: give the endpoint one with endpoint.WithClient")

// The methods below act on the answer to the request's interaction after
// the handler has returned its first answer: they complete a deferral,
// change or remove the answer, and send follow-ups. The interaction's token
// allows them for 15 minutes. A handler that defers runs them in a
// goroutine of its own, under a context that outlives the handler's, such
// as context.WithoutCancel(ctx): the Request stays valid after the handler
// returns.
//
// The first answer to a component, or to a modal a component opened, that
// was answered or deferred with UPDATE_MESSAGE or DEFERRED_UPDATE_MESSAGE
// is the message of the component: EditOriginal then edits that message,
// and DeleteOriginal deletes it.

// Original returns the first answer to the interaction (the service's
// @original) as the service holds it.
func (r *Request) Original(ctx context.Context) (*interaction.Message, error) {
	if r.client == nil {
		return nil, ErrNoClient
	}
	return r.client.Original(ctx, r.Interaction)
}

// EditOriginal changes the first answer, or completes it if the handler
// deferred.
func (r *Request) EditOriginal(ctx context.Context, m interaction.MessageData) (*interaction.Message, error) {
	if r.client == nil {
		return nil, ErrNoClient
	}
	return r.client.EditOriginal(ctx, r.Interaction, m)
}

// DeleteOriginal removes the first answer.
func (r *Request) DeleteOriginal(ctx context.Context) error {
	if r.client == nil {
		return ErrNoClient
	}
	return r.client.DeleteOriginal(ctx, r.Interaction)
}

// Followup sends another message in answer to the interaction. The first
// follow-up of a deferred interaction completes the deferral instead.
func (r *Request) Followup(ctx context.Context, m interaction.MessageData) (*interaction.Message, error) {
	if r.client == nil {
		return nil, ErrNoClient
	}
	return r.client.Followup(ctx, r.Interaction, m)
}

// EditFollowup changes a follow-up message.
func (r *Request) EditFollowup(ctx context.Context, id interaction.Snowflake, m interaction.MessageData) (*interaction.Message, error) {
	if r.client == nil {
		return nil, ErrNoClient
	}
	return r.client.EditFollowup(ctx, r.Interaction, id, m)
}

// DeleteFollowup removes a follow-up message.
func (r *Request) DeleteFollowup(ctx context.Context, id interaction.Snowflake) error {
	if r.client == nil {
		return ErrNoClient
	}
	return r.client.DeleteFollowup(ctx, r.Interaction, id)
}
