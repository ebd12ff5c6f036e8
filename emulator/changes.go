package emulator

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
