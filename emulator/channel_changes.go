package emulator

import (
	"net/http"
	"slices"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// bulkDeleteAge is how old a message bulk delete may still delete: two
// weeks (the service's documentation of Bulk Delete Messages).
const bulkDeleteAge = 14 * 24 * time.Hour

// authorOf returns who wrote m, a message of channel: the bot of its
// application for the message of an interaction. The caller holds the state's lock.
func (s *Server) authorOf(channel interaction.Snowflake, m *Message) interaction.Snowflake {
	if l := s.st.channelLogs[channel]; l != nil {
		if p := l.posted[m.ID]; p != nil {
			return p.author
		}
	}
	if _, si := s.st.message(m.ID); si != nil {
		// The bot of the application the interaction was sent to.
		return s.st.appOf(si).botUser
	}
	return s.st.app.botUser
}

// editChannelMessage is PATCH /channels/{channel}/messages/{message}: the
// author edits their message; another may only change its
// SUPPRESS_EMBEDS flag, with MANAGE_MESSAGES (the service's documentation
// of Edit Message). Others' edits are refused with 50005.
func (s *Server) editChannelMessage(r *request) (int, any, *apiError) {
	w, m, e := s.readableMessage(r)
	if e != nil {
		return 0, nil, e
	}
	if e := s.notArchived(w); e != nil {
		return 0, nil, e
	}
	var edit messageEdit
	files, e := decodeMessageBody(r, &edit)
	if e != nil {
		return 0, nil, e
	}
	bot := s.st.app.botUser
	now := s.st.now()
	if s.authorOf(w.ch.ID, m) != bot {
		onlyFlags := edit.Content == nil && edit.Embeds == nil && edit.Components == nil && edit.Attachments == nil &&
			edit.Poll == nil && edit.AllowedMentions == nil && len(files) == 0
		if !onlyFlags || w.dm() {
			return 0, nil, errForbidden(codeNotAuthor, "Cannot edit a message authored by another user")
		}
		if e := s.mayManage(w, bot, interaction.PermissionManageMessages); e != nil {
			return 0, nil, e
		}
		if edit.Flags != nil {
			m.Data.Flags = m.Data.Flags&^interaction.FlagSuppressEmbeds | *edit.Flags&interaction.FlagSuppressEmbeds
		}
		s.st.journal.add(m.ID)
		s.publishMessage(messageUpdated, w.ch.ID, m)
		return http.StatusOK, s.channelMessageJSON(w.ch.ID, m, true), nil
	}
	inv := newInvalidBody()
	if refused := checkPollEdit(inv, "", m, edit.Poll); refused != nil {
		return 0, nil, refused
	}
	data := editedData(inv, "", m, &edit)
	s.checkPremiumButtons(inv, "", &data)
	atts := m.Attachments
	if len(files) > 0 || edit.Attachments != nil {
		atts = s.attachments(inv, "/attachments", edit.Attachments, files, m.Attachments, m.ChannelID, false)
	}
	checkReferences(inv, "", edit.sets(), atts)
	if len(inv.errors) > 0 {
		return 0, nil, inv
	}
	if isEmpty(&data, len(atts)) {
		return 0, nil, errEmptyMessage()
	}
	l := s.st.log(w.ch.ID)
	if p := l.posted[m.ID]; p != nil {
		if !w.dm() {
			perms, _ := s.permissionsIn(w, bot)
			if (len(data.Embeds) > 0 && !perms.Has(interaction.PermissionEmbedLinks)) ||
				(len(files) > 0 && !perms.Has(interaction.PermissionAttachFiles)) {
				return 0, nil, errMissingPermissions()
			}
		}
		l.fileBytes += filesSize(atts) - filesSize(p.Attachments)
		p.Data, p.Attachments, p.Edited = data, atts, now
		if edit.Content != nil || edit.AllowedMentions != nil {
			if edit.AllowedMentions == nil {
				// Mentions are worked out again with the defaults,
				// not the original request's allowed mentions.
				p.Data.AllowedMentions = nil
			}
			perms, _ := s.permissionsIn(w, bot)
			s.mention(p, w, perms)
		}
		s.st.journal.add(m.ID)
		s.publishMessage(messageUpdated, w.ch.ID, m)
		out := s.channelMessageJSON(w.ch.ID, m, true)
		// Files an edit adds count against the channel's as a post's do.
		s.st.trimChannel(l)
		return http.StatusOK, out, nil
	}
	_, si := s.st.message(m.ID)
	if e := s.checkFileRoom(si, files); e != nil {
		return 0, nil, e
	}
	m.Data, m.Attachments, m.Edited = data, atts, now
	s.logChange(si, MessageEdited, m, now)
	return http.StatusOK, s.channelMessageJSON(w.ch.ID, m, true), nil
}

// deleteChannelMessage is DELETE /channels/{channel}/messages/{message}:
// the author's own, or another's with MANAGE_MESSAGES; in a DM only one's
// own (50003).
func (s *Server) deleteChannelMessage(r *request) (int, any, *apiError) {
	if e := botOnly(r); e != nil {
		return 0, nil, e
	}
	w, e := s.requestChannel(r)
	if e != nil {
		return 0, nil, e
	}
	if !w.dm() {
		if _, e := s.permissionsIn(w, s.st.app.botUser); e != nil {
			return 0, nil, e
		}
	}
	m := s.requestMessage(r, w)
	if m == nil {
		return 0, nil, errUnknownMessage()
	}
	if s.authorOf(w.ch.ID, m) != s.st.app.botUser {
		if e := s.mayManage(w, s.st.app.botUser, interaction.PermissionManageMessages); e != nil {
			return 0, nil, e
		}
	}
	s.deleteMessage(w.ch.ID, m)
	return http.StatusNoContent, nil, nil
}

// deleteMessage deletes m, a message of channel. The caller holds the
// state's lock.
func (s *Server) deleteMessage(channel interaction.Snowflake, m *Message) {
	s.removeMessage(channel, m)
	s.publishMessage(messageDeleted, channel, m)
}

// removeMessage is deleteMessage but for the gateway's event: the
// deletion of many messages at once is one event (publishBulkDelete).
func (s *Server) removeMessage(channel interaction.Snowflake, m *Message) {
	l := s.st.log(channel)
	l.remove(m.ID)
	m.Deleted = true
	if p := l.posted[m.ID]; p != nil {
		s.st.journal.add(m.ID)
		return
	}
	if _, si := s.st.message(m.ID); si != nil {
		s.recordChange(si, MessageDeleted, m, s.st.now())
	}
}

// bulkDeleteMessages is POST /channels/{channel}/messages/bulk-delete:
// 2 to 100 distinct ids, none older than two weeks, in a guild channel,
// with MANAGE_MESSAGES. Ids of no message count, and are skipped.
func (s *Server) bulkDeleteMessages(r *request) (int, any, *apiError) {
	if e := botOnly(r); e != nil {
		return 0, nil, e
	}
	w, e := s.requestChannel(r)
	if e != nil {
		return 0, nil, e
	}
	var body struct {
		Messages []interaction.Snowflake `json:"messages"`
	}
	if e := decodeBody(r, &body); e != nil {
		return 0, nil, e
	}
	if w.dm() {
		return 0, nil, errForbidden(codeDMChannel, "Cannot execute action on a DM channel")
	}
	if e := s.mayManage(w, s.st.app.botUser, interaction.PermissionManageMessages); e != nil {
		return 0, nil, e
	}
	n := len(body.Messages)
	if n < 2 || n > 100 {
		return 0, nil, errBadRequest(codeBulkDeleteCount, "Provided too few or too many messages to delete. Must provide at least 2 and at most 100 messages to delete.")
	}
	seen := map[interaction.Snowflake]bool{}
	oldest := s.st.now().Add(-bulkDeleteAge)
	for i, id := range body.Messages {
		if seen[id] {
			return 0, nil, errInvalidBody("/messages/"+itoa(i), "ARRAY_UNIQUE_ITEMS", "Duplicate message ids.")
		}
		seen[id] = true
		if id.Time().Before(oldest) {
			return 0, nil, errBadRequest(codeBulkDeleteTooOld, "You can only bulk delete messages that are under 14 days old.")
		}
	}
	var deleted []interaction.Snowflake
	for _, id := range body.Messages {
		if m := s.st.channelMessage(w.ch.ID, id); m != nil {
			s.removeMessage(w.ch.ID, m)
			deleted = append(deleted, id)
		}
	}
	s.publishBulkDelete(w.ch.ID, deleted)
	return http.StatusNoContent, nil, nil
}

// pinMessage is PUT /channels/{channel}/messages/pins/{message} (and the
// older /channels/{channel}/pins/{message}): PIN_MESSAGES in a guild
// channel, at most 250 pins. Pinning a pinned message changes nothing.
func (s *Server) pinMessage(r *request) (int, any, *apiError) {
	w, m, e := s.pinTarget(r)
	if e != nil {
		return 0, nil, e
	}
	l := s.st.log(w.ch.ID)
	if _, ok := l.pinned(m.ID); ok {
		return http.StatusNoContent, nil, nil
	}
	if len(l.pins) >= maxPins {
		return 0, nil, errBadRequest(codeMaxPins, "Maximum number of pins reached for the channel (250)")
	}
	l.pins = append(l.pins, pin{id: m.ID, at: s.st.now()})
	s.st.journal.add(m.ID)
	s.publishPins(w.ch.ID)
	return http.StatusNoContent, nil, nil
}

// unpinMessage is DELETE /channels/{channel}/messages/pins/{message} (and
// the older form).
func (s *Server) unpinMessage(r *request) (int, any, *apiError) {
	w, m, e := s.pinTarget(r)
	if e != nil {
		return 0, nil, e
	}
	l := s.st.log(w.ch.ID)
	if _, ok := l.pinned(m.ID); ok {
		l.pins = slices.DeleteFunc(l.pins, func(p pin) bool { return p.id == m.ID })
		s.publishPins(w.ch.ID)
	}
	s.st.journal.add(m.ID)
	return http.StatusNoContent, nil, nil
}

// pinTarget returns the channel and message a pin or unpin names, which
// the bot may pin: PIN_MESSAGES in a guild channel (no permission applies
// in a DM).
func (s *Server) pinTarget(r *request) (where, *Message, *apiError) {
	if e := botOnly(r); e != nil {
		return where{}, nil, e
	}
	w, e := s.requestChannel(r)
	if e != nil {
		return where{}, nil, e
	}
	if !w.dm() {
		if e := s.mayManage(w, s.st.app.botUser, interaction.PermissionPinMessages); e != nil {
			return where{}, nil, e
		}
	}
	m := s.requestMessage(r, w)
	if m == nil {
		return where{}, nil, errUnknownMessage()
	}
	return w, m, nil
}

// pinnedMessages returns the pins of a channel the bot may list, newest
// first; none without READ_MESSAGE_HISTORY (the service's documentation).
func (s *Server) pinnedMessages(r *request) (where, []pin, *apiError) {
	if e := botOnly(r); e != nil {
		return where{}, nil, e
	}
	w, e := s.requestChannel(r)
	if e != nil {
		return where{}, nil, e
	}
	if e := s.mayRead(w, s.st.app.botUser); e != nil {
		if e.code == codeMissingPermissions {
			return w, nil, nil
		}
		return where{}, nil, e
	}
	l := s.st.channelLogs[w.ch.ID]
	if l == nil {
		return w, nil, nil
	}
	pins := slices.Clone(l.pins)
	slices.Reverse(pins)
	return w, pins, nil
}

// maxPinPage is the most pins one list answers with.
const maxPinPage = 50

// listPins is GET /channels/{channel}/messages/pins: the pins newest
// first, before a time, at most limit (1 to 50, 50 by default), and
// whether more are left.
func (s *Server) listPins(r *request) (int, any, *apiError) {
	v := r.URL.Query()
	var before time.Time
	bad := newInvalidBody()
	limit := intQuery(v, "limit", maxPinPage, 1, maxPinPage, bad)
	if text := v.Get("before"); text != "" {
		t, err := time.Parse(time.RFC3339Nano, text)
		if err != nil {
			bad.add("/before", "DATE_TIME_TYPE_PARSE", "Could not interpret \""+text+"\" as a date-time.")
		}
		before = t
	}
	if len(bad.errors) > 0 {
		return 0, nil, bad
	}
	w, pins, e := s.pinnedMessages(r)
	if e != nil {
		return 0, nil, e
	}
	if !before.IsZero() {
		pins = slices.DeleteFunc(pins, func(p pin) bool { return !p.at.Before(before) })
	}
	items := []any{}
	for _, p := range pins[:min(len(pins), limit)] {
		items = append(items, map[string]any{
			"pinned_at": p.at.UTC().Format(timestampLayout),
			"message":   s.channelMessageJSON(w.ch.ID, s.st.channelMessage(w.ch.ID, p.id), true),
		})
	}
	return http.StatusOK, map[string]any{"items": items, "has_more": len(pins) > limit}, nil
}

// listPinsOld is GET /channels/{channel}/pins: the newest 50 pins, as
// messages.
func (s *Server) listPinsOld(r *request) (int, any, *apiError) {
	w, pins, e := s.pinnedMessages(r)
	if e != nil {
		return 0, nil, e
	}
	out := []any{}
	for _, p := range pins[:min(len(pins), maxPinPage)] {
		out = append(out, s.channelMessageJSON(w.ch.ID, s.st.channelMessage(w.ch.ID, p.id), true))
	}
	return http.StatusOK, out, nil
}

// createDM is POST /users/@me/channels: the bot's DM channel with a user,
// the same one each time. A user who is a bot is refused with 400 50007;
// the refusal for want of a shared guild comes when the bot sends (the
// service's behaviour, discord/discord-api-docs#8238).
func (s *Server) createDM(r *request) (int, any, *apiError) {
	if e := botOnly(r); e != nil {
		return 0, nil, e
	}
	var body struct {
		RecipientID *interaction.Snowflake `json:"recipient_id"`
	}
	if e := decodeBody(r, &body); e != nil {
		return 0, nil, e
	}
	if body.RecipientID == nil {
		return 0, nil, errInvalidBody("/recipient_id", rules.BaseTypeRequired, "This field is required")
	}
	u := s.st.users[*body.RecipientID]
	if u == nil {
		return 0, nil, errNotFound(codeUnknownUser, "Unknown User")
	}
	if u.Bot || u.ID == s.st.app.botUser {
		return 0, nil, errBadRequest(codeCannotMessageUser, "Cannot send messages to this user")
	}
	return http.StatusOK, s.dmJSON(u), nil
}

// dmJSON is the DM channel object of the bot's channel with u. The caller
// holds the state's lock.
func (s *Server) dmJSON(u *interaction.User) map[string]any {
	id := dmChannel(u.ID)
	var last any
	if ids := s.liveIDs(id); len(ids) > 0 {
		last = ids[len(ids)-1].String()
	}
	var lastPin any
	if l := s.st.channelLogs[id]; l != nil && len(l.pins) > 0 {
		lastPin = l.pins[len(l.pins)-1].at.UTC().Format(timestampLayout)
	}
	return map[string]any{"id": id.String(), "type": interaction.ChannelDM, "last_message_id": last,
		"flags": 0, "last_pin_timestamp": lastPin, "recipients": []any{userJSON(u)}}
}
