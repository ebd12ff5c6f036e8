package rest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/interaction"
)

// ThreadStart is what a thread starts with, for StartThread and
// StartThreadFromMessage.
type ThreadStart struct {
	// Name is the thread's name, 1 to 100 characters.
	Name string
	// AutoArchive is how many minutes without a message archive the
	// thread: 60, 1440, 4320 or 10080; 0 leaves it to the channel's
	// default.
	AutoArchive int
	// Slowmode is how many seconds, 0 to 21600, a member waits between
	// two messages in the thread.
	Slowmode int
	// Type is the thread's type when it starts without a message in a
	// text channel: interaction.ChannelPublicThread,
	// interaction.ChannelPrivateThread (the service's default) or
	// interaction.ChannelAnnouncementThread.
	Type interaction.ChannelType
	// Invitable lets the members of a private thread who do not manage
	// threads invite others. It is sent for every thread that may be
	// private, false too, since the service takes a thread started
	// without it as invitable.
	Invitable bool
	// AppliedTags are the tags, at most 5, of a post in a forum or
	// media channel.
	AppliedTags []interaction.Snowflake
	// Message is the first message of a post in a forum or media
	// channel, which needs one; a thread of a text channel has none.
	Message *interaction.MessageData
}

// check reports what the service would refuse in t; fromMessage says
// whether t starts from a message, which takes only a name and the
// durations.
func (t *ThreadStart) check(name string, fromMessage bool) error {
	if n := utf8.RuneCountInString(t.Name); n < 1 || n > 100 {
		return errors.New("rest: " + name + ": a thread name of " + strconv.Itoa(n) + " characters is outside 1-100")
	}
	switch t.AutoArchive {
	case 0, 60, 1440, 4320, 10080:
	default:
		return errors.New("rest: " + name + ": an auto-archive duration of " + strconv.Itoa(t.AutoArchive) + " minutes; it is 60, 1440, 4320 or 10080")
	}
	if t.Slowmode < 0 || t.Slowmode > 21600 {
		return errors.New("rest: " + name + ": a slowmode of " + strconv.Itoa(t.Slowmode) + " seconds is outside 0-21600")
	}
	if fromMessage && (t.Type != 0 || t.Invitable || t.AppliedTags != nil || t.Message != nil) {
		return errors.New("rest: " + name + ": a thread started from a message takes only a name, an auto-archive duration and a slowmode")
	}
	switch t.Type {
	case 0, interaction.ChannelAnnouncementThread, interaction.ChannelPublicThread, interaction.ChannelPrivateThread:
	default:
		return errors.New("rest: " + name + ": " + t.Type.String() + " is not a thread type")
	}
	if len(t.AppliedTags) > 5 {
		return errors.New("rest: " + name + ": " + strconv.Itoa(len(t.AppliedTags)) + " tags, more than 5")
	}
	if t.Message != nil {
		if t.Type != 0 || t.Invitable {
			return errors.New("rest: " + name + ": a forum post has no thread type and is not invitable")
		}
		if t.Message.Reference != nil || t.Message.Nonce != "" {
			return errors.New("rest: " + name + ": a forum post's first message has no reference or nonce")
		}
		if t.Message.Flags&interaction.FlagEphemeral != 0 {
			return errors.New("rest: " + name + ": a forum post's first message is not ephemeral")
		}
		if err := answer.CheckMessage(nil, *t.Message); err != nil {
			return fmt.Errorf("rest: %s: %w", name, err)
		}
	}
	return nil
}

// appendJSON appends t's JSON body to b. A thread that starts without a
// message and may be private says whether it is invitable, false too:
// the service takes a missing invitable as true.
func (t *ThreadStart) appendJSON(b []byte, fromMessage bool) ([]byte, error) {
	var invitable *bool
	if !fromMessage && t.Message == nil && (t.Type == 0 || t.Type == interaction.ChannelPrivateThread) {
		invitable = &t.Invitable
	}
	head, err := json.Marshal(struct {
		Name        string                  `json:"name"`
		AutoArchive int                     `json:"auto_archive_duration,omitzero"`
		Slowmode    int                     `json:"rate_limit_per_user,omitzero"`
		Type        interaction.ChannelType `json:"type,omitzero"`
		Invitable   *bool                   `json:"invitable,omitempty"`
		AppliedTags []interaction.Snowflake `json:"applied_tags,omitempty"`
	}{t.Name, t.AutoArchive, t.Slowmode, t.Type, invitable, t.AppliedTags})
	if err != nil {
		return nil, err
	}
	if t.Message == nil {
		return append(b, head...), nil
	}
	b = append(b, head[:len(head)-1]...)
	b = append(b, `,"message":`...)
	if b, err = t.Message.AppendJSON(b); err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

// threadCall returns k with t as its body: JSON, or multipart/form-data
// when its message has files.
func threadCall(name string, k *call, t *ThreadStart, fromMessage bool) (*call, error) {
	if t.Message != nil && len(t.Message.Files) > 0 {
		appendJSON := func(b []byte) ([]byte, error) { return t.appendJSON(b, fromMessage) }
		b, contentType, err := t.Message.AppendMultipartWithin(nil, interaction.DefaultAttachmentSizeLimit, appendJSON)
		if err != nil {
			return nil, fmt.Errorf("rest: %s: %w", name, err)
		}
		k.body, k.contentType = b, contentType
		return k, nil
	}
	b, err := t.appendJSON(nil, fromMessage)
	if err != nil {
		return nil, errors.New("rest: " + name + ": encoding the thread: " + err.Error())
	}
	k.body, k.contentType = b, "application/json"
	return k, nil
}

// StartThreadFromMessage starts a thread from the message of the channel,
// and returns the thread; its id is the message's, so a message has one
// thread at most (ErrThreadExists). Of t, only Name, AutoArchive and
// Slowmode apply. Messages are sent in the thread with CreateMessage on
// its id. reason, if not empty, is recorded in the guild's audit log.
//
// It is not retried after a failure that may leave the thread started.
func (c *Client) StartThreadFromMessage(ctx context.Context, channel, message interaction.Snowflake, t ThreadStart, reason string) (*interaction.Channel, error) {
	const name = "StartThreadFromMessage"
	if err := t.check(name, true); err != nil {
		return nil, err
	}
	k, err := messageCall(name, http.MethodPost, channel, message, "/threads", reason)
	if err != nil {
		return nil, err
	}
	if k, err = threadCall(name, k, &t, true); err != nil {
		return nil, err
	}
	out := new(interaction.Channel)
	if _, err := c.once().do(ctx, k, out); err != nil {
		return nil, err
	}
	return out, nil
}

// StartThread starts a thread in the channel without a message, and
// returns it: in a text channel a thread of t.Type, in a forum or media
// channel a post, whose first message is t.Message, checked as
// CreateMessage checks one; with files it goes as multipart/form-data.
// reason, if not empty, is recorded in the guild's audit log.
//
// It is not retried after a failure that may leave the thread started.
func (c *Client) StartThread(ctx context.Context, channel interaction.Snowflake, t ThreadStart, reason string) (*interaction.Channel, error) {
	const name = "StartThread"
	if err := t.check(name, false); err != nil {
		return nil, err
	}
	k, err := channelCall(name, http.MethodPost, channel, "/threads", "/threads", reason)
	if err != nil {
		return nil, err
	}
	if k, err = threadCall(name, k, &t, false); err != nil {
		return nil, err
	}
	out := new(interaction.Channel)
	if _, err := c.once().do(ctx, k, out); err != nil {
		return nil, err
	}
	return out, nil
}
