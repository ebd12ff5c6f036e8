package rest

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
)

// Codes the channel, message, guild and member endpoints answer with, the
// service's public ones.
const (
	// ErrUnknownChannel: the channel does not exist, or the bot cannot
	// see it.
	ErrUnknownChannel ErrorCode = 10003
	// ErrUnknownMember: the user is not a member of the guild.
	ErrUnknownMember ErrorCode = 10007
	// ErrUnknownRole: the guild has no such role.
	ErrUnknownRole ErrorCode = 10011
	// ErrUnknownEmoji: a reaction's emoji is neither a unicode emoji nor
	// a custom one the bot may use.
	ErrUnknownEmoji ErrorCode = 10014
	// ErrUnknownBan: the user is not banned from the guild.
	ErrUnknownBan ErrorCode = 10026
	// ErrMaxPins: the channel holds as many pinned messages as the
	// service allows (250).
	ErrMaxPins ErrorCode = 30003
	// ErrMaxReactions: the message has as many different reactions as
	// the service allows (20).
	ErrMaxReactions ErrorCode = 30010
	// ErrForumMessage: a message sent to a forum or media channel, which
	// takes threads (StartThread) rather than messages.
	ErrForumMessage ErrorCode = 40058
	// ErrDMChannelAction: the action is not one a DM channel allows, such
	// as deleting the other user's message.
	ErrDMChannelAction ErrorCode = 50003
	// ErrCannotEditOthersMessage: only a message's author edits its
	// content; others may change only its flags.
	ErrCannotEditOthersMessage ErrorCode = 50005
	// ErrCannotDM: the user does not take messages from the bot: they
	// blocked it, turned direct messages off, or are a bot themselves.
	ErrCannotDM ErrorCode = 50007
	// ErrNotTextChannel: the channel takes no messages, such as a
	// category.
	ErrNotTextChannel ErrorCode = 50008
	// ErrBulkDeleteCount: a bulk delete of fewer than 2 or more than 100
	// messages.
	ErrBulkDeleteCount ErrorCode = 50016
	// ErrSystemMessage: the action is not one a system message allows.
	ErrSystemMessage ErrorCode = 50021
	// ErrBulkDeleteTooOld: a bulk delete named a message older than 14
	// days.
	ErrBulkDeleteTooOld ErrorCode = 50034
	// ErrNoMutualGuild: the user shares no guild with the bot, or does not
	// take direct messages from its guilds.
	ErrNoMutualGuild ErrorCode = 50278
	// ErrThreadExists: the message already has a thread.
	ErrThreadExists ErrorCode = 160004
	// ErrThreadLocked: the thread is locked; only members who manage
	// threads act in it.
	ErrThreadLocked ErrorCode = 160005
)

// maxReason is the most characters an audit-log reason has.
const maxReason = 512

// auditReason returns reason as the X-Audit-Log-Reason header carries it,
// percent-encoded UTF-8 (the service decodes it, and would read a bare
// "+" as a space), or an error for a reason the service would refuse.
// name is the method's, for the error.
func auditReason(name, reason string) (string, error) {
	if reason == "" {
		return "", nil
	}
	if !utf8.ValidString(reason) {
		return "", errors.New("rest: " + name + ": the audit-log reason is not UTF-8")
	}
	if n := utf8.RuneCountInString(reason); n > maxReason {
		return "", errors.New("rest: " + name + ": an audit-log reason of " + strconv.Itoa(n) + " characters, more than 512")
	}
	return strings.ReplaceAll(url.QueryEscape(reason), "+", "%20"), nil
}

// channelCall returns a call on path under the channel, whose route is
// method and "/channels/{channel}" followed by route; the service counts
// the limits of these routes per channel. reason is the audit-log reason,
// if the endpoint takes one.
func channelCall(name, method string, channel interaction.Snowflake, route, path, reason string) (*call, error) {
	if channel == 0 {
		return nil, errors.New("rest: " + name + ": no channel id")
	}
	r, err := auditReason(name, reason)
	if err != nil {
		return nil, err
	}
	return &call{
		method: method,
		route:  method + " /channels/{channel}" + route,
		major:  channel.String(),
		path:   "/channels/" + channel.String() + path,
		reason: r,
	}, nil
}

// guildCall is channelCall for a path under a guild, whose limits the
// service counts per guild.
func guildCall(name, method string, guild interaction.Snowflake, route, path, reason string) (*call, error) {
	if guild == 0 {
		return nil, errors.New("rest: " + name + ": no guild id")
	}
	r, err := auditReason(name, reason)
	if err != nil {
		return nil, err
	}
	return &call{
		method: method,
		route:  method + " /guilds/{guild}" + route,
		major:  guild.String(),
		path:   "/guilds/" + guild.String() + path,
		reason: r,
	}, nil
}

// withJSON sets v as k's JSON body.
func withJSON(k *call, v any) (*call, error) {
	j, err := jsonCall(k.method, k.route, k.major, k.path, v)
	if err != nil {
		return nil, err
	}
	k.body, k.contentType = j.body, j.contentType
	return k, nil
}

// GetChannel returns the channel id: a guild channel with its permission
// overwrites, a thread, or a DM channel.
func (c *Client) GetChannel(ctx context.Context, id interaction.Snowflake) (*interaction.Channel, error) {
	k, err := channelCall("GetChannel", http.MethodGet, id, "", "", "")
	if err != nil {
		return nil, err
	}
	out := new(interaction.Channel)
	if _, err := c.do(ctx, k, out); err != nil {
		return nil, err
	}
	return out, nil
}
