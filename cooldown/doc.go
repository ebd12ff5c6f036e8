// Package cooldown limits how often a command, a component or a modal may
// be used: New returns middleware that allows a route so many uses in a
// sliding period, counted per user, per guild or per channel, and answers
// a use past the limit with an ephemeral message saying when to try
// again. Each route counts on its own, unless the routes share a bucket
// (WithBucket): /play, /skip and /queue spending one "music" budget.
//
// The counts are kept in a Store, the contract of this package: a
// MemoryStore serves one replica, and replicas behind one load balancer
// share one kept where they all reach, such as redisstore.Cooldowns.
// storetest.TestCooldownStore checks a Store of one's own against the
// contract, and package storecall bounds the calls to one not in memory
// (WithStore).
package cooldown
