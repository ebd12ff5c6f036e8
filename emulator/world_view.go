package emulator

import "github.com/switchboard-go/switchboard/interaction"

// A user interface that follows a channel learns from MessageChanges which
// messages changed; these give it one message as the channel shows it,
// and let its user take back a reaction, each at the cost of one message.

// DirectChannel returns the id of user's direct-message channel with the
// bot, as POST /users/@me/channels gives it to the bot: the ChannelID of
// the messages the bot posts there.
func (s *Server) DirectChannel(user interaction.Snowflake) interaction.Snowflake {
	return dmChannel(user)
}

// MessageIn returns a message of a channel as ChannelMessages gives it,
// with its reactions, pin and thread; false when the channel does not
// show it: an unknown, deleted or forgotten message, a message of another
// channel, or an ephemeral one.
func (s *Server) MessageIn(channel, id interaction.Snowflake) (ChannelMessage, bool) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	m := s.st.channelMessage(channel, id)
	if m == nil {
		return ChannelMessage{}, false
	}
	return s.channelMessageValue(channel, m), true
}

// Unreact takes user's reaction with emoji off a message of a channel, as
// their client does when they press the reaction again: a user who may
// read the channel's history (a member of its guild, or the user of a
// direct-message channel with the bot), not in an archived thread. A
// reaction the user did not make changes nothing.
//
// A refusal changes nothing and is an *InvocationError, as for React.
func (s *Server) Unreact(user, channel, message interaction.Snowflake, emoji string) error {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	if s.st.users[user] == nil {
		return refuse(ErrUnknownTarget, "no user "+user.String())
	}
	w, ok := s.findChannel(channel)
	if !ok {
		return refuse(ErrUnknownTarget, "no channel "+channel.String())
	}
	if e := s.mayRead(w, user); e != nil {
		return refusalOf(e)
	}
	if s.st.channelMessage(channel, message) == nil {
		return refusalOf(errUnknownMessage())
	}
	ref, e := parseEmoji(emoji)
	if e != nil {
		return refusalOf(e)
	}
	if e := s.notArchived(w); e != nil {
		return refusalOf(e)
	}
	s.unreact(channel, message, user, ref.key())
	s.st.touch()
	return nil
}
