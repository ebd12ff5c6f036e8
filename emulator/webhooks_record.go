package emulator

import (
	"slices"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// InteractionRecord is an interaction and what became of it: one the
// emulator sent to the bot, with the bot's answer and the messages it made,
// or one the service handled itself (Launched), with the service's answer
// and message.
type InteractionRecord struct {
	Interaction interaction.Interaction
	Sent        time.Time
	// Launched reports an entry point command whose handler is
	// SERVICE_LAUNCH_ACTIVITY, one of Launches: the service handled the
	// interaction itself, and sent the bot nothing. Its Answer is
	// LAUNCH_ACTIVITY, and its one follow-up the message the service
	// posted to the channel.
	Launched bool
	// Answer is the first answer, by the HTTP response or the callback
	// endpoint; nil while there is none.
	Answer   *interaction.Response
	Answered time.Time
	// Original is the message of the answer, or the loading message of a
	// deferral until an edit completes it; nil for answers without one.
	Original  *Message
	Followups []Message
	// History is every change to those messages, oldest first: what a
	// user watching the channel saw happen, including the steps that
	// Original and Followups, which hold the last state, no longer show.
	// HistoryDropped counts the oldest changes it no longer holds, when
	// the interaction alone made more than the emulator keeps
	// (Limits.Changes): the change History[i] is the (HistoryDropped+i)th.
	History        []MessageEvent
	HistoryDropped int
	// Faults are the delivery faults that fired on the interaction, and
	// Copies the copies of it they sent, as the Result says.
	Faults []DeliveryFaultKind
	Copies []Copy
}

// MessageEvent is one change to the messages of an interaction.
type MessageEvent struct {
	Kind MessageEventKind
	// Original reports a change to the answer's message rather than to
	// a follow-up.
	Original bool
	// Message is the message as it stood after the change.
	Message Message
	At      time.Time
}

// MessageEventKind is what happened to a message.
type MessageEventKind string

// The kinds of MessageEvent.
const (
	// MessageReplied: the answer's message, sent with the answer.
	MessageReplied MessageEventKind = "replied"
	// MessageDeferred: the loading message of a deferred answer.
	MessageDeferred MessageEventKind = "deferred"
	// MessageCompleted: the loading message completed by an edit or
	// the first follow-up.
	MessageCompleted MessageEventKind = "completed"
	// MessageFollowedUp: a new follow-up message.
	MessageFollowedUp MessageEventKind = "followed_up"
	// MessageEdited: an edit of a message that was complete.
	MessageEdited MessageEventKind = "edited"
	// MessageDeleted: a message deleted.
	MessageDeleted MessageEventKind = "deleted"
)

// Message is a message the bot sent in answer to an interaction.
type Message struct {
	ID        interaction.Snowflake
	ChannelID interaction.Snowflake
	// Data is what the bot last set of the message; its Attachments
	// list, which only describes files, is left out.
	Data interaction.MessageData
	// Attachments are the files the message carries, in order.
	Attachments []Attachment
	// Poll is the poll the service made of the message's, with its
	// answers numbered and its expiry; nil without one.
	Poll    *interaction.Poll
	Created time.Time
	// Edited is when the message was last edited; zero if never.
	Edited  time.Time
	Deleted bool
}

// Loading reports whether the message is the "thinking…" message of a
// deferred answer, not yet completed.
func (m Message) Loading() bool { return m.Data.Flags&interaction.FlagLoading != 0 }

// Interaction returns what became of the interaction with id; false for
// one never sent, or one the emulator has forgotten (see Limits).
func (s *Server) Interaction(id interaction.Snowflake) (InteractionRecord, bool) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	si := s.st.interactions[id]
	if si == nil {
		return InteractionRecord{}, false
	}
	return si.record(), true
}

// Interactions returns every interaction sent that the emulator keeps
// (see Limits), oldest first.
func (s *Server) Interactions() []InteractionRecord {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	out := make([]InteractionRecord, 0, len(s.st.interactions))
	for _, si := range s.st.kept() {
		if !si.launched {
			out = append(out, si.record())
		}
	}
	return out
}

// Launches returns the interactions of entry point commands whose handler
// is SERVICE_LAUNCH_ACTIVITY, which the service handled itself without
// sending them to the bot, oldest first, those the emulator keeps (see
// Limits).
func (s *Server) Launches() []InteractionRecord {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	out := []InteractionRecord{}
	for _, si := range s.st.kept() {
		if si.launched {
			out = append(out, si.record())
		}
	}
	return out
}

// record copies si, so the caller holds nothing the service changes. The
// caller holds the state's lock.
func (si *sentInteraction) record() InteractionRecord {
	rec := InteractionRecord{Interaction: *si.ix, Sent: si.sent, Launched: si.launched, Answered: si.answered, HistoryDropped: si.dropped,
		Faults: slices.Clone(si.faults)}
	for _, c := range si.copies {
		c.RawAnswer, c.Violations = slices.Clone(c.RawAnswer), slices.Clone(c.Violations)
		rec.Copies = append(rec.Copies, c)
	}
	if si.answer != nil {
		a := *si.answer
		a.Message = cloneMessageData(a.Message)
		a.Choices = slices.Clone(a.Choices)
		if a.Modal != nil {
			m := *a.Modal
			m.Components = slices.Clone(m.Components)
			a.Modal = &m
		}
		rec.Answer = &a
	}
	if si.original != nil {
		m := si.original.clone()
		rec.Original = &m
	}
	for _, f := range si.followups {
		rec.Followups = append(rec.Followups, f.clone())
	}
	for _, e := range si.history {
		e.Message = e.Message.clone()
		rec.History = append(rec.History, e)
	}
	return rec
}

// clone returns a copy of m that shares no slices with it but the uploaded
// bytes, which nothing changes, for handing out of the lock.
func (m *Message) clone() Message {
	c := *m
	c.Data = cloneMessageData(m.Data)
	// The uploaded bytes are shared: nothing changes them (Attachment).
	c.Attachments = slices.Clone(m.Attachments)
	c.Poll = m.Poll.Clone()
	return c
}

// cloneMessageData copies the lists of a message, which edits replace
// whole and never change in place.
func cloneMessageData(d interaction.MessageData) interaction.MessageData {
	d.Embeds = slices.Clone(d.Embeds)
	d.Components = slices.Clone(d.Components)
	d.Attachments = slices.Clone(d.Attachments)
	if d.AllowedMentions != nil {
		am := *d.AllowedMentions
		d.AllowedMentions = &am
	}
	d.Poll = d.Poll.Clone()
	return d
}

// timestampLayout is how the service writes message timestamps.
const timestampLayout = "2006-01-02T15:04:05.000000-07:00"

// Message types of answers (public facts of the service): the message of an
// answer to a slash command, and to a user or message command. Follow-ups,
// and the answers to components and modals, are written as DEFAULT
// messages; the service's documentation does not say.
const (
	messageDefault            = 0
	messageChatInputCommand   = 20
	messageContextMenuCommand = 23
)

// messageJSON is the message object the webhook endpoints answer with,
// and that interactions carry: its type and interaction_metadata are those
// of the interaction that made it, whichever interaction's token reads or
// edits it. The caller holds the state's lock.
func (s *Server) messageJSON(m *Message) map[string]any {
	st := s.st
	d := m.Data
	si := st.messages[m.ID]
	original := si != nil && si.original != nil && si.original.ID == m.ID
	typ := messageDefault
	if original && si.ix.Type == interaction.TypeApplicationCommand {
		typ = messageChatInputCommand
		if t := si.ix.Data.Type; t == interaction.CommandUser || t == interaction.CommandMessage {
			typ = messageContextMenuCommand
		}
	}
	var edited any
	if !m.Edited.IsZero() {
		edited = m.Edited.UTC().Format(timestampLayout)
	}
	// The message is its interaction's application's, whoever reads it.
	app := st.app
	if si != nil {
		app = st.appOf(si)
	}
	var author any
	if u := st.users[app.botUser]; u != nil {
		author = userJSON(u)
	}
	out := map[string]any{
		"id":               m.ID.String(),
		"type":             typ,
		"channel_id":       m.ChannelID.String(),
		"author":           author,
		"content":          d.Content,
		"tts":              d.TTS,
		"embeds":           embedsJSON(d.Embeds),
		"components":       componentsJSON(d.Components, m.Attachments, m.ID),
		"attachments":      attachmentObjects(m.Attachments),
		"mentions":         []any{},
		"mention_roles":    []any{},
		"mention_everyone": false,
		"pinned":           false,
		"flags":            d.Flags,
		"timestamp":        m.Created.UTC().Format(timestampLayout),
		"edited_timestamp": edited,
		"webhook_id":       app.id.String(),
		"application_id":   app.id.String(),
	}
	if m.Poll != nil {
		out["poll"] = pollJSON(m.Poll, st.now())
	}
	if si != nil {
		meta := s.interactionMetadata(si)
		if !original && si.original != nil {
			meta["original_response_message_id"] = si.original.ID.String()
		}
		out["interaction_metadata"] = meta
	}
	return out
}

// interactionMetadata is what a message says of the interaction that made
// it. The caller holds the state's lock.
func (s *Server) interactionMetadata(si *sentInteraction) map[string]any {
	invoker := si.ix.Invoker()
	if u := s.st.users[invoker.ID]; u != nil {
		invoker = *u
	}
	// authorizing_integration_owners is required of every type of the
	// service's metadata, {} when nothing authorized the interaction.
	meta := map[string]any{"id": si.ix.ID.String(), "type": si.ix.Type, "user": userJSON(&invoker),
		"authorizing_integration_owners": si.ix.AuthorizingIntegrationOwners}
	// The service's message interaction metadata names the user or the
	// message a context-menu command was used on, the message whose
	// component was used, and for a modal the interaction that opened it.
	if si.ix.Type == interaction.TypeApplicationCommand {
		switch target := si.ix.Data.TargetID; si.ix.Data.Type {
		case interaction.CommandUser:
			if u := s.st.users[target]; u != nil {
				meta["target_user"] = userJSON(u)
			}
		case interaction.CommandMessage:
			meta["target_message_id"] = target.String()
		}
	}
	if si.ix.Type == interaction.TypeMessageComponent && si.message != nil {
		meta["interacted_message_id"] = si.message.ID.String()
	}
	if si.ix.Type == interaction.TypeModalSubmit && si.opener != nil {
		meta["triggering_interaction_metadata"] = s.interactionMetadata(si.opener)
	}
	return meta
}

// attachmentObjects are the attachment objects of a message, [] for none.
func attachmentObjects(as []Attachment) []interaction.Attachment {
	out := make([]interaction.Attachment, len(as))
	for i, a := range as {
		out[i] = a.Attachment
	}
	return out
}
