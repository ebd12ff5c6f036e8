// Package metrics counts what a bot's endpoints and REST client do, as
// Prometheus metrics.
//
// New registers the metrics with a prometheus.Registerer and returns a
// Metrics, which is the observer of both endpoints and of the client:
// Endpoint, Events and Client return the options that give it to them.
// Nothing is measured where it is not given, and the router and rest
// packages do not import Prometheus, so a bot that does not use this
// package does not link it.
//
//	reg := prometheus.NewRegistry()
//	m, err := metrics.New(reg)
//	...
//	client, err := rest.NewClient(baseURL, auth, m.Client())
//	e, err := endpoint.New(mux, verifier, endpoint.WithClient(client), m.Endpoint())
//	events, err := webhook.NewEndpoint(verifier, m.Events())
//	http.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
//
// # Metrics
//
// Every name starts with switchboard_. Of the interactions endpoint:
//
//	switchboard_interactions_total{type, route, outcome}
//	switchboard_handler_duration_seconds{type, route}
//	switchboard_deferred_answers_total{type, route, outcome}
//	switchboard_deferred_answer_failures_total{type, route}
//
// Of both endpoints, endpoint being "interactions" or "events":
//
//	switchboard_refused_requests_total{endpoint, reason}
//	switchboard_verification_duration_seconds{endpoint}
//	switchboard_request_duration_seconds{endpoint}
//
// An interaction the gateway delivered, which the interactions endpoint
// was handed by its Receive, is counted in the interactions' metrics as
// one over HTTP, and under endpoint "gateway" in the refusals (malformed,
// unsupported_type, replay) and the request durations, which run from the
// call to Receive until the first answer, or the deferral, was delivered
// through the callback endpoint. Nothing it carries is signed: it has no
// verification.
//
// Of the events endpoint:
//
//	switchboard_events_total{type, outcome}
//	switchboard_event_handler_duration_seconds{type}
//
// Of the REST client:
//
//	switchboard_rest_requests_total{route, status}
//	switchboard_rest_request_duration_seconds{route}
//	switchboard_rest_rate_limited_total{route, scope}
//	switchboard_rest_rate_limit_wait_seconds{route}
//	switchboard_rest_retries_total{route, reason}
//
// # Labels
//
// Every label value comes from a bounded set, so that no request can make
// a new series: never an interaction's id or token, a custom_id, or
// anything a user typed.
//
//   - type: the interaction's type as the specification names it
//     ("APPLICATION_COMMAND", "MESSAGE_COMPONENT", ...). For events, the
//     event types package webhook names, those given to WithKnownEvents, and
//     "other" for the rest.
//   - route: what the router registered the handler for: the command path
//     ("mod user ban"), the name of a user or message command, or the
//     custom_id pattern of a component or modal ("poll:{id}:vote"). An
//     autocomplete request is named by its command's path. An interaction
//     no handler is registered for is "unknown", whatever it carries: the
//     commands the service sends are the bot's own, but a component's
//     custom_id can hold anything. A PING's route is "".
//   - outcome of an interaction: answered, deferred (by the endpoint, or
//     by the handler), error (the error handler answered), panic, late
//     (the answer was ready only after the service had stopped waiting),
//     fallback (an autocomplete source failed or was slow, and the last
//     good suggestions were served: package autocomplete's Fallback). A
//     deferred answer's outcome is what its handler came to: answered,
//     deferred, error or panic.
//   - endpoint: interactions, events, or gateway for the interactions
//     the gateway delivered.
//   - reason of a refusal: too_large, bad_signature, stale_timestamp,
//     malformed, unsupported_type, replay.
//   - outcome of an event: handled, error, panic, unhandled, busy.
//   - REST route: the method and the endpoint with every id and token left
//     out, as the rate limits count them:
//     "POST /interactions/{id}/{token}/callback".
//   - status: the HTTP status of each attempt, exactly; "none" when no
//     answer came.
//   - scope of a 429: bucket, global or shared.
//   - reason of a retry: server_error, timeout, connection.
//
// # Tracing
//
// Tracing goes through router middleware, which sees each handler's
// context and Request. With OpenTelemetry, a middleware starts a span
// named after the route, as the labels above name it, and ends it with
// the handler:
//
//	tracer := otel.Tracer("bot")
//	r.Use(func(next router.Handler) router.Handler {
//		return router.HandlerFunc(func(ctx context.Context, req *router.Request) (interaction.Response, error) {
//			name := req.Pattern() // a component's or modal's
//			if name == "" {
//				name = req.Path() // a command's
//			}
//			ctx, span := tracer.Start(ctx, name, trace.WithSpanKind(trace.SpanKindServer))
//			defer span.End()
//			resp, err := next.ServeInteraction(ctx, req)
//			if err != nil {
//				span.RecordError(err)
//				span.SetStatus(codes.Error, err.Error())
//			}
//			return resp, err
//		})
//	})
//
// The REST client's requests join the span when its http.Client's
// transport is otelhttp's (rest.WithHTTPClient), since every request
// carries the caller's context. otelhttp records each request's URL, and
// the URLs of answers, follow-ups and edits hold the interaction's token:
// leave those out of tracing (otelhttp.WithFilter on the paths under
// interactions/ and webhooks/), and count them with this package, whose
// routes are templates. Middleware wraps the handlers of
// commands, components and modals; the not-found answer and autocomplete
// run without it.
package metrics
