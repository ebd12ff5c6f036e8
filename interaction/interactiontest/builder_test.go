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
	if ix.GuildID != 0 || ix.ChannelID != 0 || !ix.Member.IsZero() || !ix.Channel.IsZero() {
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
