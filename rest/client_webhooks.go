package rest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/interaction"
)

// An interaction's token answers it for 3 seconds, through the callback
// endpoint, and then works for 15 minutes as a webhook that edits the answer
// and sends follow-ups. The token in the path authenticates these requests,
// so the Client sends them without an Authorization header: the bot's own
// credentials have no business travelling with them. The token is a secret
// as long as it works, and errors are logged and shown, so the errors of
// these requests name the path with "{token}" in its place.

// Codes the interaction endpoints answer with; like those of the command
// endpoints, these are the service's public ones.
const (
	// ErrUnknownMessage: the message is not one of the interaction's, or
	// was deleted.
	ErrUnknownMessage ErrorCode = 10008
	// ErrUnknownWebhook: there is no webhook for the token, such as for
	// an interaction that has no answer yet, or for a token that expired.
	ErrUnknownWebhook ErrorCode = 10015
	// ErrUnknownInteraction: the interaction is unknown, or its 3 seconds
	// to answer are over.
	ErrUnknownInteraction ErrorCode = 10062
	// ErrAlreadyAcknowledged: the interaction has its answer; edit it
	// with EditOriginal instead.
	ErrAlreadyAcknowledged ErrorCode = 40060
	// ErrEmptyMessage: the message has no content, embeds, components or
	// attachments.
	ErrEmptyMessage ErrorCode = 50006
	// ErrInvalidWebhookToken: the token is not one the service knows,
	// which is also how it may refuse a token that expired. A bot
	// following up late checks for it as for ErrUnknownWebhook.
	ErrInvalidWebhookToken ErrorCode = 50027
)

// ErrNoCredentials reports a request that needs credentials made by a
// Client whose Auth is NoAuth. The request was not sent.
var ErrNoCredentials = errors.New("rest: the Client has no credentials (NoAuth); this endpoint needs a BotToken, BearerToken or ClientCredentials")

// NoAuth is the Auth of a Client without credentials, for a bot that only
// answers interactions: Respond and the methods on an interaction's webhook
// are authenticated by the interaction's token. Every other request fails,
// unsent, with an error matching ErrNoCredentials.
type NoAuth struct{}

func (NoAuth) authorization(context.Context, *Client) (string, error) {
	return "", ErrNoCredentials
}

// Respond answers ix with r through the callback endpoint, for a bot that
// does not answer in the HTTP response to the interaction. It must be
// called within 3 seconds of the interaction, and only once; after that,
// EditOriginal changes the answer.
//
// Respond is not retried after a failure that may leave the answer
// delivered, since a second answer is refused with ErrAlreadyAcknowledged.
//
// Respond checks the answer with answer.Check, Followup with
// answer.CheckMessage, and EditOriginal and EditFollowup with
// answer.CheckEdit: what the service would refuse is an error holding
// rules.Violations, and nothing is sent. An answer whose type ix does
// not allow (see interaction.Interaction.CheckCallback) matches
// interaction.ErrCallbackNotAllowed as well. A message with a Reference
// or a Nonce, which only CreateMessage sends, is refused too.
//
// An answer, a follow-up or an edit with files (interaction.File) is sent
// as multipart/form-data. The files are read once, before anything is
// sent, so that a retry sends the same bytes. A file larger than ix's
// AttachmentLimit is a violation when its size is known without reading
// it; one found larger as it is read, or that cannot be read, is an
// *interaction.FileError, and nothing is sent either.
//
// Respond and the methods on the interaction's webhook (Original,
// EditOriginal, DeleteOriginal, Followup, GetFollowup, EditFollowup and
// DeleteFollowup) are authenticated by the token in their path. They send
// no Authorization header, so they work with NoAuth and never carry the
// Client's credentials, and their errors keep the token secret: an
// *APIError's Path has "{token}" in its place, as in
// "/webhooks/123/{token}/messages/@original".
func (c *Client) Respond(ctx context.Context, ix *interaction.Interaction, r interaction.Response) error {
	return c.respond(ctx, ix, r, "Respond", nil)
}

// Original returns the answer to ix: the message of a reply, or the
// loading message of a deferral not yet completed.
func (c *Client) Original(ctx context.Context, ix *interaction.Interaction) (*interaction.Message, error) {
	return c.message(ctx, http.MethodGet, ix, "@original", nil, "Original")
}

// EditOriginal changes the answer to ix to m, and returns the message as
// the service then holds it. Editing the loading message of a deferral
// completes it: that is how a deferred answer is given. The fields m
// leaves empty are not sent, and keep their values; whether the message
// is ephemeral was decided when it was sent, and does not change.
//
// m.Files are added to the message. The attachments list they make
// names only them and m.Attachments, so the message keeps no others:
// an edit that adds files and keeps those the message has names them in
// m.Attachments. Without files or Attachments, the message keeps its
// attachments.
func (c *Client) EditOriginal(ctx context.Context, ix *interaction.Interaction, m interaction.MessageData) (*interaction.Message, error) {
	return c.message(ctx, http.MethodPatch, ix, "@original", &m, "EditOriginal")
}

// DeleteOriginal deletes the answer to ix.
func (c *Client) DeleteOriginal(ctx context.Context, ix *interaction.Interaction) error {
	_, err := c.message(ctx, http.MethodDelete, ix, "@original", nil, "DeleteOriginal")
	return err
}

// Followup sends m as a new message in answer to ix, and returns it. The
// interaction must have its answer first; FlagEphemeral in m.Flags shows
// the message only to the user who invoked the command.
//
// The service completes the loading message of a deferral with the first
// follow-up, as if it were EditOriginal; edit the original to complete a
// deferral, and the follow-ups are always new messages.
//
// Followup is not retried after a failure that may leave the message
// sent, so that a message is never sent twice; a rate limit is still
// waited out.
func (c *Client) Followup(ctx context.Context, ix *interaction.Interaction, m interaction.MessageData) (*interaction.Message, error) {
	return c.once().message(ctx, http.MethodPost, ix, "", &m, "Followup")
}

// GetFollowup returns the follow-up id of ix.
func (c *Client) GetFollowup(ctx context.Context, ix *interaction.Interaction, id interaction.Snowflake) (*interaction.Message, error) {
	return c.message(ctx, http.MethodGet, ix, id.String(), nil, "GetFollowup")
}

// EditFollowup changes the follow-up id of ix to m, as EditOriginal
// changes the answer, and returns the message as the service then holds
// it.
func (c *Client) EditFollowup(ctx context.Context, ix *interaction.Interaction, id interaction.Snowflake, m interaction.MessageData) (*interaction.Message, error) {
	return c.message(ctx, http.MethodPatch, ix, id.String(), &m, "EditFollowup")
}

// DeleteFollowup deletes the follow-up id of ix.
func (c *Client) DeleteFollowup(ctx context.Context, ix *interaction.Interaction, id interaction.Snowflake) error {
	_, err := c.message(ctx, http.MethodDelete, ix, id.String(), nil, "DeleteFollowup")
	return err
}

// once returns a Client like c that sends a request that may not be sent
// twice: it does not retry 5xx answers and broken connections, after which
// the service may have acted on the request. Rate limits, which the
// service answers before acting, are waited out as ever.
func (c *Client) once() *Client {
	d := *c
	d.retries = 0
	return &d
}

// message makes a request on the webhook of ix's token: on the message
// named by message ("@original" or a follow-up's id), or with message ""
// on the webhook itself, which sends a follow-up. m is the body, if any.
func (c *Client) message(ctx context.Context, method string, ix *interaction.Interaction, message string, m *interaction.MessageData, name string) (*interaction.Message, error) {
	if err := answerable(ix, name); err != nil {
		return nil, err
	}
	if ix.ApplicationID == 0 {
		return nil, errors.New("rest: " + name + ": the interaction has no application id")
	}
	if message == "0" {
		return nil, errors.New("rest: " + name + ": no message id")
	}
	if err := checkMessage(ix, method, m); err != nil {
		return nil, fmt.Errorf("rest: %s: %w", name, err)
	}
	app := ix.ApplicationID.String()
	route := method + " /webhooks/{app}/{token}"
	path := "/webhooks/" + app + "/" + url.PathEscape(ix.Token)
	shown := "/webhooks/" + app + "/{token}"
	if message != "" {
		route += "/messages/{message}"
		path += "/messages/" + message
		shown += "/messages/" + message
	}
	k := &call{
		method: method,
		route:  route,
		// The service counts the limits of a webhook per webhook, which
		// for an interaction is its token.
		major: app + "/" + tokenKey(ix.Token),
		path:  path,
	}
	switch {
	case m != nil && len(m.Files) > 0:
		// Read once, here, before anything is sent: a retry sends the
		// same bytes, and a file over the interaction's limit is
		// refused without a request.
		b, contentType, err := m.AppendMultipart(nil, ix.AttachmentLimit())
		if err != nil {
			return nil, fmt.Errorf("rest: %s: %w", name, err)
		}
		k.body, k.contentType = b, contentType
	case m != nil:
		// MessageData writes itself as the service reads it, as in an
		// answer; the JSON encoder would write what the service
		// misreads, such as a null list of mentions to parse.
		b, err := m.AppendJSON(nil)
		if err != nil {
			return nil, errors.New("rest: encoding the message: " + err.Error())
		}
		k.body, k.contentType = b, "application/json"
	}
	var out *interaction.Message
	if method != http.MethodDelete {
		out = new(interaction.Message)
	}
	// Completing a deferred answer and following it up may overtake the
	// deferral itself: a handler that defers and hands the rest to a
	// goroutine can edit before the service has read the deferral, and
	// the service answers that the webhook does not exist yet. It exists
	// a moment later, so these two are sent again for up to a second
	// while the interaction is young enough for its answer to be in
	// flight.
	completes := (method == http.MethodPatch && message == "@original") || (method == http.MethodPost && message == "")
	deadline := time.Now().Add(time.Second)
	for wait := 25 * time.Millisecond; ; wait = min(2*wait, 200*time.Millisecond) {
		var dst any
		if out != nil {
			dst = out
		}
		err := c.onToken(ctx, k, shown, ix.Token, dst)
		if err == nil {
			return out, nil
		}
		if !completes || !errors.Is(err, ErrUnknownWebhook) || !answerPending(ix, time.Now()) || time.Now().Add(wait).After(deadline) {
			return nil, err
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, err
		case <-t.C:
		}
	}
}

// checkMessage checks m, the body of a request made with method on the
// webhook of ix, as the service would: a new message (POST) or an edit
// (PATCH). Requests without a body have nothing to check.
func checkMessage(ix *interaction.Interaction, method string, m *interaction.MessageData) error {
	switch {
	case m == nil:
		return nil
	case channelOnly(m) != nil:
		return channelOnly(m)
	case method == http.MethodPost:
		return answer.CheckMessage(ix, *m)
	}
	return answer.CheckEdit(ix, *m)
}

// channelOnly reports the fields of m that only a message sent to a
// channel takes, which an interaction's messages would send for nothing:
// they reply to their interaction, and are sent once.
func channelOnly(m *interaction.MessageData) error {
	switch {
	case m == nil:
		return nil
	case m.Reference != nil:
		return errors.New("an interaction's message has no message reference; CreateMessage sends replies to a message")
	case m.Nonce != "":
		return errors.New("an interaction's message has no nonce")
	}
	return nil
}

// answerPending reports whether the service may not have read the first
// answer to ix yet, at now: the interaction is younger than the window for
// that answer, with a margin for clocks that disagree.
func answerPending(ix *interaction.Interaction, now time.Time) bool {
	const window = 3*time.Second + 2*time.Second
	return now.Sub(ix.ID.Time()) < window
}

// answerable reports why ix cannot be answered through the API, if it
// cannot.
func answerable(ix *interaction.Interaction, name string) error {
	if ix == nil {
		return errors.New("rest: " + name + ": no interaction")
	}
	if ix.Token == "" {
		return errors.New("rest: " + name + ": the interaction has no token")
	}
	return nil
}

// onToken sends k, a call authenticated by token in its path, without an
// Authorization header, and decodes its answer into out (unless out is
// nil). shown is k's path as errors name it.
func (c *Client) onToken(ctx context.Context, k *call, shown, token string, out any) error {
	k.anonymous = true
	_, err := c.do(ctx, k, out)
	return conceal(err, k.path, shown, token)
}

// conceal returns err with the token out of its text: the errors of do
// name the request's path, and errors are logged and shown. path is the
// request's path and shown the path to name instead.
func conceal(err error, path, shown, token string) error {
	if err == nil {
		return nil
	}
	hide := strings.NewReplacer(path, shown, url.PathEscape(token), "{token}", token, "{token}")
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		// Kept an *APIError, for errors.Is on its code.
		apiErr.Path = shown
		apiErr.Message = hide.Replace(apiErr.Message)
	}
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		urlErr.URL = hide.Replace(urlErr.URL)
	}
	// Whatever else names the token, such as an answer that would not
	// decode, is kept as its text alone. The path as shown is left out of
	// the search, should the token be a part of it.
	text := strings.ReplaceAll(err.Error(), shown, "")
	if strings.Contains(text, token) || strings.Contains(text, url.PathEscape(token)) {
		return errors.New(hide.Replace(err.Error()))
	}
	return err
}

// tokenKey stands for a token in the limiter's keys. The limiter keeps
// its keys as long as the Client lives, and a digest is no secret.
func tokenKey(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:8])
}

// underGlobalLimit reports whether requests on route count toward the
// bot's global rate limit. Those on an interaction's token do not: they
// carry no bot credentials, and the service leaves them out, so a bot at
// its global limit can still answer its interactions in time.
func underGlobalLimit(route string) bool {
	return !strings.Contains(route, "{token}")
}
