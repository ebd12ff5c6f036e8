package rest

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/interaction"
)

// emojiPath returns the emoji of a reaction as its path segment: a
// unicode emoji as it is, a custom one as "name:id" (the forms "<:name:id>"
// and "<a:name:id>" a message's text holds are taken too), each
// percent-encoded, since the service takes an emoji that is not for
// unknown.
func emojiPath(name, emoji string) (string, error) {
	e := strings.TrimSpace(emoji)
	if strings.HasPrefix(e, "<") && strings.HasSuffix(e, ">") {
		if inner, ok := strings.CutPrefix(strings.TrimPrefix(e[1:len(e)-1], "a"), ":"); ok {
			e = inner
		}
	}
	if e == "" {
		return "", errors.New("rest: " + name + ": no emoji")
	}
	if n, id, ok := strings.Cut(e, ":"); ok {
		if n == "" || id == "" || strings.Trim(id, "0123456789") != "" {
			return "", errors.New("rest: " + name + ": the emoji " + strconv.Quote(emoji) + " is neither unicode nor name:id")
		}
	}
	return url.PathEscape(e), nil
}

// reactionCall returns a call on the reactions of a message with emoji;
// who is "", "/@me" or "/{user}" (then user names the user).
func reactionCall(name, method string, channel, message interaction.Snowflake, emoji, who string, user interaction.Snowflake) (*call, error) {
	if message == 0 {
		return nil, errors.New("rest: " + name + ": no message id")
	}
	route, path := "/messages/{message}/reactions", "/messages/"+message.String()+"/reactions"
	if emoji != "" || who != "" {
		e, err := emojiPath(name, emoji)
		if err != nil {
			return nil, err
		}
		route += "/{emoji}" + who
		path += "/" + e
		switch who {
		case "/@me":
			path += who
		case "/{user}":
			if user == 0 {
				return nil, errors.New("rest: " + name + ": no user id")
			}
			path += "/" + user.String()
		}
	}
	return channelCall(name, method, channel, route, path, "")
}

// AddReaction adds the bot's reaction with emoji to the message: a
// unicode emoji ("👍"), or a custom one as "name:id". An emoji the service
// does not know, or one of a guild the bot cannot use, answers
// ErrUnknownEmoji.
func (c *Client) AddReaction(ctx context.Context, channel, message interaction.Snowflake, emoji string) error {
	k, err := reactionCall("AddReaction", http.MethodPut, channel, message, emoji, "/@me", 0)
	if err != nil {
		return err
	}
	_, err = c.do(ctx, k, nil)
	return err
}

// RemoveOwnReaction takes back the bot's reaction with emoji from the
// message.
func (c *Client) RemoveOwnReaction(ctx context.Context, channel, message interaction.Snowflake, emoji string) error {
	k, err := reactionCall("RemoveOwnReaction", http.MethodDelete, channel, message, emoji, "/@me", 0)
	if err != nil {
		return err
	}
	_, err = c.do(ctx, k, nil)
	return err
}

// RemoveUserReaction removes user's reaction with emoji from the message,
// which needs the permission to manage messages.
func (c *Client) RemoveUserReaction(ctx context.Context, channel, message interaction.Snowflake, emoji string, user interaction.Snowflake) error {
	k, err := reactionCall("RemoveUserReaction", http.MethodDelete, channel, message, emoji, "/{user}", user)
	if err != nil {
		return err
	}
	_, err = c.do(ctx, k, nil)
	return err
}

// RemoveAllReactions removes the reactions of the message: all of them
// when emoji is empty, else those with emoji. It needs the permission to
// manage messages.
func (c *Client) RemoveAllReactions(ctx context.Context, channel, message interaction.Snowflake, emoji string) error {
	k, err := reactionCall("RemoveAllReactions", http.MethodDelete, channel, message, emoji, "", 0)
	if err != nil {
		return err
	}
	_, err = c.do(ctx, k, nil)
	return err
}

// ReactionType is the kind of a reaction.
type ReactionType int

// The kinds of reactions.
const (
	ReactionNormal ReactionType = 0
	// ReactionBurst: a super reaction.
	ReactionBurst ReactionType = 1
)

// maxReactionPage is the most users one List Reactions call returns.
const maxReactionPage = 100

// ReactionQuery is what ListReactions asks for. Its zero value asks for
// the first 25 users of normal reactions.
type ReactionQuery struct {
	// After asks for the users whose ids follow it.
	After interaction.Snowflake
	// Limit is how many to return, 1 to 100; 0 means the service's
	// default, 25.
	Limit int
	Type  ReactionType
}

// ListReactions returns users who reacted to the message with emoji, as
// q asks, in the order of their ids.
func (c *Client) ListReactions(ctx context.Context, channel, message interaction.Snowflake, emoji string, q ReactionQuery) ([]interaction.User, error) {
	const name = "ListReactions"
	if q.Limit < 0 || q.Limit > maxReactionPage {
		return nil, errors.New("rest: " + name + ": a limit of " + strconv.Itoa(q.Limit) + " is outside 1-100")
	}
	if emoji == "" {
		return nil, errors.New("rest: " + name + ": no emoji")
	}
	k, err := reactionCall(name, http.MethodGet, channel, message, emoji, "", 0)
	if err != nil {
		return nil, err
	}
	k.query = url.Values{}
	if q.After != 0 {
		k.query.Set("after", q.After.String())
	}
	if q.Limit > 0 {
		k.query.Set("limit", strconv.Itoa(q.Limit))
	}
	if q.Type != ReactionNormal {
		k.query.Set("type", strconv.Itoa(int(q.Type)))
	}
	var out []interaction.User
	if _, err := c.do(ctx, k, &out); err != nil {
		return nil, err
	}
	return out, nil
}
