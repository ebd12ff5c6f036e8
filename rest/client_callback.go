package rest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/interaction"
)

// ErrCannotEditPoll is the code of the service's refusal of an edit of a
// message that has a poll: once made, a poll message cannot be edited,
// by EditOriginal, EditFollowup or an UPDATE_MESSAGE answer. Delete it
// instead.
const ErrCannotEditPoll ErrorCode = 520003

// RespondWithResponse answers ix with r as Respond does, and returns what
// the answer made: the interaction answered, with the id of the message
// the answer made or changed and whether it is loading or ephemeral, and
// the resource, whose Message is the message of a
// CHANNEL_MESSAGE_WITH_SOURCE or UPDATE_MESSAGE answer as the service
// holds it (its id, its poll, its interaction metadata) and whose
// ActivityInstance is the Activity a LAUNCH_ACTIVITY answer launched.
// For the other answers the resource has only its Type.
//
// It asks the callback endpoint with with_response=true, which answers
// 200 with the interaction callback response where Respond's request is
// answered 204 with nothing.
func (c *Client) RespondWithResponse(ctx context.Context, ix *interaction.Interaction, r interaction.Response) (*interaction.CallbackResponse, error) {
	out := new(interaction.CallbackResponse)
	if err := c.respond(ctx, ix, r, "RespondWithResponse", out); err != nil {
		return nil, err
	}
	return out, nil
}

// respond answers ix with r through the callback endpoint; with out, it
// asks for the callback response and decodes it there. name is the
// method errors name.
func (c *Client) respond(ctx context.Context, ix *interaction.Interaction, r interaction.Response, name string, out *interaction.CallbackResponse) error {
	if err := answerable(ix, name); err != nil {
		return err
	}
	if ix.ID == 0 {
		return errors.New("rest: " + name + ": the interaction has no id")
	}
	if err := answer.Check(ix, r); err != nil {
		return fmt.Errorf("rest: %s: %w", name, err)
	}
	if err := channelOnly(&r.Message); err != nil {
		return fmt.Errorf("rest: %s: %w", name, err)
	}
	id := ix.ID.String()
	k := &call{
		method: http.MethodPost,
		route:  "POST /interactions/{id}/{token}/callback",
		// Each interaction is answered once: its own id keeps it from
		// waiting on the limits of others.
		major: id,
		path:  "/interactions/" + id + "/" + url.PathEscape(ix.Token) + "/callback",
	}
	if out != nil {
		k.query = url.Values{"with_response": {"true"}}
	}
	var err error
	if len(r.Message.Files) > 0 {
		// The callback endpoint takes files as the webhook endpoints
		// do, in a multipart/form-data body (the service documents it
		// there since discord/discord-api-docs#3860).
		k.body, k.contentType, err = r.AppendMultipart(nil, ix.AttachmentLimit())
		if err != nil {
			return fmt.Errorf("rest: %s: %w", name, err)
		}
	} else {
		k.body, err = r.AppendJSON(nil)
		if err != nil {
			return errors.New("rest: encoding the response: " + err.Error())
		}
		k.contentType = "application/json"
	}
	var dst any
	if out != nil {
		dst = out
	}
	return c.once().onToken(ctx, k, "/interactions/"+id+"/{token}/callback", ix.Token, dst)
}
