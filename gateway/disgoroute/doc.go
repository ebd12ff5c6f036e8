// Package disgoroute serves a switchboard router to the interactions a
// disgo client (github.com/disgoorg/disgo) receives on the service's
// gateway.
//
// An Adapter is a disgo event listener. It hands the d of each
// INTERACTION_CREATE dispatch, as the service sent it, to an endpoint
// made by endpoint.NewGateway (Endpoint.Receive), which dispatches it
// through the router, its middleware and checks, and answers through the
// callback endpoint with its own REST client. disgo's typed interaction
// is never re-encoded: a field disgo does not model reaches the handler
// all the same.
//
// The adapter reads the dispatch from disgo's raw events, which a
// gateway emits only when it is built with
// gateway.WithEnableRawEvents(true):
//
//	a, err := disgoroute.New(e)
//	...
//	client, err := disgo.New(token,
//		bot.WithGatewayConfigOpts(gateway.WithEnableRawEvents(true)),
//		bot.WithEventListeners(a),
//	)
//
// A shard manager's gateways take it through
// sharding.WithGatewayConfigOpts. A client without raw events is caught
// at its first READY: the adapter logs an error, at every READY and
// every interaction it cannot serve, through the endpoint's logger.
//
// The adapter answers every interaction: a listener of disgo's typed
// interaction events that responds too answers twice, and the service
// refuses the second answer.
//
// Each interaction is served on a goroutine of its own, so that the
// client goes on reading its gateway while a handler runs. A graceful
// stop closes the client, then waits for what the adapter has under way
// (Wait).
package disgoroute
