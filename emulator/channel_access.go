package emulator

import (
	"github.com/switchboard-go/switchboard/interaction"
)

// Error codes of the channel endpoints (public facts of the service).
const (
	codeMaxPins               = 30003
	codeForumChannel          = 40058
	codeDMChannel             = 50003
	codeNotAuthor             = 50005
	codeCannotMessageUser     = 50007
	codeNonTextChannel        = 50008
	codeBulkDeleteCount       = 50016
	codeBulkDeleteTooOld      = 50034
	codeNoMutualGuilds        = 50278
	codeReplyWithoutHistory   = 160002
	codeForwardWithoutReading = 160014
)

// maxPins is how many messages a channel may have pinned: 250 since the
// service raised it from 50 (its error codes, 30003).
const maxPins = 250

// where is a channel the channel endpoints name: one of a guild's, or the
// direct-message channel between the bot and a user.
type where struct {
	g  *guild // nil for a DM
	ch *interaction.Channel
	// user is the other side of a DM.
	user interaction.Snowflake
}

// dm reports whether the channel is a direct-message channel.
func (w where) dm() bool { return w.g == nil }

func errUnknownChannel() *apiError { return errNotFound(codeUnknownChannel, "Unknown Channel") }

func errUnknownMessage() *apiError { return errNotFound(codeUnknownMessage, "Unknown Message") }

func errMissingPermissions() *apiError {
	return errForbidden(codeMissingPermissions, "Missing Permissions")
}

// findChannel returns the channel with id: a channel of a guild, or the
// direct-message channel of a user who is not a bot (every such user has
// one, at dmChannel's id). The caller holds the state's lock.
func (s *Server) findChannel(id interaction.Snowflake) (where, bool) {
	for _, g := range s.st.guilds {
		if ch := g.channels[id]; ch != nil {
			return where{g: g, ch: ch}, true
		}
	}
	if id > 1<<12 {
		if u := s.st.users[id-1<<12]; u != nil && !u.Bot && u.ID != s.st.app.botUser {
			return where{ch: &interaction.Channel{ID: id, Type: interaction.ChannelDM}, user: u.ID}, true
		}
	}
	return where{}, false
}

// requestChannel returns the channel a request's path names.
func (s *Server) requestChannel(r *request) (where, *apiError) {
	id, err := interaction.ParseSnowflake(r.PathValue("channel"))
	if err != nil {
		return where{}, errUnknownChannel()
	}
	w, ok := s.findChannel(id)
	if !ok {
		return where{}, errUnknownChannel()
	}
	return w, nil
}

// isThread reports whether a channel is a thread.
func isThread(t interaction.ChannelType) bool {
	return t == interaction.ChannelAnnouncementThread || t == interaction.ChannelPublicThread || t == interaction.ChannelPrivateThread
}

// permissionsIn returns user's permissions in a guild channel, and a
// refusal when the user may not see it at all: 50001, without
// VIEW_CHANNEL or outside the guild. A voice channel's messages also need
// CONNECT (the service's documentation of Get Channel Messages). The
// caller holds the state's lock.
func (s *Server) permissionsIn(w where, user interaction.Snowflake) (interaction.Permissions, *apiError) {
	if w.g.members[user] == nil {
		return 0, errMissingAccess()
	}
	p := channelPermissions(w.g, user, w.ch)
	if !p.Has(interaction.PermissionViewChannel) {
		return 0, errMissingAccess()
	}
	if isThread(w.ch.Type) && w.ch.ParentID != 0 {
		// A thread is seen through its parent.
		if parent := w.g.channels[w.ch.ParentID]; parent != nil &&
			!channelPermissions(w.g, user, parent).Has(interaction.PermissionViewChannel) {
			return 0, errMissingAccess()
		}
	}
	if w.ch.Type == interaction.ChannelPrivateThread && !p.Has(interaction.PermissionManageThreads) &&
		!w.g.threads[w.ch.ID].isMember(user) {
		// A private thread is its members' and the moderators' (the
		// service's documentation, "Threads").
		return 0, errMissingAccess()
	}
	if (w.ch.Type == interaction.ChannelGuildVoice || w.ch.Type == interaction.ChannelGuildStageVoice) &&
		!p.Has(interaction.PermissionConnect) {
		return 0, errMissingAccess()
	}
	return p, nil
}

// mayRead refuses a read of a channel's messages by user: 50001 without
// access, 50013 without READ_MESSAGE_HISTORY. In a DM only its two sides
// read. The caller holds the state's lock.
func (s *Server) mayRead(w where, user interaction.Snowflake) *apiError {
	if w.dm() {
		if user != s.st.app.botUser && user != w.user {
			return errMissingAccess()
		}
		return nil
	}
	p, e := s.permissionsIn(w, user)
	if e != nil {
		return e
	}
	if !p.Has(interaction.PermissionReadMessageHistory) {
		return errMissingPermissions()
	}
	return nil
}

// mayManage refuses an act on others' messages in a guild channel
// without need (MANAGE_MESSAGES, PIN_MESSAGES); in a DM acting on the other
// side's messages is refused with 50003. The caller holds the state's
// lock.
func (s *Server) mayManage(w where, user interaction.Snowflake, need interaction.Permissions) *apiError {
	if w.dm() {
		return errForbidden(codeDMChannel, "Cannot execute action on a DM channel")
	}
	p, e := s.permissionsIn(w, user)
	if e != nil {
		return e
	}
	if !p.Has(need) {
		return errMissingPermissions()
	}
	return nil
}

// timedOut reports whether a member of g may not talk: their timeout
// (communication_disabled_until) is still in the future, and they are
// neither the owner nor an administrator.
func (s *Server) timedOut(g *guild, user interaction.Snowflake) bool {
	m := g.members[user]
	if m == nil || !m.CommunicationDisabledUntil.After(s.st.now()) || user == g.owner {
		return false
	}
	return !basePermissions(g, user).Has(interaction.PermissionAdministrator)
}

// maySend refuses a message by user in a channel: a channel that takes no
// messages, no access, no SEND_MESSAGES (SEND_MESSAGES_IN_THREADS in a
// thread), a timeout; in a DM the bot reaches only a user it shares a
// guild with. It returns the user's permissions in a guild channel, for
// the checks of what the message carries. The caller holds the state's
// lock.
func (s *Server) maySend(w where, user interaction.Snowflake) (interaction.Permissions, *apiError) {
	switch w.ch.Type {
	case interaction.ChannelGuildForum, interaction.ChannelGuildMedia:
		return 0, errBadRequest(codeForumChannel, "Cannot send a message in a forum channel")
	case interaction.ChannelGuildCategory, interaction.ChannelGuildDirectory, interaction.ChannelGroupDM:
		return 0, errBadRequest(codeNonTextChannel, "Cannot send messages in a non-text channel")
	}
	if w.dm() {
		switch {
		case user != s.st.app.botUser && user != w.user:
			return 0, errMissingAccess()
		case user == s.st.app.botUser && !s.sharesGuildWithBot(w.user):
			return 0, errForbidden(codeNoMutualGuilds, "Cannot send messages to this user due to having no mutual guilds")
		}
		return 0, nil
	}
	p, e := s.permissionsIn(w, user)
	if e != nil {
		return 0, e
	}
	need := interaction.PermissionSendMessages
	if isThread(w.ch.Type) {
		need = interaction.PermissionSendMessagesInThreads
	}
	if !p.Has(need) || s.timedOut(w.g, user) {
		return 0, errMissingPermissions()
	}
	if md := w.ch.ThreadMetadata; isThread(w.ch.Type) && md != nil && md.Locked && !p.Has(interaction.PermissionManageThreads) {
		return 0, errForbidden(codeThreadLocked, "Thread is locked")
	}
	return p, nil
}
