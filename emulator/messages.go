package emulator

import (
	"cmp"
	"slices"

	"github.com/switchboard-go/switchboard/interaction"
)

// A user interface that shows the channel follows the bot's messages as
// they change. Messages gives them all once; after it, MessageChanges says
// which changed, and Message gives each as it stands, at the cost of what
// changed rather than of every message kept.

// MessageRecord is a message the bot sent, as it stands, with the
// interaction that made it: the one whose answer or follow-up it is, or
// which the service launched itself. A message posted through the channel
// endpoints, by the bot or by a user (PostMessage), is Posted, with its
// Author and no Interaction.
type MessageRecord struct {
	Message
	Interaction interaction.Interaction
	Launched    bool
	Posted      bool
	Author      interaction.Snowflake
	// Original reports the message of the interaction's answer. A
	// follow-up has ReplyTo, the answer's message it follows, when there
	// is one.
	Original bool
	ReplyTo  interaction.Snowflake
}

// Message returns a message the bot sent, with the interaction that made
// it; false for one the emulator never saw or has forgotten (see Limits).
// A deleted message is returned, Deleted.
func (s *Server) Message(id interaction.Snowflake) (MessageRecord, bool) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	m, si := s.st.message(id)
	if m == nil {
		if p := s.st.postedMessage(id); p != nil {
			return postedRecord(p), true
		}
		return MessageRecord{}, false
	}
	return messageRecord(m, si), true
}

// Messages returns every message the emulator keeps, deleted ones too, in
// the order of their ids, and the number of the last change to them, from
// which MessageChanges goes on.
func (s *Server) Messages() ([]MessageRecord, uint64) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	var out []MessageRecord
	for _, si := range s.st.kept() {
		for _, m := range si.owned() {
			if s.st.messages[m.ID] == si {
				out = append(out, messageRecord(m, si))
			}
		}
	}
	for _, l := range s.st.channelLogs {
		for _, p := range l.posted {
			out = append(out, postedRecord(p))
		}
	}
	slices.SortFunc(out, func(a, b MessageRecord) int { return cmp.Compare(a.ID, b.ID) })
	return out, s.st.journal.last
}

// MessageChanges returns the messages made, changed, deleted or forgotten
// after the change numbered since, each once, in the order of their last
// change, and the number of the last change. Message tells what became of
// each: a message forgotten is not found. ok is false when the emulator
// no longer remembers every change after since (it remembers the last
// 8192): look at Messages again.
func (s *Server) MessageChanges(since uint64) (ids []interaction.Snowflake, last uint64, ok bool) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	ids, ok = s.st.journal.since(since)
	return ids, s.st.journal.last, ok
}

// postedRecord copies p, a message posted through the channel endpoints.
// The caller holds the state's lock.
func postedRecord(p *postedMessage) MessageRecord {
	return MessageRecord{Message: p.Message.clone(), Posted: true, Author: p.author}
}

// messageRecord copies m, a message si made. The caller holds the
// state's lock.
func messageRecord(m *Message, si *sentInteraction) MessageRecord {
	rec := MessageRecord{Message: m.clone(), Interaction: *si.ix, Launched: si.launched,
		// The bot user has the application's id.
		Author: si.ix.ApplicationID}
	if si.original != nil {
		rec.Original = si.original == m
		if !rec.Original {
			rec.ReplyTo = si.original.ID
		}
	}
	return rec
}
