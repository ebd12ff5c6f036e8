package interaction

import "time"

// User is a user account. Fields the specification leaves unshown follow the
// service's public user object; unknown fields are ignored.
type User struct {
	ID            Snowflake `json:"id"`
	Username      string    `json:"username"`
	Discriminator string    `json:"discriminator,omitempty"`
	GlobalName    string    `json:"global_name,omitempty"`
	Avatar        string    `json:"avatar,omitempty"`
	Bot           bool      `json:"bot,omitzero"`
	System        bool      `json:"system,omitzero"`
	PublicFlags   uint64    `json:"public_flags,omitzero"`
	// Flags are the flags on the account, of which PublicFlags are those
	// every user sees; the service writes them in every user object.
	Flags uint64 `json:"flags,omitzero"`
	// PremiumType is 0 unless the identify.premium scope was granted.
	PremiumType int `json:"premium_type,omitzero"`
	// Banner is the user's profile banner hash, empty when unset. The
	// service sends it when a user is read through the API (the current
	// user, a user by id), not in interactions.
	Banner string `json:"banner,omitempty"`
	// AccentColor is the user's banner color as 0xRRGGBB, nil when unset
	// or not sent: 0 is black. It is sent where Banner is.
	AccentColor *int `json:"accent_color,omitempty"`
	// AvatarDecoration is the decoration around the user's avatar, nil
	// when the user has none.
	AvatarDecoration *AvatarDecoration `json:"avatar_decoration_data,omitempty"`
	// Collectibles are the user's collectibles besides the avatar
	// decoration, nil when the user has none.
	Collectibles *Collectibles `json:"collectibles,omitempty"`
	// PrimaryGuild is the guild whose server tag the user chose to
	// show beside their name, nil when the user chose none.
	PrimaryGuild *PrimaryGuild `json:"primary_guild,omitempty"`
}

// DisplayName returns the user's global name, or the username when none is set.
func (u User) DisplayName() string {
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}

// Member is a user's membership of a guild. In resolved data the service
// leaves User out (it is in the resolved users under the same id) and adds
// Permissions.
type Member struct {
	User   User   `json:"user,omitzero"`
	Nick   string `json:"nick,omitempty"`
	Avatar string `json:"avatar,omitempty"`
	// Banner is the member's guild banner hash, empty when unset.
	Banner       string      `json:"banner,omitempty"`
	Roles        []Snowflake `json:"roles"`
	JoinedAt     time.Time   `json:"joined_at,omitzero"`
	PremiumSince time.Time   `json:"premium_since,omitzero"`
	Pending      bool        `json:"pending,omitzero"`
	// IsPending is the older spelling of Pending that some payloads carry.
	IsPending bool `json:"is_pending,omitzero"`
	Mute      bool `json:"mute"`
	Deaf      bool `json:"deaf"`
	// Permissions are the member's permissions in the channel of the
	// interaction, overwrites included.
	Permissions                Permissions `json:"permissions"`
	Flags                      uint64      `json:"flags,omitzero"`
	CommunicationDisabledUntil time.Time   `json:"communication_disabled_until,omitzero"`
}

// DisplayName returns the member's nickname, else the user's display name.
func (m Member) DisplayName() string {
	if m.Nick != "" {
		return m.Nick
	}
	return m.User.DisplayName()
}

// HasRole reports whether the member has the role.
func (m Member) HasRole(id Snowflake) bool {
	for _, r := range m.Roles {
		if r == id {
			return true
		}
	}
	return false
}

// Channel is the partial channel the service sends with an interaction and in
// resolved data.
type Channel struct {
	ID               Snowflake   `json:"id"`
	Type             ChannelType `json:"type"`
	GuildID          Snowflake   `json:"guild_id,omitzero"`
	Name             string      `json:"name,omitempty"`
	Topic            string      `json:"topic,omitempty"`
	NSFW             bool        `json:"nsfw,omitzero"`
	ParentID         Snowflake   `json:"parent_id,omitzero"`
	Position         int         `json:"position,omitzero"`
	LastMessageID    Snowflake   `json:"last_message_id,omitzero"`
	RateLimitPerUser int         `json:"rate_limit_per_user,omitzero"`
	Flags            uint64      `json:"flags,omitzero"`
	// Permissions are the invoking user's permissions in the channel
	// (resolved channels only).
	Permissions Permissions `json:"permissions,omitzero"`
	// AppPermissions are the bot's permissions in the channel when the bot
	// user is in the guild (resolved channels only).
	AppPermissions Permissions     `json:"app_permissions,omitzero"`
	ThreadMetadata *ThreadMetadata `json:"thread_metadata,omitempty"`
	// PermissionOverwrites are the channel's changes to the permissions
	// of roles and members, as a guild channel read through the API
	// carries them.
	PermissionOverwrites []Overwrite `json:"permission_overwrites,omitempty"`
	// OwnerID is the user who started a thread.
	OwnerID Snowflake `json:"owner_id,omitzero"`
	// Recipients are the users of a DM channel besides the bot.
	Recipients []User `json:"recipients,omitempty"`
}

// OverwriteType says whom an Overwrite is for.
type OverwriteType int

// The kinds of permission overwrites.
const (
	OverwriteRole   OverwriteType = 0
	OverwriteMember OverwriteType = 1
)

// Overwrite changes a channel's permissions for a role or a member: the
// permissions in Deny are taken away, then those in Allow are given.
type Overwrite struct {
	// ID is the role's or the member's; the @everyone role's is the
	// guild's.
	ID    Snowflake     `json:"id"`
	Type  OverwriteType `json:"type"`
	Allow Permissions   `json:"allow"`
	Deny  Permissions   `json:"deny"`
}

// ThreadMetadata describes a thread channel.
type ThreadMetadata struct {
	Archived            bool      `json:"archived"`
	AutoArchiveDuration int       `json:"auto_archive_duration"`
	ArchiveTimestamp    time.Time `json:"archive_timestamp,omitzero"`
	Locked              bool      `json:"locked"`
	Invitable           bool      `json:"invitable,omitzero"`
}

// Role is a guild role.
type Role struct {
	ID           Snowflake   `json:"id"`
	Name         string      `json:"name"`
	Color        int         `json:"color"`
	Hoist        bool        `json:"hoist"`
	Icon         string      `json:"icon,omitempty"`
	UnicodeEmoji string      `json:"unicode_emoji,omitempty"`
	Position     int         `json:"position"`
	Permissions  Permissions `json:"permissions"`
	Managed      bool        `json:"managed"`
	Mentionable  bool        `json:"mentionable"`
	Flags        uint64      `json:"flags,omitzero"`
	// Colors are the role's colors; Color is their primary one, which
	// the service still writes on its own.
	Colors *RoleColors `json:"colors,omitempty"`
}

// RoleColors are the colors of a role: a primary one, and for a gradient
// a secondary one, and for a holographic style a tertiary one (nil when
// the role has none).
type RoleColors struct {
	PrimaryColor   int  `json:"primary_color"`
	SecondaryColor *int `json:"secondary_color"`
	TertiaryColor  *int `json:"tertiary_color"`
}

// Mention returns the text that mentions the role in a message.
func (r Role) Mention() string { return "<@&" + r.ID.String() + ">" }

// Attachment is a file a user attached to an ATTACHMENT option, or that a
// message carries. The specification leaves its fields unshown; these are
// the service's public ones.
type Attachment struct {
	ID           Snowflake `json:"id"`
	Filename     string    `json:"filename"`
	Title        string    `json:"title,omitempty"`
	Description  string    `json:"description,omitempty"`
	ContentType  string    `json:"content_type,omitempty"`
	Size         int64     `json:"size"`
	URL          string    `json:"url"`
	ProxyURL     string    `json:"proxy_url"`
	Height       int       `json:"height,omitzero"`
	Width        int       `json:"width,omitzero"`
	Ephemeral    bool      `json:"ephemeral,omitzero"`
	DurationSecs float64   `json:"duration_secs,omitzero"`
	Waveform     string    `json:"waveform,omitempty"`
	Flags        uint64    `json:"flags,omitzero"`
}

// Message is the part of a message that message commands most often read.
// Everything else the service sent stays available through
// Resolved.RawMessage.
type Message struct {
	ID              Snowflake    `json:"id"`
	ChannelID       Snowflake    `json:"channel_id"`
	GuildID         Snowflake    `json:"guild_id,omitzero"`
	Author          User         `json:"author"`
	Content         string       `json:"content"`
	Timestamp       time.Time    `json:"timestamp"`
	EditedTimestamp time.Time    `json:"edited_timestamp,omitzero"`
	TTS             bool         `json:"tts"`
	MentionEveryone bool         `json:"mention_everyone"`
	Mentions        []User       `json:"mentions"`
	MentionRoles    []Snowflake  `json:"mention_roles"`
	Attachments     []Attachment `json:"attachments"`
	Embeds          []Embed      `json:"embeds"`
	// Components are the message's components as the service sent them;
	// package component reads them into its types.
	Components    Components   `json:"components,omitempty"`
	Pinned        bool         `json:"pinned"`
	Type          int          `json:"type"`
	Flags         MessageFlags `json:"flags,omitzero"`
	WebhookID     Snowflake    `json:"webhook_id,omitzero"`
	ApplicationID Snowflake    `json:"application_id,omitzero"`
	// InteractionMetadata says which interaction made the message, when
	// one did: the answers and follow-ups of an interaction carry it.
	InteractionMetadata *MessageInteractionMetadata `json:"interaction_metadata,omitempty"`
	// Poll is the message's poll, if it has one.
	Poll *Poll `json:"poll,omitempty"`
	// Reference names the message this one replies to or forwards.
	Reference *MessageReference `json:"message_reference,omitempty"`
	// Reactions are the message's reactions, one per emoji.
	Reactions []Reaction `json:"reactions,omitempty"`
}

// Reaction is the reactions of a message with one emoji.
type Reaction struct {
	// Count is how many reacted, with normal and super reactions.
	Count        int                  `json:"count"`
	CountDetails ReactionCountDetails `json:"count_details"`
	// Me and MeBurst say whether the bot reacted so, with a normal
	// and with a super reaction.
	Me      bool `json:"me"`
	MeBurst bool `json:"me_burst"`
	// Emoji is the emoji, in the shape a poll's emoji has: a unicode
	// emoji's Name, or a custom emoji's ID and Name.
	Emoji PollEmoji `json:"emoji"`
}

// ReactionCountDetails splits a reaction's count by its kind.
type ReactionCountDetails struct {
	Burst  int `json:"burst"`
	Normal int `json:"normal"`
}

// Entitlement grants a user or guild access to a premium offering.
type Entitlement struct {
	ID            Snowflake `json:"id"`
	SKUID         Snowflake `json:"sku_id"`
	ApplicationID Snowflake `json:"application_id"`
	UserID        Snowflake `json:"user_id,omitzero"`
	GuildID       Snowflake `json:"guild_id,omitzero"`
	Type          int       `json:"type"`
	Deleted       bool      `json:"deleted"`
	Consumed      bool      `json:"consumed,omitzero"`
	StartsAt      time.Time `json:"starts_at,omitzero"`
	EndsAt        time.Time `json:"ends_at,omitzero"`
}
