package emulator

import (
	"net/http"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
)

// Reactions are kept in the channel's log, by message, for every message
// the channel endpoints show: those posted there and the answers of
// interactions alike. Each reaction is an emoji and the users who reacted
// with it, in the order they did; the reactions of a message are in the
// order they were first added, as the service lists them.

// Error codes of the reaction endpoints (public facts of the service).
const (
	codeUnknownEmoji   = 10014
	codeMaxReactions   = 30010
	codeArchivedThread = 50083
)

// maxReactions is how many distinct reactions a message may have (the
// service's error codes, 30010).
const maxReactions = 20

// maxEmojiBytes bounds the text of a Unicode emoji: the longest sequences
// (families with skin tones, flags of subdivisions) are under 40 bytes.
const maxEmojiBytes = 64

// reaction is one emoji on a message and who reacted with it, in order.
type reaction struct {
	emoji Emoji // ID 0 for a Unicode emoji, whose Name is its text
	users []interaction.Snowflake
}

// key is the reaction's emoji as the routes and the Go API spell it.
func (r *reaction) key() string { return emojiRef{name: r.emoji.Name, id: r.emoji.ID}.key() }

// Reaction is a reaction on a channel message: its emoji as the service
// takes it in a path (a Unicode emoji itself, a custom emoji name:id),
// and the users who reacted with it, in the order they did.
type Reaction struct {
	Emoji string
	Users []interaction.Snowflake
}

// isUnicodeEmoji reports whether text reads as one Unicode emoji: at most
// maxEmojiBytes of valid UTF-8 made of symbols (with the skin tone
// modifiers), and the joiners, variation selectors and tags that compose
// them; an ASCII digit, # or * only as the base of a keycap (followed by
// U+FE0F or U+20E3). One emoji has one base: symbols after the first
// come joined to it (U+200D), as modifiers, or as the second regional
// indicator of a flag. Its emoji need not be one the service lists: the
// emulator does not carry the list (D260).
func isUnicodeEmoji(text string) bool {
	if text == "" || len(text) > maxEmojiBytes || !utf8.ValidString(text) {
		return false
	}
	const zwj = '\u200d'
	bases, flag := 0, 0
	prev := rune(0)
	for i, r := range text {
		switch {
		case r == zwj, r == '\ufe0f', r == '\ufe0e', r == '\u20e3', r >= 0xe0020 && r <= 0xe007f:
		case r < 0x80:
			next, _ := utf8.DecodeRuneInString(text[i+1:])
			if !strings.ContainsRune("0123456789#*", r) || (next != '\ufe0f' && next != '\u20e3') {
				return false
			}
			bases++
		case r >= 0x1f1e6 && r <= 0x1f1ff:
			// Regional indicators pair into a flag.
			if flag++; flag%2 == 1 && prev != zwj {
				bases++
			}
		case unicode.Is(unicode.Sk, r):
			// A modifier, such as a skin tone, of the base before it.
			if bases == 0 {
				return false
			}
		case unicode.Is(unicode.So, r):
			if prev != zwj {
				bases++
			}
		default:
			return false
		}
		prev = r
	}
	return bases == 1
}

// reactionsOf returns the reactions of a message of a channel, nil for
// none. The caller holds the state's lock.
func (st *state) reactionsOf(channel, message interaction.Snowflake) []*reaction {
	if l := st.channelLogs[channel]; l != nil {
		return l.reactions[message]
	}
	return nil
}

// findReaction returns the reaction of rs with the emoji key names, nil
// for none.
func findReaction(rs []*reaction, key string) *reaction {
	for _, r := range rs {
		if r.key() == key {
			return r
		}
	}
	return nil
}

// react adds user's reaction with emoji to a message of w, as the service
// checks it: READ_MESSAGE_HISTORY (and access) to react at all,
// ADD_REACTIONS too when nobody has reacted with the emoji yet, and at
// most maxReactions emojis on a message; not by a member timed out, nor
// in an archived thread. A second reaction with the same emoji changes
// nothing. The caller holds the state's lock.
func (s *Server) react(w where, m *Message, user interaction.Snowflake, ref emojiRef) *apiError {
	if e := s.mayRead(w, user); e != nil {
		return e
	}
	emoji, e := s.knownEmoji(w, user, ref)
	if e != nil {
		return e
	}
	if e := s.notArchived(w); e != nil {
		return e
	}
	if !w.dm() && s.timedOut(w.g, user) {
		// Reading the history survives a timeout; reacting does not.
		return errMissingPermissions()
	}
	l := s.st.log(w.ch.ID)
	rs := l.reactions[m.ID]
	r := findReaction(rs, ref.key())
	if r != nil && slices.Contains(r.users, user) {
		return nil
	}
	if r == nil {
		if !w.dm() {
			p, e := s.permissionsIn(w, user)
			if e != nil {
				return e
			}
			if !p.Has(interaction.PermissionAddReactions) {
				return errMissingPermissions()
			}
		}
		if len(rs) >= maxReactions {
			return errBadRequest(codeMaxReactions, "Maximum number of reactions reached (20)")
		}
		r = &reaction{emoji: emoji}
		if l.reactions == nil {
			l.reactions = map[interaction.Snowflake][]*reaction{}
		}
		l.reactions[m.ID] = append(rs, r)
	}
	r.users = append(r.users, user)
	s.st.journal.add(m.ID)
	s.publishReaction(reactionAdded, w.ch.ID, m.ID, user, ref.key())
	return nil
}

// unreact takes user's reaction with the emoji key names off a message of
// channel, if it has one; a reaction nobody is left with goes. The
// caller holds the state's lock.
func (s *Server) unreact(channel, message, user interaction.Snowflake, emoji string) {
	st := s.st
	l := st.channelLogs[channel]
	if l == nil {
		return
	}
	rs := l.reactions[message]
	r := findReaction(rs, emoji)
	if r == nil || !slices.Contains(r.users, user) {
		return
	}
	r.users = slices.DeleteFunc(r.users, func(id interaction.Snowflake) bool { return id == user })
	if len(r.users) == 0 {
		st.dropReactions(channel, message, emoji)
	} else {
		st.journal.add(message)
	}
	s.publishReaction(reactionRemoved, channel, message, user, emoji)
}

// dropReactions takes the reactions with the emoji key names off a
// message, all of them when it is empty. The caller holds the state's
// lock.
func (st *state) dropReactions(channel, message interaction.Snowflake, emoji string) {
	l := st.channelLogs[channel]
	if l == nil || len(l.reactions[message]) == 0 {
		return
	}
	rs := slices.DeleteFunc(l.reactions[message], func(r *reaction) bool { return emoji == "" || r.key() == emoji })
	if len(rs) == 0 {
		delete(l.reactions, message)
	} else {
		l.reactions[message] = rs
	}
	st.journal.add(message)
}

// reactionsJSON returns the reactions of a message as the message object
// carries them (the description's MessageReactionResponse): in the order
// first added, with me for the bot's own; nil for none, which the service
// leaves out. The emulator has no burst reactions.
func (s *Server) reactionsJSON(channel, message interaction.Snowflake) []any {
	rs := s.st.reactionsOf(channel, message)
	if len(rs) == 0 {
		return nil
	}
	out := make([]any, len(rs))
	for i, r := range rs {
		emoji := map[string]any{"id": nil, "name": r.emoji.Name}
		if r.emoji.ID != 0 {
			emoji = map[string]any{"id": r.emoji.ID.String(), "name": r.emoji.Name, "animated": r.emoji.Animated}
		}
		out[i] = map[string]any{
			"emoji":         emoji,
			"count":         len(r.users),
			"count_details": map[string]any{"burst": 0, "normal": len(r.users)},
			"burst_colors":  []string{},
			"me_burst":      false,
			"me":            slices.Contains(r.users, s.st.app.botUser),
		}
	}
	return out
}

// reactionValues copies the reactions of a message. The caller holds the
// state's lock.
func (st *state) reactionValues(channel, message interaction.Snowflake) []Reaction {
	rs := st.reactionsOf(channel, message)
	if len(rs) == 0 {
		return nil
	}
	out := make([]Reaction, len(rs))
	for i, r := range rs {
		out[i] = Reaction{Emoji: r.key(), Users: slices.Clone(r.users)}
	}
	return out
}

// reactionRoutes registers the reaction routes of channel messages
// ("Create Reaction" and the others of the Message Resource).
func (s *Server) reactionRoutes(mux *http.ServeMux) {
	const base = "/channels/{channel}/messages/{message}/reactions"
	s.route(mux, "PUT "+base+"/{emoji}/@me", "channel_reactions", false, s.addReaction)
	s.route(mux, "DELETE "+base+"/{emoji}/@me", "channel_reactions", false, s.removeOwnReaction)
	s.route(mux, "DELETE "+base+"/{emoji}/{user}", "channel_reactions", false, s.removeUserReaction)
	s.route(mux, "GET "+base+"/{emoji}", "channel_reactions", false, s.listReactions)
	// Delete All Reactions crosses the pins' DELETE
	// /channels/{channel}/messages/pins/{message}: the mux serves it as
	// a wildcard in place of "reactions".
	s.handle(mux, "DELETE "+base, routeSpec{bucket: "channel_reactions", maxBody: maxJSONBody,
		wide: "/channels/{channel}/messages/{message}/{reactions}", literals: map[string]string{"reactions": "reactions"}},
		s.removeReactions(false))
	s.route(mux, "DELETE "+base+"/{emoji}", "channel_reactions", false, s.removeReactions(true))
}

// reactionTarget returns the channel and message a reaction route names,
// and its emoji when the route has one: 404 10003 for an unknown channel,
// 403 50001 for one the bot may not view, 404 10008 for an unknown
// message, 400 10014 for text that is no emoji. Whether a custom emoji
// exists counts for a reaction added only: the others find none.
func (s *Server) reactionTarget(r *request, withEmoji bool) (where, *Message, emojiRef, *apiError) {
	if e := botOnly(r); e != nil {
		return where{}, nil, emojiRef{}, e
	}
	w, e := s.requestChannel(r)
	if e != nil {
		return where{}, nil, emojiRef{}, e
	}
	if !w.dm() {
		if _, e := s.permissionsIn(w, s.st.app.botUser); e != nil {
			return where{}, nil, emojiRef{}, e
		}
	}
	m := s.requestMessage(r, w)
	if m == nil {
		return where{}, nil, emojiRef{}, errUnknownMessage()
	}
	var emoji emojiRef
	if withEmoji {
		if emoji, e = parseEmoji(r.PathValue("emoji")); e != nil {
			return where{}, nil, emojiRef{}, e
		}
	}
	return w, m, emoji, nil
}

// addReaction is PUT .../reactions/{emoji}/@me: 204, the second time too.
func (s *Server) addReaction(r *request) (int, any, *apiError) {
	w, m, emoji, e := s.reactionTarget(r, true)
	if e != nil {
		return 0, nil, e
	}
	if e := s.react(w, m, s.st.app.botUser, emoji); e != nil {
		return 0, nil, e
	}
	return http.StatusNoContent, nil, nil
}

// removeOwnReaction is DELETE .../reactions/{emoji}/@me: 204, whether the
// bot had reacted or not. It needs no permission beyond access.
func (s *Server) removeOwnReaction(r *request) (int, any, *apiError) {
	w, m, emoji, e := s.reactionTarget(r, true)
	if e != nil {
		return 0, nil, e
	}
	s.unreact(w.ch.ID, m.ID, s.st.app.botUser, emoji.key())
	return http.StatusNoContent, nil, nil
}

// removeUserReaction is DELETE .../reactions/{emoji}/{user}: MANAGE_MESSAGES
// in a guild channel (in a DM 403 50003, as for another's message), then
// 204 whether the user had reacted or not.
func (s *Server) removeUserReaction(r *request) (int, any, *apiError) {
	w, m, emoji, e := s.reactionTarget(r, true)
	if e != nil {
		return 0, nil, e
	}
	user, err := interaction.ParseSnowflake(r.PathValue("user"))
	if err != nil {
		return 0, nil, errNotFound(codeUnknownUser, "Unknown User")
	}
	if e := s.mayManage(w, s.st.app.botUser, interaction.PermissionManageMessages); e != nil {
		return 0, nil, e
	}
	s.unreact(w.ch.ID, m.ID, user, emoji.key())
	return http.StatusNoContent, nil, nil
}

// removeReactions is DELETE .../reactions, and with one emoji DELETE
// .../reactions/{emoji}: MANAGE_MESSAGES (in a DM 403 50003), then 204.
func (s *Server) removeReactions(oneEmoji bool) handler {
	return func(r *request) (int, any, *apiError) {
		w, m, emoji, e := s.reactionTarget(r, oneEmoji)
		if e != nil {
			return 0, nil, e
		}
		if e := s.mayManage(w, s.st.app.botUser, interaction.PermissionManageMessages); e != nil {
			return 0, nil, e
		}
		key := ""
		if oneEmoji {
			key = emoji.key()
		}
		if len(s.st.log(w.ch.ID).reactions[m.ID]) > 0 {
			s.st.dropReactions(w.ch.ID, m.ID, key)
			change := reactionsCleared
			if oneEmoji {
				change = reactionEmojiCleared
			}
			s.publishReaction(change, w.ch.ID, m.ID, 0, key)
		}
		return http.StatusNoContent, nil, nil
	}
}

// maxReactionPage is the most users one list of reactions answers with.
const maxReactionPage = 100

// listReactions is GET .../reactions/{emoji}: the users who reacted with
// the emoji, by user id, above after (a user id), at most limit (1 to
// 100, 25 by default, the documentation's; the description states no
// default); type 1 (burst) lists nobody, as the emulator has no burst
// reactions. It needs READ_MESSAGE_HISTORY, as reading the message does.
func (s *Server) listReactions(r *request) (int, any, *apiError) {
	w, m, emoji, e := s.reactionTarget(r, true)
	if e != nil {
		return 0, nil, e
	}
	v := r.URL.Query()
	bad := newInvalidBody()
	after := snowflakeQuery(v, "after", bad)
	limit := intQuery(v, "limit", 25, 1, maxReactionPage, bad)
	typ := intQuery(v, "type", 0, 0, 1, bad)
	if len(bad.errors) > 0 {
		return 0, nil, bad
	}
	if e := s.mayRead(w, s.st.app.botUser); e != nil {
		return 0, nil, e
	}
	out := []wireUser{}
	if rx := findReaction(s.st.reactionsOf(w.ch.ID, m.ID), emoji.key()); rx != nil && typ == 0 {
		for _, id := range slices.Sorted(slices.Values(rx.users)) {
			if u := s.st.users[id]; u != nil && id > after && len(out) < limit {
				out = append(out, userJSON(u))
			}
		}
	}
	return http.StatusOK, out, nil
}

// React adds user's reaction with emoji to a message of a channel, as
// their client would: a member of the channel's guild who may read its
// history there, and add reactions when nobody has reacted with that
// emoji yet; or the user of a direct-message channel with the bot. emoji
// is a Unicode emoji, or name:id for a custom emoji of a guild the user
// is in (another guild's needs Use External Emojis in the channel). A
// second reaction with the same emoji changes nothing.
//
// A refusal changes nothing and is an *InvocationError: ErrUnknownTarget
// for an unknown user or channel, ErrUnknownMessage for an unknown
// message, ErrPermissionDenied for a user who may not react there,
// ErrInvalidInput for an unknown emoji, a message with 20 reactions
// already, or an archived thread.
func (s *Server) React(user, channel, message interaction.Snowflake, emoji string) error {
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
	m := s.st.channelMessage(channel, message)
	if m == nil {
		return refusalOf(errUnknownMessage())
	}
	ref, e := parseEmoji(emoji)
	if e != nil {
		return refusalOf(e)
	}
	if e := s.react(w, m, user, ref); e != nil {
		return refusalOf(e)
	}
	s.st.touch()
	return nil
}

// controlReactionRoutes is the control API's reactions: a user reacts.
func (s *Server) controlReactionRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /_emulator/reactions", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			User    interaction.Snowflake `json:"user"`
			Channel interaction.Snowflake `json:"channel"`
			Message interaction.Snowflake `json:"message"`
			Emoji   string                `json:"emoji"`
		}
		if !readControl(w, r, &in) {
			return
		}
		if err := s.React(in.User, in.Channel, in.Message, in.Emoji); err != nil {
			writeSetupRefusal(w, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}
