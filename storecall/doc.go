// Package storecall says how a bot calls the stores its replicas share:
// the counts of package cooldown, the interactions a replay guard
// (package replay) has seen and the states of package state, kept in
// Redis by package redisstore, say. Each call is bounded, so that a slow
// store costs an interaction little of the service's three seconds; a
// store that keeps failing is left alone for a while, and the
// interactions go on as if the replica were alone; and every call that
// did not count is reported, for metrics.
//
// Give its Options to cooldown.WithStore, concurrency.WithStore,
// state.WithStore and endpoint.WithReplayGuard. Calls is what those call
// their stores through; a middleware of one's own that calls a shared
// store may use it too.
//
// The stores themselves are not here: each contract lives with what uses
// it (cooldown.Store, concurrency.Store, replay.Guard, state.Store,
// autocomplete.Cache, rest.RateLimitStore), beside its implementation in memory; package
// redisstore keeps them on Redis, and package storetest checks a store
// against its contract.
package storecall
