package emulator

import "time"

// A bot that answers an interaction in the HTTP response may edit or
// fetch @original, or send a follow-up, as soon as it has written the
// answer: for the service the answer then exists. The emulator reads the
// answer and settles it in the goroutine that sent the interaction, which
// the bot's next request can overtake; so a webhook request for an
// interaction not yet answered waits, while an answer in the HTTP
// response may still come, until it is settled (awaitSettled). The wait
// is bounded: the exchange ends within the response window, and a
// request whose client gives up stops waiting. A request made before the
// bot answered at all still finds no webhook once the exchange is over,
// as with the service.

// markSettled records that no answer in the HTTP response to si is still
// to come. The caller holds the state's lock.
func (si *sentInteraction) markSettled() {
	if si.settled != nil && !si.settledDone {
		si.settledDone = true
		close(si.settled)
	}
}

// awaitSettled waits, without the state's lock, which the caller holds
// and holds again on return, until si's answer in the HTTP response is
// settled, the response window passes, or r's client gives up.
func (s *Server) awaitSettled(r *request, si *sentInteraction) {
	if si.settled == nil || si.settledDone {
		return
	}
	done := si.settled
	if s.hooks.awaiting != nil {
		s.hooks.awaiting(si)
	}
	s.st.mu.Unlock()
	defer s.st.mu.Lock()
	timer := time.NewTimer(s.window)
	defer timer.Stop()
	select {
	case <-done:
	case <-timer.C:
	case <-r.Context().Done():
	}
}

// hooks are points where the package's tests act on an exchange as it
// happens; the zero value does nothing.
type hooks struct {
	// settling runs when the bot's HTTP answer has been read, before it
	// is settled.
	settling func(si *sentInteraction)
	// awaiting runs, under the state's lock, when a webhook request
	// starts to wait for si's answer to be settled.
	awaiting func(si *sentInteraction)
}
