// Package endpoint serves the interactions endpoint, the URL the service
// POSTs interactions to, for a router.Mux.
//
// An Endpoint checks each request's signature before it reads anything
// else, answers the service's PING, and hands each command, autocomplete,
// component use and modal submission to the Mux, which runs its handler
// (router.Call); it answers in the HTTP response, as a fasthttp handler
// (ServeFastHTTP) or a net/http one (ServeHTTP) with the same behaviour.
// Package serve serves it as production needs (timeouts, limits,
// graceful stop) in one call. The router declares what the bot does;
// the endpoint, configured by its own options, says how it is served:
//
//	mux, err := r.Build()
//	...
//	e, err := endpoint.New(mux, verifier, endpoint.WithClient(client))
//	...
//	http.Handle("/interactions", e)
//
// Given a REST client (WithClient), an endpoint lets handlers complete
// and follow up their answers from their Request, and defers a handler
// that has not answered shortly before the service stops waiting,
// completing the deferral with its answer when it comes, as the route
// declares (router.DeferReply and the others). On a platform that
// freezes the process once it has answered, WithQueue hands what it
// defers to a queue, for a worker to complete (Complete), each job
// proved by the keys the endpoint and its workers share (WithJobKeys)
// and claimed once (WithJobClaims): package queue says how.
// WithReplayGuard makes it serve each interaction once (package replay).
// An answer may carry files; WithFileAnswers says whether they go
// through the callback endpoint or in the HTTP response.
//
// A bot that keeps a gateway connection receives its interactions there,
// in INTERACTION_CREATE dispatches, with no HTTP request to answer: it
// hands each one's d, the interaction the service would have POSTed, to
// Receive, which serves it as a verified request is served (the same
// handlers, middleware, checks, replay guard, observer and logs) and posts
// each answer to the callback endpoint through the REST client: the
// answer, files and all, the error handler's, or the deferral that the
// handler's answer completes. A bot with no HTTP endpoint at all makes
// its endpoint with NewGateway, which needs no public key, refuses
// whatever HTTP request reaches it, and needs a REST client.
//
// New returns an error for a configuration that cannot serve as it
// says, such as a queue without the keys that prove its jobs.
//
// An endpoint logs with zerolog what its operator needs to know, to its
// router's logger unless WithLogger gives it its own, by default JSON
// lines on standard error: a handler's error and a panic at level
// error, with the route, the interaction's id, the user and the error
// (the panic and its stack); a request the service sent that the
// endpoint refused (a body that is not an interaction, a replay), an
// interaction no handler serves, an answer ready after the service
// stopped waiting, at warn. What every request that goes well logs, and
// a request whose signature does not hold (a stranger's, or the probe
// with a forged signature the service sends when the URL is saved), is
// at debug, which the default leaves out. The user who met an error
// reads the error handler's answer, never the error.
//
// An Observer (WithObserver) is told what became of each request, for
// metrics: how each interaction was answered (an Observation, its
// Outcome), which requests were refused and why, how deferred answers
// were delivered (a Completion). Package metrics counts them for
// Prometheus; an endpoint without one measures nothing. Tracing goes
// through router middleware, which sees each handler's context and
// Request.
package endpoint
