package interaction

// AvatarDecoration is the decoration a user shows around their avatar: an
// item of the service's shop.
type AvatarDecoration struct {
	// Asset is the decoration's image hash.
	Asset string `json:"asset"`
	// SKUID is the SKU of the decoration in the service's shop.
	SKUID Snowflake `json:"sku_id"`
}

// Collectibles are the collectibles a user shows, besides the avatar
// decoration: today a nameplate.
type Collectibles struct {
	// Nameplate is the background of the user's name in the member list,
	// nil when the user has none.
	Nameplate *Nameplate `json:"nameplate,omitempty"`
}

// Nameplate is the background a user shows behind their name in a member
// list.
type Nameplate struct {
	// SKUID is the SKU of the nameplate in the service's shop.
	SKUID Snowflake `json:"sku_id"`
	// Asset is the path of the nameplate's images, such as
	// "nameplates/nameplates/twilight/".
	Asset string `json:"asset"`
	// Label is the nameplate's label, which the service does not use
	// yet: empty.
	Label string `json:"label"`
	// Palette is the nameplate's background color.
	Palette Palette `json:"palette"`
}

// Palette is the name of the background color of a Nameplate. A palette
// the service adds later decodes as it is spelt.
type Palette string

// The palettes of nameplates.
const (
	PaletteCrimson   Palette = "crimson"
	PaletteBerry     Palette = "berry"
	PaletteSky       Palette = "sky"
	PaletteTeal      Palette = "teal"
	PaletteForest    Palette = "forest"
	PaletteBubbleGum Palette = "bubble_gum"
	PaletteViolet    Palette = "violet"
	PaletteCobalt    Palette = "cobalt"
	PaletteClover    Palette = "clover"
	PaletteLemon     Palette = "lemon"
	PaletteWhite     Palette = "white"
)

// PrimaryGuild is the guild whose server tag a user shows beside their
// name. Every field may be empty: the service clears the identity when the
// guild stops offering tags.
type PrimaryGuild struct {
	// IdentityGuildID is the guild's id, zero when cleared.
	IdentityGuildID Snowflake `json:"identity_guild_id,omitzero"`
	// IdentityEnabled says whether the user shows the tag: false when
	// the user took it off, nil when the service cleared the identity.
	IdentityEnabled *bool `json:"identity_enabled,omitempty"`
	// Tag is the text of the server tag, up to 4 characters.
	Tag string `json:"tag,omitempty"`
	// Badge is the hash of the tag's badge image.
	Badge string `json:"badge,omitempty"`
}

// Shown returns the server tag the user shows, and false when they show
// none: the identity was cleared, the user took the tag off, or it is
// empty. A nil PrimaryGuild shows none.
func (p *PrimaryGuild) Shown() (string, bool) {
	if p == nil || p.IdentityEnabled == nil || !*p.IdentityEnabled || p.Tag == "" {
		return "", false
	}
	return p.Tag, true
}
