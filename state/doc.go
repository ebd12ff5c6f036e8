// Package state keeps what a button, a select menu or a form needs
// beyond the 100 characters of its custom_id: a cart, the answers of the
// steps of a form so far. A Kind of state puts a typed value in a Store
// for a time the bot chooses and returns a short key; the custom_id
// carries the key as a part of its route ("cart:{cart}:checkout"); and
// the handler of the route reads the value back, typed, while a use
// whose state has expired is told so in an ephemeral message, never
// served with a zero value. A route whose pattern does not carry the key
// where the handler reads it is an error of the router's Build.
//
//	carts := state.New[Cart]("cart", 30*time.Minute, state.WithStore(store))
//	key, err := carts.Put(ctx, cart)
//	component.PrimaryButton("cart:"+key+":checkout", "Check out")
//
//	r.HandleComponent("cart:{cart}:checkout", carts.OnceHandler(checkout))
//	func checkout(ctx context.Context, req *router.Request, key string, cart Cart) (interaction.Response, error)
//
// The states are kept in a Store, the contract of this package. A
// MemoryStore keeps the states of one process, bounded in count and in
// bytes; a Store kept elsewhere (redisstore.States) is shared by
// replicas and outlives a restart, so that the buttons of a message sent
// before a deploy still work after it. storetest.TestStateStore checks a
// Store of one's own against the contract, and package storecall bounds
// the calls to one not in memory (WithStore). Each state is JSON
// (github.com/goccy/go-json), of at most MaxValueSize bytes.
//
// # Keys
//
// A key is 16 random bytes in unpadded base64url, KeyLength (22)
// characters with no colon, which leave 78 of a custom_id to its route.
// The key is all a custom_id carries of a state, and the store is the
// authority on it: a key that is not in the store is no state, so a key
// needs no signature. Nor could one be forged: the service delivers the
// custom_id of a component the bot put on the message used, and of a
// modal the bot opened (a client that sends another is refused), so a
// user can present only keys the bot gave them; and were a custom_id
// made up, its key, of 128 random bits, would name no state. What a
// signature would protect is state carried in the custom_id itself,
// which is what a key replaces.
//
// A key is a capability: whoever may use the component reads its state.
// A state meant for one user goes on an ephemeral message, which only
// they see and use, or keeps the user's id and its handler checks it.
//
// # Reading and ending states
//
// Handler reads a state and leaves it for the next use; the handler may
// Set a new one under the same key, which lives the kind's time to live
// from then on. OnceHandler takes it, in one step of the store, for a
// route that ends it: of two clicks of "Pay" at once, one is served.
// A state expires on its own; Delete ends it sooner.
//
// # Runs handed over
//
// An endpoint with a queue (endpoint.WithQueue) hands over a handler still
// running at its answer margin: it cancels the run's context, drops what
// the run may still return, and a worker runs the handler again, from
// the start, for the same interaction. What the handler run again finds
// is what the first run left: a state it Set holds the new value, a
// state it deleted is gone. A state OnceHandler took is not gone for the
// worker's run: the take belongs to the interaction, which keeps a claim
// of the state for as long as its token lives (15 minutes), and the
// worker's run of that interaction (router.Request.HandedOver) is given
// the state the first run took, while another click, and a copy of the
// same click served again at the endpoint, are told it has expired. A
// click handed over is thus
// served, once, by the worker's run, whose answer the user sees; the
// first run may have done part of its work before it was canceled, so
// what must happen once per click, such as a payment, is done under the
// interaction's id (req.Interaction.ID), as an idempotency key, or
// recorded and checked. The claim is kept in the kind's store, beside
// the state, under the state's key, a colon and the interaction's id,
// and counts against a MemoryStore's bounds as a state does.
package state
