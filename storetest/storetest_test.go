package storetest_test

import (
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/state"
	"github.com/switchboard-go/switchboard/storetest"
)

// The stores in memory are checked on a Clock in their own packages'
// tests. Here they are checked on the real clock, without one, as a
// store on a server is: the checks' other way of keeping time.

func TestTheMemoryStoresKeepTheContractsOnTheRealClock(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  func(t *testing.T)
	}{
		{"cooldown.MemoryStore", func(t *testing.T) {
			storetest.TestCooldownStore(t, func(*testing.T) storetest.Handles[cooldown.Store] {
				s := cooldown.NewMemoryStore(0)
				return storetest.Handles[cooldown.Store]{A: s, B: s}
			})
		}},
		{"replay.MemoryGuard", func(t *testing.T) {
			storetest.TestReplayGuard(t, func(*testing.T) storetest.Handles[replay.Guard] {
				g := replay.NewMemoryGuard(0)
				return storetest.Handles[replay.Guard]{A: g, B: g}
			})
		}},
		{"state.MemoryStore", func(t *testing.T) {
			storetest.TestStateStore(t, func(*testing.T) storetest.Handles[state.Store] {
				s := state.NewMemoryStore(0, 0)
				return storetest.Handles[state.Store]{A: s, B: s}
			})
		}},
		{"autocomplete.MemoryCache", func(t *testing.T) {
			storetest.TestAutocompleteCache(t, func(*testing.T) storetest.Handles[autocomplete.Cache] {
				c := autocomplete.NewMemoryCache(0)
				return storetest.Handles[autocomplete.Cache]{A: c, B: c}
			})
		}},
		{"rest.MemoryRateLimitStore", func(t *testing.T) {
			storetest.TestRateLimitStore(t, func(*testing.T) storetest.Handles[rest.RateLimitStore] {
				s := rest.NewMemoryRateLimitStore()
				return storetest.Handles[rest.RateLimitStore]{A: s, B: s}
			})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.run(t)
		})
	}
}

func TestAClockMovesOnlyWhenAdvanced(t *testing.T) {
	c := storetest.NewClock()
	start := c.Now()
	if !c.Now().Equal(start) {
		t.Fatalf("the clock moved by itself, from %v to %v", start, c.Now())
	}
	c.Advance(90 * time.Second)
	if got := c.Now().Sub(start); got != 90*time.Second {
		t.Errorf("advanced by 90s, the clock moved %v", got)
	}
}

// The examples' tests run, so that the examples stay right.
func TestTheExamplesPass(t *testing.T) {
	t.Run("cooldown", testUses)
	t.Run("replay", testGuard)
}
