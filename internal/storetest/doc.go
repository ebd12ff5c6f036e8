// Package storetest checks that a store of the state replicas share keeps
// its contract: the cooldown stores and replay guards of package router,
// and the rate-limit stores of package rest. The stores in memory and the
// stores on Redis pass the same tests.
//
// Each check opens two handles on one store, as two replicas would hold
// them, and runs against the real clock with periods of a fraction of a
// second: a store on a server counts time by the server's clock, which a
// test cannot move.
package storetest
