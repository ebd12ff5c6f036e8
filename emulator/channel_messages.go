package emulator

import (
	"net/http"
	"regexp"
	"slices"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// The channel endpoints let the bot post, read, edit, delete and pin
// messages with its bot token, beyond the window of any interaction (the
// service's documentation, "Message Resource"). Their bucket's major
// parameter is the channel.
func (s *Server) channelRoutes(mux *http.ServeMux) {
	const base = "/channels/{channel}/messages"
	s.handle(mux, "POST "+base, routeSpec{bucket: "channel_messages", maxBody: maxRequestBody}, s.createChannelMessage)
	s.route(mux, "GET "+base, "channel_messages", false, s.listChannelMessages)
	s.route(mux, "GET "+base+"/{message}", "channel_messages", false, s.getChannelMessage)
	s.handle(mux, "PATCH "+base+"/{message}", routeSpec{bucket: "channel_messages", maxBody: maxRequestBody}, s.editChannelMessage)
	s.route(mux, "DELETE "+base+"/{message}", "channel_messages_delete", false, s.deleteChannelMessage)
	s.route(mux, "POST "+base+"/bulk-delete", "channel_messages_bulk_delete", false, s.bulkDeleteMessages)
	s.route(mux, "GET "+base+"/pins", "channel_pins", false, s.listPins)
	s.route(mux, "PUT "+base+"/pins/{message}", "channel_pins", false, s.pinMessage)
	s.route(mux, "DELETE "+base+"/pins/{message}", "channel_pins", false, s.unpinMessage)
	// The older pin routes, which clients still use.
	s.route(mux, "GET /channels/{channel}/pins", "channel_pins", false, s.listPinsOld)
	s.route(mux, "PUT /channels/{channel}/pins/{message}", "channel_pins", false, s.pinMessage)
	s.route(mux, "DELETE /channels/{channel}/pins/{message}", "channel_pins", false, s.unpinMessage)
	s.route(mux, "POST /users/@me/channels", "create_dm", false, s.createDM)
	s.reactionRoutes(mux)
	s.threadRoutes(mux)
}

// channelBody is the body of Create Message: a message, and what only a
// channel message carries.
type channelBody struct {
	interaction.MessageData
	MessageReference *referenceBody `json:"message_reference"`
	StickerIDs       []string       `json:"sticker_ids"`
	Nonce            any            `json:"nonce"`
	EnforceNonce     bool           `json:"enforce_nonce"`
}

// referenceBody is a message_reference: a reply (type 0, the default) or
// a forward (type 1).
type referenceBody struct {
	Type            int                    `json:"type"`
	MessageID       interaction.Snowflake  `json:"message_id"`
	ChannelID       *interaction.Snowflake `json:"channel_id"`
	GuildID         *interaction.Snowflake `json:"guild_id"`
	FailIfNotExists *bool                  `json:"fail_if_not_exists"`
}

// createFlags are the flags a channel message may set (the service's
// documentation of Create Message; IS_VOICE_MESSAGE is for clients).
const createFlags = interaction.FlagSuppressEmbeds | interaction.FlagSuppressNotifications | interaction.FlagIsComponentsV2

// botOnly refuses a caller who is not the bot: a user's bearer token does
// not post or read channels.
func botOnly(r *request) *apiError {
	if !r.caller.bot {
		return errUnauthorized()
	}
	return nil
}

// createChannelMessage is POST /channels/{channel}/messages.
func (s *Server) createChannelMessage(r *request) (int, any, *apiError) {
	if e := botOnly(r); e != nil {
		return 0, nil, e
	}
	w, e := s.requestChannel(r)
	if e != nil {
		return 0, nil, e
	}
	var body channelBody
	files, e := decodeMessageBody(r, &body)
	if e != nil {
		return 0, nil, e
	}
	p, e := s.postMessage(w, s.st.app.botUser, &body, files)
	if e != nil {
		return 0, nil, e
	}
	return http.StatusOK, s.channelMessageJSON(w.ch.ID, &p.Message, true), nil
}

// postMessage checks and posts a message of user's in a channel. The
// caller holds the state's lock.
func (s *Server) postMessage(w where, user interaction.Snowflake, body *channelBody, files []upload) (*postedMessage, *apiError) {
	perms, e := s.maySend(w, user)
	if e != nil {
		return nil, e
	}
	data := &body.MessageData
	inv := newInvalidBody()
	checkMessage(inv, "", data, createFlags)
	s.checkPremiumButtons(inv, "", data)
	var atts []Attachment
	if len(files) > 0 || len(data.Attachments) > 0 {
		refs := refsOf(data.Attachments)
		atts = s.attachments(inv, "/attachments", &refs, files, nil, w.ch.ID, false)
	}
	checkReferences(inv, "", data, atts)
	if len(body.StickerIDs) > 0 {
		// The emulator's guilds have no stickers.
		inv.add("/sticker_ids", "UNKNOWN_STICKER", "Unknown sticker.")
	}
	switch n := body.Nonce.(type) {
	case nil, float64:
	case string:
		if len([]rune(n)) > 25 {
			inv.add("/nonce", rules.BaseTypeMaxLength, "Must be 25 or fewer in length.")
		}
	default:
		// A nonce is an integer or a string; only those compare.
		inv.add("/nonce", rules.BaseTypeBadType, "Value must be an integer or a string.")
	}
	ref, snapshot, refused := s.checkReference(inv, w, user, body.MessageReference)
	if refused != nil {
		return nil, refused
	}
	if len(inv.errors) > 0 {
		return nil, inv
	}
	if body.EnforceNonce && body.Nonce != nil {
		if p := s.st.sameNonce(w.ch.ID, user, body.Nonce); p != nil {
			return p, nil
		}
	}
	forward := ref != nil && ref.forward
	if forward && (!isEmpty(data, len(atts)) || data.TTS) {
		return nil, errInvalidBody("/message_reference", "MESSAGE_REFERENCE_FORWARD_ALONE", "A forward carries only the message it forwards.")
	}
	if !forward && isEmpty(data, len(atts)) {
		return nil, errEmptyMessage()
	}
	if !w.dm() {
		need := interaction.Permissions(0)
		if len(data.Embeds) > 0 {
			need |= interaction.PermissionEmbedLinks
		}
		if len(atts) > 0 {
			need |= interaction.PermissionAttachFiles
		}
		if data.TTS {
			need |= interaction.PermissionSendTTSMessages
		}
		if data.Poll != nil {
			need |= interaction.PermissionSendPolls
		}
		if !perms.Has(need) {
			return nil, errMissingPermissions()
		}
		if ref != nil && !ref.forward && !perms.Has(interaction.PermissionReadMessageHistory) {
			return nil, errForbidden(codeReplyWithoutHistory, "Cannot reply without permission to read message history")
		}
	}
	now := s.st.now()
	msg := cloneMessageData(*data)
	msg.Attachments = nil
	p := &postedMessage{
		Message: Message{ID: s.st.newID(), ChannelID: w.ch.ID, Data: msg, Attachments: atts,
			Poll: makePoll(msg.Poll, now), Created: now},
		author: user, ref: ref, snapshot: snapshot, nonce: body.Nonce,
	}
	if ref != nil && !ref.forward {
		p.typ = messageReply
	}
	s.mention(p, w, perms)
	s.st.post(p)
	s.publishMessage(messageCreated, p.ChannelID, &p.Message)
	s.sentInThread(w, p)
	return p, nil
}

// checkReference checks a reply's or forward's reference, and returns
// where it points, and for a forward the message forwarded as it stands;
// nil for none, or for a reply to a missing message that need not exist.
// Problems of the body go to inv; refusals of access are returned. The
// caller holds the state's lock.
func (s *Server) checkReference(inv *apiError, w where, user interaction.Snowflake, b *referenceBody) (*messageRef, *Message, *apiError) {
	if b == nil {
		return nil, nil, nil
	}
	switch b.Type {
	case 0:
		channel := w.ch.ID
		if b.ChannelID != nil && *b.ChannelID != channel {
			inv.add("/message_reference/channel_id", "MESSAGE_REFERENCE_INVALID_CHANNEL", "A reply answers a message of its own channel.")
			return nil, nil, nil
		}
		if s.st.channelMessage(channel, b.MessageID) == nil {
			if b.FailIfNotExists != nil && !*b.FailIfNotExists {
				return nil, nil, nil
			}
			inv.add("/message_reference", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message")
			return nil, nil, nil
		}
		ref := &messageRef{channel: channel, message: b.MessageID}
		if w.g != nil {
			ref.guild = w.g.id
		}
		return ref, nil, nil
	case 1:
		if b.ChannelID == nil {
			inv.add("/message_reference/channel_id", rules.BaseTypeRequired, "This field is required")
			return nil, nil, nil
		}
		from, ok := s.findChannel(*b.ChannelID)
		if !ok {
			inv.add("/message_reference", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message")
			return nil, nil, nil
		}
		if s.mayRead(from, user) != nil {
			return nil, nil, errForbidden(codeForwardWithoutReading, "You cannot forward a message whose content you cannot read")
		}
		m := s.st.channelMessage(from.ch.ID, b.MessageID)
		if m == nil {
			inv.add("/message_reference", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message")
			return nil, nil, nil
		}
		snap := m.clone()
		ref := &messageRef{forward: true, channel: from.ch.ID, message: m.ID}
		if from.g != nil {
			ref.guild = from.g.id
		}
		return ref, &snap, nil
	default:
		inv.add("/message_reference/type", rules.BaseTypeChoices, "Value must be one of (0, 1).")
		return nil, nil, nil
	}
}

var (
	userMention  = regexp.MustCompile(`<@!?([0-9]+)>`)
	roleMention  = regexp.MustCompile(`<@&([0-9]+)>`)
	everyoneText = regexp.MustCompile(`@(everyone|here)`)
)

// mention works out whom p pings: the users and roles its content names
// and @everyone, as its allowed mentions let it (all kinds when it has
// none, for a message that is not an interaction's), a role only when it
// is mentionable or the author may mention everyone, and everyone only
// with MENTION_EVERYONE. The caller holds the state's lock.
func (s *Server) mention(p *postedMessage, w where, perms interaction.Permissions) {
	p.mentions, p.mentionRoles, p.mentionEveryone = nil, nil, false
	content := p.Data.Content
	am := p.Data.AllowedMentions
	parse := func(kind string) bool { return am == nil || slices.Contains(am.Parse, kind) }
	listed := func(list []interaction.Snowflake, id interaction.Snowflake) bool {
		return am != nil && slices.Contains(list, id)
	}
	mayEveryone := w.dm() || perms.Has(interaction.PermissionMentionEveryone)
	for _, m := range userMention.FindAllStringSubmatch(content, -1) {
		id, err := interaction.ParseSnowflake(m[1])
		if err != nil || s.st.users[id] == nil || slices.Contains(p.mentions, id) {
			continue
		}
		if parse("users") || listed(am.Users, id) {
			p.mentions = append(p.mentions, id)
		}
	}
	if w.g != nil {
		for _, m := range roleMention.FindAllStringSubmatch(content, -1) {
			id, err := interaction.ParseSnowflake(m[1])
			role := w.g.roles[id]
			if err != nil || role == nil || slices.Contains(p.mentionRoles, id) {
				continue
			}
			if (parse("roles") || listed(am.Roles, id)) && (role.Mentionable || mayEveryone) {
				p.mentionRoles = append(p.mentionRoles, id)
			}
		}
	}
	p.mentionEveryone = everyoneText.MatchString(content) && parse("everyone") && mayEveryone
}

// getChannelMessage is GET /channels/{channel}/messages/{message}.
func (s *Server) getChannelMessage(r *request) (int, any, *apiError) {
	w, m, e := s.readableMessage(r)
	if e != nil {
		return 0, nil, e
	}
	return http.StatusOK, s.channelMessageJSON(w.ch.ID, m, true), nil
}

// readableMessage returns the channel and message a request names, which
// the bot may read.
func (s *Server) readableMessage(r *request) (where, *Message, *apiError) {
	if e := botOnly(r); e != nil {
		return where{}, nil, e
	}
	w, e := s.requestChannel(r)
	if e != nil {
		return where{}, nil, e
	}
	if e := s.mayRead(w, s.st.app.botUser); e != nil {
		return where{}, nil, e
	}
	m := s.requestMessage(r, w)
	if m == nil {
		return where{}, nil, errUnknownMessage()
	}
	return w, m, nil
}

// requestMessage returns the message of w that the request's path names,
// or nil. The caller holds the state's lock.
func (s *Server) requestMessage(r *request, w where) *Message {
	id, err := interaction.ParseSnowflake(r.PathValue("message"))
	if err != nil {
		return nil
	}
	return s.st.channelMessage(w.ch.ID, id)
}

// listChannelMessages is GET /channels/{channel}/messages: newest first,
// at most limit (1 to 100, 50 by default), before, after or around a
// message. Without READ_MESSAGE_HISTORY the list is empty (the service's
// documentation).
func (s *Server) listChannelMessages(r *request) (int, any, *apiError) {
	if e := botOnly(r); e != nil {
		return 0, nil, e
	}
	w, e := s.requestChannel(r)
	if e != nil {
		return 0, nil, e
	}
	q, e := parseMessageQuery(r)
	if e != nil {
		return 0, nil, e
	}
	if e := s.mayRead(w, s.st.app.botUser); e != nil {
		if e.code == codeMissingPermissions {
			return http.StatusOK, []any{}, nil
		}
		return 0, nil, e
	}
	ids := s.liveIDs(w.ch.ID)
	ids = q.page(ids)
	out := make([]any, 0, len(ids))
	for i := len(ids) - 1; i >= 0; i-- {
		out = append(out, s.channelMessageJSON(w.ch.ID, s.st.channelMessage(w.ch.ID, ids[i]), true))
	}
	return http.StatusOK, out, nil
}

// liveIDs returns the ids of the messages a channel shows, oldest first.
// The caller holds the state's lock.
func (s *Server) liveIDs(channel interaction.Snowflake) []interaction.Snowflake {
	l := s.st.channelLogs[channel]
	if l == nil {
		return nil
	}
	out := make([]interaction.Snowflake, 0, len(l.ids))
	for _, id := range l.ids {
		if s.st.channelMessage(channel, id) != nil {
			out = append(out, id)
		}
	}
	return out
}

// messageQuery is the query of Get Channel Messages.
type messageQuery struct {
	around, before, after interaction.Snowflake
	limit                 int
}

// maxMessagePage is the most messages one list answers with.
const maxMessagePage = 100

// parseMessageQuery reads the query of Get Channel Messages, or answers
// 50035 with every parameter at fault.
func parseMessageQuery(r *request) (messageQuery, *apiError) {
	q := messageQuery{limit: 50}
	v := r.URL.Query()
	bad := newInvalidBody()
	anchors := 0
	for _, f := range []struct {
		name string
		to   *interaction.Snowflake
	}{{"around", &q.around}, {"before", &q.before}, {"after", &q.after}} {
		if v.Get(f.name) != "" {
			anchors++
			*f.to = snowflakeQuery(v, f.name, bad)
		}
	}
	if anchors > 1 {
		bad.add("", "MESSAGE_QUERY_EXCLUSIVE", "Only one of around, before and after may be given.")
	}
	q.limit = intQuery(v, "limit", q.limit, 1, maxMessagePage, bad)
	if len(bad.errors) > 0 {
		return q, bad
	}
	return q, nil
}

// page picks the messages of ids (oldest first) the query asks for,
// oldest first.
func (q messageQuery) page(ids []interaction.Snowflake) []interaction.Snowflake {
	switch {
	case q.after != 0:
		i, _ := slices.BinarySearch(ids, q.after+1)
		ids = ids[i:]
		return ids[:min(len(ids), q.limit)]
	case q.around != 0:
		// Half before the message, the rest from it on.
		i, _ := slices.BinarySearch(ids, q.around)
		lo := max(0, i-q.limit/2)
		hi := min(len(ids), lo+q.limit)
		lo = max(0, hi-q.limit)
		return ids[lo:hi]
	case q.before != 0:
		i, _ := slices.BinarySearch(ids, q.before)
		ids = ids[:i]
	}
	return ids[max(0, len(ids)-q.limit):]
}

// channelMessageJSON is the message object the channel endpoints answer
// with: that of a posted message, or the one the webhook endpoints give of
// an interaction's, with whether it is pinned. withReference adds the
// message a reply answers, itself without its own. The caller holds the
// state's lock.
func (s *Server) channelMessageJSON(channel interaction.Snowflake, m *Message, withReference bool) map[string]any {
	l := s.st.log(channel)
	_, pinned := l.pinned(m.ID)
	p := l.posted[m.ID]
	if p == nil || &p.Message != m {
		out := s.messageJSON(m)
		out["pinned"] = pinned
		s.addReactionsAndThread(out, channel, m)
		return out
	}
	var edited any
	if !m.Edited.IsZero() {
		edited = m.Edited.UTC().Format(timestampLayout)
	}
	var author any
	if u := s.st.users[p.author]; u != nil {
		author = userJSON(u)
	}
	d := m.Data
	out := map[string]any{
		"id":               m.ID.String(),
		"type":             p.typ,
		"channel_id":       m.ChannelID.String(),
		"author":           author,
		"content":          d.Content,
		"tts":              d.TTS,
		"embeds":           embedsJSON(d.Embeds),
		"components":       componentsJSON(d.Components, m.Attachments, m.ID),
		"attachments":      attachmentObjects(m.Attachments),
		"mentions":         s.usersJSON(p.mentions),
		"mention_roles":    snowflakeStrings(p.mentionRoles),
		"mention_everyone": p.mentionEveryone,
		"pinned":           pinned,
		"flags":            d.Flags,
		"timestamp":        m.Created.UTC().Format(timestampLayout),
		"edited_timestamp": edited,
	}
	if m.Poll != nil {
		out["poll"] = pollJSON(m.Poll, s.st.now())
	}
	s.addReactionsAndThread(out, channel, m)
	if p.nonce != nil {
		out["nonce"] = p.nonce
	}
	if ref := p.ref; ref != nil {
		mr := map[string]any{"type": 0, "channel_id": ref.channel.String()}
		if ref.message != 0 {
			// A THREAD_CREATED message points at its thread alone.
			mr["message_id"] = ref.message.String()
		}
		if ref.guild != 0 {
			mr["guild_id"] = ref.guild.String()
		}
		if ref.forward {
			mr["type"] = 1
			snap := p.snapshot
			out["message_snapshots"] = []any{map[string]any{"message": map[string]any{
				"type": messageDefault, "content": snap.Data.Content, "embeds": embedsJSON(snap.Data.Embeds),
				"attachments": attachmentObjects(snap.Attachments), "timestamp": snap.Created.UTC().Format(timestampLayout),
				"edited_timestamp": timestampOrNull(snap.Edited), "flags": snap.Data.Flags, "mentions": []any{}, "mention_roles": []any{},
				"components": componentsJSON(snap.Data.Components, snap.Attachments, snap.ID),
			}}}
		} else if withReference && (p.typ == messageReply || p.typ == messageThreadStarter) {
			// A reply carries the message it answers, null once that
			// is deleted.
			var referenced any
			if rm := s.st.channelMessage(ref.channel, ref.message); rm != nil {
				referenced = s.channelMessageJSON(ref.channel, rm, false)
			}
			out["referenced_message"] = referenced
		}
		out["message_reference"] = mr
	}
	return out
}

// addReactionsAndThread adds to out, the object of message m of channel,
// its reactions, and the thread started from it with the HAS_THREAD flag.
// The caller holds the state's lock.
func (s *Server) addReactionsAndThread(out map[string]any, channel interaction.Snowflake, m *Message) {
	if rs := s.reactionsJSON(channel, m.ID); rs != nil {
		out["reactions"] = rs
	}
	if g, th := s.messageThread(channel, m.ID); th != nil {
		out["flags"] = m.Data.Flags | interaction.FlagHasThread
		out["thread"] = s.threadJSON(g, th)
	}
}

// timestampOrNull writes t as the service writes timestamps, null for the
// zero time.
func timestampOrNull(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UTC().Format(timestampLayout)
}

// usersJSON returns the user objects of ids the emulator knows.
func (s *Server) usersJSON(ids []interaction.Snowflake) []any {
	out := []any{}
	for _, id := range ids {
		if u := s.st.users[id]; u != nil {
			out = append(out, userJSON(u))
		}
	}
	return out
}

// snowflakeStrings writes ids as the service writes them: strings.
func snowflakeStrings(ids []interaction.Snowflake) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id.String()
	}
	return out
}
