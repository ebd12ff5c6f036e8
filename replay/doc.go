// Package replay remembers the interactions an endpoint has served, so
// that a copy of one, recorded off the wire and sent again while its
// signature still verifies, is refused rather than served twice
// (endpoint.WithReplayGuard); the workers of a queue claim their jobs in
// one too (endpoint.WithJobClaims).
//
// Guard is the contract of this package. MemoryGuard serves one replica,
// in bounded memory sized for a stated rate; replicas behind one load
// balancer share a Guard kept in a store they all reach, such as
// redisstore.ReplayGuard. storetest.TestReplayGuard checks a Guard of
// one's own against the contract, and package storecall bounds the calls
// to one not in memory.
package replay
