package emulator

import "github.com/switchboard-go/switchboard/interaction"

// seenBy reports whether user sees m, a message si made, and so may act
// on it: use its components, or use a MESSAGE command on it. A message of
// a guild channel is seen by the members who may view the channel, one of
// the bot's direct messages with a user by that user, and an ephemeral
// message only by the user whose interaction it answers; a deleted or
// loading message by nobody. The caller holds the state's lock.
func (s *Server) seenBy(m *Message, si *sentInteraction, user interaction.Snowflake) bool {
	if m.Deleted || m.Loading() {
		return false
	}
	if m.Data.Flags&interaction.FlagEphemeral != 0 && si.ix.Invoker().ID != user {
		return false
	}
	if si.ix.GuildID == 0 {
		return m.ChannelID == dmChannel(user)
	}
	g := s.st.guilds[si.ix.GuildID]
	if g == nil || g.members[user] == nil {
		return false
	}
	ch := g.channels[m.ChannelID]
	return ch != nil && channelPermissions(g, user, ch).Has(interaction.PermissionViewChannel)
}

// errUnseen refuses an act on a message the user does not see, which to
// the user's client is no message at all. The caller holds the state's
// lock.
func (s *Server) errUnseen(user, message interaction.Snowflake) *InvocationError {
	return refuse(ErrUnknownMessage, s.userName(user)+" sees no message "+message.String())
}

// userName names a user in a refusal as the client shows them, @name,
// with the id when another user has that name too. The caller holds the
// state's lock.
func (s *Server) userName(id interaction.Snowflake) string {
	u := s.st.users[id]
	if u == nil || u.Username == "" {
		return "user " + id.String()
	}
	for other, o := range s.st.users {
		if other != id && o.Username == u.Username {
			return "@" + u.Username + " (" + id.String() + ")"
		}
	}
	return "@" + u.Username
}

// channelName names a guild channel in a refusal as the client shows it,
// #name; a channel of no guild, a user's direct messages, by its id. The
// caller holds the state's lock.
func (s *Server) channelName(id interaction.Snowflake) string {
	for _, g := range s.st.guilds {
		if c := g.channels[id]; c != nil && c.Name != "" {
			return "#" + c.Name
		}
	}
	return "channel " + id.String()
}
