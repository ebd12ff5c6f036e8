package webhook

import (
	"net/http"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// Observer is told what an Endpoint does with each request and each
// event: the requests it refused and why, and what became of each event.
// Package metrics makes one that counts them for Prometheus; WithObserver
// gives one to an endpoint.
//
// The endpoint calls its methods on the goroutines serving requests and
// running handlers, concurrently; they must not block. An endpoint without
// an Observer measures nothing.
type Observer interface {
	// ObserveRequest is called once for each request the endpoint
	// answered, when the answer is ready to write.
	ObserveRequest(Observation)
	// ObserveCompletion is called once for each event the endpoint
	// accepted or turned away: when its handler has returned, or at once
	// for an event no handler is registered for and one refused while the
	// endpoint was busy.
	ObserveCompletion(Completion)
}

// WithObserver makes the endpoint tell o what it does with each request
// and each event. Without one, nothing is measured.
func WithObserver(o Observer) Option {
	return func(c *config) { c.observer = o }
}

// Observation is one request to an Endpoint and its answer, as an
// Observer sees it.
type Observation struct {
	// Type is the type of the event the request delivered, as the service
	// named it; "" for a PING and a refused request. The service adds
	// types over time, and any upper-case name passes Decode: an observer
	// that names things by type maps the types it does not know to one
	// name.
	Type Type
	// Ping reports a PING, with which the service checks the URL.
	Ping bool
	// Refused says why the request was refused; 0 when it was not.
	Refused interaction.Refusal
	// Status is the HTTP status of the answer.
	Status int
	// Verification is how long checking the signature took; 0 when the
	// request was refused before (interaction.RefusedTooLarge).
	Verification time.Duration
	// Duration is how long the endpoint took to answer, from when it had
	// the whole request; 0 for a body refused as too large, which it
	// never had whole.
	Duration time.Duration
}

// unread tells the observer, if any, of a request the endpoint answered
// with status without reading it, if that was a refusal.
func (e *Endpoint) unread(status int) {
	if status == http.StatusRequestEntityTooLarge && e.observer != nil {
		e.observer.ObserveRequest(Observation{Refused: interaction.RefusedTooLarge, Status: status})
	}
}

// Outcome is what became of an event.
type Outcome uint8

// Outcomes of an event.
const (
	// OutcomeHandled: its handler returned nil.
	OutcomeHandled Outcome = iota + 1
	// OutcomeError: its handler returned an error, which was logged.
	OutcomeError
	// OutcomePanic: its handler panicked.
	OutcomePanic
	// OutcomeUnhandled: no handler is registered for its type, and there
	// is no fallback; it was answered and dropped.
	OutcomeUnhandled
	// OutcomeBusy: it arrived while as many handlers ran as the endpoint
	// allows, and was refused with 503 for the service to send again.
	OutcomeBusy
)

var outcomeNames = [...]string{
	OutcomeHandled:   "handled",
	OutcomeError:     "error",
	OutcomePanic:     "panic",
	OutcomeUnhandled: "unhandled",
	OutcomeBusy:      "busy",
}

// String returns the outcome's name, such as "handled", or "" for the
// zero Outcome.
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return ""
}

// Completion is what became of one event, as an Observer sees it.
type Completion struct {
	// Type is the event's type, as in Observation.
	Type    Type
	Outcome Outcome
	// HandlerTime is how long the handler ran; 0 when none ran.
	HandlerTime time.Duration
}
