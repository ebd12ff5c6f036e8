package emulator

import (
	"slices"

	"github.com/switchboard-go/switchboard/interaction"
)

// A user interface shows the conversation as it changes: the bot answers,
// defers, follows up and edits at its own pace, through the service's API.
// Changed lets it wait for the next change instead of asking again and
// again, as WaitEvents waits for webhook deliveries.

// Changed returns a channel that is closed at the next change to what the
// emulator holds: an interaction sent, an answer, a message made, edited
// or deleted, a follow-up, a modal opened or closed, a command or its
// permissions written, an installation. Each change closes the channel
// handed out until then, and later calls return a new one.
//
// It may be closed when nothing a reader looks at has changed (a write
// that left things as they were, or one the reader does not show). A
// reader that takes the channel before it reads the state misses nothing:
//
//	for {
//		changed := s.Changed()
//		show(s.Interactions())
//		select {
//		case <-changed:
//		case <-ctx.Done():
//			return
//		}
//	}
func (s *Server) Changed() <-chan struct{} {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	return s.st.changed
}

// touch wakes those waiting on Changed, and forgets what the change took
// past the limits of what the emulator keeps. The caller holds the
// state's lock and has changed something.
func (st *state) touch() {
	st.trim()
	close(st.changed)
	st.changed = make(chan struct{})
}

// journalSize is how many changes to messages the journal remembers: a
// reader that falls further behind looks at every message again.
const journalSize = 1 << 13

// journal remembers which message each of the last changes to messages
// changed, so that a reader learns what changed since it last looked at
// the cost of what changed, not of every message kept. It is part of the
// state, under its lock.
type journal struct {
	// last is the number of the last change, the first being 1; change n
	// is at ids[n%journalSize] while n > last-journalSize.
	last uint64
	ids  [journalSize]interaction.Snowflake
}

// add records a change to the message with id.
func (j *journal) add(id interaction.Snowflake) {
	j.last++
	j.ids[j.last%journalSize] = id
}

// since returns the messages changed after change n, each once, in the
// order of their last change; ok is false when the journal no longer
// remembers every change after n.
func (j *journal) since(n uint64) (ids []interaction.Snowflake, ok bool) {
	if n > j.last {
		n = j.last
	}
	if j.last-n > journalSize {
		return nil, false
	}
	seen := make(map[interaction.Snowflake]bool, j.last-n)
	for c := j.last; c > n; c-- {
		if id := j.ids[c%journalSize]; !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	slices.Reverse(ids)
	return ids, true
}
