package emulator

import (
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// The service keeps its messages; the emulator keeps them in memory, so it
// keeps a bounded number: the interactions sent and launched, the changes
// to their messages (each a copy of the message as it stood), and the
// files those messages carry. Past a bound the oldest interactions are
// forgotten, as if they had never been: their tokens no longer work, and
// their messages are gone from the records, the control API and the
// playground. The bounds are the Limits of Config; a test suite that needs
// more raises them (CONFORMANCE.md, D211).

// Limits bound what the emulator keeps in memory. A zero field means its
// default.
type Limits struct {
	// Interactions is how many interactions the emulator keeps, those
	// sent to the bot and those the service launched itself: past it
	// the oldest is forgotten. Zero means 10,000.
	Interactions int
	// Changes is how many changes to messages the histories of the
	// interactions kept hold in all (InteractionRecord.History): past
	// it the oldest interactions are forgotten. An interaction that
	// alone has more keeps its newest. Zero means 50,000.
	Changes int
	// InteractionFiles is how many bytes of files the messages of one
	// interaction may keep, in all the versions its history holds: an
	// answer, follow-up or edit whose files would take it past this is
	// refused with 413 and code 40005, saying why. Zero means 128 MiB,
	// room for a message of ten files at the service's upload limit.
	InteractionFiles int64
	// Files is how many bytes of files the interactions kept hold in
	// all: past it the oldest interactions are forgotten. Zero means
	// 512 MiB.
	Files int64
	// Events is how many deliveries of webhook events the emulator keeps
	// once they have finished (Events): past it the oldest is dropped.
	// Zero means 10,000.
	Events int
	// WaitingEvents is how many webhook events may wait their turn to be
	// sent, behind the delivery under way: an event that finds no room
	// is not sent, and is recorded at once with a violation that says
	// why. Zero means 1,000.
	WaitingEvents int
	// ChannelMessages is how many messages posted through the channel
	// endpoints (by the bot, or by users through the control API) the
	// emulator keeps per channel: past it the channel's oldest is
	// forgotten, as if deleted. The messages of interactions are kept
	// with their interactions, by the bounds above. Zero means 1,000.
	ChannelMessages int
	// ChannelFiles is how many bytes of files the messages posted in one
	// channel keep in all: past it the channel's oldest posted messages
	// are forgotten, though never the newest. Zero means 128 MiB.
	ChannelFiles int64
	// Upload is how many bytes each file of a message may have, the upload
	// limit every interaction reports as attachment_size_limit: a message
	// or answer with a file over it is refused with 413 and code 40005,
	// and a user's upload over it refused. Zero means the service's
	// default, 10 MiB (DefaultUpload), which is also the most: New refuses
	// more, since a request's body is bounded by ten files of it. A lower
	// limit lets a bot's tests of refused uploads send small files.
	Upload int64
	// Faults is how many injected faults the emulator holds at once, not
	// yet used up: past it InjectFault is refused with ErrTooManyFaults.
	// A fault may fail any number of requests (Fault.Count). Zero means
	// 1,000.
	Faults int
}

// The defaults of Limits.
const (
	DefaultKeptInteractions = 10_000
	DefaultKeptChanges      = 50_000
	DefaultInteractionFiles = 128 << 20
	DefaultKeptFiles        = 512 << 20
	DefaultKeptEvents       = 10_000
	DefaultWaitingEvents    = 1_000
	DefaultFaults           = 1_000
	DefaultChannelMessages  = 1_000
	DefaultChannelFiles     = 128 << 20
	DefaultUpload           = 10 << 20
)

// withDefaults returns l with its zero (or negative) fields given their
// defaults.
func (l Limits) withDefaults() Limits {
	if l.Interactions <= 0 {
		l.Interactions = DefaultKeptInteractions
	}
	if l.Changes <= 0 {
		l.Changes = DefaultKeptChanges
	}
	if l.InteractionFiles <= 0 {
		l.InteractionFiles = DefaultInteractionFiles
	}
	if l.Files <= 0 {
		l.Files = DefaultKeptFiles
	}
	if l.Events <= 0 {
		l.Events = DefaultKeptEvents
	}
	if l.WaitingEvents <= 0 {
		l.WaitingEvents = DefaultWaitingEvents
	}
	if l.ChannelMessages <= 0 {
		l.ChannelMessages = DefaultChannelMessages
	}
	if l.ChannelFiles <= 0 {
		l.ChannelFiles = DefaultChannelFiles
	}
	if l.Faults <= 0 {
		l.Faults = DefaultFaults
	}
	if l.Upload <= 0 {
		l.Upload = DefaultUpload
	}
	return l
}

// keep files si, just sent or launched, as the newest interaction kept.
// The next touch forgets the oldest past the limits. The caller holds the
// state's lock.
func (st *state) keep(si *sentInteraction) {
	st.order = append(st.order, si)
}

// kept returns the interactions kept, oldest first. It shares the state's
// list: the caller holds the state's lock and changes nothing.
func (st *state) kept() []*sentInteraction { return st.order[st.head:] }

// logMessage records a change to one of si's messages, as it stands after
// the change, and counts what si's history then holds: the change, and
// the files of the message it did not hold yet. The caller holds the
// state's lock.
func (st *state) logMessage(si *sentInteraction, kind MessageEventKind, m *Message, at time.Time) {
	si.history = append(si.history, MessageEvent{Kind: kind, Original: m == si.original, Message: m.clone(), At: at})
	st.journal.add(m.ID)
	if st.messages[m.ID] != nil {
		st.components.set(m)
	}
	if si.forgotten {
		// Answered after it was forgotten: nothing keeps it but the
		// exchange under way.
		return
	}
	st.changes++
	for _, a := range m.Attachments {
		if si.files[a.ID] {
			continue
		}
		if si.files == nil {
			si.files = map[interaction.Snowflake]bool{}
		}
		si.files[a.ID] = true
		si.fileBytes += int64(len(a.Content))
		st.fileBytes += int64(len(a.Content))
	}
	if !slices.Contains(st.written, si) {
		st.written = append(st.written, si)
	}
}

// trim forgets the oldest interactions while the state holds more than
// its limits, but not the newest nor those written since the last trim: a
// request that succeeded is not undone by the bound. One that alone holds
// more changes than the limit drops its oldest instead. The caller holds
// the state's lock; touch trims after every change.
func (st *state) trim() {
	spared := func(si *sentInteraction) bool {
		return si == st.order[len(st.order)-1] || slices.Contains(st.written, si)
	}
	for st.over() {
		i := st.head
		for i < len(st.order) && spared(st.order[i]) {
			i++
		}
		if i == len(st.order) {
			break
		}
		st.forget(i)
	}
	for _, si := range st.written {
		if n := len(si.history) - st.limits.Changes; n > 0 && !si.forgotten {
			// Nothing else is left to forget: the interaction alone
			// holds more changes than the emulator keeps. An eighth
			// more goes at once, so that each change past the limit
			// does not copy the whole history.
			n = min(max(n, len(si.history)/8), len(si.history)-1)
			si.history = append(si.history[:0:0], si.history[n:]...)
			si.dropped += n
			st.changes -= n
		}
	}
	clear(st.written)
	st.written = st.written[:0]
}

// over reports whether the state holds more than its limits. The caller
// holds the state's lock.
func (st *state) over() bool {
	return len(st.order)-st.head > st.limits.Interactions || st.changes > st.limits.Changes || st.fileBytes > st.limits.Files
}

// forget forgets the interaction at i of st.order: it is no longer found
// by its id, its token or its messages, and the files of its messages are
// dropped, so that what still points at one of them (an interaction that
// used a component of it) holds no bytes of its. The caller holds the
// state's lock.
func (st *state) forget(i int) {
	si := st.order[i]
	if i == st.head {
		st.order[i] = nil
		st.head++
	} else {
		st.order = slices.Delete(st.order, i, i+1)
	}
	if st.head > 64 && st.head*2 > len(st.order) {
		// Move the kept ones down, so that the list does not grow
		// for ever.
		n := copy(st.order, st.order[st.head:])
		clear(st.order[n:])
		st.order, st.head = st.order[:n], 0
	}
	si.forgotten = true
	if st.interactions[si.ix.ID] == si {
		delete(st.interactions, si.ix.ID)
	}
	if st.byToken[si.ix.Token] == si {
		delete(st.byToken, si.ix.Token)
	}
	for _, m := range si.owned() {
		if st.messages[m.ID] == si {
			delete(st.messages, m.ID)
			st.unindex(m.ChannelID, m.ID)
			st.components.remove(m.ID)
			st.journal.add(m.ID)
		}
		if len(m.Attachments) > 0 {
			// A new list: the copies in histories keep theirs.
			m.Attachments = slices.Clone(m.Attachments)
			for j := range m.Attachments {
				m.Attachments[j].Content = nil
			}
		}
	}
	st.changes -= len(si.history)
	st.fileBytes -= si.fileBytes
	si.history, si.files, si.fileBytes, si.body = nil, nil, 0, nil
}

// owned returns the messages si made: its answer's message, unless that
// is the message of the component it used, and its follow-ups.
func (si *sentInteraction) owned() []*Message {
	var out []*Message
	if si.original != nil && si.original != si.message {
		out = append(out, si.original)
	}
	return append(out, si.followups...)
}

// checkFileRoom refuses files that would take the files si keeps past
// the limit of one interaction, with the service's 413 and a message
// that says which limit. The caller holds the state's lock.
func (s *Server) checkFileRoom(si *sentInteraction, files []upload) *apiError {
	var n int64
	for _, f := range files {
		n += int64(len(f.content))
	}
	if n == 0 || si.fileBytes+n <= s.st.limits.InteractionFiles {
		return nil
	}
	return errNoFileRoom(s.st.limits.InteractionFiles)
}

// errNoFileRoom is the refusal of files past the limit of one interaction:
// the service's 413, with a message that says which limit.
func errNoFileRoom(limit int64) *apiError {
	return &apiError{status: http.StatusRequestEntityTooLarge, code: codeEntityTooLarge,
		message: "Request entity too large: the emulator keeps at most " + byteSize(limit) +
			" of files for one interaction (Limits.InteractionFiles)"}
}

// byteSize writes n bytes in MiB when it is a whole number of them.
func byteSize(n int64) string {
	if n%(1<<20) == 0 {
		return strconv.FormatInt(n>>20, 10) + " MiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
