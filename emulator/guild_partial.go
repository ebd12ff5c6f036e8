package emulator

import (
	"slices"

	"github.com/switchboard-go/switchboard/interaction"
)

// wireGuild is the partial guild an interaction in a guild carries: its
// id, its preferred locale under the name locale (where a full guild
// object says preferred_locale, discord/discord-api-docs#6938) and its
// features. The service's documentation calls it a "partial guild" and
// names no fields; these are the ones the service sends.
type wireGuild struct {
	ID       interaction.Snowflake `json:"id"`
	Locale   interaction.Locale    `json:"locale"`
	Features []string              `json:"features"`
}

// partialGuild returns the partial guild of g. The caller holds s.st.mu.
func partialGuild(g *guild) *wireGuild {
	features := slices.Clone(g.features)
	if features == nil {
		features = []string{}
	}
	return &wireGuild{ID: g.id, Locale: g.locale, Features: features}
}
