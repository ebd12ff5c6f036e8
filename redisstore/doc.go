// Package redisstore keeps on Redis the state that replicas of a bot
// share: the counts of cooldowns (package cooldown), the slots of
// concurrency limits (package concurrency), the interactions
// already served (package replay, endpoint.WithReplayGuard), the state
// of the service's rate limits (rest.WithRateLimitStore), the states
// that custom_ids carry the keys of (package state) and the last good
// suggestions of autocomplete (autocomplete.Fallback). Each is a type
// here that implements the interface of the package that uses it, so
// that cooldown, concurrency, replay, rest, state and autocomplete need
// nothing of Redis:
//
//	Cooldowns          cooldown.Store
//	ConcurrencyLimits  concurrency.Store
//	ReplayGuard        replay.Guard
//	RateLimits         rest.RateLimitStore, rest.BatchingRateLimitStore
//	States             state.Store
//	AutocompleteCache  autocomplete.Cache
//
// Each contract lives in its package, beside the store in memory that
// serves one replica; package storetest checks a store against it, and
// this package's tests check each of these on one Redis server and on a
// Redis Cluster of three masters. Package storecall bounds the calls
// that cooldowns, concurrency limits, the replay guard and states make
// to them.
//
// Each store takes a redis.UniversalClient (a client of one server, of a
// Sentinel group or of a Cluster) and a prefix that every key it writes
// begins with, DefaultPrefix when empty: replicas of one bot give the
// same prefix, bots sharing one Redis each their own. Every operation is
// one command or one script, so that replicas never both take the last
// use of a cooldown, the first claim of an interaction or the last
// request of a bucket; and times are measured by the Redis server's
// clock, so that replicas need not agree on theirs. Keys expire when
// their state no longer matters: Redis holds no more than what is live.
//
// Each interaction and each REST call costs Redis one round trip. An
// endpoint whose replay guard and cooldown store share a client of one
// server claims an interaction and counts the use of its first cooldown
// in one script (Cooldowns.ClaimAndUse, cooldown.ClaimingStore), when
// the cooldown is the first middleware its handler runs through;
// otherwise the claim and each use are a round trip each. A rest.Client
// takes each request with one script that also records the answers it
// held since its last (RateLimits.Batch, rest.BatchingRateLimitStore);
// an answer the other replicas wait for, the answer to the first request
// on a route or one that leaves its bucket empty, is recorded at once, in
// a round trip of its own, as is one held rest.DefaultRecordDelay with no
// request to carry it, and a 429 costs one more. A handler's state
// (package state) costs one more for each read, set, take or put, and a
// click served by state.Kind.OnceHandler two: the take and its claim. A
// run under a concurrency limit costs two, the slot taken and released,
// and one more each time its lease is renewed, every third of the lease.
//
// A store returns the errors of Redis. The packages using the stores fail
// open: a cooldown or a concurrency limit lets the use through and logs,
// the replay guard serves
// the request and logs, and a rest.Client reports the error and waits by
// the limits it saw itself. Package state cannot serve a state it cannot
// read: its error goes to the router's error handler, never to the user
// as an expiry. Set the client's timeouts for how long a request may wait
// on a Redis that does not answer.
//
// The router bounds each call to a cooldown's store and to the replay
// guard (storecall.DefaultTimeout, a quarter of a second), within the
// three seconds the service waits for an answer, and pauses the calls to
// a store that keeps failing. go-redis's defaults are made for a client
// that would rather wait than fail: a command against a refused port
// retries the dial five times (DialerRetries, DialerRetryTimeout) and
// the command three times (MaxRetries), some 1.7 seconds before it fails,
// and it ignores a context's deadline on the connection unless told. Give
// the client of these stores options that fail fast and honor the
// router's bound:
//
//	redis.Options{
//		Addr:                  addr,
//		ContextTimeoutEnabled: true, // the context's deadline bounds each read and write
//		MaxRetries:            1,    // one retry of a command on a fresh connection
//		DialerRetries:         1,    // a refused dial is an answer, not a blip
//		DialTimeout:           250 * time.Millisecond,
//		PoolTimeout:           250 * time.Millisecond, // not the default of ReadTimeout + 1s
//	}
//
// With them a command against a refused port fails in tens of
// milliseconds, well within the router's bound.
//
// On a Cluster, the claim of an interaction and the use of a cooldown are
// a round trip each: their keys lie in different slots, which no script
// reaches together. The keys of the rate limits share the hash tag
// "{ratelimit}", or the prefix's own when it has one (a non-empty "{…}"),
// since a script reaches several of them; the keys of one scope of
// autocomplete's answers share the scope as their hash tag, and a lookup
// of several scopes is one MGET a scope, pipelined. All the rate-limit traffic of
// a bot therefore goes to one slot, and so to one node: a Cluster adds
// no throughput to it, only failover. A prefix whose first "{" is
// followed at once by "}" gives its keys no hash tag at all, so that a
// Cluster spreads them over slots and the scripts of the rate limits and
// of autocomplete fail: give such a prefix only to a single server.
//
// The scripts read the server's clock (TIME) before they write, which
// Redis allows only when it replicates a script's effects rather than
// the script, its default from version 5: the stores need Redis 5 or
// later.
package redisstore

// DefaultPrefix begins the keys of a store given the prefix "".
const DefaultPrefix = "switchboard:"

func prefixOr(prefix string) string {
	if prefix == "" {
		return DefaultPrefix
	}
	return prefix
}
