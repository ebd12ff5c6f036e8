// Package router dispatches interactions to the handlers a bot declares, and
// serves the endpoint the service POSTs them to.
//
// Handlers are registered by command path: "ping", "mod ban" (a
// subcommand), "mod user ban" (a subcommand in a group), and by name for
// user, message and entry point commands; components and modals by
// custom_id pattern: "poll:{id}:vote". Build checks every registration at
// once and returns a Mux, which finds a handler with map lookups on the
// names the interaction carries, or by walking a tree of the patterns,
// never building a string. An Endpoint puts a Mux behind the signature
// check the service requires, as a fasthttp handler or a net/http one
// with the same behaviour; package serve serves it as production needs
// (timeouts, limits, graceful stop) in one call, and beside it the
// webhook events endpoint of package events.
//
// Every answer a handler gives is checked with package answer before it
// is sent: one the service would refuse is not sent, and the error
// handler answers instead. An answer may carry files; WithFileAnswers
// says whether they go through the callback endpoint or in the HTTP
// response.
//
// Given a REST client (WithClient), an endpoint lets handlers complete and
// follow up their answers from their Request, and defers a handler that
// has not answered shortly before the service stops waiting, completing
// the deferral with its answer when it comes; on a platform that freezes
// the process once it has answered, WithQueue hands what it defers to a
// queue, for a worker to complete (Complete), each job proved by the
// keys the endpoint and its workers share (WithJobKeys) and claimed once
// (WithJobClaims): package queue says how. WithReplayGuard makes it
// serve each interaction once (package replay); middleware such as
// package cooldown's limits how often a route is used.
//
// An endpoint logs with zerolog what its operator needs to know, and by
// default writes it as JSON lines on standard error: a handler's error
// and a panic at level error, with the route, the interaction's id, the
// user and the error (the panic and its stack); a request the service
// sent that the endpoint refused (a body that is not an interaction, a
// replay), an interaction no handler serves, an answer ready after the
// service stopped waiting, at warn. What every request that goes well
// logs, and a request whose signature does not hold (a stranger's, or
// the probe with a forged signature the service sends when the URL is
// saved), is at debug, which the default leaves out. WithLogger replaces
// the default, zerolog.Nop() silences it; the user who met an error reads
// the error handler's answer, never the error.
//
// An Observer given to an Endpoint (WithObserver) is told what became of
// each request, for metrics: how each interaction was answered, which
// requests were refused and why, how deferred answers were delivered.
// Package metrics counts them for Prometheus; an endpoint without one
// measures nothing. Tracing goes through middleware, which sees each
// handler's context and Request.
package router
