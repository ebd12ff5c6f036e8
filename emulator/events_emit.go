package emulator

import (
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/webhook"
)

// The events of authorizations. The user of each is the public user
// object, as everywhere the emulator writes a user (D58); a user the
// emulator does not know has none, and gets no event.

// emitUserAuthorized sends APPLICATION_AUTHORIZED for user granting the
// application scopes; installed says the grant installed it to their
// account, the installation context USER_INSTALL. The caller holds
// s.st.mu.
func (s *Server) emitUserAuthorized(user interaction.Snowflake, scopes []string, installed bool) {
	u := s.st.users[user]
	if u == nil {
		return
	}
	data := authorizedData{User: userJSON(u)}
	data.Scopes = orEmpty(scopes)
	if installed {
		data.IntegrationType = orNull(interaction.UserInstall)
	}
	s.emit(webhook.TypeApplicationAuthorized, data)
}

// emitGuildAuthorized sends APPLICATION_AUTHORIZED for user installing
// the application to g with scopes, the installation context
// GUILD_INSTALL. The caller holds s.st.mu.
func (s *Server) emitGuildAuthorized(user interaction.Snowflake, g *guild, scopes []string) {
	install := interaction.GuildInstall
	data := authorizedData{User: userJSON(s.st.users[user])}
	data.IntegrationType, data.Scopes, data.Guild = &install, scopes, guildJSON(g)
	s.emit(webhook.TypeApplicationAuthorized, data)
}

// emitDeauthorized sends APPLICATION_DEAUTHORIZED for user. The caller
// holds s.st.mu.
func (s *Server) emitDeauthorized(user interaction.Snowflake) {
	u := s.st.users[user]
	if u == nil {
		return
	}
	s.emit(webhook.TypeApplicationDeauthorized, deauthorizedData{User: userJSON(u)})
}

// authorizes reports whether user still has an authorization of the
// application: an installation to their account, a code not yet
// exchanged, a refresh token, or an access token that has not expired.
// The caller holds s.mu.
func (st *state) authorizes(user interaction.Snowflake) bool {
	if st.app.userInstalls[user] {
		return true
	}
	for _, g := range st.app.grants {
		if g.user == user && !st.expired(g) {
			return true
		}
	}
	now := st.now()
	for _, t := range st.app.tokens {
		if t.kind == tokenUser && t.user == user && now.Before(t.expires) {
			return true
		}
	}
	return false
}
