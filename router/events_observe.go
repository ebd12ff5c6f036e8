package router

import (
	"net/http"
	"time"

	"github.com/switchboard-go/switchboard/event"
)

// EventObserver is told what an EventEndpoint does with each request and
// each event: the requests it refused and why, and what became of each
// event. Package metrics makes one that counts them for Prometheus;
// WithEventObserver gives one to an endpoint.
//
// The endpoint calls its methods on the goroutines serving requests and
// running handlers, concurrently; they must not block. An endpoint without
// an EventObserver measures nothing.
type EventObserver interface {
	// ObserveEventExchange is called once for each request the endpoint
	// answered, when the answer is ready to write.
	ObserveEventExchange(EventExchange)
	// ObserveEvent is called once for each event the endpoint accepted or
	// turned away: when its handler has returned, or at once for an event
	// no handler is registered for and one refused while the endpoint was
	// busy.
	ObserveEvent(EventOutcome)
}

// WithEventObserver makes the endpoint tell o what it does with each
// request and each event. Without one, nothing is measured.
func WithEventObserver(o EventObserver) EventOption {
	return func(e *EventEndpoint) { e.observer = o }
}

// EventExchange is one request to an EventEndpoint and its answer, as an
// EventObserver sees it.
type EventExchange struct {
	// Type is the type of the event the request delivered, as the service
	// named it; "" for a PING and a refused request. The service adds
	// types over time, and any upper-case name passes event.Decode: an
	// observer that names things by type maps the types it does not know
	// to one name.
	Type event.Type
	// Ping reports a PING, with which the service checks the URL.
	Ping bool
	// Refused says why the request was refused; 0 when it was not.
	Refused Refusal
	// Status is the HTTP status of the answer.
	Status int
	// Verification is how long checking the signature took; 0 when the
	// request was refused before (RefusedTooLarge).
	Verification time.Duration
	// Duration is how long the endpoint took to answer, from when it had
	// the whole request; 0 for a body refused as too large, which it
	// never had whole.
	Duration time.Duration
}

// unread tells the observer, if any, of a request the endpoint answered
// with status without reading it, if that was a refusal.
func (e *EventEndpoint) unread(status int) {
	if status == http.StatusRequestEntityTooLarge && e.observer != nil {
		e.observer.ObserveEventExchange(EventExchange{Refused: RefusedTooLarge, Status: status})
	}
}

// EventResult is what became of an event.
type EventResult uint8

// Results of an event.
const (
	// EventHandled: its handler returned nil.
	EventHandled EventResult = iota + 1
	// EventFailed: its handler returned an error, which was logged.
	EventFailed
	// EventPanicked: its handler panicked.
	EventPanicked
	// EventUnhandled: no handler is registered for its type, and there is
	// no fallback; it was answered and dropped.
	EventUnhandled
	// EventBusy: it arrived while as many handlers ran as the endpoint
	// allows, and was refused with 503 for the service to send again.
	EventBusy
)

var eventResultNames = [...]string{
	EventHandled:   "handled",
	EventFailed:    "error",
	EventPanicked:  "panic",
	EventUnhandled: "unhandled",
	EventBusy:      "busy",
}

// String returns the result's name, such as "handled", or "" for the zero
// EventResult.
func (r EventResult) String() string {
	if int(r) < len(eventResultNames) {
		return eventResultNames[r]
	}
	return ""
}

// EventOutcome is what became of one event, as an EventObserver sees it.
type EventOutcome struct {
	// Type is the event's type, as in EventExchange.
	Type   event.Type
	Result EventResult
	// Handler is how long the handler ran; 0 when none ran.
	Handler time.Duration
}
