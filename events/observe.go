package events

import (
	"net/http"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/webhook"
)

// Observer is told what an Endpoint does with each request and
// each event: the requests it refused and why, and what became of each
// event. Package metrics makes one that counts them for Prometheus;
// WithObserver gives one to an endpoint.
//
// The endpoint calls its methods on the goroutines serving requests and
// running handlers, concurrently; they must not block. An endpoint without
// an Observer measures nothing.
type Observer interface {
	// ObserveExchange is called once for each request the endpoint
	// answered, when the answer is ready to write.
	ObserveExchange(Exchange)
	// ObserveEvent is called once for each event the endpoint accepted or
	// turned away: when its handler has returned, or at once for an event
	// no handler is registered for and one refused while the endpoint was
	// busy.
	ObserveEvent(Outcome)
}

// WithObserver makes the endpoint tell o what it does with each
// request and each event. Without one, nothing is measured.
func WithObserver(o Observer) Option {
	return func(e *Endpoint) { e.observer = o }
}

// Exchange is one request to an Endpoint and its answer, as an
// Observer sees it.
type Exchange struct {
	// Type is the type of the event the request delivered, as the service
	// named it; "" for a PING and a refused request. The service adds
	// types over time, and any upper-case name passes webhook.Decode: an
	// observer that names things by type maps the types it does not know
	// to one name.
	Type webhook.Type
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
		e.observer.ObserveExchange(Exchange{Refused: interaction.RefusedTooLarge, Status: status})
	}
}

// Result is what became of an event.
type Result uint8

// Results of an event.
const (
	// Handled: its handler returned nil.
	Handled Result = iota + 1
	// Failed: its handler returned an error, which was logged.
	Failed
	// Panicked: its handler panicked.
	Panicked
	// Unhandled: no handler is registered for its type, and there is
	// no fallback; it was answered and dropped.
	Unhandled
	// Busy: it arrived while as many handlers ran as the endpoint
	// allows, and was refused with 503 for the service to send again.
	Busy
)

var resultNames = [...]string{
	Handled:   "handled",
	Failed:    "error",
	Panicked:  "panic",
	Unhandled: "unhandled",
	Busy:      "busy",
}

// String returns the result's name, such as "handled", or "" for the zero
// Result.
func (r Result) String() string {
	if int(r) < len(resultNames) {
		return resultNames[r]
	}
	return ""
}

// Outcome is what became of one event, as an Observer sees it.
type Outcome struct {
	// Type is the event's type, as in Exchange.
	Type   webhook.Type
	Result Result
	// Handler is how long the handler ran; 0 when none ran.
	Handler time.Duration
}
