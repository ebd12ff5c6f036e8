package emulator

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
)

// currentUser is GET /users/@me.
//
// A bot token reads the bot user. A bearer token needs the identify scope;
// without it the real service answers 401 as for no credentials. A user's
// token reads that user. A client credentials token reads the application's
// owner: the real service documents that grant as returning a token for
// the bot's owner (for an application owned by a team, the team's user,
// which the emulator does not model).
func (s *Server) currentUser(r *request) (int, any, *apiError) {
	st := s.st
	var id interaction.Snowflake
	switch {
	case r.caller.bot:
		id = st.app.botUser
	case !r.caller.has("identify"):
		return 0, nil, errUnauthorized()
	case r.caller.token.kind == tokenClient:
		id = st.app.owner
	default:
		id = r.caller.token.user
	}
	u := st.users[id]
	if u == nil {
		// A code minted for a user the emulator does not know.
		return 0, nil, errUnauthorized()
	}
	return http.StatusOK, currentUserJSON(u), nil
}

// wireUser is a user object as the service writes it, in interactions
// (a member's user, the user of a DM, resolved users), in messages (the
// author, the user of their interaction metadata), in applications (the
// bot), on the gateway and in webhook events. The fields its public user
// object always has are always present: avatar and global_name are null
// when unset, and so are the profile decorations (avatar_decoration_data,
// collectibles, primary_guild) of a user who has none. Clients read them
// without looking first, which package interaction's User, a decoder's
// view that leaves empty fields out, cannot promise.
type wireUser struct {
	ID                   interaction.Snowflake         `json:"id"`
	Username             string                        `json:"username"`
	Discriminator        string                        `json:"discriminator"`
	GlobalName           *string                       `json:"global_name"`
	Avatar               *string                       `json:"avatar"`
	AvatarDecorationData *interaction.AvatarDecoration `json:"avatar_decoration_data"`
	// Collectibles are null for a user without a nameplate, the only
	// collectible the service describes (D293).
	Collectibles *interaction.Collectibles `json:"collectibles"`
	PrimaryGuild *wirePrimaryGuild         `json:"primary_guild"`
	PublicFlags  uint64                    `json:"public_flags"`
	// Flags are the account's flags, which the service's user object
	// always carries (the description's UserResponse requires them): the
	// public ones when the user has no others.
	Flags uint64 `json:"flags"`
	// Bot and System are sent only when true, as the service does.
	Bot    bool `json:"bot,omitzero"`
	System bool `json:"system,omitzero"`
}

// wirePrimaryGuild is a user's primary guild as the service writes it:
// every field present, null when unset, as when the service cleared the
// identity.
type wirePrimaryGuild struct {
	IdentityGuildID *interaction.Snowflake `json:"identity_guild_id"`
	IdentityEnabled *bool                  `json:"identity_enabled"`
	Tag             *string                `json:"tag"`
	Badge           *string                `json:"badge"`
}

// userJSON returns the wire form of u.
func userJSON(u *interaction.User) wireUser {
	w := wireUser{ID: u.ID, Username: u.Username, Discriminator: u.Discriminator, PublicFlags: u.PublicFlags, Flags: u.Flags | u.PublicFlags,
		Bot: u.Bot, System: u.System, AvatarDecorationData: u.AvatarDecoration}
	if w.Discriminator == "" {
		w.Discriminator = "0"
	}
	w.GlobalName, w.Avatar = orNull(u.GlobalName), orNull(u.Avatar)
	if c := u.Collectibles; c != nil && c.Nameplate != nil {
		w.Collectibles = c
	}
	if p := u.PrimaryGuild; p != nil {
		w.PrimaryGuild = &wirePrimaryGuild{IdentityGuildID: orNull(p.IdentityGuildID), IdentityEnabled: p.IdentityEnabled,
			Tag: orNull(p.Tag), Badge: orNull(p.Badge)}
	}
	return w
}

// wireProfileUser is a user object read through the API, by id or as the
// current user: the public user object and the user's profile banner and
// its color, null when unset.
type wireProfileUser struct {
	wireUser
	Banner      *string `json:"banner"`
	AccentColor *int    `json:"accent_color"`
}

func profileUserJSON(u *interaction.User) wireProfileUser {
	return wireProfileUser{wireUser: userJSON(u), Banner: orNull(u.Banner), AccentColor: u.AccentColor}
}

// wireCurrentUser is the user object of /users/@me: a user with the fields
// its owner, and only its owner, reads. premium_type is always present and
// 0: the real service only says otherwise with the identify.premium scope,
// which only approved partners may ask for (the specification's
// Authentication rule 7).
type wireCurrentUser struct {
	wireProfileUser
	PremiumType int                `json:"premium_type"`
	MFAEnabled  bool               `json:"mfa_enabled"`
	Locale      interaction.Locale `json:"locale"`
}

func currentUserJSON(u *interaction.User) wireCurrentUser {
	return wireCurrentUser{wireProfileUser: profileUserJSON(u), Locale: interaction.LocaleEnglishUS}
}

// getUser is GET /users/{user}: any user the emulator knows, to a bot
// token, as the service's Get User answers one; 404 Unknown User for
// another id (D294).
func (s *Server) getUser(r *request) (int, any, *apiError) {
	if e := botOnly(r); e != nil {
		return 0, nil, e
	}
	id, err := interaction.ParseSnowflake(r.PathValue("user"))
	u := s.st.users[id]
	if err != nil || u == nil {
		return 0, nil, errNotFound(codeUnknownUser, "Unknown User")
	}
	return http.StatusOK, profileUserJSON(u), nil
}

// Profiles of the seeded users: ada shows the seeded guild's server tag,
// bob has an avatar decoration, a nameplate and a profile banner. The
// SKUs are of the service's shop, not of the application, and the hashes
// name no image the emulator serves.
const (
	seededTag             = "EMU"
	seededTagBadge        = "3c5d0f1e9a8b7c6d5e4f3a2b1c0d9e8f"
	seededDecorationSKU   = interaction.Snowflake(1248046212711235584)
	seededDecorationAsset = "a_5f2e8c1d0b9a7e6f4c3d2b1a0e9f8d7c"
	seededNameplateSKU    = interaction.Snowflake(1349849614353678336)
	seededNameplateAsset  = "nameplates/nameplates/forest_walk/"
	seededBanner          = "b7e4c1a9d2f06e3b8c5a1d7f4e2b9c60"
	seededMemberAccent    = 0x2e8b57
	seededModeratorAccent = 0x5865f2
)

// seedProfiles gives the seeded moderator and member their profiles;
// guild is the seeded guild, whose tag the moderator shows.
func seedProfiles(moderator, member *interaction.User, guild interaction.Snowflake) {
	enabled, modColor, memberColor := true, seededModeratorAccent, seededMemberAccent
	moderator.AccentColor = &modColor
	moderator.PrimaryGuild = &interaction.PrimaryGuild{IdentityGuildID: guild, IdentityEnabled: &enabled, Tag: seededTag, Badge: seededTagBadge}
	member.Banner, member.AccentColor = seededBanner, &memberColor
	member.AvatarDecoration = &interaction.AvatarDecoration{Asset: seededDecorationAsset, SKUID: seededDecorationSKU}
	member.Collectibles = &interaction.Collectibles{Nameplate: &interaction.Nameplate{
		SKUID: seededNameplateSKU, Asset: seededNameplateAsset, Palette: interaction.PaletteForest}}
}

// palettes are the nameplate palettes the service documents.
var palettes = []interaction.Palette{interaction.PaletteCrimson, interaction.PaletteBerry, interaction.PaletteSky,
	interaction.PaletteTeal, interaction.PaletteForest, interaction.PaletteBubbleGum, interaction.PaletteViolet,
	interaction.PaletteCobalt, interaction.PaletteClover, interaction.PaletteLemon, interaction.PaletteWhite}

// checkProfile refuses a seeded user's profile the service would not
// send: a decoration or nameplate without its asset or SKU, a palette it
// does not document, a server tag over 4 characters or without its guild.
func checkProfile(u *interaction.User) error {
	if d := u.AvatarDecoration; d != nil && (d.Asset == "" || d.SKUID == 0) {
		return errors.New("avatar_decoration_data needs its asset and sku_id")
	}
	if c := u.Collectibles; c != nil && c.Nameplate != nil {
		n := c.Nameplate
		if n.Asset == "" || n.SKUID == 0 {
			return errors.New("collectibles.nameplate needs its asset and sku_id")
		}
		if !slices.Contains(palettes, n.Palette) {
			return fmt.Errorf("collectibles.nameplate: palette %q is none of the documented ones", n.Palette)
		}
	}
	if p := u.PrimaryGuild; p != nil {
		if utf8.RuneCountInString(p.Tag) > maxTagLen {
			return fmt.Errorf("primary_guild: tag %q is over %d characters", p.Tag, maxTagLen)
		}
		if p.Tag != "" && p.IdentityGuildID == 0 {
			return errors.New("primary_guild: a tag needs its identity_guild_id")
		}
	}
	if u.AccentColor != nil && (*u.AccentColor < 0 || *u.AccentColor > 0xffffff) {
		return fmt.Errorf("accent_color %d is not a color 0xRRGGBB", *u.AccentColor)
	}
	return nil
}

// maxTagLen is the longest server tag, in characters.
const maxTagLen = 4
