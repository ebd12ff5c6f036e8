package rest

import (
	"context"
	"errors"
	"iter"
	"net/http"
	"net/url"
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
)

// Guild is a guild as Get Guild returns it. The service's object has more
// fields; these are those a bot most often reads.
type Guild struct {
	ID          interaction.Snowflake `json:"id"`
	Name        string                `json:"name"`
	Icon        string                `json:"icon,omitempty"`
	Description string                `json:"description,omitempty"`
	OwnerID     interaction.Snowflake `json:"owner_id"`
	// Roles are the guild's roles, @everyone among them (its id is the
	// guild's).
	Roles    []interaction.Role `json:"roles"`
	Features []string           `json:"features"`
	// PreferredLocale is the language of the guild's community.
	PreferredLocale interaction.Locale `json:"preferred_locale,omitempty"`
	// ApproximateMemberCount and ApproximatePresenceCount are set when
	// GetGuild is asked for counts.
	ApproximateMemberCount   int `json:"approximate_member_count,omitzero"`
	ApproximatePresenceCount int `json:"approximate_presence_count,omitzero"`
}

// GetGuild returns the guild; withCounts adds its approximate numbers of
// members and of members online. A guild the bot is not in answers
// ErrUnknownGuild.
func (c *Client) GetGuild(ctx context.Context, guild interaction.Snowflake, withCounts bool) (*Guild, error) {
	k, err := guildCall("GetGuild", http.MethodGet, guild, "", "", "")
	if err != nil {
		return nil, err
	}
	if withCounts {
		k.query = url.Values{"with_counts": {"true"}}
	}
	out := new(Guild)
	if _, err := c.do(ctx, k, out); err != nil {
		return nil, err
	}
	return out, nil
}

// ListGuildChannels returns the guild's channels, with their permission
// overwrites; threads are not among them.
func (c *Client) ListGuildChannels(ctx context.Context, guild interaction.Snowflake) ([]interaction.Channel, error) {
	k, err := guildCall("ListGuildChannels", http.MethodGet, guild, "/channels", "/channels", "")
	if err != nil {
		return nil, err
	}
	var out []interaction.Channel
	if _, err := c.do(ctx, k, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// ListRoles returns the guild's roles.
func (c *Client) ListRoles(ctx context.Context, guild interaction.Snowflake) ([]interaction.Role, error) {
	k, err := guildCall("ListRoles", http.MethodGet, guild, "/roles", "/roles", "")
	if err != nil {
		return nil, err
	}
	var out []interaction.Role
	if _, err := c.do(ctx, k, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// memberCall returns a call on the member user of guild, or on a path
// under it (suffix, its route routeSuffix).
func memberCall(name, method string, guild, user interaction.Snowflake, routeSuffix, suffix, reason string) (*call, error) {
	if user == 0 {
		return nil, errors.New("rest: " + name + ": no user id")
	}
	return guildCall(name, method, guild, "/members/{user}"+routeSuffix, "/members/"+user.String()+suffix, reason)
}

// GetMember returns user's membership of the guild; a user who is not a
// member answers ErrUnknownMember.
func (c *Client) GetMember(ctx context.Context, guild, user interaction.Snowflake) (*interaction.Member, error) {
	k, err := memberCall("GetMember", http.MethodGet, guild, user, "", "", "")
	if err != nil {
		return nil, err
	}
	out := new(interaction.Member)
	if _, err := c.do(ctx, k, out); err != nil {
		return nil, err
	}
	return out, nil
}

// maxMemberPage is the most members one List Guild Members call returns.
const maxMemberPage = 1000

// MemberQuery is what ListMembers asks for.
type MemberQuery struct {
	// After asks for the members whose user ids follow it: the greatest
	// id of the page before.
	After interaction.Snowflake
	// Limit is how many to return, 1 to 1000; 0 means the service's
	// default, 1.
	Limit int
}

// ListMembers returns a page of the guild's members, in the order of
// their user ids, as q asks. It needs the application's privileged
// members intent; without it the service answers ErrMissingAccess.
func (c *Client) ListMembers(ctx context.Context, guild interaction.Snowflake, q MemberQuery) ([]interaction.Member, error) {
	const name = "ListMembers"
	if q.Limit < 0 || q.Limit > maxMemberPage {
		return nil, errors.New("rest: " + name + ": a limit of " + strconv.Itoa(q.Limit) + " is outside 1-1000")
	}
	k, err := guildCall(name, http.MethodGet, guild, "/members", "/members", "")
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
	var out []interaction.Member
	if _, err := c.do(ctx, k, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// Members returns every member of the guild, in the order of their user
// ids, fetching them 1000 at a time as the loop asks for them. A failure
// ends the sequence with the error.
func (c *Client) Members(ctx context.Context, guild interaction.Snowflake) iter.Seq2[interaction.Member, error] {
	return func(yield func(interaction.Member, error) bool) {
		var after interaction.Snowflake
		for {
			page, err := c.ListMembers(ctx, guild, MemberQuery{After: after, Limit: maxMemberPage})
			if err != nil {
				yield(interaction.Member{}, err)
				return
			}
			last := after
			for _, m := range page {
				if !yield(m, nil) {
					return
				}
				after = max(after, m.User.ID)
			}
			// A short page is the last; so is one that does not move
			// on, which would otherwise be asked for again and again.
			if len(page) < maxMemberPage || after == last {
				return
			}
		}
	}
}
