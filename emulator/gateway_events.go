package emulator

import (
	"strings"

	"github.com/switchboard-go/switchboard/emulator/internal/gateway"
	"github.com/switchboard-go/switchboard/interaction"
)

// The events of the world a gateway session receives, as its intents
// ask, built only while a session may receive them (Hub.Listening): messages made, edited and deleted in the channels the bot can see
// and in its DMs, reactions, pins, members updated and removed, bans,
// threads, and the guilds the bot joins. Each is published under the
// state's lock, as the change it tells of is made, so that the sessions
// see the changes in the order they were made.

// messageChange is what happened to a message.
type messageChange int

const (
	messageCreated messageChange = iota
	messageUpdated
	messageDeleted
)

// messageChangeOf is the gateway's word for a change to an interaction's
// message: its loading message completed, by an edit or the first
// follow-up, is the message updated.
func messageChangeOf(kind MessageEventKind) messageChange {
	switch kind {
	case MessageCompleted, MessageEdited:
		return messageUpdated
	case MessageDeleted:
		return messageDeleted
	}
	return messageCreated
}

// botSees returns where channel is, if the bot receives its events: a
// guild channel the bot may view, or a DM, every one of which is with
// the bot. The caller holds the state's lock.
func (s *Server) botSees(channel interaction.Snowflake) (where, bool) {
	w, ok := s.findChannel(channel)
	if !ok {
		return where{}, false
	}
	if w.dm() {
		return w, true
	}
	_, e := s.permissionsIn(w, s.st.app.botUser)
	return w, e == nil
}

// messageIntents are the intents of a message's events in w, and of its
// reactions'.
func messageIntents(w where) (messages, reactions gateway.Intents) {
	if w.dm() {
		return gateway.IntentDirectMessages, gateway.IntentDirectMessageReactions
	}
	return gateway.IntentGuildMessages, gateway.IntentGuildMessageReactions
}

// guildOf is w's guild's id, 0 for a DM.
func guildOf(w where) interaction.Snowflake {
	if w.dm() {
		return 0
	}
	return w.g.id
}

// publishMessage publishes a change to message m of channel: an
// ephemeral message is its user's alone, and no session hears of it.
// The caller holds the state's lock.
func (s *Server) publishMessage(change messageChange, channel interaction.Snowflake, m *Message) {
	s.toEachApp(func() { s.publishMessageFor(change, channel, m) })
}

// publishMessageFor is publishMessage for the application the state's lock is held for.
func (s *Server) publishMessageFor(change messageChange, channel interaction.Snowflake, m *Message) {
	if m.Data.Flags&interaction.FlagEphemeral != 0 || !s.gw.Listening(uint64(s.st.app.id)) {
		return
	}
	w, ok := s.botSees(channel)
	if !ok {
		return
	}
	intents, _ := messageIntents(w)
	ev := gateway.Event{Guild: uint64(guildOf(w)), Intents: intents}
	switch change {
	case messageDeleted:
		ev.Name = "MESSAGE_DELETE"
		d := map[string]any{"id": m.ID, "channel_id": channel}
		if !w.dm() {
			d["guild_id"] = w.g.id
		}
		ev.Data = mustJSON(d)
	default:
		ev.Name = "MESSAGE_CREATE"
		if change == messageUpdated {
			ev.Name = "MESSAGE_UPDATE"
		}
		d := s.channelMessageJSON(channel, m, true)
		author := s.authorOf(channel, m)
		if !w.dm() {
			d["guild_id"] = w.g.id
			if member := w.g.members[author]; member != nil {
				d["member"] = partialMember(member)
			}
		}
		ev.Data = mustJSON(d)
		if author != s.st.app.botUser && !w.dm() && !s.mentionsBot(channel, m) {
			// What a session without MESSAGE_CONTENT reads: the
			// service empties the content of messages that are not
			// the bot's own, in a DM or mentioning it.
			d["content"], d["embeds"], d["attachments"], d["components"] = "", []any{}, []any{}, []any{}
			delete(d, "poll")
			ev.Partial = mustJSON(d)
		}
	}
	s.publish(ev)
}

// mentionsBot reports whether a posted message mentions the bot.
func (s *Server) mentionsBot(channel interaction.Snowflake, m *Message) bool {
	p := s.st.log(channel).posted[m.ID]
	if p == nil {
		return false
	}
	for _, id := range p.mentions {
		if id == s.st.app.botUser {
			return true
		}
	}
	return false
}

// partialMember is a member as a message's event carries it: without
// the user, which the message's author is.
func partialMember(m *interaction.Member) map[string]any {
	w := guildMemberJSON(m)
	return map[string]any{
		"roles": w.Roles, "nick": w.Nick, "avatar": w.Avatar, "banner": w.Banner, "joined_at": w.JoinedAt,
		"premium_since": w.PremiumSince, "deaf": w.Deaf, "mute": w.Mute, "pending": w.Pending, "flags": w.Flags,
		"communication_disabled_until": w.CommunicationDisabledUntil,
	}
}

// publishBulkDelete publishes the deletion of ids, messages of channel,
// at once. The caller holds the state's lock.
func (s *Server) publishBulkDelete(channel interaction.Snowflake, ids []interaction.Snowflake) {
	s.toEachApp(func() { s.publishBulkDeleteFor(channel, ids) })
}

// publishBulkDeleteFor is publishBulkDelete for the application the state's lock is held for.
func (s *Server) publishBulkDeleteFor(channel interaction.Snowflake, ids []interaction.Snowflake) {
	if !s.gw.Listening(uint64(s.st.app.id)) {
		return
	}
	w, ok := s.botSees(channel)
	if !ok || len(ids) == 0 {
		return
	}
	intents, _ := messageIntents(w)
	d := map[string]any{"ids": ids, "channel_id": channel}
	if !w.dm() {
		d["guild_id"] = w.g.id
	}
	s.publish(gateway.Event{Name: "MESSAGE_DELETE_BULK", Guild: uint64(guildOf(w)), Intents: intents, Data: mustJSON(d)})
}

// publishPins publishes that the pins of channel changed. The caller
// holds the state's lock.
func (s *Server) publishPins(channel interaction.Snowflake) {
	s.toEachApp(func() { s.publishPinsFor(channel) })
}

// publishPinsFor is publishPins for the application the state's lock is held for.
func (s *Server) publishPinsFor(channel interaction.Snowflake) {
	if !s.gw.Listening(uint64(s.st.app.id)) {
		return
	}
	w, ok := s.botSees(channel)
	if !ok {
		return
	}
	d := map[string]any{"channel_id": channel, "last_pin_timestamp": nil}
	if pins := s.st.log(channel).pins; len(pins) > 0 {
		d["last_pin_timestamp"] = pins[len(pins)-1].at.UTC().Format(timestampLayout)
	}
	intents := gateway.IntentDirectMessages
	if !w.dm() {
		d["guild_id"] = w.g.id
		intents = gateway.IntentGuilds
	}
	s.publish(gateway.Event{Name: "CHANNEL_PINS_UPDATE", Guild: uint64(guildOf(w)), Intents: intents, Data: mustJSON(d)})
}

// reactionChange is what happened to a message's reactions.
type reactionChange int

const (
	reactionAdded reactionChange = iota
	reactionRemoved
	reactionsCleared     // every reaction of the message
	reactionEmojiCleared // every reaction of one emoji
)

// publishReaction publishes a change to the reactions of message in
// channel: user's reaction with emoji (a key as reactions keep it) added
// or removed, or the reactions cleared. The caller holds the state's
// lock.
func (s *Server) publishReaction(change reactionChange, channel, message, user interaction.Snowflake, emoji string) {
	s.toEachApp(func() { s.publishReactionFor(change, channel, message, user, emoji) })
}

// publishReactionFor is publishReaction for the application the state's lock is held for.
func (s *Server) publishReactionFor(change reactionChange, channel, message, user interaction.Snowflake, emoji string) {
	if !s.gw.Listening(uint64(s.st.app.id)) {
		return
	}
	w, ok := s.botSees(channel)
	if !ok {
		return
	}
	_, intents := messageIntents(w)
	d := map[string]any{"channel_id": channel, "message_id": message}
	if !w.dm() {
		d["guild_id"] = w.g.id
	}
	names := map[reactionChange]string{reactionAdded: "MESSAGE_REACTION_ADD", reactionRemoved: "MESSAGE_REACTION_REMOVE",
		reactionsCleared: "MESSAGE_REACTION_REMOVE_ALL", reactionEmojiCleared: "MESSAGE_REACTION_REMOVE_EMOJI"}
	if change != reactionsCleared {
		d["emoji"] = emojiOfKey(emoji)
	}
	if change == reactionAdded || change == reactionRemoved {
		d["user_id"], d["burst"], d["type"] = user, false, 0
	}
	if change == reactionAdded {
		d["burst_colors"] = []string{}
		if m := s.st.channelMessage(channel, message); m != nil {
			d["message_author_id"] = s.authorOf(channel, m)
		}
		if !w.dm() {
			if member := w.g.members[user]; member != nil {
				d["member"] = guildMemberJSON(member)
			}
		}
	}
	s.publish(gateway.Event{Name: names[change], Guild: uint64(guildOf(w)), Intents: intents, Data: mustJSON(d)})
}

// emojiOfKey is the partial emoji of a reaction's key: a Unicode emoji,
// or name:id of a custom one.
func emojiOfKey(key string) map[string]any {
	if name, id, ok := strings.Cut(key, ":"); ok {
		return map[string]any{"id": id, "name": name}
	}
	return map[string]any{"id": nil, "name": key}
}

// publishMember publishes that user's membership of g changed: updated,
// or removed when removed is set. GUILD_MEMBERS gates both, but for the
// bot's own member, whose updates every session receives. The caller
// holds the state's lock.
func (s *Server) publishMember(g *guild, user interaction.Snowflake, removed bool) {
	s.toEachApp(func() { s.publishMemberFor(g, user, removed) })
}

// publishMemberFor is publishMember for the application the state's lock is held for.
func (s *Server) publishMemberFor(g *guild, user interaction.Snowflake, removed bool) {
	if !s.botIn(g) || !s.gw.Listening(uint64(s.st.app.id)) {
		return
	}
	if removed {
		u := s.st.users[user]
		if u == nil {
			return
		}
		s.publish(gateway.Event{Name: "GUILD_MEMBER_REMOVE", Guild: uint64(g.id), Intents: gateway.IntentGuildMembers,
			Data: mustJSON(map[string]any{"guild_id": g.id, "user": userJSON(u)})})
		return
	}
	m := g.members[user]
	if m == nil {
		return
	}
	d := partialMember(m)
	d["guild_id"], d["user"] = g.id, userJSON(&m.User)
	ev := gateway.Event{Name: "GUILD_MEMBER_UPDATE", Guild: uint64(g.id), Intents: gateway.IntentGuildMembers, Data: mustJSON(d)}
	if user == s.st.app.botUser {
		ev.Intents = 0
	}
	s.publish(ev)
}

// publishMemberAdded publishes that user joined g.
func (s *Server) publishMemberAdded(g *guild, user interaction.Snowflake) {
	s.toEachApp(func() { s.publishMemberAddedFor(g, user) })
}

// publishMemberAddedFor is publishMemberAdded for the application the state's lock is held for.
func (s *Server) publishMemberAddedFor(g *guild, user interaction.Snowflake) {
	m := g.members[user]
	if m == nil || !s.botIn(g) || !s.gw.Listening(uint64(s.st.app.id)) {
		return
	}
	d := map[string]any{"guild_id": g.id}
	w := guildMemberJSON(m)
	d["user"], d["roles"], d["nick"], d["avatar"], d["banner"], d["joined_at"] = w.User, w.Roles, w.Nick, w.Avatar, w.Banner, w.JoinedAt
	d["premium_since"], d["deaf"], d["mute"], d["pending"], d["flags"] = w.PremiumSince, w.Deaf, w.Mute, w.Pending, w.Flags
	d["communication_disabled_until"] = w.CommunicationDisabledUntil
	s.publish(gateway.Event{Name: "GUILD_MEMBER_ADD", Guild: uint64(g.id), Intents: gateway.IntentGuildMembers, Data: mustJSON(d)})
}

// botIn reports whether the bot is a member of g, whose events it then
// receives.
func (s *Server) botIn(g *guild) bool { return g.members[s.st.app.botUser] != nil }

// publishBan publishes that user was banned from g, or unbanned when
// lifted is set.
func (s *Server) publishBan(g *guild, user interaction.Snowflake, lifted bool) {
	s.toEachApp(func() { s.publishBanFor(g, user, lifted) })
}

// publishBanFor is publishBan for the application the state's lock is held for.
func (s *Server) publishBanFor(g *guild, user interaction.Snowflake, lifted bool) {
	u := s.st.users[user]
	if u == nil || !s.botIn(g) || !s.gw.Listening(uint64(s.st.app.id)) {
		return
	}
	name := "GUILD_BAN_ADD"
	if lifted {
		name = "GUILD_BAN_REMOVE"
	}
	s.publish(gateway.Event{Name: name, Guild: uint64(g.id), Intents: gateway.IntentGuildModeration,
		Data: mustJSON(map[string]any{"guild_id": g.id, "user": userJSON(u)})})
}

// publishThread publishes that a thread of g was made, to the sessions
// of the bot, which may view it.
func (s *Server) publishThread(g *guild, thread *interaction.Channel) {
	s.toEachApp(func() { s.publishThreadFor(g, thread) })
}

// publishThreadFor is publishThread for the application the state's lock is held for.
func (s *Server) publishThreadFor(g *guild, thread *interaction.Channel) {
	if !s.gw.Listening(uint64(s.st.app.id)) {
		return
	}
	if _, e := s.permissionsIn(where{g: g, ch: thread}, s.st.app.botUser); e != nil {
		return
	}
	d := mustJSON(s.threadJSON(g, thread))
	d = append(d[:len(d)-1], `,"newly_created":true}`...)
	s.publish(gateway.Event{Name: "THREAD_CREATE", Guild: uint64(g.id), Intents: gateway.IntentGuilds, Data: d})
}

// publishGuildJoined publishes GUILD_CREATE for a guild the bot of the
// application the state's lock is held for joined: its members to the sessions with GUILD_PRESENCES, the bot
// alone to the others, as READY's GUILD_CREATEs show them.
func (s *Server) publishGuildJoined(g *guild) {
	if !s.gw.Listening(uint64(s.st.app.id)) {
		return
	}
	s.publish(gateway.Event{Name: "GUILD_CREATE", Guild: uint64(g.id), Intents: gateway.IntentGuilds,
		Data:    mustJSON(s.guildCreate(g, gateway.IntentGuildPresences)),
		Partial: mustJSON(s.guildCreate(g, 0)), Full: gateway.IntentGuildPresences})
}

// publish publishes ev to the sessions of the application the state's
// lock is held for. The caller holds the state's lock.
func (s *Server) publish(ev gateway.Event) {
	ev.App = uint64(s.st.app.id)
	s.gw.Publish(ev)
}

// toEachApp calls f for each application with a gateway session, acting
// for it: each learns of a change as its bot sees it, from the channels
// it may view, with its own messages' content whatever its intents.
// The caller holds the state's lock.
func (s *Server) toEachApp(f func()) {
	st := s.st
	for _, app := range st.apps {
		if !s.gw.Listening(uint64(app.id)) {
			continue
		}
		restore := st.actFor(app)
		f()
		restore()
	}
}
