package storetest_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/storetest"
)

// uses is a cooldown.Store of one's own: the times of each key's uses,
// read from a clock the store is given, so that a test can move it.
type uses struct {
	now  func() time.Time
	mu   sync.Mutex
	keys map[string][]time.Time
}

func newUses(now func() time.Time) *uses {
	return &uses{now: now, keys: map[string][]time.Time{}}
}

func (s *uses) Use(_ context.Context, key string, n int, period time.Duration) (time.Duration, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	live := s.keys[key][:0:0]
	for _, at := range s.keys[key] {
		if at.After(now.Add(-period)) {
			live = append(live, at)
		}
	}
	if len(live) >= n {
		s.keys[key] = live
		return live[len(live)-n].Add(period).Sub(now), nil
	}
	s.keys[key] = append(live, now)
	return 0, nil
}

// testUses is the test of the store, as its package's
// TestUsesKeepsTheContract would be: each check opens a new store, read
// through two handles (the same value twice, for a store in memory), on
// a Clock the checks move, so that its periods pass without waiting.
func testUses(t *testing.T) {
	storetest.TestCooldownStore(t, func(t *testing.T) storetest.Handles[cooldown.Store] {
		clock := storetest.NewClock()
		s := newUses(clock.Now)
		return storetest.Handles[cooldown.Store]{A: s, B: s, Clock: clock}
	})
}

// A package that writes a cooldown.Store checks it against the contract
// in its own tests.
func ExampleTestCooldownStore() {}
