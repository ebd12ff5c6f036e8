package routekey_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/routekey"
)

func TestScopedNamesTheScopeAndTheIDItCountsBy(t *testing.T) {
	member := interaction.Member{User: interaction.User{ID: 7, Username: "ada"}}
	inGuild := interactiontest.Command("export").InGuild(5, member).Interaction()
	inDM := interactiontest.Command("export").InDM(interaction.User{ID: 8, Username: "bob"}).Interaction()
	noChannel := interactiontest.Command("export").InGuild(5, member).Modify(func(ix *interaction.Interaction) { ix.ChannelID = 0 }).Interaction()
	dmChannel := inDM.ChannelID.String()
	for _, tc := range []struct {
		name  string
		ix    *interaction.Interaction
		scope routekey.Scope
		want  string
	}{
		{"a user", inGuild, routekey.User, "user:7"},
		{"a guild", inGuild, routekey.Guild, "guild:5"},
		{"a channel", inGuild, routekey.Channel, "channel:" + inGuild.ChannelID.String()},
		{"the whole bot", inGuild, routekey.Global, "global"},
		{"a guild outside one is the channel", inDM, routekey.Guild, "channel:" + dmChannel},
		{"the whole bot in a DM", inDM, routekey.Global, "global"},
		{"a channel where there is none is the user", noChannel, routekey.Channel, "user:7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := routekey.Scoped(tc.ix, tc.scope); got != tc.want {
				t.Errorf("Scoped = %q, want %q", got, tc.want)
			}
		})
	}
}
