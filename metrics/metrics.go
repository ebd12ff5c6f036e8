package metrics

import (
	"errors"
	"fmt"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/storecall"
	"github.com/switchboard-go/switchboard/webhook"
)

// The default buckets of the histograms, in seconds. They are read, never
// changed.
var (
	// verificationBuckets span the check of a signature: an Ed25519
	// verification takes tens of microseconds.
	verificationBuckets = []float64{.00001, .000025, .00005, .0001, .00025, .0005, .001, .0025, .005, .01}
	// handlerBuckets span handlers from the sub-millisecond to the
	// service's 3 seconds, with the points where the endpoint defers (2.5
	// seconds by default) and the service stops waiting, and beyond for
	// the handlers it deferred.
	handlerBuckets = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2, 2.5, 3, 5, 10, 30, 60, 300}
	// requestBuckets span a whole request to an endpoint, up to the
	// service's 3 seconds and a little beyond.
	requestBuckets = []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2, 2.5, 3, 5}
	// restBuckets span an attempt on the REST API, up to the client's
	// default timeout of 30 seconds.
	restBuckets = []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}
	// waitBuckets span the time a request is held back for the rate
	// limits: the first holds the requests that were not.
	waitBuckets = []float64{.001, .01, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60}
)

// Metrics counts what the endpoints and REST client it is given to do. It
// is an endpoint.Observer and a rest.Observer, and observes a webhook events
// endpoint through Events; make one with New, and give it with Endpoint,
// Events and Client. It is safe for concurrent use.
type Metrics struct {
	interactions     *prometheus.CounterVec
	handler          *prometheus.HistogramVec
	deferred         *prometheus.CounterVec
	deferredFailures *prometheus.CounterVec

	refused      *prometheus.CounterVec
	verification *prometheus.HistogramVec
	request      *prometheus.HistogramVec

	events       *prometheus.CounterVec
	eventHandler *prometheus.HistogramVec

	restRequests    *prometheus.CounterVec
	restDuration    *prometheus.HistogramVec
	restRateLimited *prometheus.CounterVec
	restWait        *prometheus.HistogramVec
	restRetries     *prometheus.CounterVec

	storeFailures *prometheus.CounterVec

	// The series of each endpoint, found once.
	verifyInteractions, verifyEvents                   prometheus.Observer
	requestInteractions, requestEvents, requestGateway prometheus.Observer

	// knownEvents are the event types named as they are; the others are
	// "other".
	knownEvents map[webhook.Type]bool

	// reg and constLabels are New's, for the metrics MemoryStores adds.
	reg         prometheus.Registerer
	constLabels prometheus.Labels
}

// Option configures a Metrics.
type Option func(*config)

type config struct {
	constLabels  prometheus.Labels
	handler      []float64
	verification []float64
	request      []float64
	rest         []float64
	events       []webhook.Type
}

// WithConstLabels adds labels of fixed values to every metric, such as the
// bot's name where one process serves several bots, each with a Metrics
// of its own registered with the same registry.
func WithConstLabels(l prometheus.Labels) Option {
	return func(c *config) { c.constLabels = l }
}

// WithHandlerBuckets sets the buckets of the handler histograms of both
// endpoints, in seconds. The default runs from 0.5ms to 5 minutes, with
// bounds at 2.5s, where the endpoint defers by default, and 3s, where the
// service stops waiting.
func WithHandlerBuckets(b ...float64) Option { return func(c *config) { c.handler = b } }

// WithVerificationBuckets sets the buckets of the signature check's histogram,
// in seconds. The default runs from 10µs to 10ms.
func WithVerificationBuckets(b ...float64) Option { return func(c *config) { c.verification = b } }

// WithRequestBuckets sets the buckets of the histogram of whole requests to the
// endpoints, in seconds. The default runs from 0.1ms to 5s.
func WithRequestBuckets(b ...float64) Option { return func(c *config) { c.request = b } }

// WithRESTBuckets sets the buckets of the histogram of REST attempts, in
// seconds. The default runs from 5ms to 30s, the client's default
// timeout.
func WithRESTBuckets(b ...float64) Option { return func(c *config) { c.rest = b } }

// WithKnownEvents adds event types to name as they are in the type label of
// the event metrics, beside those package webhook names: the types a bot
// registered handlers for that package webhook does not know. The service
// may send types of any name; those neither names are "other".
func WithKnownEvents(types ...webhook.Type) Option {
	return func(c *config) { c.events = append(c.events, types...) }
}

// New makes the metrics and registers them with reg. It fails if reg
// refuses one, as it does a second Metrics without distinct WithConstLabels.
func New(reg prometheus.Registerer, opts ...Option) (*Metrics, error) {
	c := config{
		handler:      handlerBuckets,
		verification: verificationBuckets,
		request:      requestBuckets,
		rest:         restBuckets,
	}
	for _, o := range opts {
		o(&c)
	}
	counter := func(name, help string, labels ...string) *prometheus.CounterVec {
		return prometheus.NewCounterVec(prometheus.CounterOpts{Name: name, Help: help, ConstLabels: c.constLabels}, labels)
	}
	histogram := func(name, help string, buckets []float64, labels ...string) *prometheus.HistogramVec {
		return prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: name, Help: help, ConstLabels: c.constLabels, Buckets: buckets}, labels)
	}
	m := &Metrics{
		interactions: counter("switchboard_interactions_total",
			"Interactions the endpoint answered, by type, route (the command path or custom_id pattern registered, unknown for none) and outcome (answered, deferred, error, panic, late, fallback).",
			"type", "route", "outcome"),
		handler: histogram("switchboard_handler_duration_seconds",
			"How long the handlers of interactions ran, deferred ones included, by type and route.",
			c.handler, "type", "route"),
		deferred: counter("switchboard_deferred_answers_total",
			"Answers the endpoint deferred and then completed through the REST client, by type, route and what the handler came to (answered, deferred, error, panic).",
			"type", "route", "outcome"),
		deferredFailures: counter("switchboard_deferred_answer_failures_total",
			"Completions of deferred answers the service did not take, leaving the user with the deferral, by type and route.",
			"type", "route"),
		refused: counter("switchboard_refused_requests_total",
			"Requests an endpoint refused before dispatching them, by endpoint (interactions, events, gateway) and reason (too_large, bad_signature, stale_timestamp, malformed, unsupported_type, replay).",
			"endpoint", "reason"),
		verification: histogram("switchboard_verification_duration_seconds",
			"How long checking the signature of a request took, by endpoint.",
			c.verification, "endpoint"),
		request: histogram("switchboard_request_duration_seconds",
			"How long an endpoint took to answer a request, from its arrival, by endpoint (interactions, events, gateway: from the call to Receive until the first answer was delivered).",
			c.request, "endpoint"),
		events: counter("switchboard_events_total",
			"Webhook events received, by type and outcome (handled, error, panic, unhandled, busy).",
			"type", "outcome"),
		eventHandler: histogram("switchboard_event_handler_duration_seconds",
			"How long the handlers of webhook events ran, by type.",
			c.handler, "type"),
		restRequests: counter("switchboard_rest_requests_total",
			"Attempts to send a request to the REST API, retries and those after a 429 included, by route and status (none when no answer came).",
			"route", "status"),
		restDuration: histogram("switchboard_rest_request_duration_seconds",
			"How long an attempt on the REST API took, by route.",
			c.rest, "route"),
		restRateLimited: counter("switchboard_rest_rate_limited_total",
			"Attempts on the REST API answered 429, by route and the scope of the limit (bucket, global, shared).",
			"route", "scope"),
		restWait: histogram("switchboard_rest_rate_limit_wait_seconds",
			"How long each attempt on the REST API was held back for the rate limits, by route.",
			waitBuckets, "route"),
		restRetries: counter("switchboard_rest_retries_total",
			"Requests to the REST API sent again after a failed attempt, by route and reason (server_error, timeout, connection).",
			"route", "reason"),
		storeFailures: counter("switchboard_store_failures_total",
			"Calls to a store the replicas share that did not count, by store (cooldown, replay, ratelimit) and reason (error, timeout, paused): the bot went on as if alone.",
			"store", "reason"),
		knownEvents: map[webhook.Type]bool{},
		reg:         reg,
		constLabels: c.constLabels,
	}
	for _, t := range []webhook.Type{
		webhook.TypeApplicationAuthorized, webhook.TypeApplicationDeauthorized, webhook.TypeEntitlementCreate,
		webhook.TypeQuestUserEnrollment, webhook.TypeEntitlementUpdate, webhook.TypeEntitlementDelete,
		webhook.TypeLobbyMessageCreate, webhook.TypeLobbyMessageUpdate, webhook.TypeLobbyMessageDelete,
		webhook.TypeGameDirectMessageCreate, webhook.TypeGameDirectMessageUpdate, webhook.TypeGameDirectMessageDelete,
	} {
		m.knownEvents[t] = true
	}
	for _, t := range c.events {
		m.knownEvents[t] = true
	}
	m.verifyInteractions = m.verification.WithLabelValues(endpointInteractions)
	m.verifyEvents = m.verification.WithLabelValues(endpointEvents)
	m.requestInteractions = m.request.WithLabelValues(endpointInteractions)
	m.requestEvents = m.request.WithLabelValues(endpointEvents)
	m.requestGateway = m.request.WithLabelValues(endpointGateway)
	// Every reason of refusal is there from the start, at zero, so that
	// the first refusal shows as an increase: those of the gateway that
	// Receive can give, as nothing it is handed is signed or over a limit.
	for _, endpoint := range []string{endpointInteractions, endpointEvents} {
		for r := interaction.RefusedTooLarge; r.String() != ""; r++ {
			m.refused.WithLabelValues(endpoint, r.String())
		}
	}
	for _, r := range []interaction.Refusal{interaction.RefusedMalformed, interaction.RefusedUnsupportedType, interaction.RefusedReplay} {
		m.refused.WithLabelValues(endpointGateway, r.String())
	}
	var errs []error
	for _, col := range []prometheus.Collector{
		m.interactions, m.handler, m.deferred, m.deferredFailures,
		m.refused, m.verification, m.request,
		m.events, m.eventHandler,
		m.restRequests, m.restDuration, m.restRateLimited, m.restWait, m.restRetries,
		m.storeFailures,
	} {
		if err := reg.Register(col); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("metrics: registering: %w", errors.Join(errs...))
	}
	return m, nil
}

// Endpoint returns the option that makes an Endpoint tell m what it does.
func (m *Metrics) Endpoint() endpoint.Option { return endpoint.WithObserver(m) }

// Events returns the option that makes a webhook.Endpoint tell m what it
// does.
func (m *Metrics) Events() webhook.Option { return webhook.WithObserver(eventObserver{m}) }

// Client returns the option that makes a rest.Client tell m what it does.
func (m *Metrics) Client() rest.ClientOption { return rest.WithObserver(m) }

// Stores returns the option that makes the router tell m of each call to
// a store replicas share that did not count; give it to
// cooldown.WithStore and endpoint.WithReplayGuard.
func (m *Metrics) Stores() storecall.Option {
	return storecall.WithOnFailure(func(kind string, why storecall.Failure) {
		m.storeFailures.WithLabelValues(kind, string(why)).Inc()
	})
}

// RateLimitStoreFailures returns the onError of rest.WithRateLimitStore
// that counts each failure of the shared rate limits and then calls next,
// when next is not nil (to log it, say).
func (m *Metrics) RateLimitStoreFailures(next func(error)) func(error) {
	failed := m.storeFailures.WithLabelValues("ratelimit", string(storecall.Failed))
	return func(err error) {
		failed.Inc()
		if next != nil {
			next(err)
		}
	}
}

var (
	_ endpoint.Observer = (*Metrics)(nil)
	_ webhook.Observer  = eventObserver{}
	_ rest.Observer     = (*Metrics)(nil)
)
