package rest

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
)

// Every call here that changes a guild takes a reason, recorded in the
// guild's audit log for its moderators to read: at most 512 characters,
// or empty for none. A longer one is an error, and nothing is sent.

// AddMemberRole gives the member user of the guild the role. The bot
// gives only roles below its own highest role.
func (c *Client) AddMemberRole(ctx context.Context, guild, user, role interaction.Snowflake, reason string) error {
	return c.memberRole(ctx, "AddMemberRole", http.MethodPut, guild, user, role, reason)
}

// RemoveMemberRole takes the role from the member user of the guild.
func (c *Client) RemoveMemberRole(ctx context.Context, guild, user, role interaction.Snowflake, reason string) error {
	return c.memberRole(ctx, "RemoveMemberRole", http.MethodDelete, guild, user, role, reason)
}

func (c *Client) memberRole(ctx context.Context, name, method string, guild, user, role interaction.Snowflake, reason string) error {
	if role == 0 {
		return errors.New("rest: " + name + ": no role id")
	}
	k, err := memberCall(name, method, guild, user, "/roles/{role}", "/roles/"+role.String(), reason)
	if err != nil {
		return err
	}
	_, err = c.do(ctx, k, nil)
	return err
}

// MemberEdit is what ModifyMember changes of a member: the fields that
// are set, the others keeping their values.
type MemberEdit struct {
	// Nick is the member's new nickname, at most 32 characters; a
	// pointer to "" removes it.
	Nick *string
	// Roles are all the member's roles after the edit, when not nil; an
	// empty, non-nil list takes every role away.
	Roles []interaction.Snowflake
	// TimeoutUntil times the member out until then, at most 28 days
	// ahead; a pointer to the zero time ends a timeout.
	TimeoutUntil *time.Time
}

// Limits of a member edit.
const (
	maxNick    = 32
	maxRoles   = 350
	maxTimeout = 28 * 24 * time.Hour
)

// body returns the edit's JSON, or an error for one the service would
// refuse; now is the Client's time.
func (e MemberEdit) body(name string, now time.Time) (map[string]any, error) {
	b := map[string]any{}
	if e.Nick != nil {
		if n := utf8.RuneCountInString(*e.Nick); n > maxNick {
			return nil, errors.New("rest: " + name + ": a nickname of " + strconv.Itoa(n) + " characters, more than 32")
		}
		b["nick"] = *e.Nick
	}
	if e.Roles != nil {
		if len(e.Roles) > maxRoles {
			return nil, errors.New("rest: " + name + ": " + strconv.Itoa(len(e.Roles)) + " roles, more than 350")
		}
		seen := make(map[interaction.Snowflake]bool, len(e.Roles))
		for _, r := range e.Roles {
			if seen[r] {
				return nil, errors.New("rest: " + name + ": the role " + r.String() + " is named twice")
			}
			seen[r] = true
		}
		b["roles"] = e.Roles
	}
	if e.TimeoutUntil != nil {
		until := *e.TimeoutUntil
		switch {
		case until.IsZero():
			b["communication_disabled_until"] = nil
		case !until.After(now):
			return nil, errors.New("rest: " + name + ": a timeout until " + until.Format(time.RFC3339) + ", which is past; the zero time ends a timeout")
		case until.Sub(now) > maxTimeout:
			return nil, errors.New("rest: " + name + ": a timeout until " + until.Format(time.RFC3339) + ", more than 28 days ahead")
		default:
			b["communication_disabled_until"] = until.UTC().Format(time.RFC3339Nano)
		}
	}
	if len(b) == 0 {
		return nil, errors.New("rest: " + name + ": the edit changes nothing")
	}
	return b, nil
}

// ModifyMember changes the member user of the guild as e says, and
// returns the member as the service then holds it. An edit the service
// would refuse (a nickname over 32 characters, a role twice, a timeout
// past or more than 28 days ahead by the Client's clock) is an error, and
// is not sent.
func (c *Client) ModifyMember(ctx context.Context, guild, user interaction.Snowflake, e MemberEdit, reason string) (*interaction.Member, error) {
	return c.modifyMember(ctx, "ModifyMember", guild, user, e, reason)
}

func (c *Client) modifyMember(ctx context.Context, name string, guild, user interaction.Snowflake, e MemberEdit, reason string) (*interaction.Member, error) {
	b, err := e.body(name, c.now())
	if err != nil {
		return nil, err
	}
	k, err := memberCall(name, http.MethodPatch, guild, user, "", "", reason)
	if err != nil {
		return nil, err
	}
	if k, err = withJSON(k, b); err != nil {
		return nil, err
	}
	out := new(interaction.Member)
	if _, err := c.do(ctx, k, out); err != nil {
		return nil, err
	}
	return out, nil
}

// Timeout times the member user of the guild out until then: they keep
// only reading the guild's channels. until is at most 28 days ahead of
// the Client's clock; the zero time ends a timeout. Members who are
// administrators, and the guild's owner, are not timed out
// (ErrMissingPermissions). The service measures the 28 days from when it
// reads the request, so a timeout of exactly 28 days may reach it a
// moment too long: leave a margin.
func (c *Client) Timeout(ctx context.Context, guild, user interaction.Snowflake, until time.Time, reason string) error {
	_, err := c.modifyMember(ctx, "Timeout", guild, user, MemberEdit{TimeoutUntil: &until}, reason)
	return err
}

// KickMember removes user from the guild; they may join again. The bot
// kicks only members whose highest role is below its own.
func (c *Client) KickMember(ctx context.Context, guild, user interaction.Snowflake, reason string) error {
	k, err := memberCall("KickMember", http.MethodDelete, guild, user, "", "", reason)
	if err != nil {
		return err
	}
	_, err = c.do(ctx, k, nil)
	return err
}

// maxBanDelete is the longest span of messages a ban deletes.
const maxBanDelete = 7 * 24 * time.Hour

// banCall returns a call on the ban of user in guild.
func banCall(name, method string, guild, user interaction.Snowflake, reason string) (*call, error) {
	if user == 0 {
		return nil, errors.New("rest: " + name + ": no user id")
	}
	return guildCall(name, method, guild, "/bans/{user}", "/bans/"+user.String(), reason)
}

// BanMember bans user from the guild, a member or not, and deletes the
// messages they sent in the last deleteMessages (whole seconds, at most 7
// days; 0 deletes none). The bot bans only members whose highest role is
// below its own.
func (c *Client) BanMember(ctx context.Context, guild, user interaction.Snowflake, deleteMessages time.Duration, reason string) error {
	const name = "BanMember"
	if deleteMessages < 0 || deleteMessages > maxBanDelete {
		return errors.New("rest: " + name + ": deleting " + deleteMessages.String() + " of messages is outside 0-168h (7 days)")
	}
	k, err := banCall(name, http.MethodPut, guild, user, reason)
	if err != nil {
		return err
	}
	if k, err = withJSON(k, struct {
		Seconds int64 `json:"delete_message_seconds"`
	}{int64(deleteMessages / time.Second)}); err != nil {
		return err
	}
	_, err = c.do(ctx, k, nil)
	return err
}

// UnbanMember lifts the ban of user from the guild; a user who is not
// banned answers ErrUnknownBan.
func (c *Client) UnbanMember(ctx context.Context, guild, user interaction.Snowflake, reason string) error {
	k, err := banCall("UnbanMember", http.MethodDelete, guild, user, reason)
	if err != nil {
		return err
	}
	// The OpenAPI description asks for a body, an empty object, which
	// the service takes as it takes none.
	k.body, k.contentType = []byte("{}"), "application/json"
	_, err = c.do(ctx, k, nil)
	return err
}

// Ban is a user's ban from a guild.
type Ban struct {
	User interaction.User `json:"user"`
	// Reason is the reason given, empty when none was (the service
	// writes null).
	Reason string `json:"reason"`
}

// GetBan returns the ban of user from the guild; a user who is not
// banned answers ErrUnknownBan.
func (c *Client) GetBan(ctx context.Context, guild, user interaction.Snowflake) (*Ban, error) {
	k, err := banCall("GetBan", http.MethodGet, guild, user, "")
	if err != nil {
		return nil, err
	}
	out := new(Ban)
	if _, err := c.do(ctx, k, out); err != nil {
		return nil, err
	}
	return out, nil
}

// maxBanPage is the most bans one List Bans call returns.
const maxBanPage = 1000

// BanQuery is what ListBans asks for. Its zero value asks for the first
// 1000 bans.
type BanQuery struct {
	// Before and After ask for the bans of the users whose ids come
	// before or after it; with both, Before decides.
	Before, After interaction.Snowflake
	// Limit is how many to return, 1 to 1000; 0 means the service's
	// default, 1000.
	Limit int
}

// ListBans returns the guild's bans as q asks, in the order of the
// users' ids.
func (c *Client) ListBans(ctx context.Context, guild interaction.Snowflake, q BanQuery) ([]Ban, error) {
	const name = "ListBans"
	if q.Limit < 0 || q.Limit > maxBanPage {
		return nil, errors.New("rest: " + name + ": a limit of " + strconv.Itoa(q.Limit) + " is outside 1-1000")
	}
	k, err := guildCall(name, http.MethodGet, guild, "/bans", "/bans", "")
	if err != nil {
		return nil, err
	}
	k.query = url.Values{}
	if q.Before != 0 {
		k.query.Set("before", q.Before.String())
	}
	if q.After != 0 {
		k.query.Set("after", q.After.String())
	}
	if q.Limit > 0 {
		k.query.Set("limit", strconv.Itoa(q.Limit))
	}
	var out []Ban
	if _, err := c.do(ctx, k, &out); err != nil {
		return nil, err
	}
	return out, nil
}
