package interactiontest

import (
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// A PING concerns the application, not a guild: it carries nothing of the
// guild the other builders start in.
func TestPingCarriesNoGuild(t *testing.T) {
	var ix interaction.Interaction
	if err := interaction.Decode(Ping().JSON(), &ix); err != nil {
		t.Fatal(err)
	}
	if ix.Type != interaction.TypePing {
		t.Errorf("type = %v, want PING", ix.Type)
	}
	if ix.GuildID != 0 || !ix.Guild.IsZero() || ix.ChannelID != 0 || !ix.Member.IsZero() || !ix.Channel.IsZero() {
		t.Errorf("PING has a guild, channel or member: %+v", ix)
	}
	if ix.Locale != "" || ix.GuildLocale != "" {
		t.Errorf("PING has locales %q and %q, want none", ix.Locale, ix.GuildLocale)
	}
	if !ix.AuthorizingIntegrationOwners.IsZero() {
		t.Errorf("PING has integration owners %+v, want none", ix.AuthorizingIntegrationOwners)
	}
	if ix.Context.Valid {
		t.Errorf("PING has context %v, want none", ix.Context.Type)
	}
}

// An interaction in a guild carries the partial guild, as the service
// sends it; one in direct messages carries none.
func TestAGuildInteractionCarriesThePartialGuild(t *testing.T) {
	for _, tt := range []struct {
		name string
		b    *Builder
		want *interaction.PartialGuild
	}{
		{"a command in the guild", Command("ping"), &interaction.PartialGuild{ID: GuildID, Locale: interaction.LocaleEnglishUS, Features: []string{}}},
		{"a command in another guild", Command("ping").InGuild(7, interaction.Member{}), &interaction.PartialGuild{ID: 7, Locale: interaction.LocaleEnglishUS, Features: []string{}}},
		{"a command in direct messages", Command("ping").InDM(interaction.User{ID: 9, Username: "u"}), nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var ix interaction.Interaction
			if err := interaction.Decode(tt.b.JSON(), &ix); err != nil {
				t.Fatal(err)
			}
			g, ok := ix.Guild.Get()
			if ok != (tt.want != nil) || ok && (g.ID != tt.want.ID || g.Locale != tt.want.Locale || g.Features == nil) {
				t.Errorf("guild %+v (%v), want %+v", g, ok, tt.want)
			}
		})
	}
}
