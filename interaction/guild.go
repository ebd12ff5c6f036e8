package interaction

import "slices"

// PartialGuild is the guild an interaction was sent from, as the
// interaction carries it: its id, preferred locale and features.
type PartialGuild struct {
	ID Snowflake `json:"id"`
	// Locale is the guild's preferred locale: "en-US" unless the guild
	// is a Community guild that chose another. The service names it
	// locale here, where a full guild object names it preferred_locale
	// (discord/discord-api-docs#6938).
	Locale Locale `json:"locale,omitempty"`
	// Features are the guild's features, such as "COMMUNITY".
	Features []string `json:"features"`
}

// HasFeature reports whether the guild has the feature, such as
// "COMMUNITY".
func (g *PartialGuild) HasFeature(name string) bool {
	return g != nil && slices.Contains(g.Features, name)
}
