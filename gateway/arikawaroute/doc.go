// Package arikawaroute serves a switchboard router to the interactions
// an arikawa session (github.com/diamondburned/arikawa/v3) receives on
// the service's gateway.
//
// An Adapter attached to a session hands the d of each
// INTERACTION_CREATE dispatch, as the service sent it, to an endpoint
// made by endpoint.NewGateway (Endpoint.Receive), which dispatches it
// through the router, its middleware and checks, and answers through
// the callback endpoint with its own REST client. arikawa's typed
// interaction is never re-encoded: a field arikawa does not model
// reaches the handler all the same, and so does an interaction arikawa
// cannot decode.
//
// The session's gateway keeps that d: NewGateway and NewCustomGateway
// make one that decodes INTERACTION_CREATE as an InteractionCreateEvent,
// arikawa's event and the d beside it, in place of
// *gateway.InteractionCreateEvent, and Attach refuses a session that has
// no gateway yet, which Open would give arikawa's own:
//
//	a, err := arikawaroute.New(e)
//	...
//	g, err := arikawaroute.NewGateway(ctx, gateway.DefaultIdentifier("Bot "+token))
//	...
//	s := session.NewWithGateway(g, handler.New()) // or state.NewFromSession(s, ...)
//	if _, err := a.Attach(s); err != nil {
//		...
//	}
//	err = s.Open(ctx)
//
// A gateway made otherwise, which Attach cannot tell from one of the
// adapter's, is caught at its first interaction: the adapter logs at
// error, through the endpoint's logger, that it cannot answer it.
// arikawa's handlers of *gateway.InteractionCreateEvent are not called on
// the adapter's gateway: handlers of *arikawaroute.InteractionCreateEvent,
// which embeds it, are called in their place. A sharded bot attaches the adapter to each shard's session,
// made on a gateway of NewCustomGateway.
//
// arikawa's raw events (ws.EnableRawEvents) are not used: they are
// turned on for every gateway of the process by one variable, and the
// bytes of each lie in a buffer arikawa reuses for the next payload while
// handlers may still be reading them.
//
// The adapter answers every interaction: a handler of arikawa's that
// responds too, such as one of Session.AddInteractionHandler, answers
// twice, and the service refuses the second answer.
//
// Each interaction is served on a goroutine of its own. A graceful stop
// closes the session, then waits for what the adapter has under way
// (Wait).
package arikawaroute
