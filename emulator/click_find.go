package emulator

import (
	"strconv"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/caption"
)

// placeOf returns where m, a message si made, is: its guild and channel,
// or (guild nil) the bot's direct messages with user. The caller holds the
// state's lock and has checked that user sees m.
func (s *Server) placeOf(m *Message, si *sentInteraction, user interaction.Snowflake) (*guild, *interaction.Channel) {
	if si.ix.GuildID == 0 {
		return nil, &interaction.Channel{ID: dmChannel(user), Type: interaction.ChannelDM}
	}
	g := s.st.guilds[si.ix.GuildID]
	return g, g.channels[m.ChannelID]
}

// findComponent finds the message and the component a use names. The
// caller holds the state's lock.
func (s *Server) findComponent(u *use) (*Message, *sentInteraction, interaction.Component, *InvocationError) {
	if u.message != 0 {
		m, si := s.st.message(u.message)
		if m == nil || !s.seenBy(m, si, u.user) {
			return nil, nil, nil, s.errUnseen(u.user, u.message)
		}
		c, err := componentOn(m, u)
		if err != nil {
			return nil, nil, nil, err
		}
		return m, si, c, nil
	}
	// The newest message the user sees, in the channel when the use
	// names one, with a component of that name that fits the use; else
	// what is wrong with the newest such component that does not.
	var problems *InvocationError
	for id := range s.st.components.newestFirst(u.name) {
		m, si := s.st.message(id)
		if m == nil || u.channel != 0 && m.ChannelID != u.channel || !s.seenBy(m, si, u.user) {
			continue
		}
		c, err := componentOn(m, u)
		switch {
		case err == nil:
			return m, si, c, nil
		case err.Kind == ErrInvalidInput && problems == nil:
			// Found, but not usable as named: said if nothing
			// better turns up.
			problems = err
		}
	}
	if problems != nil {
		return nil, nil, nil, problems
	}
	where := ""
	if u.channel != 0 {
		where = " in " + s.channelName(u.channel)
	}
	return nil, nil, nil, refuse(ErrUnknownComponent, s.userName(u.user)+" sees no "+u.what()+" "+strconv.Quote(u.name)+where)
}

// componentOn finds on m the component u names: the one whose custom_id
// it is, or else the one that shows it (a button's label, a select
// menu's placeholder). A name shown by several components is ambiguous.
func componentOn(m *Message, u *use) (interaction.Component, *InvocationError) {
	var shownBy []interaction.Component
	for _, c := range component.Walk(m.Data.Components) {
		if id, ok := component.CustomID(c); ok && id == u.name {
			return fitting(c, u)
		}
		if caption.Of(c) == u.name {
			shownBy = append(shownBy, c)
		}
	}
	switch len(shownBy) {
	case 0:
		return nil, refuse(ErrUnknownComponent, "message "+m.ID.String()+" has no "+u.what()+" "+strconv.Quote(u.name))
	case 1:
		return fitting(shownBy[0], u)
	}
	return nil, invalid("message %s has %d components that show %q; name one by its custom_id", m.ID, len(shownBy), u.name)
}

// fitting returns c if it is the kind of component u looks for.
func fitting(c interaction.Component, u *use) (interaction.Component, *InvocationError) {
	if !u.fits(c) {
		return nil, invalid("%q is a %v, not a %s", u.name, c.ComponentType(), u.what())
	}
	return c, nil
}
