// Package storetest checks that a store keeps its contract, in the
// manner of testing/fstest: one function for each of the stores a bot
// may share between its replicas, run from a test of the package that
// writes the store.
//
//	contract             in memory                  on Redis                      checked by
//	cooldown.Store       cooldown.MemoryStore       redisstore.Cooldowns          TestCooldownStore
//	concurrency.Store    concurrency.MemoryStore    redisstore.ConcurrencyLimits  TestConcurrencyStore
//	replay.Guard         replay.MemoryGuard         redisstore.ReplayGuard        TestReplayGuard
//	state.Store          state.MemoryStore          redisstore.States             TestStateStore
//	autocomplete.Cache   autocomplete.MemoryCache   redisstore.AutocompleteCache  TestAutocompleteCache
//	rest.RateLimitStore  rest.MemoryRateLimitStore  redisstore.RateLimits         TestRateLimitStore
//
// The stores of this module pass the same checks a store of one's own
// does: those in memory in their packages' tests, those on Redis in
// package redisstore's, on one Redis server and on a Redis Cluster of
// three masters.
//
// Each check opens a new, empty store and takes two handles on it
// (Handles), as two replicas hold them: a store in memory gives the same
// value twice, a store on a server a client each. A store that reads the
// time from a function can be given a Clock, which the checks move by
// hand, so that expiry is checked to the millisecond and without
// waiting. A store that keeps time by a clock the test cannot move, a
// server's, is checked on the real clock, with periods of a fraction of
// a second that the checks wait out; a check whose steps a loaded
// machine stretches past what it can judge is skipped, saying so,
// rather than failed. On a Clock no check is ever skipped for time.
//
// Every check runs as a subtest named for the rule it checks, so that a
// failure names the rule broken.
package storetest
