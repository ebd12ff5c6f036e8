// Package concurrency limits how many runs of a route go on at once: New
// returns middleware that lets at most n handlers of a command, a
// component or a modal run at a time, counted per user, per guild, per
// channel or over the whole bot, and answers a use past the limit with an
// ephemeral message, or has it wait a while for a run to finish
// (WithWait). Routes that share a limit share a bucket (WithBucket).
//
// The runs are counted in a Store, the contract of this package, as
// leases: a run holds a slot from its handler's start until it returns,
// renewing the lease while it runs, so that the slots of a replica that
// died mid-run come free once their leases end. A MemoryStore serves one
// replica, and replicas behind one load balancer share one kept where
// they all reach, such as redisstore.ConcurrencyLimits.
// storetest.TestConcurrencyStore checks a Store of one's own against the
// contract, and package storecall bounds the calls to one not in memory
// (WithStore).
package concurrency
