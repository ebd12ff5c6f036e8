package cooldown

import (
	"context"
	"sync"
	"time"

	"github.com/switchboard-go/switchboard/internal/expiry"
)

// Store counts the uses a cooldown allows (New). A use is
// allowed while fewer than the allowed number were counted within the
// period before it: the period slides with each use, so that "3 uses a
// minute" holds over any minute, not only over minutes that a clock
// starts.
//
// MemoryStore serves one replica. Replicas behind one load
// balancer share a store that keeps its counts where they all reach
// (redisstore.Cooldowns), so that a user cannot spend a cooldown once on
// each replica. Of many uses at once, on any replica, no more are
// counted than allowed. storetest.TestCooldownStore checks a Store
// against this contract.
type Store interface {
	// Use counts a use of key unless uses were already counted within the
	// period before now; then it counts nothing, and returns how long
	// until the earliest of them leaves the period and a use is allowed
	// again. A zero wait means the use was counted. The store forgets
	// key once its last use has left the period. An error means the store
	// could not tell; New's middleware then lets the use through and logs the
	// error, since a store that is down must not stop the bot.
	Use(ctx context.Context, key string, uses int, period time.Duration) (wait time.Duration, err error)
}

// DefaultCapacity is how many keys a MemoryStore made with
// a capacity of zero remembers at once: tens of thousands of users each
// cooling down, in a few MiB.
const DefaultCapacity = 1 << 16

// MemoryStore is a Store in the process's memory, bounded
// in size. It forgets a key once its last use has left the period; when it
// holds its capacity of live keys, a new key pushes out the one whose
// cooldown ends first, and says so in Evicted, rather than grow without
// bound: a store too small for the traffic lets some uses through early.
// It is safe for concurrent use.
type MemoryStore struct {
	mu       sync.Mutex
	capacity int
	now      func() time.Time
	byKey    map[string]*cooldownEntry
	// byExpiry orders the entries by when their last use leaves its
	// period, the first on top, so that what to forget is found without
	// a scan.
	byExpiry expiry.Heap[*cooldownEntry]
	evicted  uint64
}

type cooldownEntry struct {
	expiry.Entry
	key string
	// uses are the times of the uses counted within the period, oldest
	// first; at most as many as the cooldown allows.
	uses []time.Time
}

// NewMemoryStore returns a store that remembers at most capacity
// keys; zero or less means DefaultCapacity.
func NewMemoryStore(capacity int) *MemoryStore {
	if capacity <= 0 {
		capacity = DefaultCapacity
	}
	return &MemoryStore{capacity: capacity, now: time.Now, byKey: make(map[string]*cooldownEntry)}
}

// Use counts a use of key unless uses were already counted within the
// period, and otherwise returns how long until one is allowed.
func (s *MemoryStore) Use(_ context.Context, key string, uses int, period time.Duration) (time.Duration, error) {
	uses = max(uses, 1)
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	s.byExpiry.PopExpired(now, func(e *cooldownEntry) { delete(s.byKey, e.key) })
	e := s.byKey[key]
	if e == nil {
		if len(s.byKey) >= s.capacity {
			delete(s.byKey, s.byExpiry.Pop().key)
			s.evicted++
		}
		e = &cooldownEntry{key: key, uses: make([]time.Time, 0, min(uses, 8))}
		s.byKey[key] = e
		s.byExpiry.Push(e)
	}
	// Drop the uses that have left the period: a use at now-period is
	// out, as the wait returned below ends exactly then.
	start := now.Add(-period)
	live := 0
	for live < len(e.uses) && !e.uses[live].After(start) {
		live++
	}
	e.uses = append(e.uses[:0], e.uses[live:]...)
	if n := len(e.uses); n >= uses {
		return e.uses[n-uses].Add(period).Sub(now), nil
	}
	e.uses = append(e.uses, now)
	e.Expires = now.Add(period)
	s.byExpiry.Fix(e)
	return 0, nil
}

// Evicted returns how many keys were forgotten before their cooldown
// ended because the store was full: more than none says the capacity is
// too small for the traffic.
func (s *MemoryStore) Evicted() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.evicted
}

// Len returns how many keys the store remembers, those whose cooldown
// ended included until the next Use forgets them.
func (s *MemoryStore) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.byKey)
}

// Capacity returns how many keys the store holds at most.
func (s *MemoryStore) Capacity() int { return s.capacity }
