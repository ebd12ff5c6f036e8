package redisstore_test

import (
	"testing"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/concurrency"
	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/internal/redistest"
	"github.com/switchboard-go/switchboard/redisstore"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/state"
	"github.com/switchboard-go/switchboard/storetest"
)

// TestTheStoresKeepTheirContractsOnARedisCluster checks every store of
// the package on a Redis Cluster of three masters, each handle a
// Cluster client of its own, as each replica has. The prefixes hold no
// hash tag, so that the keys spread over the masters' slots, and a
// script or a command of several keys in different slots fails as a
// Cluster fails it (CROSSSLOT); the stores of many keys are also checked
// under a prefix with a hash tag of its own, which puts all their keys
// in one slot. The stores are checked at once, each under prefixes of
// its own.
func TestTheStoresKeepTheirContractsOnARedisCluster(t *testing.T) {
	t.Parallel()
	cl := redistest.StartCluster(t)
	for _, prefix := range []struct {
		name string
		new  func() string
	}{
		{"under a plain prefix", newPrefix},
		{"under a prefix with a hash tag", func() string { return "{" + newPrefix() + "}" }},
	} {
		t.Run(prefix.name, func(t *testing.T) {
			t.Parallel()
			t.Run("Cooldowns", func(t *testing.T) {
				t.Parallel()
				storetest.TestCooldownStore(t, func(t *testing.T) storetest.Handles[cooldown.Store] {
					p := prefix.new()
					return storetest.Handles[cooldown.Store]{A: redisstore.NewCooldowns(cl.Client(t), p), B: redisstore.NewCooldowns(cl.Client(t), p)}
				})
			})
			t.Run("ConcurrencyLimits", func(t *testing.T) {
				t.Parallel()
				storetest.TestConcurrencyStore(t, func(t *testing.T) storetest.Handles[concurrency.Store] {
					p := prefix.new()
					return storetest.Handles[concurrency.Store]{A: redisstore.NewConcurrencyLimits(cl.Client(t), p), B: redisstore.NewConcurrencyLimits(cl.Client(t), p)}
				})
			})
			t.Run("ReplayGuard", func(t *testing.T) {
				t.Parallel()
				storetest.TestReplayGuard(t, func(t *testing.T) storetest.Handles[replay.Guard] {
					p := prefix.new()
					return storetest.Handles[replay.Guard]{A: redisstore.NewReplayGuard(cl.Client(t), p), B: redisstore.NewReplayGuard(cl.Client(t), p)}
				})
			})
			t.Run("States", func(t *testing.T) {
				t.Parallel()
				storetest.TestStateStore(t, func(t *testing.T) storetest.Handles[state.Store] {
					p := prefix.new()
					return storetest.Handles[state.Store]{A: redisstore.NewStates(cl.Client(t), p), B: redisstore.NewStates(cl.Client(t), p)}
				})
			})
			t.Run("AutocompleteCache", func(t *testing.T) {
				t.Parallel()
				storetest.TestAutocompleteCache(t, func(t *testing.T) storetest.Handles[autocomplete.Cache] {
					p := prefix.new()
					return storetest.Handles[autocomplete.Cache]{A: redisstore.NewAutocompleteCache(cl.Client(t), p), B: redisstore.NewAutocompleteCache(cl.Client(t), p)}
				})
			})
			t.Run("RateLimits", func(t *testing.T) {
				t.Parallel()
				storetest.TestRateLimitStore(t, func(t *testing.T) storetest.Handles[rest.RateLimitStore] {
					p := prefix.new()
					return storetest.Handles[rest.RateLimitStore]{A: redisstore.NewRateLimits(cl.Client(t), p), B: redisstore.NewRateLimits(cl.Client(t), p)}
				})
				apitest.ClientsSharingLimits(t, func(t *testing.T) (a, b rest.RateLimitStore) {
					p := prefix.new()
					return redisstore.NewRateLimits(cl.Client(t), p), redisstore.NewRateLimits(cl.Client(t), p)
				})
			})
		})
	}
}
