package rest

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// CreateMessage sends m to the channel, and returns the message. A DM
// channel (CreateDM) and a thread take messages the same way.
//
// m is checked with answer.CheckMessage first: one the service would
// refuse is an error holding rules.Violations, and is not sent. m.Files
// go as multipart/form-data, read once before anything is sent, each of
// them within the service's default limit (10 MiB). m.Reference makes the
// message a reply (interaction.ReferenceDefault) or a forward
// (interaction.ReferenceForward, which names the source channel and needs
// nothing else in m). A message flagged interaction.FlagEphemeral is
// refused too: the service would show it to everyone.
//
// CreateMessage sends the message with a nonce, m.Nonce or a random one
// when it is empty, that the service keeps the message by for a few
// minutes: sent again, the same nonce gets the message already sent. So
// CreateMessage retries a failure that may leave the message sent, as it
// retries any other, and the message is sent once. A bot that may send a
// message again after a restart gives its own nonce, made of what the
// message is for.
func (c *Client) CreateMessage(ctx context.Context, channel interaction.Snowflake, m interaction.MessageData) (*interaction.Message, error) {
	const name = "CreateMessage"
	if err := checkChannelMessage(m); err != nil {
		return nil, fmt.Errorf("rest: %s: %w", name, err)
	}
	k, err := channelCall(name, http.MethodPost, channel, "/messages", "/messages", "")
	if err != nil {
		return nil, err
	}
	if m.Nonce == "" {
		// 25 characters of base32: 125 random bits.
		m.Nonce = rand.Text()[:maxNonce]
	}
	return c.sendMessage(ctx, k, &m, name)
}

// maxNonce is the most characters a message's nonce has.
const maxNonce = 25

// checkChannelMessage checks m as a new message of a channel: by the rules
// of a follow-up, but that a forward is empty but for its reference, and
// that nothing sent to a channel is ephemeral.
func checkChannelMessage(m interaction.MessageData) error {
	if m.Flags&interaction.FlagEphemeral != 0 {
		// The service would send the message to everyone, ignoring
		// the flag: only an interaction's messages are ephemeral.
		return errors.New("a channel message is not ephemeral; only an interaction's answers and follow-ups are")
	}
	if n := utf8.RuneCountInString(m.Nonce); n > maxNonce {
		return errors.New("a nonce of " + strconv.Itoa(n) + " characters, more than 25")
	}
	ref := m.Reference
	if ref != nil && ref.MessageID == 0 {
		return errors.New("the message reference has no message id")
	}
	forward := ref != nil && ref.Type == interaction.ReferenceForward
	if forward && ref.ChannelID == 0 {
		return errors.New("a forward names the channel of the message it forwards")
	}
	err := answer.CheckMessage(nil, m)
	if !forward || err == nil {
		return err
	}
	var vs rules.Violations
	if !errors.As(err, &vs) {
		return err
	}
	vs = slices.DeleteFunc(slices.Clone(vs), func(v rules.Violation) bool { return v.Code == rules.MessageEmpty })
	return vs.Err()
}

// sendMessage sends k with m as its body, JSON or multipart, and decodes
// the message the service answers with.
func (c *Client) sendMessage(ctx context.Context, k *call, m *interaction.MessageData, name string) (*interaction.Message, error) {
	if len(m.Files) > 0 {
		b, contentType, err := m.AppendMultipart(nil, interaction.DefaultAttachmentSizeLimit)
		if err != nil {
			return nil, fmt.Errorf("rest: %s: %w", name, err)
		}
		k.body, k.contentType = b, contentType
	} else {
		b, err := m.AppendJSON(nil)
		if err != nil {
			return nil, errors.New("rest: " + name + ": encoding the message: " + err.Error())
		}
		k.body, k.contentType = b, "application/json"
	}
	out := new(interaction.Message)
	if _, err := c.do(ctx, k, out); err != nil {
		return nil, err
	}
	return out, nil
}

// GetMessage returns the message id of the channel.
func (c *Client) GetMessage(ctx context.Context, channel, id interaction.Snowflake) (*interaction.Message, error) {
	k, err := messageCall("GetMessage", http.MethodGet, channel, id, "", "")
	if err != nil {
		return nil, err
	}
	out := new(interaction.Message)
	if _, err := c.do(ctx, k, out); err != nil {
		return nil, err
	}
	return out, nil
}

// messageCall returns a call on the message id of channel, or on a path
// under it (suffix, such as "/threads", its route the same).
func messageCall(name, method string, channel, id interaction.Snowflake, suffix, reason string) (*call, error) {
	if id == 0 {
		return nil, errors.New("rest: " + name + ": no message id")
	}
	return channelCall(name, method, channel, "/messages/{message}"+suffix, "/messages/"+id.String()+suffix, reason)
}

// maxMessagePage is the most messages one List Messages call returns.
const maxMessagePage = 100

// MessageQuery is what ListMessages asks for. Its zero value asks for
// the channel's 50 newest messages.
type MessageQuery struct {
	// Before, After and Around ask for the messages before, after or
	// around the message of that id; at most one of them is set.
	Before, After, Around interaction.Snowflake
	// Limit is how many to return, 1 to 100; 0 means the service's
	// default, 50.
	Limit int
}

// values returns the query as the service reads it, or an error for one
// it would refuse.
func (q MessageQuery) values() (url.Values, error) {
	if q.Limit < 0 || q.Limit > maxMessagePage {
		return nil, errors.New("rest: ListMessages: a limit of " + strconv.Itoa(q.Limit) + " is outside 1-100")
	}
	v := url.Values{}
	for _, f := range []struct {
		name string
		id   interaction.Snowflake
	}{{"before", q.Before}, {"after", q.After}, {"around", q.Around}} {
		if f.id != 0 {
			if len(v) > 0 {
				return nil, errors.New("rest: ListMessages: before, after and around exclude each other")
			}
			v.Set(f.name, f.id.String())
		}
	}
	if q.Limit > 0 {
		v.Set("limit", strconv.Itoa(q.Limit))
	}
	return v, nil
}

// ListMessages returns messages of the channel as q asks, newest first.
// Without the permission to read the channel's history the service
// returns none. A query the service would refuse is an error, and is not
// sent.
func (c *Client) ListMessages(ctx context.Context, channel interaction.Snowflake, q MessageQuery) ([]interaction.Message, error) {
	v, err := q.values()
	if err != nil {
		return nil, err
	}
	k, err := channelCall("ListMessages", http.MethodGet, channel, "/messages", "/messages", "")
	if err != nil {
		return nil, err
	}
	k.query = v
	var out []interaction.Message
	if _, err := c.do(ctx, k, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// EditMessage changes the message id of the channel to m, and returns the
// message as the service then holds it. The fields m leaves empty keep
// their values, and m.Files and m.Attachments work as in
// Client.EditOriginal. Only the bot's own messages take new content;
// another's answers ErrCannotEditOthersMessage. m is checked with
// answer.CheckEdit first, and is not sent if the service would refuse it.
func (c *Client) EditMessage(ctx context.Context, channel, id interaction.Snowflake, m interaction.MessageData) (*interaction.Message, error) {
	const name = "EditMessage"
	if m.Reference != nil || m.Nonce != "" {
		return nil, errors.New("rest: " + name + ": an edit has no message reference or nonce")
	}
	if err := answer.CheckEdit(nil, m); err != nil {
		return nil, fmt.Errorf("rest: %s: %w", name, err)
	}
	k, err := messageCall(name, http.MethodPatch, channel, id, "", "")
	if err != nil {
		return nil, err
	}
	return c.sendMessage(ctx, k, &m, name)
}

// DeleteMessage deletes the message id of the channel. reason, if not
// empty, is recorded in the guild's audit log when the message is
// another's; it is at most 512 characters.
func (c *Client) DeleteMessage(ctx context.Context, channel, id interaction.Snowflake, reason string) error {
	k, err := messageCall("DeleteMessage", http.MethodDelete, channel, id, "", reason)
	if err != nil {
		return err
	}
	_, err = c.do(ctx, k, nil)
	return err
}

// Bulk deletes take 2 to 100 messages, none older than 14 days.
const (
	minBulkDelete = 2
	maxBulkDelete = 100
	bulkDeleteAge = 14 * 24 * time.Hour
)

// BulkDeleteMessages deletes the messages ids of a guild channel at once:
// 2 to 100 different messages, none older than 14 days. A list the
// service would refuse is an error, and is not sent; a message's age is
// the time in its id, measured by the Client's clock (WithClock). reason,
// if not empty, is recorded in the guild's audit log.
func (c *Client) BulkDeleteMessages(ctx context.Context, channel interaction.Snowflake, ids []interaction.Snowflake, reason string) error {
	const name = "BulkDeleteMessages"
	if n := len(ids); n < minBulkDelete || n > maxBulkDelete {
		return errors.New("rest: " + name + ": " + strconv.Itoa(n) + " messages; a bulk delete takes 2 to 100")
	}
	oldest := c.now().Add(-bulkDeleteAge)
	seen := make(map[interaction.Snowflake]bool, len(ids))
	for i, id := range ids {
		switch {
		case id == 0:
			return errors.New("rest: " + name + ": message " + strconv.Itoa(i+1) + " has no id")
		case seen[id]:
			return errors.New("rest: " + name + ": message " + id.String() + " is named twice")
		case id.Time().Before(oldest):
			return errors.New("rest: " + name + ": message " + id.String() + " is older than 14 days, too old to bulk delete")
		}
		seen[id] = true
	}
	k, err := channelCall(name, http.MethodPost, channel, "/messages/bulk-delete", "/messages/bulk-delete", reason)
	if err != nil {
		return err
	}
	if k, err = withJSON(k, struct {
		Messages []interaction.Snowflake `json:"messages"`
	}{ids}); err != nil {
		return err
	}
	_, err = c.do(ctx, k, nil)
	return err
}

// PinMessage pins the message id in its channel. reason, if not empty,
// is recorded in the guild's audit log.
func (c *Client) PinMessage(ctx context.Context, channel, id interaction.Snowflake, reason string) error {
	return c.pin(ctx, "PinMessage", http.MethodPut, channel, id, reason)
}

// UnpinMessage unpins the message id of the channel. reason, if not
// empty, is recorded in the guild's audit log.
func (c *Client) UnpinMessage(ctx context.Context, channel, id interaction.Snowflake, reason string) error {
	return c.pin(ctx, "UnpinMessage", http.MethodDelete, channel, id, reason)
}

func (c *Client) pin(ctx context.Context, name, method string, channel, id interaction.Snowflake, reason string) error {
	if id == 0 {
		return errors.New("rest: " + name + ": no message id")
	}
	k, err := channelCall(name, method, channel, "/messages/pins/{message}", "/messages/pins/"+id.String(), reason)
	if err != nil {
		return err
	}
	_, err = c.do(ctx, k, nil)
	return err
}

// Pin is a pinned message, with when it was pinned.
type Pin struct {
	PinnedAt time.Time           `json:"pinned_at"`
	Message  interaction.Message `json:"message"`
}

// maxPinPage is the most pins one List Pins call returns.
const maxPinPage = 50

// PinQuery is what ListPins asks for. Its zero value asks for the 50
// pins made last.
type PinQuery struct {
	// Before asks for the pins made before it: the PinnedAt of the last
	// pin of the page before.
	Before time.Time
	// Limit is how many to return, 1 to 50; 0 means the service's
	// default, 50.
	Limit int
}

// ListPins returns the channel's pinned messages as q asks, the last
// pinned first, and whether there are more before them.
func (c *Client) ListPins(ctx context.Context, channel interaction.Snowflake, q PinQuery) (pins []Pin, more bool, err error) {
	const name = "ListPins"
	if q.Limit < 0 || q.Limit > maxPinPage {
		return nil, false, errors.New("rest: " + name + ": a limit of " + strconv.Itoa(q.Limit) + " is outside 1-50")
	}
	k, err := channelCall(name, http.MethodGet, channel, "/messages/pins", "/messages/pins", "")
	if err != nil {
		return nil, false, err
	}
	k.query = url.Values{}
	if !q.Before.IsZero() {
		k.query.Set("before", q.Before.UTC().Format(time.RFC3339Nano))
	}
	if q.Limit > 0 {
		k.query.Set("limit", strconv.Itoa(q.Limit))
	}
	var out struct {
		Items   []Pin `json:"items"`
		HasMore bool  `json:"has_more"`
	}
	if _, err := c.do(ctx, k, &out); err != nil {
		return nil, false, err
	}
	return out.Items, out.HasMore, nil
}
