package endpoint

import (
	"errors"
	"time"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
)

// Observer is told what an Endpoint does with each request: how it
// answered each interaction, which requests it refused and why, and how
// the answers it deferred were delivered. Package metrics makes one that
// counts them for Prometheus; WithObserver gives one to an endpoint.
//
// The endpoint calls its methods on the goroutines serving requests and
// running handlers, concurrently; they must not block. Everything they are
// handed is safe to keep: bounded names, never an interaction's id, its
// token, a custom_id or anything a user typed. An endpoint without an
// Observer measures nothing.
type Observer interface {
	// ObserveRequest is called once for each request the endpoint
	// answered, when the answer is ready to write: an interaction it
	// dispatched, a PING, or a request it refused before dispatch.
	ObserveRequest(Observation)
	// ObserveCompletion is called once for each answer the endpoint
	// deferred, when the handler has returned and the deferral has been
	// completed with its answer, or the completion failed.
	ObserveCompletion(Completion)
}

// WithObserver makes the endpoint tell o what it does with each request.
// Without one, nothing is measured.
func WithObserver(obs Observer) Option {
	return func(c *config) { c.observer = obs }
}

// Outcome is what an interaction's answer came to.
type Outcome uint8

// Outcomes of an interaction.
const (
	// OutcomeAnswered: the handler's answer, in time. An interaction no
	// handler is registered for, answered by the not-found answer, is
	// answered too; its Route is "".
	OutcomeAnswered Outcome = iota + 1
	// OutcomeDeferred: a deferral, the endpoint's own (the handler was
	// still running when the service was about to stop waiting) or the
	// handler's (it answered with a deferral).
	OutcomeDeferred
	// OutcomeError: the handler failed, or gave an answer the service
	// would refuse, and the error handler answered.
	OutcomeError
	// OutcomePanic: the handler panicked.
	OutcomePanic
	// OutcomeLate: the answer was ready only after the service had
	// stopped waiting for it (the response deadline), and the user saw
	// the interaction fail.
	OutcomeLate
	// OutcomeFallback: an autocomplete handler failed or missed its
	// time, and the last good suggestions were served instead (package
	// autocomplete's Fallback).
	OutcomeFallback
)

var outcomeNames = [...]string{
	OutcomeAnswered: "answered",
	OutcomeDeferred: "deferred",
	OutcomeError:    "error",
	OutcomePanic:    "panic",
	OutcomeLate:     "late",
	OutcomeFallback: "fallback",
}

// String returns the outcome's name, such as "answered", or "" for the
// zero Outcome.
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return ""
}

// Observation is one request to an Endpoint and its answer, as an Observer
// sees it.
type Observation struct {
	// Type is the interaction's type; 0 when the request was refused
	// before it was decoded.
	Type interaction.Type
	// Route is what the interaction was routed to, as the router
	// registered it (router.Call.Route): the command path ("mod user
	// ban"), the name of a user, message or entry point command, or the
	// custom_id pattern of a component or modal ("poll:{id}:vote"), never
	// the custom_id itself. An autocomplete request's is the path of its
	// command. It is "" for an interaction no handler is registered for,
	// a PING and a refused request.
	Route string
	// Outcome is what the answer came to; 0 for a refused request.
	Outcome Outcome
	// Refused says why the request was refused; 0 when it was not.
	Refused interaction.Refusal
	// Status is the HTTP status of the answer; 0 for an interaction
	// from the gateway, which has none.
	Status int
	// Gateway reports that the interaction came with no HTTP request to
	// answer, from the gateway, through Receive: its answers went to the
	// callback endpoint; nothing was signed, so its Verification is 0;
	// and its Duration ends once its first answer, or the deferral, was
	// delivered, the post included, or the interaction refused.
	Gateway bool
	// Verification is how long checking the signature took; 0 when the
	// request was refused before (interaction.RefusedTooLarge).
	Verification time.Duration
	// HandlerTime is how long the handler ran, when Handled; a handler
	// still running when the endpoint deferred its answer is measured in
	// the Completion.
	HandlerTime time.Duration
	Handled     bool
	// Duration is how long the request took, from its arrival to its
	// answer being ready to write.
	Duration time.Duration
}

// Completion is an answer an Endpoint deferred and then completed with the
// handler's, as an Observer sees it.
type Completion struct {
	// Type and Route name the interaction as in Observation.
	Type  interaction.Type
	Route string
	// Outcome is what the handler came to: OutcomeAnswered when its
	// answer completed the deferral, OutcomeDeferred when it deferred
	// itself and completes the answer on its own, OutcomeError when the
	// error handler's answer completed it, OutcomePanic when an apology
	// did.
	Outcome Outcome
	// HandlerTime is how long the handler ran.
	HandlerTime time.Duration
	// Delivered reports whether the service took the completion; when
	// false, the user was left with the deferral, and the endpoint logged
	// why.
	Delivered bool
}

// observe tells the endpoint's observer, if any, what came of a request
// received at received, answered with status: rec.
func (e *Endpoint) observe(rec *Observation, received time.Time, status int) {
	if e.observer == nil {
		return
	}
	rec.Status = status
	rec.Duration = time.Since(received)
	if rec.Outcome != 0 && rec.Outcome != OutcomePanic && rec.Duration >= e.deadline {
		rec.Outcome = OutcomeLate
	}
	e.observer.ObserveRequest(*rec)
}

// record is what a flight keeps of what became of its request, of which
// exchange makes the Observation an observer is told: less than the
// Observation, as the flight is allocated for every request
// (TestAFlightStaysInItsSizeClass).
type record struct {
	typ                       interaction.Type
	verification, handlerTime time.Duration
	outcome                   Outcome
	refused                   interaction.Refusal
	handled                   bool
	// routed says that the handler was found, and the request not
	// refused: its Observation names the route.
	routed bool
}

// exchange returns the Observation of the flight's request, but its Status
// and Duration, which observe sets.
func (f *flight) exchange() Observation {
	r := &f.rec
	x := Observation{
		Type: r.typ, Outcome: r.outcome, Refused: r.refused, Handled: r.handled,
		Verification: r.verification, HandlerTime: r.handlerTime,
	}
	if r.routed {
		x.Route = f.call.Route()
	}
	x.Gateway = f.callback != nil
	return x
}

// refuse records that the endpoint refused the request for why.
func (f *flight) refuse(why interaction.Refusal) { f.rec.refused = why }

// answeredByErrorHandler records that the error handler answered in the
// handler's place, or that the answer could not be encoded.
func (f *flight) answeredByErrorHandler() {
	if f.rec.outcome != OutcomePanic {
		f.rec.outcome = OutcomeError
	}
}

// handled records what running the handler came to.
func (f *flight) handled(r *result) {
	f.rec.outcome = r.kind()
	f.rec.handlerTime, f.rec.handled = r.took, true
}

// kind returns what r comes to as an answer.
func (r *result) kind() Outcome {
	switch {
	case r.panicked:
		return OutcomePanic
	case isStale(r.err):
		return OutcomeFallback
	case r.err != nil && !errors.Is(r.err, router.ErrNotFound):
		return OutcomeError
	case r.resp.Type == interaction.CallbackDeferredChannelMessageWithSource ||
		r.resp.Type == interaction.CallbackDeferredUpdateMessage:
		return OutcomeDeferred
	}
	return OutcomeAnswered
}

// isStale reports whether err says the answer is the last good
// suggestions of an autocomplete handler that failed.
func isStale(err error) bool {
	if err == nil {
		// Checked first: the target errors.As needs escapes, and most
		// requests have no error at all.
		return false
	}
	var stale *autocomplete.StaleError
	return errors.As(err, &stale)
}
