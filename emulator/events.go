package emulator

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/switchboard-go/switchboard/internal/signer"
	"github.com/switchboard-go/switchboard/webhook"
)

// The service sends an application webhook events, one-way notices of
// what happened (public documentation of the service, "Webhook Events"):
// each a POST to the application's webhook events URL of
// {"version": 1, "application_id", "type": 1, "event": {"type",
// "timestamp", "data"}}, signed as interactions are (X-Signature-Ed25519,
// X-Signature-Timestamp), which the application acknowledges with 204 and
// no body within 3 seconds. The emulator sends them as the service does,
// one request per event, without holding up what caused it, and records
// how the endpoint answered. It does not retry: the service retries a
// failed delivery with backoff for up to 10 minutes, which a test would
// have to sit through, and the record of the first attempt already says
// what is wrong.

// maxEventAnswer bounds what the emulator reads, and keeps, of an answer
// to a webhook event, which should have no body at all.
const maxEventAnswer = 4 << 10

// EventDelivery is a webhook event the emulator sent to the application's
// webhook events URL, and how the endpoint answered.
type EventDelivery struct {
	// Type is the event's type, such as APPLICATION_AUTHORIZED.
	Type webhook.Type
	// URL is the webhook events URL it was sent to.
	URL string
	// Body is the JSON sent, the whole signed body.
	Body []byte
	// Sent is when the event happened, by the emulator's clock, and the
	// timestamp the body carries.
	Sent time.Time
	// Status is the endpoint's HTTP status; 0 when no answer came.
	Status int
	// Answer is the body of the endpoint's answer, its first 4 KiB.
	Answer []byte
	// Took is how long the endpoint took to answer, or how long the
	// emulator waited before it gave up.
	Took time.Duration
	// Violations say how the delivery broke the service's rules: no
	// answer (the error, or the window passing), a status other than 204
	// No Content, or a body. Empty for an acknowledged event. An event
	// the emulator could not write (a user's name given to the Go API
	// that is not UTF-8) is recorded unsent, with the reason here.
	Violations []string
	// Faults are the delivery faults that fired on the delivery:
	// DeliveryEventRetry on an event sent again, DeliveryEventReorder on
	// one held back.
	Faults []DeliveryFaultKind

	// by signs it: the signer of the application it is sent to.
	by *signer.Signer
	// held keeps an event reordered from being sent until one behind
	// it has been (eventLog.take), or its time is up.
	held bool
}

// OK reports whether the endpoint acknowledged the event as the service
// asks: 204 with no body, within the window.
func (d EventDelivery) OK() bool { return len(d.Violations) == 0 }

// eventLog is the webhook events, in the order they happened. It is part
// of the state, under its lock.
type eventLog struct {
	// done are the deliveries that have finished, in the order they
	// finished: the newest keep of them (Limits.Events); dropped counts
	// those it no longer keeps.
	done    []*EventDelivery
	keep    int
	dropped int
	// waiting are the events waiting their turn, oldest first, the first
	// of them being under way while sending, and at most room behind it
	// (Limits.WaitingEvents).
	waiting []*EventDelivery
	room    int
	sending bool
	// changed is closed, and replaced, whenever a delivery finishes.
	changed chan struct{}
	// closed is set by Close: no event is sent afterwards.
	closed bool
}

// emit sends the application a webhook event of type t with data, when it
// has a webhook events URL. It does not wait: the delivery goes on in the
// background, after those of the events before it, and is recorded when
// it finishes. The caller holds s.st.mu.
//
// The service does not promise to deliver events in order. The emulator
// delivers them one at a time, in the order they happened: that is one of
// the orders the service may choose, and the one a test can count on.
//
// An endpoint that does not answer holds each event the response window,
// and the events behind it wait. The emulator keeps them waiting in
// memory, so it keeps a bounded number (Limits.WaitingEvents): an event
// that finds no room is not sent, and is recorded at once, ahead of those
// still waiting, with the reason. The service too gives up on an
// application whose endpoint keeps failing, and stops sending it events.
func (s *Server) emit(t webhook.Type, data any) {
	st := s.st
	url := st.app.eventsURL
	if url == "" || st.events.closed {
		return
	}
	// The service writes the time of an event to the microsecond.
	now := st.now().Truncate(time.Microsecond)
	d := &EventDelivery{Type: t, URL: url, Sent: now, by: st.app.signer}
	var err error
	if d.Body, err = s.eventBody(t, now, data); err != nil {
		// Recorded in its turn, unsent.
		d.Violations = []string{"the emulator could not write the event, and sent nothing: " + err.Error()}
	}
	if behind := len(st.events.waiting) - 1; behind >= st.events.room {
		d.Violations = append(d.Violations, "not sent: "+strconv.Itoa(behind)+
			" events were waiting their turn, as many as the emulator holds (Limits.WaitingEvents): the endpoint does not keep up")
		st.events.finished(d)
		return
	}
	if d.Body != nil {
		if f, ok := s.deliveryFaults.fire(DeliveryEventReorder); ok {
			s.holdEvent(d, f.Duration)
		}
	}
	st.events.waiting = append(st.events.waiting, d)
	s.sendWaiting()
}

// sendWaiting starts sending the events waiting unless they are being
// sent. The caller holds s.st.mu.
func (s *Server) sendWaiting() {
	st := s.st
	if !st.events.sending {
		st.events.sending = true
		s.eventsUnderWay.Add(1)
		go s.sendEvents()
	}
}

// sendEvents delivers the events waiting their turn, one after the other,
// until none is left. It runs without the lock, so that what caused an
// event does not wait on the application.
func (s *Server) sendEvents() {
	defer s.eventsUnderWay.Done()
	st := s.st
	for {
		st.mu.Lock()
		if st.events.closed {
			// Close waits for the delivery under way, not for those
			// waiting their turn, which a slow endpoint could make last
			// a window each.
			st.events.dropWaiting()
		}
		d := st.events.first()
		if d == nil {
			// None, or only events held back, which wait for the
			// next one or their time (holdEvent).
			st.events.sending = false
			st.mu.Unlock()
			return
		}
		st.mu.Unlock()
		s.deliverEvent(d)
	}
}

// deliverEvent POSTs a webhook event, the first of those waiting not
// held back, waiting the response window for the endpoint's
// acknowledgement, and records what came of it. An event acknowledged
// may be sent again at once (DeliveryEventRetry).
func (s *Server) deliverEvent(d *EventDelivery) {
	var (
		status     int
		answer     []byte
		took       time.Duration
		violations = d.Violations
	)
	if d.Body != nil {
		ctx, cancel := context.WithTimeout(context.Background(), s.window)
		defer cancel()
		var err error
		status, answer, took, err = s.post(ctx, d.by, d.URL, d.Body, true, maxEventAnswer)
		violations = s.eventViolations(status, answer, err)
		answer = answer[:min(len(answer), maxEventAnswer)]
	}
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	d.Status, d.Answer, d.Took, d.Violations = status, answer, took, violations
	st.events.finished(st.events.take(d))
	if d.OK() && !slices.Contains(d.Faults, DeliveryEventRetry) {
		if _, ok := s.deliveryFaults.fire(DeliveryEventRetry); ok {
			// The same event, byte for byte, ahead of those waiting;
			// signed again as it is sent.
			again := &EventDelivery{Type: d.Type, URL: d.URL, Body: d.Body, Sent: d.Sent, by: d.by, Faults: []DeliveryFaultKind{DeliveryEventRetry}}
			st.events.waiting = slices.Insert(st.events.waiting, 0, again)
		}
	}
}

// first returns the first of the events waiting that is not held back,
// or nil. The caller holds the state's lock.
func (l *eventLog) first() *EventDelivery {
	for _, d := range l.waiting {
		if !d.held {
			return d
		}
	}
	return nil
}

// take takes d from the events waiting, and lets those held back ahead
// of it go: an event behind them has gone first. The caller holds the
// state's lock.
func (l *eventLog) take(d *EventDelivery) *EventDelivery {
	i := slices.Index(l.waiting, d)
	for _, ahead := range l.waiting[:i] {
		ahead.held = false
	}
	l.waiting = slices.Delete(l.waiting, i, i+1)
	return d
}

// dropWaiting records every event waiting as not sent, the emulator
// being closed. The caller holds the state's lock.
func (l *eventLog) dropWaiting() {
	for len(l.waiting) > 0 {
		d := l.take(l.waiting[0])
		d.held = false
		d.Violations = append(d.Violations, "not sent: the emulator was closed first")
		l.finished(d)
	}
}

// close stops the sending of events: those waiting are recorded unsent,
// now if none is being sent, or by the sender once the one under way is.
// The caller holds the state's lock.
func (l *eventLog) close() {
	l.closed = true
	if !l.sending {
		l.dropWaiting()
	}
}

// finished records d as finished, and wakes those waiting for it. The
// caller holds the state's lock.
func (l *eventLog) finished(d *EventDelivery) {
	l.done = append(l.done, d)
	if k := len(l.done) - l.keep; k > 0 {
		clear(l.done[:k])
		l.done, l.dropped = l.done[k:], l.dropped+k
	}
	close(l.changed)
	l.changed = make(chan struct{})
}

// eventViolations says how an answer to a webhook event breaks the
// service's rules: it must come within the window, with 204 and an empty
// body.
func (s *Server) eventViolations(status int, answer []byte, err error) []string {
	var v []string
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return []string{"the endpoint did not answer within " + s.window.String()}
	case err != nil && status == 0:
		return []string{"the endpoint did not answer: " + err.Error()}
	case err != nil:
		v = append(v, "reading the answer: "+err.Error())
	}
	if status != http.StatusNoContent {
		v = append(v, "the endpoint answered "+strconv.Itoa(status)+" "+http.StatusText(status)+", not 204 No Content")
	}
	switch {
	case len(answer) > maxEventAnswer:
		v = append(v, "the answer has a body of more than "+strconv.Itoa(maxEventAnswer)+" bytes; the service asks for none")
	case len(answer) > 0:
		v = append(v, "the answer has a body of "+strconv.Itoa(len(answer))+" bytes; the service asks for none")
	}
	return v
}

// Events returns the webhook events whose delivery has finished, in the
// order they happened, but for those not sent for lack of room to wait
// (Limits.WaitingEvents), recorded when they happened, ahead of those
// then waiting: the newest Limits.Events of them.
func (s *Server) Events() []EventDelivery {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	return s.st.finishedEvents()
}

// WaitEvents waits until at least n webhook event deliveries have
// finished since the emulator started, or ctx ends, and returns those it
// keeps, as Events does; the error is ctx's when fewer than n finished.
func (s *Server) WaitEvents(ctx context.Context, n int) ([]EventDelivery, error) {
	st := s.st
	for {
		st.mu.Lock()
		done, changed := st.events.dropped+len(st.events.done), st.events.changed
		if done >= n {
			defer st.mu.Unlock()
			return st.finishedEvents(), nil
		}
		st.mu.Unlock()
		select {
		case <-changed:
		case <-ctx.Done():
			return s.Events(), ctx.Err()
		}
	}
}

// finishedEvents copies the deliveries that have finished, with their own
// copies of the lists, which a caller may change without changing the
// record. The caller holds s.mu.
func (st *state) finishedEvents() []EventDelivery {
	out := make([]EventDelivery, len(st.events.done))
	for i, d := range st.events.done {
		c := *d
		c.Body, c.Answer, c.Violations, c.Faults = slices.Clone(c.Body), slices.Clone(c.Answer), slices.Clone(c.Violations), slices.Clone(c.Faults)
		out[i] = c
	}
	return out
}

// holdEvent holds d back (DeliveryEventReorder) until an event behind it
// has been delivered, or for hold (the response window when zero), so
// that the endpoint receives them out of order. The caller holds
// s.st.mu.
func (s *Server) holdEvent(d *EventDelivery, hold time.Duration) {
	d.held = true
	d.Faults = append(d.Faults, DeliveryEventReorder)
	if hold <= 0 {
		hold = s.window
	}
	time.AfterFunc(hold, func() {
		st := s.st
		st.mu.Lock()
		defer st.mu.Unlock()
		if !d.held || !slices.Contains(st.events.waiting, d) {
			return
		}
		d.held = false
		if st.events.closed {
			d.Violations = append(d.Violations, "not sent: the emulator was closed first")
			st.events.finished(st.events.take(d))
			return
		}
		s.sendWaiting()
	})
}
