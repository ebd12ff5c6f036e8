package metrics

import (
	"strconv"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/webhook"
)

// Values of the endpoint label.
const (
	endpointInteractions = "interactions"
	endpointEvents       = "events"
	// endpointGateway is the interactions endpoint's, for what it was
	// handed from the gateway (endpoint.Endpoint.Receive): unsigned,
	// answered through the callback endpoint.
	endpointGateway = "gateway"
)

// Label values that stand for what has no name of its own.
const (
	// unknownRoute is the route of an interaction no handler is
	// registered for: whatever it carries, a custom_id above all, may be
	// anything.
	unknownRoute = "unknown"
	// otherType is the type of an event or interaction of a type not
	// known.
	otherType = "other"
	// noStatus is the status of a REST attempt that got no answer.
	noStatus = "none"
)

// ObserveRequest counts a request to the interactions endpoint; it makes
// m an endpoint.Observer.
func (m *Metrics) ObserveRequest(x endpoint.Observation) {
	if x.Gateway {
		m.observeGateway(x)
		return
	}
	if x.Refused != 0 {
		m.refused.WithLabelValues(endpointInteractions, x.Refused.String()).Inc()
	} else {
		m.countInteraction(x)
	}
	if x.Refused != interaction.RefusedTooLarge {
		m.verifyInteractions.Observe(x.Verification.Seconds())
	}
	m.requestInteractions.Observe(x.Duration.Seconds())
}

// observeGateway counts an interaction the endpoint was handed from the
// gateway: as one over HTTP, but under endpoint "gateway" where the
// endpoint is a label, and with no verification, as nothing was signed.
func (m *Metrics) observeGateway(x endpoint.Observation) {
	if x.Refused != 0 {
		m.refused.WithLabelValues(endpointGateway, x.Refused.String()).Inc()
	} else {
		m.countInteraction(x)
	}
	m.requestGateway.Observe(x.Duration.Seconds())
}

// ObserveCompletion counts a deferred answer completed; it makes m a
// endpoint.Observer.
func (m *Metrics) ObserveCompletion(c endpoint.Completion) {
	typ, route := interactionLabels(c.Type, c.Route)
	if !c.Delivered {
		m.deferredFailures.WithLabelValues(typ, route).Inc()
	}
	m.handler.WithLabelValues(typ, route).Observe(c.HandlerTime.Seconds())
	// Last, so that a completion counted is one wholly observed.
	m.deferred.WithLabelValues(typ, route, c.Outcome.String()).Inc()
}

// countInteraction counts the interaction of x, which was not refused,
// and how long its handler ran.
func (m *Metrics) countInteraction(x endpoint.Observation) {
	typ, route := interactionLabels(x.Type, x.Route)
	m.interactions.WithLabelValues(typ, route, x.Outcome.String()).Inc()
	if x.Handled {
		m.handler.WithLabelValues(typ, route).Observe(x.HandlerTime.Seconds())
	}
}

// interactionLabels returns the type and route labels of an interaction
// of type t routed to route.
func interactionLabels(t interaction.Type, route string) (typ, routeLabel string) {
	switch t {
	case interaction.TypePing:
		return t.String(), ""
	case interaction.TypeApplicationCommand, interaction.TypeApplicationCommandAutocomplete,
		interaction.TypeMessageComponent, interaction.TypeModalSubmit:
		typ = t.String()
	default:
		typ = otherType
	}
	if route == "" {
		route = unknownRoute
	}
	return typ, route
}

// eventObserver is a Metrics as the webhook events endpoint's observer:
// a type of its own, as both observers name their methods alike.
type eventObserver struct{ m *Metrics }

// ObserveRequest counts a request to the webhook events endpoint.
func (o eventObserver) ObserveRequest(x webhook.Observation) {
	m := o.m
	if x.Refused != 0 {
		m.refused.WithLabelValues(endpointEvents, x.Refused.String()).Inc()
	}
	if x.Refused != interaction.RefusedTooLarge {
		m.verifyEvents.Observe(x.Verification.Seconds())
	}
	m.requestEvents.Observe(x.Duration.Seconds())
}

// ObserveCompletion counts an event and what became of it.
func (o eventObserver) ObserveCompletion(c webhook.Completion) {
	m := o.m
	typ := m.eventType(c.Type)
	m.events.WithLabelValues(typ, c.Outcome.String()).Inc()
	switch c.Outcome {
	case webhook.OutcomeHandled, webhook.OutcomeError, webhook.OutcomePanic:
		m.eventHandler.WithLabelValues(typ).Observe(c.HandlerTime.Seconds())
	}
}

// eventType returns the type label of an event of type t.
func (m *Metrics) eventType(t webhook.Type) string {
	if m.knownEvents[t] {
		return string(t)
	}
	return otherType
}

// ObserveAttempt counts an attempt on the REST API; it makes m a
// rest.Observer.
func (m *Metrics) ObserveAttempt(a rest.Attempt) {
	status := noStatus
	if a.Status != 0 {
		status = strconv.Itoa(a.Status)
	}
	m.restRequests.WithLabelValues(a.Route, status).Inc()
	m.restDuration.WithLabelValues(a.Route).Observe(a.Duration.Seconds())
	if a.RateLimit != 0 {
		m.restRateLimited.WithLabelValues(a.Route, a.RateLimit.String()).Inc()
	}
}

// ObserveRateLimitWait measures how long a request was held back for the
// rate limits; it makes m a rest.Observer.
func (m *Metrics) ObserveRateLimitWait(w rest.Wait) {
	m.restWait.WithLabelValues(w.Route).Observe(w.Duration.Seconds())
}

// ObserveRetry counts a request sent again; it makes m a rest.Observer.
func (m *Metrics) ObserveRetry(r rest.Retry) {
	m.restRetries.WithLabelValues(r.Route, r.Reason.String()).Inc()
}
