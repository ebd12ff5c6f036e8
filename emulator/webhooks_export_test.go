package emulator

import (
	"github.com/switchboard-go/switchboard/interaction"
)

// FakeInteraction records an interaction of type t as sent to the bot now,
// by a member of the seeded guild, so that tests can answer it through the
// answer endpoints without a bot. It returns the interaction's id and token.
func (s *Server) FakeInteraction(t interaction.Type, command interaction.CommandType) (interaction.Snowflake, string) {
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	g := st.guilds[s.GuildID]
	var channel interaction.Snowflake
	for id, c := range g.channels {
		if c.Type == interaction.ChannelGuildText && (channel == 0 || id < channel) {
			channel = id
		}
	}
	ix := &interaction.Interaction{
		ID: st.newID(), ApplicationID: st.app.id, Type: t, Token: secret(16), Version: 1,
		GuildID: g.id, ChannelID: channel, Member: interaction.LazyOf(*g.members[s.Member]),
		Locale: interaction.LocaleEnglishUS, GuildLocale: g.locale,
		Data: interaction.Data{ID: st.newID(), Name: "ping", Type: command},
	}
	si := newSentInteraction(ix, nil)
	si.sent = st.now()
	st.interactions[ix.ID] = si
	st.byToken[ix.Token] = si
	st.keep(si)
	return ix.ID, ix.Token
}
