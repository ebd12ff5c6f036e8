package emulator

import (
	"encoding/json"
	"net/http"
	"slices"

	"github.com/switchboard-go/switchboard/interaction"
)

// ChannelMessage is a message of a channel as the channel endpoints show
// it: one posted there, by the bot or by a user (PostMessage), or the
// message of an interaction that is not ephemeral.
type ChannelMessage struct {
	Message
	// Author is who wrote it: the bot, for an interaction's message.
	Author interaction.Snowflake
	// Type is the message's type: 0 (DEFAULT), 19 (REPLY), 18
	// (THREAD_CREATED) and 21 (THREAD_STARTER_MESSAGE), which the service
	// posts as a thread starts, or the type of an interaction's answer
	// (20 or 23).
	Type int
	// Pinned reports a message pinned in its channel.
	Pinned bool
	// ReplyTo is the message a reply answers; Forwarded the message a
	// forward carries, as it stood when forwarded.
	ReplyTo   interaction.Snowflake
	Forwarded *Message
	// Mentions are the users the message pings, MentionRoles its roles,
	// MentionEveryone whether it pings @everyone or @here.
	Mentions        []interaction.Snowflake
	MentionRoles    []interaction.Snowflake
	MentionEveryone bool
	// Interaction is the interaction whose answer or follow-up the
	// message is; nil for a message posted in the channel.
	Interaction *interaction.Interaction
	// Reactions are the message's reactions, in the order they were
	// first added.
	Reactions []Reaction
	// Thread is the thread started from the message (whose id is the
	// message's), 0 for none.
	Thread interaction.Snowflake
}

// PostMessage posts a message in a channel as user, as their client would:
// a member of the channel's guild who may send messages there, or the
// user of a direct-message channel with the bot (whose id is the one
// POST /users/@me/channels gives). It is checked as the bot's messages
// are. A refusal posts nothing and is an *InvocationError:
// ErrUnknownTarget for an unknown user or channel, ErrPermissionDenied for
// a user who may not send there, ErrInvalidInput for a message the
// service refuses.
func (s *Server) PostMessage(user, channel interaction.Snowflake, m interaction.MessageData) (ChannelMessage, error) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	p, err := s.postAs(user, channel, m)
	if err != nil {
		return ChannelMessage{}, err
	}
	return s.channelMessageValue(channel, &p.Message), nil
}

// postAs posts m in channel as user. The caller holds the state's lock.
func (s *Server) postAs(user, channel interaction.Snowflake, m interaction.MessageData) (*postedMessage, *InvocationError) {
	if s.st.users[user] == nil {
		return nil, refuse(ErrUnknownTarget, "no user "+user.String())
	}
	w, ok := s.findChannel(channel)
	if !ok {
		return nil, refuse(ErrUnknownTarget, "no channel "+channel.String())
	}
	if len(m.Files) > 0 {
		return nil, refuse(ErrInvalidInput, "a user's message carries no files here")
	}
	body := channelBody{MessageData: m}
	p, e := s.postMessage(w, user, &body, nil)
	if e != nil {
		return nil, refusalOf(e)
	}
	s.st.touch()
	return p, nil
}

// refusalOf says as an *InvocationError what the service refused.
func refusalOf(e *apiError) *InvocationError {
	reason := e.message + " (" + itoa(e.code) + ")"
	if len(e.errors) > 0 {
		if b, err := json.Marshal(e.errors); err == nil {
			reason += ": " + string(b)
		}
	}
	switch e.code {
	case codeUnknownChannel:
		return refuse(ErrUnknownTarget, reason)
	case codeUnknownMessage:
		return refuse(ErrUnknownMessage, reason)
	case codeMissingAccess, codeMissingPermissions, codeCannotMessageUser, codeNoMutualGuilds,
		codeReplyWithoutHistory, codeForwardWithoutReading, codeForumChannel, codeNonTextChannel, codeThreadLocked:
		return refuse(ErrPermissionDenied, reason)
	}
	return refuse(ErrInvalidInput, reason)
}

// ChannelMessages returns the messages a channel shows, oldest first:
// those posted there and those of interactions that are not ephemeral,
// without the deleted ones; nil for a channel the emulator does not know
// or that has none.
func (s *Server) ChannelMessages(channel interaction.Snowflake) []ChannelMessage {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	var out []ChannelMessage
	for _, id := range s.liveIDs(channel) {
		out = append(out, s.channelMessageValue(channel, s.st.channelMessage(channel, id)))
	}
	return out
}

// DirectMessages returns the messages the bot sent user in their direct
// messages, oldest first: posted, and those of interactions there that
// are not ephemeral.
func (s *Server) DirectMessages(user interaction.Snowflake) []ChannelMessage {
	msgs := s.ChannelMessages(dmChannel(user))
	return slices.DeleteFunc(msgs, func(m ChannelMessage) bool { return m.Author != s.botUserID() })
}

// botUserID returns the bot user's id.
func (s *Server) botUserID() interaction.Snowflake {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	return s.st.app.botUser
}

// channelMessageValue copies m, a message of channel, as a ChannelMessage.
// The caller holds the state's lock.
func (s *Server) channelMessageValue(channel interaction.Snowflake, m *Message) ChannelMessage {
	out := ChannelMessage{Message: m.clone(), Author: s.authorOf(channel, m), Reactions: s.st.reactionValues(channel, m.ID)}
	if _, th := s.messageThread(channel, m.ID); th != nil {
		out.Thread = th.ID
	}
	l := s.st.log(channel)
	_, out.Pinned = l.pinned(m.ID)
	if p := l.posted[m.ID]; p != nil {
		out.Author, out.Type = p.author, p.typ
		out.Mentions, out.MentionRoles, out.MentionEveryone = slices.Clone(p.mentions), slices.Clone(p.mentionRoles), p.mentionEveryone
		if p.ref != nil && p.typ == messageReply {
			out.ReplyTo = p.ref.message
		}
		if p.snapshot != nil {
			snap := p.snapshot.clone()
			out.Forwarded = &snap
		}
		return out
	}
	if _, si := s.st.message(m.ID); si != nil {
		ix := *si.ix
		out.Interaction = &ix
		out.Type, _ = s.messageJSON(m)["type"].(int)
	}
	return out
}

// controlMessageRoutes are the control API's messages and roles: a user
// posts, and a member is given roles.
func (s *Server) controlMessageRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /_emulator/messages", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			User    interaction.Snowflake `json:"user"`
			Channel interaction.Snowflake `json:"channel"`
			Content string                `json:"content"`
		}
		if !readControl(w, r, &in) {
			return
		}
		s.st.mu.Lock()
		p, err := s.postAs(in.User, in.Channel, interaction.MessageData{Content: in.Content})
		var out map[string]any
		if err == nil {
			out = s.channelMessageJSON(in.Channel, &p.Message, true)
		}
		s.st.mu.Unlock()
		if err != nil {
			writeSetupRefusal(w, err)
			return
		}
		writeJSON(w, http.StatusOK, out)
	})
	mux.HandleFunc("POST /_emulator/roles", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Guild interaction.Snowflake   `json:"guild"`
			User  interaction.Snowflake   `json:"user"`
			Roles []interaction.Snowflake `json:"roles"`
		}
		if !readControl(w, r, &in) {
			return
		}
		if err := s.SetRoles(in.Guild, in.User, in.Roles...); err != nil {
			writeSetupRefusal(w, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}
