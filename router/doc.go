// Package router dispatches interactions to the handlers a bot declares.
//
// Handlers are registered by command path: "ping", "mod ban" (a
// subcommand), "mod user ban" (a subcommand in a group), and by name for
// user, message and entry point commands; components and modals by
// custom_id pattern: "poll:{id}:vote". Registrations declare the
// commands' definitions too (Description, Options and the other Decls),
// which registry syncs with the service. Build checks every registration
// at once and returns a Mux, which finds a handler with map lookups on
// the names the interaction carries, or by walking a tree of the
// patterns, never building a string.
//
// Every answer a handler gives is checked with package answer before it
// is sent: one the service would refuse is not sent, and the error
// handler answers instead. Middleware (Use) wraps every handler of a
// router or a group, for logging, authorization, limits (package
// cooldown) and tracing.
//
// The router does not say how an interaction arrives or how its answer
// leaves: a transport does, and a Mux serves any. Package endpoint's
// Endpoint is the HTTP one, the URL the service POSTs interactions to,
// configured by options of its own; Mux.Dispatch answers an interaction
// in a test. A transport runs each interaction as a Call (Mux.Start,
// Call.Run), through the same middleware and checks, and learns from it
// what the route declares of its deferral (DeferReply, Queued and the
// others).
//
// A router logs with zerolog (WithLogger), by default JSON lines on
// standard error from level info up: a handler's error at level error,
// an interaction no handler serves at warn. The endpoints serving its
// Mux log there too unless given a logger of their own.
package router
