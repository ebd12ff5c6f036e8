package emulator

import (
	"slices"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// On the service, a channel has one list of messages: those the bot and
// users post through the channel endpoints, and the messages of
// interactions that are not ephemeral. The emulator keeps the first in the
// channel's log and the second with the interaction that made them (see
// sentInteraction), and the log's index names both, in the order of
// their ids, so that reading, listing, pinning and deleting through the
// channel endpoints sees one channel. An ephemeral message is only its
// interaction's: it is in no channel.

// channelLog is what the emulator keeps of one channel's messages.
type channelLog struct {
	// ids are the messages in the channel, both kinds, in the order of
	// their ids (which is the order they were made in). A deleted
	// message leaves it.
	ids []interaction.Snowflake
	// posted are the messages posted through the channel endpoints, by
	// id, deleted ones too until they are forgotten; postedOrder holds
	// their ids oldest first, for forgetting the oldest, and fileBytes
	// the size of their files.
	posted      map[interaction.Snowflake]*postedMessage
	postedOrder []interaction.Snowflake
	fileBytes   int64
	// pins are the messages pinned, oldest pin first.
	pins []pin
	// reactions are the reactions of the messages, by message id, each
	// list in the order its reactions were first added (reactions.go).
	reactions map[interaction.Snowflake][]*reaction
}

// pin is a message pinned in a channel, and when.
type pin struct {
	id interaction.Snowflake
	at time.Time
}

// postedMessage is a message posted through the channel endpoints, by the
// bot or (through the control API) by a user.
type postedMessage struct {
	Message
	author interaction.Snowflake
	// typ is the message's type: DEFAULT, REPLY with a reference, or
	// THREAD_CREATED and THREAD_STARTER_MESSAGE, which the service posts
	// as a thread starts.
	typ int
	// ref is the message a reply answers or a forward forwards.
	ref *messageRef
	// snapshot is the forwarded message as it stood when forwarded.
	snapshot *Message
	// mentions are the users and roles the message pings, and whether
	// it pings everyone, as the service works them out from its content
	// and allowed mentions.
	mentions        []interaction.Snowflake
	mentionRoles    []interaction.Snowflake
	mentionEveryone bool
	nonce           any
}

// messageRef is where a reply or forward points.
type messageRef struct {
	forward bool
	channel interaction.Snowflake
	guild   interaction.Snowflake
	message interaction.Snowflake
}

// Message types of channel messages (public facts of the service).
const (
	messageThreadCreated = 18
	messageReply         = 19
	messageThreadStarter = 21
)

// log returns the log of a channel, made on first use. The caller holds
// the state's lock.
func (st *state) log(channel interaction.Snowflake) *channelLog {
	l := st.channelLogs[channel]
	if l == nil {
		l = &channelLog{posted: map[interaction.Snowflake]*postedMessage{}}
		st.channelLogs[channel] = l
	}
	return l
}

// index adds the message m of an interaction to its channel, unless it is
// ephemeral. The caller holds the state's lock.
func (st *state) index(m *Message) {
	if m.Data.Flags&interaction.FlagEphemeral != 0 {
		return
	}
	st.log(m.ChannelID).insert(m.ID)
}

// unindex takes a message out of its channel's list and pins. The caller
// holds the state's lock.
func (st *state) unindex(channel, id interaction.Snowflake) {
	if l := st.channelLogs[channel]; l != nil {
		l.remove(id)
	}
}

// insert adds id to the list, in order.
func (l *channelLog) insert(id interaction.Snowflake) {
	i, found := slices.BinarySearch(l.ids, id)
	if !found {
		l.ids = slices.Insert(l.ids, i, id)
	}
}

// remove takes id out of the list, the pins and the reactions.
func (l *channelLog) remove(id interaction.Snowflake) {
	delete(l.reactions, id)
	if i, found := slices.BinarySearch(l.ids, id); found {
		l.ids = slices.Delete(l.ids, i, i+1)
	}
	l.pins = slices.DeleteFunc(l.pins, func(p pin) bool { return p.id == id })
}

// pinned returns when id was pinned, and whether it is.
func (l *channelLog) pinned(id interaction.Snowflake) (time.Time, bool) {
	for _, p := range l.pins {
		if p.id == id {
			return p.at, true
		}
	}
	return time.Time{}, false
}

// post files p, just posted, in its channel, and forgets the channel's
// oldest posted messages past the limits (trimChannel). The caller holds the state's
// lock.
func (st *state) post(p *postedMessage) {
	l := st.log(p.ChannelID)
	l.posted[p.ID] = p
	l.postedOrder = append(l.postedOrder, p.ID)
	l.insert(p.ID)
	l.fileBytes += filesSize(p.Attachments)
	st.journal.add(p.ID)
	st.trimChannel(l)
}

// trimChannel forgets a channel's oldest posted messages while it holds
// more than the limits, but never its newest. The caller holds the
// state's lock.
func (st *state) trimChannel(l *channelLog) {
	for len(l.postedOrder) > 1 && (len(l.postedOrder) > st.limits.ChannelMessages || l.fileBytes > st.limits.ChannelFiles) {
		old := l.posted[l.postedOrder[0]]
		l.postedOrder = slices.Delete(l.postedOrder, 0, 1)
		delete(l.posted, old.ID)
		l.remove(old.ID)
		l.fileBytes -= filesSize(old.Attachments)
		st.journal.add(old.ID)
	}
}

// filesSize is how many bytes of files as hold.
func filesSize(as []Attachment) int64 {
	var n int64
	for _, a := range as {
		n += int64(len(a.Content))
	}
	return n
}

// channelMessage returns the message id of the channel, as the channel
// endpoints see it: posted there, or made there by an interaction and not
// ephemeral; nil for one deleted, forgotten or elsewhere. The caller holds
// the state's lock.
func (st *state) channelMessage(channel, id interaction.Snowflake) *Message {
	l := st.channelLogs[channel]
	if l == nil {
		return nil
	}
	if _, found := slices.BinarySearch(l.ids, id); !found {
		return nil
	}
	if p := l.posted[id]; p != nil {
		return &p.Message
	}
	m, _ := st.message(id)
	if m == nil || m.Deleted || m.ChannelID != channel {
		return nil
	}
	return m
}

// postedMessage returns the message with id posted through the channel
// endpoints, deleted or not; nil for one never posted or forgotten. The
// caller holds the state's lock.
func (st *state) postedMessage(id interaction.Snowflake) *postedMessage {
	for _, l := range st.channelLogs {
		if p := l.posted[id]; p != nil {
			return p
		}
	}
	return nil
}

// nonceWindow is how long a nonce enforced finds the message it made:
// "the past few minutes", the service's documentation says.
const nonceWindow = 5 * time.Minute

// sameNonce returns the message user posted in channel with nonce within
// nonceWindow, not deleted; nil for none. The caller holds the state's
// lock.
func (st *state) sameNonce(channel, user interaction.Snowflake, nonce any) *postedMessage {
	l := st.channelLogs[channel]
	if l == nil {
		return nil
	}
	since := st.now().Add(-nonceWindow)
	for i := len(l.postedOrder) - 1; i >= 0; i-- {
		p := l.posted[l.postedOrder[i]]
		if p.Created.Before(since) {
			break
		}
		if p.author == user && !p.Deleted && p.nonce == nonce {
			return p
		}
	}
	return nil
}
