// Package discordgoroute serves the interactions a discordgo session
// receives on the gateway with a switchboard router. Each
// INTERACTION_CREATE's d goes, as the service sent it, to an endpoint's
// Receive, which dispatches it through the router's middleware, checks
// and handlers, as it does an interaction POSTed over HTTP, and answers
// through the callback endpoint with the endpoint's REST client:
//
//	e, err := endpoint.NewGateway(mux, endpoint.WithClient(api))
//	...
//	a, err := discordgoroute.New(e)
//	...
//	s.AddHandler(a.Handle)
//	if err := s.Open(); err != nil {
//		...
//	}
//	<-ctx.Done()
//	s.Close()
//	a.Shutdown(stopCtx)     // the interactions under way get their first answers
//	e.WaitDeferred(stopCtx) // and the deferred ones their last
//
// Handle takes discordgo's raw *discordgo.Event, not the
// *discordgo.InteractionCreate discordgo decodes: the endpoint reads the
// interaction's bytes, every field, as it reads a request's body, so that
// what discordgo's types leave out or read otherwise never reaches a
// handler, and a bot's handlers, checks and tests are the same on the
// gateway and over HTTP. The adapter answers every interaction it is
// handed: a bot that uses it answers none itself (InteractionRespond in
// a handler of its own), or the second answer is refused.
//
// discordgo calls each handler of an event on a goroutine of its own,
// unless the session's SyncEvents is set, when it calls them one after
// another on the goroutine that reads the connection. Receive returns
// once the first answer is delivered, which may take the response
// deadline, three seconds: Handle calls it on the goroutine discordgo
// gave it, and with SyncEvents on a goroutine of its own, so that an
// interaction holds up neither the connection nor the interactions after
// it. The endpoint recovers a handler's panic, logs it and answers
// nothing: the session goes on.
//
// A handler reaches the session that delivered its interaction, its
// state cache and its shard, with SessionFromContext.
//
// PointAt sends a session's requests to another API than the service's,
// such as an emulator's. Package discordgoroutetest connects a bot's
// session to the test kit's emulator (switchboardtest.OverGateway), so
// that its tests drive the bot through discordgo's own connection.
//
// The package is a module of its own, so that switchboard's module
// depends on no gateway library; it is built and tested with discordgo
// v0.28.1.
package discordgoroute
