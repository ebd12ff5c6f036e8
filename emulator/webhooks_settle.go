package emulator

import "time"

// A bot that answers an interaction in the HTTP response may edit or
// fetch @original, or send a follow-up, as soon as it has written the
// answer: for the service the answer then exists. The emulator reads the
// answer and settles it in the goroutine that sent the interaction, which
// the bot's next request can overtake; so a webhook request for an
// interaction not yet answered waits for the answer that may be coming
// in the HTTP response (awaitSettled):
//
//   - once the head of the bot's answer has arrived, until the answer is
//     read and settled, within the response window;
//   - before it has, for a moment (settleGrace), in which a bot that has
//     written its answer has it arriving; a bot that asks before it
//     answers at all gets the service's 10015 after that moment, as it
//     would at once from the service, and can still answer in time.
//
// A request whose client gives up stops waiting.

// settleGrace is how long a webhook request for an interaction without an
// answer waits for the head of the bot's HTTP answer to arrive: far
// longer than the moment between a bot's writing its answer and the
// emulator's reading its head, even on a loaded machine, and short
// beside the response window, which a bot asking before it answers must
// still have time to answer in.
const settleGrace = 500 * time.Millisecond

// markSettled records that no answer in the HTTP response to si is still
// to come. The caller holds the state's lock.
func (si *sentInteraction) markSettled() {
	si.markResponding()
	if si.settled != nil && !si.settledDone {
		si.settledDone = true
		close(si.settled)
	}
}

// markResponding records that the head of the bot's HTTP answer to si has
// arrived, or that none will. The caller holds the state's lock.
func (si *sentInteraction) markResponding() {
	if si.responding != nil && !si.respondingDone {
		si.respondingDone = true
		close(si.responding)
	}
}

// awaitSettled waits, without the state's lock, which the caller holds
// and holds again on return, for si's answer in the HTTP response, as the
// comment above says.
func (s *Server) awaitSettled(r *request, si *sentInteraction) {
	if si.settled == nil || si.settledDone {
		return
	}
	settled, responding := si.settled, si.responding
	if s.hooks.awaiting != nil {
		s.hooks.awaiting(si)
	}
	s.st.mu.Unlock()
	defer s.st.mu.Lock()
	grace := time.NewTimer(settleGrace)
	defer grace.Stop()
	select {
	case <-responding:
	case <-settled:
		return
	case <-grace.C:
		return
	case <-r.Context().Done():
		return
	}
	window := time.NewTimer(s.window)
	defer window.Stop()
	select {
	case <-settled:
	case <-window.C:
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
	// wait, when set, holds a late delivery for d in place of the wall
	// clock: a test moves its clock.
	wait func(d time.Duration)
}
