package emulator

import (
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// The interaction as the service sends it. These are the emulator's own
// shapes rather than package interaction's, because the service writes
// fields a decoder may omit: nulls for a member's unset nick, avatar and
// premium_since, the entitlements list even when empty, app_permissions always, users
// with every field of wireUser.

type wireInteraction struct {
	ID             interaction.Snowflake   `json:"id"`
	ApplicationID  interaction.Snowflake   `json:"application_id"`
	Type           interaction.Type        `json:"type"`
	Token          string                  `json:"token"`
	Version        int                     `json:"version"`
	GuildID        interaction.Snowflake   `json:"guild_id,omitzero"`
	Guild          *wireGuild              `json:"guild,omitempty"`
	ChannelID      interaction.Snowflake   `json:"channel_id"`
	Channel        wireChannel             `json:"channel"`
	Member         *wireMember             `json:"member,omitempty"`
	User           *wireUser               `json:"user,omitempty"`
	AppPermissions interaction.Permissions `json:"app_permissions"`
	Locale         interaction.Locale      `json:"locale"`
	GuildLocale    interaction.Locale      `json:"guild_locale,omitempty"`
	// Entitlements is always a list: the entitlements in force of the
	// user, and of the guild.
	Entitlements                 []wireEntitlement             `json:"entitlements"`
	Context                      interaction.ContextType       `json:"context"`
	AuthorizingIntegrationOwners interaction.IntegrationOwners `json:"authorizing_integration_owners"`
	AttachmentSizeLimit          int64                         `json:"attachment_size_limit"`
	// Data is a wireData for a command, a wireComponentData for a
	// component, a wireModalData for a modal.
	Data any `json:"data"`
	// Message is the message whose component was used, or whose
	// component opened the modal submitted, as messageJSON shows it.
	Message map[string]any `json:"message,omitempty"`
}

type wireData struct {
	ID       interaction.Snowflake   `json:"id"`
	Name     string                  `json:"name"`
	Type     interaction.CommandType `json:"type"`
	GuildID  interaction.Snowflake   `json:"guild_id,omitzero"`
	TargetID interaction.Snowflake   `json:"target_id,omitzero"`
	Version  interaction.Snowflake   `json:"version,omitzero"`
	Options  []wireOption            `json:"options,omitempty"`
	Resolved *wireResolved           `json:"resolved,omitempty"`
}

type wireOption struct {
	Name    string                 `json:"name"`
	Type    interaction.OptionType `json:"type"`
	Value   interaction.Value      `json:"value,omitzero"`
	Options []wireOption           `json:"options,omitempty"`
	Focused bool                   `json:"focused,omitzero"`
}

type wireResolved struct {
	Users       map[interaction.Snowflake]wireUser               `json:"users,omitempty"`
	Members     map[interaction.Snowflake]wireMember             `json:"members,omitempty"`
	Roles       map[interaction.Snowflake]wireRole               `json:"roles,omitempty"`
	Channels    map[interaction.Snowflake]wireChannel            `json:"channels,omitempty"`
	Messages    map[interaction.Snowflake]any                    `json:"messages,omitempty"`
	Attachments map[interaction.Snowflake]interaction.Attachment `json:"attachments,omitempty"`
}

func (r *wireResolved) empty() bool {
	return len(r.Users)+len(r.Members)+len(r.Roles)+len(r.Channels)+len(r.Messages)+len(r.Attachments) == 0
}

// wireMember is a guild member. In resolved data the user is left out (it
// is among the resolved users), as the service does.
type wireMember struct {
	User                       *wireUser               `json:"user,omitempty"`
	Nick                       *string                 `json:"nick"`
	Avatar                     *string                 `json:"avatar"`
	Banner                     *string                 `json:"banner"`
	Roles                      []interaction.Snowflake `json:"roles"`
	JoinedAt                   time.Time               `json:"joined_at"`
	PremiumSince               *time.Time              `json:"premium_since"`
	Pending                    bool                    `json:"pending"`
	IsPending                  bool                    `json:"is_pending"`
	Mute                       bool                    `json:"mute"`
	Deaf                       bool                    `json:"deaf"`
	Permissions                interaction.Permissions `json:"permissions"`
	Flags                      uint64                  `json:"flags"`
	CommunicationDisabledUntil *time.Time              `json:"communication_disabled_until"`
}

// wireChannel is the partial channel of an interaction and of resolved
// data, with the invoker's permissions in it and, the bot being in the
// guild, the bot's. The direct messages of a user with the bot name the
// user among their recipients.
type wireChannel struct {
	ID      interaction.Snowflake   `json:"id"`
	Type    interaction.ChannelType `json:"type"`
	GuildID interaction.Snowflake   `json:"guild_id,omitzero"`
	Name    string                  `json:"name,omitempty"`
	// Position is a guild channel's place in its list, which the
	// service's guild channels always carry; a DM has none.
	Position       *int                        `json:"position,omitempty"`
	Recipients     []wireUser                  `json:"recipients,omitempty"`
	ParentID       interaction.Snowflake       `json:"parent_id,omitzero"`
	Flags          uint64                      `json:"flags"`
	Permissions    interaction.Permissions     `json:"permissions,omitzero"`
	AppPermissions interaction.Permissions     `json:"app_permissions,omitzero"`
	ThreadMetadata *interaction.ThreadMetadata `json:"thread_metadata,omitempty"`
}

type wireMessage struct {
	ID              interaction.Snowflake    `json:"id"`
	ChannelID       interaction.Snowflake    `json:"channel_id"`
	GuildID         interaction.Snowflake    `json:"guild_id,omitzero"`
	Author          wireUser                 `json:"author"`
	Content         string                   `json:"content"`
	Timestamp       time.Time                `json:"timestamp"`
	EditedTimestamp *time.Time               `json:"edited_timestamp"`
	TTS             bool                     `json:"tts"`
	MentionEveryone bool                     `json:"mention_everyone"`
	Mentions        []wireUser               `json:"mentions"`
	MentionRoles    []interaction.Snowflake  `json:"mention_roles"`
	Attachments     []interaction.Attachment `json:"attachments"`
	Embeds          []interaction.Embed      `json:"embeds"`
	Pinned          bool                     `json:"pinned"`
	Type            int                      `json:"type"`
	Flags           interaction.MessageFlags `json:"flags"`
	Components      interaction.Components   `json:"components"`
	ApplicationID   interaction.Snowflake    `json:"application_id,omitzero"`
	WebhookID       interaction.Snowflake    `json:"webhook_id,omitzero"`
}

// memberJSON returns the wire form of m, with perms as its permissions,
// and null for each of its nick, avatar, banner, premium_since and
// communication_disabled_until it has not, as the service writes them;
// withUser keeps the user, which resolved members leave out.
func memberJSON(m *interaction.Member, perms interaction.Permissions, withUser bool) wireMember {
	w := wireMember{Nick: orNull(m.Nick), Avatar: orNull(m.Avatar), Banner: orNull(m.Banner), Roles: orEmpty(m.Roles), JoinedAt: m.JoinedAt,
		Pending: m.Pending, IsPending: m.Pending, Mute: m.Mute, Deaf: m.Deaf, Permissions: perms, Flags: m.Flags}
	if withUser {
		u := userJSON(&m.User)
		w.User = &u
	}
	if !m.PremiumSince.IsZero() {
		t := m.PremiumSince
		w.PremiumSince = &t
	}
	if !m.CommunicationDisabledUntil.IsZero() {
		t := m.CommunicationDisabledUntil
		w.CommunicationDisabledUntil = &t
	}
	return w
}

// channelJSON returns the wire form of c, with a position only in a
// guild, where channels have one.
func channelJSON(c *interaction.Channel) wireChannel {
	w := wireChannel{ID: c.ID, Type: c.Type, GuildID: c.GuildID, Name: c.Name, ParentID: c.ParentID,
		Flags: c.Flags, ThreadMetadata: c.ThreadMetadata}
	if c.GuildID != 0 {
		w.Position = &c.Position
	}
	return w
}

// wireRole is a role as the service writes it (the description's
// GuildRoleResponse): its colors, icon, unicode_emoji and flags always,
// null when unset.
type wireRole struct {
	ID           interaction.Snowflake   `json:"id"`
	Name         string                  `json:"name"`
	Color        int                     `json:"color"`
	Colors       interaction.RoleColors  `json:"colors"`
	Hoist        bool                    `json:"hoist"`
	Icon         *string                 `json:"icon"`
	UnicodeEmoji *string                 `json:"unicode_emoji"`
	Position     int                     `json:"position"`
	Permissions  interaction.Permissions `json:"permissions"`
	Managed      bool                    `json:"managed"`
	Mentionable  bool                    `json:"mentionable"`
	Flags        uint64                  `json:"flags"`
}

// roleJSON returns the wire form of r: without colors of its own, its
// color is the primary one.
func roleJSON(r *interaction.Role) wireRole {
	w := wireRole{ID: r.ID, Name: r.Name, Color: r.Color, Colors: interaction.RoleColors{PrimaryColor: r.Color},
		Hoist: r.Hoist, Icon: orNull(r.Icon), UnicodeEmoji: orNull(r.UnicodeEmoji), Position: r.Position,
		Permissions: r.Permissions, Managed: r.Managed, Mentionable: r.Mentionable, Flags: r.Flags}
	if r.Colors != nil {
		w.Colors = *r.Colors
	}
	return w
}
