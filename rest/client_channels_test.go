package rest_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/rules"
)

// Answers in the shapes of the description's responses.
const (
	userAnn     = `{"id":"7","username":"ann","avatar":null,"discriminator":"0","public_flags":0,"flags":0,"global_name":null,"primary_guild":null}`
	userBot     = `{"id":"9","username":"bot","avatar":null,"discriminator":"0","public_flags":0,"flags":0,"global_name":null,"primary_guild":null,"bot":true}`
	messageJSON = `{"id":"400","channel_id":"200","author":` + userBot + `,"content":"hi",` +
		`"timestamp":"2026-12-01T10:00:00+00:00","edited_timestamp":null,"tts":false,"mention_everyone":false,` +
		`"mentions":[],"mention_roles":[],"attachments":[],"embeds":[],"components":[],"pinned":false,"type":0,"flags":0,` +
		`"reactions":[{"emoji":{"id":null,"name":"👍"},"count":2,"count_details":{"burst":0,"normal":2},"burst_colors":[],"me":true,"me_burst":false}]}`
	channelJSON = `{"id":"200","type":0,"guild_id":"100","name":"general","position":0,"flags":0,` +
		`"permission_overwrites":[{"id":"100","type":0,"allow":"0","deny":"2048"}]}`
	dmJSON     = `{"id":"300","type":1,"flags":0,"last_message_id":null,"recipients":[` + userAnn + `]}`
	threadJSON = `{"id":"400","type":11,"guild_id":"100","parent_id":"200","name":"talk","owner_id":"9","flags":0,` +
		`"thread_metadata":{"archived":false,"archive_timestamp":null,"auto_archive_duration":1440,"locked":false},` +
		`"message_count":0,"member_count":1,"total_message_sent":0}`
	memberJSON = `{"user":` + userAnn + `,"nick":null,"avatar":null,"banner":null,"roles":["500"],` +
		`"joined_at":"2026-01-01T00:00:00+00:00","premium_since":null,"pending":false,"mute":false,"deaf":false,` +
		`"flags":0,"communication_disabled_until":null}`
	guildJSON = `{"id":"100","name":"Guild","icon":null,"description":null,"home_header":null,"splash":null,` +
		`"discovery_splash":null,"features":[],"banner":null,"owner_id":"1","application_id":null,"region":"deprecated",` +
		`"afk_channel_id":null,"afk_timeout":300,"system_channel_id":null,"system_channel_flags":0,"widget_enabled":false,` +
		`"widget_channel_id":null,"verification_level":0,"default_message_notifications":0,"mfa_level":0,` +
		`"explicit_content_filter":0,"max_presences":null,"max_members":500000,"max_stage_video_channel_users":50,` +
		`"max_video_channel_users":25,"vanity_url_code":null,"premium_tier":0,"premium_subscription_count":0,` +
		`"preferred_locale":"en-US","rules_channel_id":null,"safety_alerts_channel_id":null,"public_updates_channel_id":null,` +
		`"premium_progress_bar_enabled":false,"nsfw":false,"nsfw_level":0,"emojis":[],"stickers":[],"incidents_data":null,` +
		`"roles":[{"id":"100","name":"@everyone","permissions":"1024","position":0,"color":0,` +
		`"colors":{"primary_color":0,"secondary_color":null,"tertiary_color":null},"hoist":false,"managed":false,` +
		`"mentionable":false,"icon":null,"unicode_emoji":null,"flags":0}],` +
		`"approximate_member_count":42,"approximate_presence_count":7}`
	banJSON = `{"user":` + userAnn + `,"reason":null}`
)

// The ids the calls use, and a time a message id can be made of.
const (
	guildID   interaction.Snowflake = 100
	channelID interaction.Snowflake = 200
	messageID interaction.Snowflake = 400
	userID    interaction.Snowflake = 7
	roleID    interaction.Snowflake = 500
)

// idAt returns a snowflake made at t.
func idAt(t time.Time) interaction.Snowflake {
	const epoch = 1420070400000
	return interaction.Snowflake(uint64(t.UnixMilli()-epoch) << 22)
}

func TestChannelCallsRequests(t *testing.T) {
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	fresh1, fresh2 := idAt(now.Add(-time.Hour)), idAt(now.Add(-13*24*time.Hour))
	yes := false
	tests := []struct {
		name string
		do   func(ctx context.Context, c *rest.Client) error
		// method and path as sent; spec the description's path, for
		// the body's schema.
		method, path, spec, query string
		reason                    string
		status                    int
		reply                     string
		// body, when set, is a part the body holds.
		body string
	}{
		{
			name: "CreateMessage reply",
			do: func(ctx context.Context, c *rest.Client) error {
				m, err := c.CreateMessage(ctx, channelID, interaction.MessageData{
					Content: "hi", AllowedMentions: interaction.NoMentions(),
					Reference: &interaction.MessageReference{MessageID: 399, FailIfNotExists: &yes},
				})
				if err == nil && m.ID != messageID {
					t.Errorf("message id %v", m.ID)
				}
				return err
			},
			method: "POST", path: "/v10/channels/200/messages", spec: "/channels/{channel_id}/messages",
			status: 200, reply: messageJSON,
			body: `"message_reference":{"message_id":"399","fail_if_not_exists":false}`,
		},
		{
			name: "CreateMessage forward",
			do: func(ctx context.Context, c *rest.Client) error {
				_, err := c.CreateMessage(ctx, channelID, interaction.MessageData{
					Reference: &interaction.MessageReference{Type: interaction.ReferenceForward, MessageID: 399, ChannelID: 201},
				})
				return err
			},
			method: "POST", path: "/v10/channels/200/messages", spec: "/channels/{channel_id}/messages",
			status: 200, reply: messageJSON,
			body: `"enforce_nonce":true,"message_reference":{"type":1,"message_id":"399","channel_id":"201"}}`,
		},
		{
			name: "CreateMessage with a file",
			do: func(ctx context.Context, c *rest.Client) error {
				m := interaction.MessageData{Content: "report"}.WithFile("r.txt", "text/plain", strings.NewReader("data"))
				_, err := c.CreateMessage(ctx, channelID, m)
				return err
			},
			method: "POST", path: "/v10/channels/200/messages", spec: "/channels/{channel_id}/messages",
			status: 200, reply: messageJSON, body: `name="files[0]"; filename="r.txt"`,
		},
		{
			name: "GetMessage",
			do: func(ctx context.Context, c *rest.Client) error {
				m, err := c.GetMessage(ctx, channelID, messageID)
				if err == nil && (len(m.Reactions) != 1 || m.Reactions[0].Emoji.Name != "👍" || m.Reactions[0].Count != 2 || !m.Reactions[0].Me) {
					t.Errorf("reactions %+v", m.Reactions)
				}
				return err
			},
			method: "GET", path: "/v10/channels/200/messages/400", spec: "/channels/{channel_id}/messages/{message_id}",
			status: 200, reply: messageJSON,
		},
		{
			name: "ListMessages",
			do: func(ctx context.Context, c *rest.Client) error {
				_, err := c.ListMessages(ctx, channelID, rest.MessageQuery{Before: 399, Limit: 10})
				return err
			},
			method: "GET", path: "/v10/channels/200/messages", spec: "/channels/{channel_id}/messages", query: "before=399&limit=10",
			status: 200, reply: "[" + messageJSON + "]",
		},
		{
			name: "EditMessage",
			do: func(ctx context.Context, c *rest.Client) error {
				_, err := c.EditMessage(ctx, channelID, messageID, interaction.MessageData{Content: "changed"})
				return err
			},
			method: "PATCH", path: "/v10/channels/200/messages/400", spec: "/channels/{channel_id}/messages/{message_id}",
			status: 200, reply: messageJSON, body: `{"content":"changed"}`,
		},
		{
			name: "DeleteMessage",
			do: func(ctx context.Context, c *rest.Client) error {
				return c.DeleteMessage(ctx, channelID, messageID, "spam #1 + more")
			},
			method: "DELETE", path: "/v10/channels/200/messages/400", spec: "/channels/{channel_id}/messages/{message_id}",
			reason: "spam%20%231%20%2B%20more", status: 204,
		},
		{
			name: "BulkDeleteMessages",
			do: func(ctx context.Context, c *rest.Client) error {
				return c.BulkDeleteMessages(ctx, channelID, []interaction.Snowflake{fresh1, fresh2}, "raid")
			},
			method: "POST", path: "/v10/channels/200/messages/bulk-delete", spec: "/channels/{channel_id}/messages/bulk-delete",
			reason: "raid", status: 204, body: `{"messages":["` + fresh1.String() + `","` + fresh2.String() + `"]}`,
		},
		{
			name:   "PinMessage",
			do:     func(ctx context.Context, c *rest.Client) error { return c.PinMessage(ctx, channelID, messageID, "") },
			method: "PUT", path: "/v10/channels/200/messages/pins/400", spec: "/channels/{channel_id}/messages/pins/{message_id}",
			status: 204,
		},
		{
			name: "UnpinMessage",
			do: func(ctx context.Context, c *rest.Client) error {
				return c.UnpinMessage(ctx, channelID, messageID, "old")
			},
			method: "DELETE", path: "/v10/channels/200/messages/pins/400", spec: "/channels/{channel_id}/messages/pins/{message_id}",
			reason: "old", status: 204,
		},
		{
			name: "ListPins",
			do: func(ctx context.Context, c *rest.Client) error {
				pins, more, err := c.ListPins(ctx, channelID, rest.PinQuery{Before: now, Limit: 5})
				if err == nil && (len(pins) != 1 || !more || pins[0].Message.ID != messageID) {
					t.Errorf("pins %+v, more %v", pins, more)
				}
				return err
			},
			method: "GET", path: "/v10/channels/200/messages/pins", spec: "/channels/{channel_id}/messages/pins",
			query: "before=2026-12-07T12%3A00%3A00Z&limit=5", status: 200,
			reply: `{"items":[{"pinned_at":"2026-12-01T10:00:00+00:00","message":` + messageJSON + `}],"has_more":true}`,
		},
		{
			name: "CreateDM",
			do: func(ctx context.Context, c *rest.Client) error {
				ch, err := c.CreateDM(ctx, userID)
				if err == nil && (ch.ID != 300 || len(ch.Recipients) != 1) {
					t.Errorf("channel %+v", ch)
				}
				return err
			},
			method: "POST", path: "/v10/users/@me/channels", spec: "/users/@me/channels",
			status: 200, reply: dmJSON, body: `{"recipient_id":"7"}`,
		},
		{
			name: "AddReaction unicode",
			do: func(ctx context.Context, c *rest.Client) error {
				return c.AddReaction(ctx, channelID, messageID, "👍")
			},
			method: "PUT", path: "/v10/channels/200/messages/400/reactions/%F0%9F%91%8D/@me",
			spec: "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me", status: 204,
		},
		{
			name: "AddReaction custom",
			do: func(ctx context.Context, c *rest.Client) error {
				return c.AddReaction(ctx, channelID, messageID, "<a:party:123>")
			},
			method: "PUT", path: "/v10/channels/200/messages/400/reactions/party:123/@me",
			spec: "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me", status: 204,
		},
		{
			name: "RemoveOwnReaction",
			do: func(ctx context.Context, c *rest.Client) error {
				return c.RemoveOwnReaction(ctx, channelID, messageID, "party:123")
			},
			method: "DELETE", path: "/v10/channels/200/messages/400/reactions/party:123/@me",
			spec: "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me", status: 204,
		},
		{
			name: "RemoveUserReaction",
			do: func(ctx context.Context, c *rest.Client) error {
				return c.RemoveUserReaction(ctx, channelID, messageID, "✅", userID)
			},
			method: "DELETE", path: "/v10/channels/200/messages/400/reactions/%E2%9C%85/7",
			spec: "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/{user_id}", status: 204,
		},
		{
			name: "ListReactions",
			do: func(ctx context.Context, c *rest.Client) error {
				_, err := c.ListReactions(ctx, channelID, messageID, "✅", rest.ReactionQuery{After: 5, Limit: 50, Type: rest.ReactionBurst})
				return err
			},
			method: "GET", path: "/v10/channels/200/messages/400/reactions/%E2%9C%85",
			spec: "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}", query: "after=5&limit=50&type=1",
			status: 200, reply: `[{"id":"7","username":"ann"}]`,
		},
		{
			name: "RemoveAllReactions",
			do: func(ctx context.Context, c *rest.Client) error {
				return c.RemoveAllReactions(ctx, channelID, messageID, "")
			},
			method: "DELETE", path: "/v10/channels/200/messages/400/reactions",
			spec: "/channels/{channel_id}/messages/{message_id}/reactions", status: 204,
		},
		{
			name: "StartThreadFromMessage",
			do: func(ctx context.Context, c *rest.Client) error {
				_, err := c.StartThreadFromMessage(ctx, channelID, messageID, rest.ThreadStart{Name: "talk", AutoArchive: 1440}, "")
				return err
			},
			method: "POST", path: "/v10/channels/200/messages/400/threads", spec: "/channels/{channel_id}/messages/{message_id}/threads",
			status: 201, reply: threadJSON, body: `{"name":"talk","auto_archive_duration":1440}`,
		},
		{
			name: "StartThread private",
			do: func(ctx context.Context, c *rest.Client) error {
				_, err := c.StartThread(ctx, channelID, rest.ThreadStart{Name: "talk", Type: interaction.ChannelPrivateThread, Invitable: true}, "case 12")
				return err
			},
			method: "POST", path: "/v10/channels/200/threads", spec: "/channels/{channel_id}/threads",
			reason: "case%2012", status: 201, reply: threadJSON, body: `{"name":"talk","type":12,"invitable":true}`,
		},
		{
			name: "StartThread forum post",
			do: func(ctx context.Context, c *rest.Client) error {
				_, err := c.StartThread(ctx, channelID, rest.ThreadStart{Name: "post", AppliedTags: []interaction.Snowflake{9},
					Message: &interaction.MessageData{Content: "first"}}, "")
				return err
			},
			method: "POST", path: "/v10/channels/200/threads", spec: "/channels/{channel_id}/threads",
			status: 201, reply: threadJSON, body: `{"name":"post","applied_tags":["9"],"message":{"content":"first"}}`,
		},
		{
			name: "StartThread forum post with a file",
			do: func(ctx context.Context, c *rest.Client) error {
				m := interaction.MessageData{Content: "see"}.WithFile("a.png", "image/png", strings.NewReader("png"))
				_, err := c.StartThread(ctx, channelID, rest.ThreadStart{Name: "post", Message: &m}, "")
				return err
			},
			method: "POST", path: "/v10/channels/200/threads", spec: "/channels/{channel_id}/threads",
			status: 201, reply: threadJSON,
			body: `{"name":"post","message":{"content":"see","attachments":[{"id":"0","filename":"a.png"}]}}`,
		},
		{
			name: "GetGuild",
			do: func(ctx context.Context, c *rest.Client) error {
				g, err := c.GetGuild(ctx, guildID, true)
				if err == nil && (g.ApproximateMemberCount != 42 || len(g.Roles) != 1) {
					t.Errorf("guild %+v", g)
				}
				return err
			},
			method: "GET", path: "/v10/guilds/100", spec: "/guilds/{guild_id}", query: "with_counts=true",
			status: 200, reply: guildJSON,
		},
		{
			name: "GetChannel",
			do: func(ctx context.Context, c *rest.Client) error {
				ch, err := c.GetChannel(ctx, channelID)
				if err == nil && (len(ch.PermissionOverwrites) != 1 || ch.PermissionOverwrites[0].Deny != interaction.PermissionSendMessages) {
					t.Errorf("channel %+v", ch)
				}
				return err
			},
			method: "GET", path: "/v10/channels/200", spec: "/channels/{channel_id}", status: 200, reply: channelJSON,
		},
		{
			name: "ListGuildChannels",
			do: func(ctx context.Context, c *rest.Client) error {
				_, err := c.ListGuildChannels(ctx, guildID)
				return err
			},
			method: "GET", path: "/v10/guilds/100/channels", spec: "/guilds/{guild_id}/channels", status: 200, reply: "[" + channelJSON + "]",
		},
		{
			name: "GetMember",
			do: func(ctx context.Context, c *rest.Client) error {
				_, err := c.GetMember(ctx, guildID, userID)
				return err
			},
			method: "GET", path: "/v10/guilds/100/members/7", spec: "/guilds/{guild_id}/members/{user_id}", status: 200, reply: memberJSON,
		},
		{
			name: "ListMembers",
			do: func(ctx context.Context, c *rest.Client) error {
				_, err := c.ListMembers(ctx, guildID, rest.MemberQuery{After: 6, Limit: 2})
				return err
			},
			method: "GET", path: "/v10/guilds/100/members", spec: "/guilds/{guild_id}/members", query: "after=6&limit=2",
			status: 200, reply: "[" + memberJSON + "]",
		},
		{
			name:   "ListRoles",
			do:     func(ctx context.Context, c *rest.Client) error { _, err := c.ListRoles(ctx, guildID); return err },
			method: "GET", path: "/v10/guilds/100/roles", spec: "/guilds/{guild_id}/roles", status: 200, reply: "[]",
		},
		{
			name: "AddMemberRole",
			do: func(ctx context.Context, c *rest.Client) error {
				return c.AddMemberRole(ctx, guildID, userID, roleID, "verified")
			},
			method: "PUT", path: "/v10/guilds/100/members/7/roles/500", spec: "/guilds/{guild_id}/members/{user_id}/roles/{role_id}",
			reason: "verified", status: 204,
		},
		{
			name: "RemoveMemberRole",
			do: func(ctx context.Context, c *rest.Client) error {
				return c.RemoveMemberRole(ctx, guildID, userID, roleID, "")
			},
			method: "DELETE", path: "/v10/guilds/100/members/7/roles/500", spec: "/guilds/{guild_id}/members/{user_id}/roles/{role_id}",
			status: 204,
		},
		{
			name: "ModifyMember",
			do: func(ctx context.Context, c *rest.Client) error {
				nick := "Ann"
				_, err := c.ModifyMember(ctx, guildID, userID, rest.MemberEdit{Nick: &nick, Roles: []interaction.Snowflake{}}, "")
				return err
			},
			method: "PATCH", path: "/v10/guilds/100/members/7", spec: "/guilds/{guild_id}/members/{user_id}",
			status: 200, reply: memberJSON, body: `{"nick":"Ann","roles":[]}`,
		},
		{
			name: "Timeout",
			do: func(ctx context.Context, c *rest.Client) error {
				return c.Timeout(ctx, guildID, userID, now.Add(28*24*time.Hour), "cool down")
			},
			method: "PATCH", path: "/v10/guilds/100/members/7", spec: "/guilds/{guild_id}/members/{user_id}",
			reason: "cool%20down", status: 200, reply: memberJSON, body: `{"communication_disabled_until":"2027-01-04T12:00:00Z"}`,
		},
		{
			name: "Timeout cleared",
			do: func(ctx context.Context, c *rest.Client) error {
				return c.Timeout(ctx, guildID, userID, time.Time{}, "")
			},
			method: "PATCH", path: "/v10/guilds/100/members/7", spec: "/guilds/{guild_id}/members/{user_id}",
			status: 200, reply: memberJSON, body: `{"communication_disabled_until":null}`,
		},
		{
			name:   "KickMember",
			do:     func(ctx context.Context, c *rest.Client) error { return c.KickMember(ctx, guildID, userID, "é") },
			method: "DELETE", path: "/v10/guilds/100/members/7", spec: "/guilds/{guild_id}/members/{user_id}",
			reason: "%C3%A9", status: 204,
		},
		{
			name: "BanMember",
			do: func(ctx context.Context, c *rest.Client) error {
				return c.BanMember(ctx, guildID, userID, 24*time.Hour, "raid")
			},
			method: "PUT", path: "/v10/guilds/100/bans/7", spec: "/guilds/{guild_id}/bans/{user_id}",
			reason: "raid", status: 204, body: `{"delete_message_seconds":86400}`,
		},
		{
			name:   "UnbanMember",
			do:     func(ctx context.Context, c *rest.Client) error { return c.UnbanMember(ctx, guildID, userID, "") },
			method: "DELETE", path: "/v10/guilds/100/bans/7", spec: "/guilds/{guild_id}/bans/{user_id}", status: 204,
		},
		{
			name: "GetBan",
			do: func(ctx context.Context, c *rest.Client) error {
				b, err := c.GetBan(ctx, guildID, userID)
				if err == nil && (b.User.ID != userID || b.Reason != "") {
					t.Errorf("ban %+v", b)
				}
				return err
			},
			method: "GET", path: "/v10/guilds/100/bans/7", spec: "/guilds/{guild_id}/bans/{user_id}", status: 200, reply: banJSON,
		},
		{
			name: "ListBans",
			do: func(ctx context.Context, c *rest.Client) error {
				_, err := c.ListBans(ctx, guildID, rest.BanQuery{After: 3, Limit: 10})
				return err
			},
			method: "GET", path: "/v10/guilds/100/bans", spec: "/guilds/{guild_id}/bans", query: "after=3&limit=10",
			status: 200, reply: "[" + banJSON + "]",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := newRecorder(t, func(*http.Request) (int, string) { return tt.status, tt.reply })
			c, err := rest.NewClient(rec.URL+"/v10", rest.BotToken("tok"), rest.WithClock(func() time.Time { return now }))
			if err != nil {
				t.Fatal(err)
			}
			if err := tt.do(t.Context(), c); err != nil {
				t.Fatal(err)
			}
			got := rec.requests()
			if len(got) != 1 {
				t.Fatalf("%d requests, want 1", len(got))
			}
			r := got[0]
			if r.method != tt.method || r.path != tt.path || r.query != tt.query {
				t.Errorf("sent %s %s?%s, want %s %s?%s", r.method, r.path, r.query, tt.method, tt.path, tt.query)
			}
			if a := r.header.Get("Authorization"); a != "Bot tok" {
				t.Errorf("Authorization %q", a)
			}
			if h := r.header.Get("X-Audit-Log-Reason"); h != tt.reason {
				t.Errorf("X-Audit-Log-Reason %q, want %q", h, tt.reason)
			}
			if tt.body != "" && !strings.Contains(string(r.body), tt.body) {
				t.Errorf("body %s, want it to hold %s", r.body, tt.body)
			}
			checkRequestBody(t, tt.method, tt.spec, r.header.Get("Content-Type"), r.body)
		})
	}
}

// Calls the service would refuse are refused before anything is sent.
func TestChannelCallsRefusedLocally(t *testing.T) {
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	fresh, old := idAt(now.Add(-time.Hour)), idAt(now.Add(-15*24*time.Hour))
	tests := []struct {
		name string
		do   func(ctx context.Context, c *rest.Client) error
		want string
		// violation, when set, is the code of a rules.Violation the
		// error holds.
		violation string
	}{
		{"message too long", func(ctx context.Context, c *rest.Client) error {
			_, err := c.CreateMessage(ctx, channelID, interaction.MessageData{Content: strings.Repeat("a", 2001)})
			return err
		}, "CreateMessage", rules.BaseTypeMaxLength},
		{"empty message", func(ctx context.Context, c *rest.Client) error {
			_, err := c.CreateMessage(ctx, channelID, interaction.MessageData{})
			return err
		}, "CreateMessage", rules.MessageEmpty},
		{"ephemeral", func(ctx context.Context, c *rest.Client) error {
			_, err := c.CreateMessage(ctx, channelID, interaction.MessageData{Content: "psst", Flags: interaction.FlagEphemeral})
			return err
		}, "not ephemeral", ""},
		{"forward without channel", func(ctx context.Context, c *rest.Client) error {
			_, err := c.CreateMessage(ctx, channelID, interaction.MessageData{Reference: &interaction.MessageReference{Type: interaction.ReferenceForward, MessageID: 1}})
			return err
		}, "names the channel", ""},
		{"no channel", func(ctx context.Context, c *rest.Client) error {
			_, err := c.CreateMessage(ctx, 0, interaction.MessageData{Content: "hi"})
			return err
		}, "no channel id", ""},
		{"list with two anchors", func(ctx context.Context, c *rest.Client) error {
			_, err := c.ListMessages(ctx, channelID, rest.MessageQuery{Before: 1, After: 2})
			return err
		}, "exclude each other", ""},
		{"list limit", func(ctx context.Context, c *rest.Client) error {
			_, err := c.ListMessages(ctx, channelID, rest.MessageQuery{Limit: 101})
			return err
		}, "outside 1-100", ""},
		{"bulk delete one", func(ctx context.Context, c *rest.Client) error {
			return c.BulkDeleteMessages(ctx, channelID, []interaction.Snowflake{fresh}, "")
		}, "2 to 100", ""},
		{"bulk delete 101", func(ctx context.Context, c *rest.Client) error {
			ids := make([]interaction.Snowflake, 101)
			for i := range ids {
				ids[i] = fresh + interaction.Snowflake(i)
			}
			return c.BulkDeleteMessages(ctx, channelID, ids, "")
		}, "2 to 100", ""},
		{"bulk delete twice", func(ctx context.Context, c *rest.Client) error {
			return c.BulkDeleteMessages(ctx, channelID, []interaction.Snowflake{fresh, fresh}, "")
		}, "named twice", ""},
		{"bulk delete old", func(ctx context.Context, c *rest.Client) error {
			return c.BulkDeleteMessages(ctx, channelID, []interaction.Snowflake{fresh, old}, "")
		}, "older than 14 days", ""},
		{"reason too long", func(ctx context.Context, c *rest.Client) error {
			return c.KickMember(ctx, guildID, userID, strings.Repeat("é", 513))
		}, "513 characters", ""},
		{"ban deletes too much", func(ctx context.Context, c *rest.Client) error {
			return c.BanMember(ctx, guildID, userID, 7*24*time.Hour+time.Second, "")
		}, "outside 0-168h", ""},
		{"timeout too long", func(ctx context.Context, c *rest.Client) error {
			return c.Timeout(ctx, guildID, userID, now.Add(28*24*time.Hour+time.Second), "")
		}, "more than 28 days", ""},
		{"timeout past", func(ctx context.Context, c *rest.Client) error {
			return c.Timeout(ctx, guildID, userID, now.Add(-time.Second), "")
		}, "past", ""},
		{"nick too long", func(ctx context.Context, c *rest.Client) error {
			nick := strings.Repeat("n", 33)
			_, err := c.ModifyMember(ctx, guildID, userID, rest.MemberEdit{Nick: &nick}, "")
			return err
		}, "more than 32", ""},
		{"empty member edit", func(ctx context.Context, c *rest.Client) error {
			_, err := c.ModifyMember(ctx, guildID, userID, rest.MemberEdit{}, "")
			return err
		}, "changes nothing", ""},
		{"bad emoji", func(ctx context.Context, c *rest.Client) error {
			return c.AddReaction(ctx, channelID, messageID, "party:x1")
		}, "neither unicode nor name:id", ""},
		{"no emoji", func(ctx context.Context, c *rest.Client) error {
			return c.AddReaction(ctx, channelID, messageID, " ")
		}, "no emoji", ""},
		{"thread name", func(ctx context.Context, c *rest.Client) error {
			_, err := c.StartThread(ctx, channelID, rest.ThreadStart{}, "")
			return err
		}, "outside 1-100", ""},
		{"thread archive", func(ctx context.Context, c *rest.Client) error {
			_, err := c.StartThreadFromMessage(ctx, channelID, messageID, rest.ThreadStart{Name: "a", AutoArchive: 30}, "")
			return err
		}, "60, 1440, 4320 or 10080", ""},
		{"thread from message with type", func(ctx context.Context, c *rest.Client) error {
			_, err := c.StartThreadFromMessage(ctx, channelID, messageID, rest.ThreadStart{Name: "a", Type: interaction.ChannelPrivateThread}, "")
			return err
		}, "takes only", ""},
		{"list members limit", func(ctx context.Context, c *rest.Client) error {
			_, err := c.ListMembers(ctx, guildID, rest.MemberQuery{Limit: 1001})
			return err
		}, "outside 1-1000", ""},
		{"pins limit", func(ctx context.Context, c *rest.Client) error {
			_, _, err := c.ListPins(ctx, channelID, rest.PinQuery{Limit: 51})
			return err
		}, "outside 1-50", ""},
	}
	rec := newRecorder(t, func(*http.Request) (int, string) { return 500, "{}" })
	c, err := rest.NewClient(rec.URL+"/v10", rest.BotToken("tok"), rest.WithClock(func() time.Time { return now }))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.do(t.Context(), c)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one saying %q", err, tt.want)
			}
			if tt.violation != "" {
				var v rules.Violation
				if !errors.As(err, &v) || v.Code != tt.violation {
					t.Errorf("error %v holds no violation %s", err, tt.violation)
				}
			}
		})
	}
	if got := rec.requests(); len(got) != 0 {
		t.Errorf("%d requests sent", len(got))
	}
}
