package emulator

import (
	"cmp"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// guildRoutes registers the bot's routes of guilds: the guild, its
// channels, roles, members and bans.
func (s *Server) guildRoutes(mux *http.ServeMux) {
	const (
		guild   = "/guilds/{guild}"
		members = guild + "/members"
		member  = members + "/{user}"
		bans    = guild + "/bans"
	)
	s.route(mux, "GET "+guild, "guild", false, s.getGuild)
	s.route(mux, "GET "+guild+"/channels", "guild channels", false, s.listGuildChannels)
	s.route(mux, "GET "+guild+"/roles", "guild roles", false, s.listGuildRoles)
	s.route(mux, "GET /channels/{channel}", "channel", false, s.getChannel)
	s.route(mux, "GET "+members, "guild members", false, s.listGuildMembers)
	s.route(mux, "GET "+member, "guild member", false, s.getGuildMember)
	s.route(mux, "PATCH "+member, "guild member", false, s.updateGuildMember)
	s.route(mux, "DELETE "+member, "guild member", false, s.kickGuildMember)
	s.route(mux, "PUT "+member+"/roles/{role}", "guild member role", false, s.addGuildMemberRole)
	s.route(mux, "DELETE "+member+"/roles/{role}", "guild member role", false, s.removeGuildMemberRole)
	s.route(mux, "GET "+bans, "guild bans", false, s.listGuildBans)
	s.route(mux, "GET "+bans+"/{user}", "guild ban", false, s.getGuildBan)
	s.route(mux, "PUT "+bans+"/{user}", "guild ban", false, s.banGuildMember)
	s.route(mux, "DELETE "+bans+"/{user}", "guild ban", false, s.unbanGuildMember)
}

// botGuild returns the guild the request's path names, for the bot: 404
// Unknown Guild for a guild the emulator does not have or the bot is not a
// member of, as the service hides whether such a guild exists. Another
// caller than the bot reaches no guild: 403 Missing Access (D5).
func (s *Server) botGuild(r *request) (*guild, *apiError) {
	if !r.caller.bot {
		return nil, errForbidden(codeMissingAccess, "Missing Access")
	}
	id, err := interaction.ParseSnowflake(r.PathValue("guild"))
	g := s.st.guilds[id]
	if err != nil || g == nil || g.members[s.st.app.botUser] == nil {
		return nil, errNotFound(codeUnknownGuild, "Unknown Guild")
	}
	return g, nil
}

// pathMember returns the member the path's {user} names, or 404 Unknown
// Member for any id that names none, whether or not it names a user: the
// member routes look in the guild only (D258).
func (s *Server) pathMember(r *request, g *guild) (*interaction.Member, *apiError) {
	id, _ := interaction.ParseSnowflake(r.PathValue("user"))
	m := g.members[id]
	if m == nil {
		return nil, errNotFound(codeUnknownMember, "Unknown Member")
	}
	return m, nil
}

// botNeeds refuses, 403 Missing Permissions, a request of the bot without
// every bit of need among its permissions in g.
func (s *Server) botNeeds(g *guild, need interaction.Permissions) *apiError {
	if !basePermissions(g, s.st.app.botUser).Has(need) {
		return errForbidden(codeMissingPermissions, "Missing Permissions")
	}
	return nil
}

// wireGuildObject is a guild as Get Guild gives it (the description's
// GuildWithCountsResponse): the emulator's guilds have no icons, no
// stickers and none of the settings their other fields hold, which are
// those of a new guild; their emojis are those New or the seed gives.
type wireGuildObject struct {
	ID                          interaction.Snowflake  `json:"id"`
	Name                        string                 `json:"name"`
	Icon                        *string                `json:"icon"`
	Description                 *string                `json:"description"`
	HomeHeader                  *string                `json:"home_header"`
	Splash                      *string                `json:"splash"`
	DiscoverySplash             *string                `json:"discovery_splash"`
	Features                    []string               `json:"features"`
	Banner                      *string                `json:"banner"`
	OwnerID                     interaction.Snowflake  `json:"owner_id"`
	ApplicationID               *interaction.Snowflake `json:"application_id"`
	Region                      string                 `json:"region"`
	AFKChannelID                *interaction.Snowflake `json:"afk_channel_id"`
	AFKTimeout                  int                    `json:"afk_timeout"`
	SystemChannelID             *interaction.Snowflake `json:"system_channel_id"`
	SystemChannelFlags          int                    `json:"system_channel_flags"`
	WidgetEnabled               bool                   `json:"widget_enabled"`
	WidgetChannelID             *interaction.Snowflake `json:"widget_channel_id"`
	VerificationLevel           int                    `json:"verification_level"`
	Roles                       []wireGuildRole        `json:"roles"`
	DefaultMessageNotifications int                    `json:"default_message_notifications"`
	MFALevel                    int                    `json:"mfa_level"`
	ExplicitContentFilter       int                    `json:"explicit_content_filter"`
	MaxPresences                *int                   `json:"max_presences"`
	MaxMembers                  int                    `json:"max_members"`
	MaxStageVideoChannelUsers   int                    `json:"max_stage_video_channel_users"`
	MaxVideoChannelUsers        int                    `json:"max_video_channel_users"`
	VanityURLCode               *string                `json:"vanity_url_code"`
	PremiumTier                 int                    `json:"premium_tier"`
	PremiumSubscriptionCount    int                    `json:"premium_subscription_count"`
	PreferredLocale             interaction.Locale     `json:"preferred_locale"`
	RulesChannelID              *interaction.Snowflake `json:"rules_channel_id"`
	SafetyAlertsChannelID       *interaction.Snowflake `json:"safety_alerts_channel_id"`
	PublicUpdatesChannelID      *interaction.Snowflake `json:"public_updates_channel_id"`
	PremiumProgressBarEnabled   bool                   `json:"premium_progress_bar_enabled"`
	NSFW                        bool                   `json:"nsfw"`
	NSFWLevel                   int                    `json:"nsfw_level"`
	Emojis                      []wireEmoji            `json:"emojis"`
	Stickers                    []struct{}             `json:"stickers"`
	IncidentsData               *struct{}              `json:"incidents_data"`
	ApproximateMemberCount      *int                   `json:"approximate_member_count,omitempty"`
	ApproximatePresenceCount    *int                   `json:"approximate_presence_count,omitempty"`
}

// wireGuildRole is a role of a guild's role list, with the tags that mark
// the bot's managed role as its.
type wireGuildRole struct {
	wireRole
	Tags *wireRoleTags `json:"tags,omitempty"`
}

type wireRoleTags struct {
	BotID interaction.Snowflake `json:"bot_id"`
}

// guildRoles returns g's roles by position, then id, as the service lists
// them.
func (s *Server) guildRoles(g *guild) []wireGuildRole {
	roles := slices.Collect(maps.Values(g.roles))
	slices.SortFunc(roles, func(a, b *interaction.Role) int {
		return cmp.Or(cmp.Compare(a.Position, b.Position), cmp.Compare(a.ID, b.ID))
	})
	out := make([]wireGuildRole, len(roles))
	for i, r := range roles {
		out[i] = wireGuildRole{wireRole: roleJSON(r)}
		if r.ID == g.botRoles[s.st.app.id] && r.Managed {
			out[i].Tags = &wireRoleTags{BotID: s.st.app.botUser}
		}
	}
	return out
}

// getGuild is GET /guilds/{guild}: with_counts adds the approximate
// member count, and as many members present (the emulator knows no
// presence: every member counts as online).
func (s *Server) getGuild(r *request) (int, any, *apiError) {
	g, e := s.botGuild(r)
	if e != nil {
		return 0, nil, e
	}
	w := s.guildObject(g)
	if queryTrue(r.URL.Query().Get("with_counts")) {
		n := len(g.members)
		w.ApproximateMemberCount, w.ApproximatePresenceCount = &n, &n
	}
	return http.StatusOK, w, nil
}

// guildObject returns the guild object of g. The caller holds the
// state's lock.
func (s *Server) guildObject(g *guild) wireGuildObject {
	features := slices.Clone(g.features)
	if features == nil {
		features = []string{}
	}
	return wireGuildObject{ID: g.id, Name: g.name, Features: features, OwnerID: g.owner, AFKTimeout: 300,
		Roles: s.guildRoles(g), MaxMembers: 500000, MaxStageVideoChannelUsers: 50, MaxVideoChannelUsers: 25,
		PreferredLocale: g.locale, Emojis: emojisJSON(g), Stickers: []struct{}{}, Region: "deprecated"}
}

// wireGuildChannel is a guild channel as the channel routes give it (the
// description's GuildChannelResponse), with its permission overwrites.
type wireGuildChannel struct {
	ID                   interaction.Snowflake   `json:"id"`
	Type                 interaction.ChannelType `json:"type"`
	GuildID              interaction.Snowflake   `json:"guild_id"`
	Name                 string                  `json:"name"`
	Position             int                     `json:"position"`
	Flags                uint64                  `json:"flags"`
	ParentID             *interaction.Snowflake  `json:"parent_id"`
	LastMessageID        *interaction.Snowflake  `json:"last_message_id"`
	Topic                *string                 `json:"topic"`
	NSFW                 bool                    `json:"nsfw"`
	RateLimitPerUser     int                     `json:"rate_limit_per_user"`
	PermissionOverwrites []Overwrite             `json:"permission_overwrites"`
	// The fields of a voice or stage channel, which the service always
	// sends for one (clients read them unguarded), and leaves out for
	// others.
	*wireVoice
}

// wireVoice is what a voice or stage channel has besides the rest: the
// bitrate of a new one, no limit of users, and the region chosen
// automatically (null).
type wireVoice struct {
	Bitrate   int     `json:"bitrate"`
	UserLimit int     `json:"user_limit"`
	RTCRegion *string `json:"rtc_region"`
}

// wireThread is a thread as Get Channel gives it (the description's
// ThreadResponse): a thread seeded without an owner is the guild owner's.
type wireThread struct {
	ID               interaction.Snowflake   `json:"id"`
	Type             interaction.ChannelType `json:"type"`
	GuildID          interaction.Snowflake   `json:"guild_id"`
	Name             string                  `json:"name"`
	ParentID         *interaction.Snowflake  `json:"parent_id"`
	OwnerID          interaction.Snowflake   `json:"owner_id"`
	Flags            uint64                  `json:"flags"`
	RateLimitPerUser int                     `json:"rate_limit_per_user,omitzero"` // a thread's only when set
	ThreadMetadata   wireThreadMetadata      `json:"thread_metadata"`
	MessageCount     int                     `json:"message_count"`
	MemberCount      int                     `json:"member_count"`
	TotalMessageSent int                     `json:"total_message_sent"`
	LastMessageID    *interaction.Snowflake  `json:"last_message_id"`
	Member           *wireThreadMember       `json:"member,omitempty"`
}

type wireThreadMetadata struct {
	Archived            bool       `json:"archived"`
	ArchiveTimestamp    *time.Time `json:"archive_timestamp"`
	AutoArchiveDuration int        `json:"auto_archive_duration"`
	Locked              bool       `json:"locked"`
	Invitable           bool       `json:"invitable,omitzero"`
	CreateTimestamp     *time.Time `json:"create_timestamp,omitempty"`
}

// guildChannelJSON returns the wire form of a channel of g. The caller
// holds the state's lock.
func (s *Server) guildChannelJSON(g *guild, c *interaction.Channel) any {
	if c.Type.IsThread() {
		return s.threadJSON(g, c)
	}
	return wireGuildChannel{ID: c.ID, Type: c.Type, GuildID: g.id, Name: c.Name, Position: c.Position, Flags: c.Flags,
		ParentID: orNull(c.ParentID), LastMessageID: orNull(c.LastMessageID), Topic: orNull(c.Topic), NSFW: c.NSFW,
		RateLimitPerUser: c.RateLimitPerUser, PermissionOverwrites: orEmpty(slices.Clone(g.overwrites[c.ID])),
		wireVoice: voiceJSON(c.Type)}
}

// voiceJSON returns the voice fields of a channel of type t, nil for one
// that is not a voice or stage channel.
func voiceJSON(t interaction.ChannelType) *wireVoice {
	if t != interaction.ChannelGuildVoice && t != interaction.ChannelGuildStageVoice {
		return nil
	}
	return &wireVoice{Bitrate: 64000}
}

// listGuildChannels is GET /guilds/{guild}/channels: every channel but
// threads, which the service leaves out, by position then id.
func (s *Server) listGuildChannels(r *request) (int, any, *apiError) {
	g, e := s.botGuild(r)
	if e != nil {
		return 0, nil, e
	}
	chans := slices.Collect(maps.Values(g.channels))
	slices.SortFunc(chans, func(a, b *interaction.Channel) int {
		return cmp.Or(cmp.Compare(a.Position, b.Position), cmp.Compare(a.ID, b.ID))
	})
	out := []any{}
	for _, c := range chans {
		if !c.Type.IsThread() {
			out = append(out, s.guildChannelJSON(g, c))
		}
	}
	return http.StatusOK, out, nil
}

// listGuildRoles is GET /guilds/{guild}/roles.
func (s *Server) listGuildRoles(r *request) (int, any, *apiError) {
	g, e := s.botGuild(r)
	if e != nil {
		return 0, nil, e
	}
	return http.StatusOK, s.guildRoles(g), nil
}

// guildChannel finds a channel of a guild the bot is a member of. The
// caller holds the state's lock.
func (s *Server) guildChannel(id interaction.Snowflake) (*guild, *interaction.Channel) {
	for _, g := range s.st.guilds {
		if c := g.channels[id]; c != nil && g.members[s.st.app.botUser] != nil {
			return g, c
		}
	}
	return nil, nil
}

// getChannel is GET /channels/{channel}. The channel's kind decides the
// answer: a guild channel, or a thread, of a guild the bot is in, which
// it must be able to view (403 Missing Access otherwise); any other id is
// 404 Unknown Channel.
func (s *Server) getChannel(r *request) (int, any, *apiError) {
	if !r.caller.bot {
		return 0, nil, errForbidden(codeMissingAccess, "Missing Access")
	}
	id, err := interaction.ParseSnowflake(r.PathValue("channel"))
	if err != nil {
		return 0, nil, errNotFound(codeUnknownChannel, "Unknown Channel")
	}
	switch g, c := s.guildChannel(id); {
	case c != nil:
		if !channelPermissions(g, s.st.app.botUser, c).Has(interaction.PermissionViewChannel) {
			return 0, nil, errForbidden(codeMissingAccess, "Missing Access")
		}
		if c.Type.IsThread() {
			// A thread is seen through its parent, a private one by
			// its members.
			if _, e := s.permissionsIn(where{g: g, ch: c}, s.st.app.botUser); e != nil {
				return 0, nil, e
			}
		}
		return http.StatusOK, s.guildChannelJSON(g, c), nil
	default:
		// Direct message channels are not the guilds' to answer.
		return 0, nil, errNotFound(codeUnknownChannel, "Unknown Channel")
	}
}

// wireGuildMember is a member as the member routes give it (the
// description's GuildMemberResponse).
type wireGuildMember struct {
	User                       wireUser                `json:"user"`
	Nick                       *string                 `json:"nick"`
	Avatar                     *string                 `json:"avatar"`
	Banner                     *string                 `json:"banner"`
	Roles                      []interaction.Snowflake `json:"roles"`
	JoinedAt                   time.Time               `json:"joined_at"`
	PremiumSince               *time.Time              `json:"premium_since"`
	Pending                    bool                    `json:"pending"`
	Mute                       bool                    `json:"mute"`
	Deaf                       bool                    `json:"deaf"`
	Flags                      uint64                  `json:"flags"`
	CommunicationDisabledUntil *time.Time              `json:"communication_disabled_until"`
}

func guildMemberJSON(m *interaction.Member) wireGuildMember {
	w := wireGuildMember{User: userJSON(&m.User), Nick: orNull(m.Nick), Avatar: orNull(m.Avatar), Banner: orNull(m.Banner),
		Roles: orEmpty(slices.Clone(m.Roles)), JoinedAt: m.JoinedAt, Pending: m.Pending, Mute: m.Mute, Deaf: m.Deaf, Flags: m.Flags}
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

// getGuildMember is GET /guilds/{guild}/members/{user}.
func (s *Server) getGuildMember(r *request) (int, any, *apiError) {
	g, e := s.botGuild(r)
	if e != nil {
		return 0, nil, e
	}
	m, e := s.pathMember(r, g)
	if e != nil {
		return 0, nil, e
	}
	return http.StatusOK, guildMemberJSON(m), nil
}

// maxMembersPage is the most members List Guild Members gives at once.
const maxMembersPage = 1000

// listGuildMembers is GET /guilds/{guild}/members: the members whose user
// id is above after (0 by default), by user id, at most limit of them (1
// by default, 1 to 1000). The emulator's bot has the privileged members
// intent.
func (s *Server) listGuildMembers(r *request) (int, any, *apiError) {
	g, e := s.botGuild(r)
	if e != nil {
		return 0, nil, e
	}
	v := r.URL.Query()
	bad := newInvalidBody()
	limit := intQuery(v, "limit", 1, 1, maxMembersPage, bad)
	after := snowflakeQuery(v, "after", bad)
	if len(bad.errors) > 0 {
		return 0, nil, bad
	}
	out := []wireGuildMember{}
	for _, id := range slices.Sorted(maps.Keys(g.members)) {
		if id > after && len(out) < limit {
			out = append(out, guildMemberJSON(g.members[id]))
		}
	}
	return http.StatusOK, out, nil
}

// intQuery reads an integer query parameter between min and max, def when
// absent, recording a problem in bad.
func intQuery(v url.Values, name string, def, min, max int, bad *apiError) int {
	text := v.Get(name)
	if text == "" {
		return def
	}
	n, err := strconv.Atoi(text)
	switch {
	case err != nil:
		bad.add("/"+name, rules.NumberTypeCoerce, "Value \""+text+"\" is not int.")
	case n < min:
		bad.add("/"+name, rules.NumberTypeMin, "int value should be greater than or equal to "+strconv.Itoa(min)+".")
	case n > max:
		bad.add("/"+name, rules.NumberTypeMax, "int value should be less than or equal to "+strconv.Itoa(max)+".")
	default:
		return n
	}
	return def
}

// snowflakeQuery reads a snowflake query parameter, 0 when absent,
// recording a problem in bad.
func snowflakeQuery(v url.Values, name string, bad *apiError) interaction.Snowflake {
	text := v.Get(name)
	if text == "" {
		return 0
	}
	id, err := interaction.ParseSnowflake(text)
	if err != nil {
		bad.add("/"+name, rules.NumberTypeCoerce, "Value \""+text+"\" is not snowflake.")
	}
	return id
}
