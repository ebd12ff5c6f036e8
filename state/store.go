package state

import (
	"context"
	"time"
)

// Store keeps values under keys until they expire: the states of every
// Kind that shares it, each under its kind's name, a colon and its key
// ("cart:3q2-7wXbTOa9yA_aQcTh8g"), each value the JSON of a state, and,
// for a while after OnceHandler takes a state, the claim of it by the
// interaction that took it: a copy of its JSON under its key, a colon and
// the interaction's id ("cart:3q2-7wXbTOa9yA_aQcTh8g:1409623486150135808").
// MemoryStore serves one replica; replicas behind one load balancer,
// and a bot whose buttons must outlive a restart, share a Store kept
// where they all reach (redisstore.NewStates).
//
// A store must never return a value after its time to live has passed,
// but may forget one sooner, as a bounded store does when it is full: a
// state forgotten reads as expired. A store holds values of any bytes,
// up to MaxValueSize, the most a Kind puts, and keeps a copy of what it
// is given. Each method is one step: two replicas calling at once never
// both add a key, nor both take one. storetest.TestStateStore checks a
// Store against this contract.
//
// An error means the store could not tell; a Kind returns it, wrapped,
// and a handler from Kind.Handler returns it to the router's error
// handler, since a state that cannot be read cannot be served.
type Store interface {
	// Add keeps value under key for ttl unless the store holds the key
	// already, and reports whether it added it.
	Add(ctx context.Context, key string, value []byte, ttl time.Duration) (added bool, err error)
	// Replace keeps value under key for ttl, from now, if the store
	// holds the key, and reports whether it did: a key that expired
	// stays expired.
	Replace(ctx context.Context, key string, value []byte, ttl time.Duration) (replaced bool, err error)
	// Get returns the value under key, and whether there is one. The
	// caller does not modify the value.
	Get(ctx context.Context, key string) (value []byte, found bool, err error)
	// Take returns the value under key, and whether there is one, and
	// forgets the key: of two calls at once, one finds the value.
	Take(ctx context.Context, key string) (value []byte, found bool, err error)
}
