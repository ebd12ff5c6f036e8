package state

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/switchboard-go/switchboard/internal/expiry"
)

// Bounds of a MemoryStore made with bounds of zero.
const (
	// DefaultMaxEntries is how many states a MemoryStore holds at once:
	// tens of thousands of open carts or forms.
	DefaultMaxEntries = 1 << 16
	// DefaultMaxBytes is how many bytes of states a MemoryStore holds at
	// once, counted as EntryOverhead says: 64 MiB.
	DefaultMaxBytes = 64 << 20
)

// EntryOverhead is what a MemoryStore counts for each state beyond the
// bytes of its key and its value: the map entry, the record and its
// place in the order of expiry, which BenchmarkMemoryStoreAdd measures
// at some 120 to 140 bytes, rounded up so that the bound holds.
const EntryOverhead = 160

// MemoryStore is a Store in the process's memory, bounded both in the
// number of states and in their bytes, the claims of states taken (see
// Store) counting as states. It forgets a state once it
// expires; when a new state or a larger value would pass either bound,
// it forgets the states that expire first, and counts them in Evicted,
// rather than grow: a store too small for the traffic answers some uses
// with "expired" early. Its states are lost when the process ends.
// It is safe for concurrent use.
type MemoryStore struct {
	mu         sync.Mutex
	maxEntries int
	maxBytes   int64
	now        func() time.Time
	byKey      map[string]*memoryEntry
	// byExpiry orders the entries by when they expire, the first on
	// top, so that what to forget is found without a scan.
	byExpiry expiry.Heap[*memoryEntry]
	bytes    int64
	evicted  uint64
}

type memoryEntry struct {
	expiry.Entry
	key   string
	value []byte
	size  int64 // as counted against maxBytes
}

// NewMemoryStore returns a store that holds at most maxEntries states
// and maxBytes bytes of them; zero or less means DefaultMaxEntries and
// DefaultMaxBytes.
func NewMemoryStore(maxEntries int, maxBytes int64) *MemoryStore {
	if maxEntries <= 0 {
		maxEntries = DefaultMaxEntries
	}
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	return &MemoryStore{maxEntries: maxEntries, maxBytes: maxBytes, now: time.Now, byKey: make(map[string]*memoryEntry)}
}

// entrySize is what an entry counts against the store's bytes.
func entrySize(key string, value []byte) int64 {
	return int64(len(key)) + int64(len(value)) + EntryOverhead
}

// Add keeps a copy of value under key for ttl unless the store holds key.
func (s *MemoryStore) Add(_ context.Context, key string, value []byte, ttl time.Duration) (bool, error) {
	size := entrySize(key, value)
	if size > s.maxBytes {
		return false, fmt.Errorf("state: memory store: an entry of %d bytes is more than the store holds, %d: %w", size, s.maxBytes, ErrTooLarge)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	s.forgetExpired(now)
	if _, ok := s.byKey[key]; ok {
		return false, nil
	}
	e := &memoryEntry{key: key, value: bytes.Clone(value), size: size}
	e.Expires = expiresAt(now, ttl)
	s.insert(e)
	return true, nil
}

// Replace keeps a copy of value under key for ttl if the store holds key.
func (s *MemoryStore) Replace(_ context.Context, key string, value []byte, ttl time.Duration) (bool, error) {
	size := entrySize(key, value)
	if size > s.maxBytes {
		return false, fmt.Errorf("state: memory store: an entry of %d bytes is more than the store holds, %d: %w", size, s.maxBytes, ErrTooLarge)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	s.forgetExpired(now)
	e, ok := s.byKey[key]
	if !ok {
		return false, nil
	}
	// Out of the store while room is made for its new size, so that it
	// is not what is pushed out.
	s.remove(e)
	e.value, e.Expires, e.size = bytes.Clone(value), expiresAt(now, ttl), size
	s.insert(e)
	return true, nil
}

// Get returns the value under key, if it has not expired.
func (s *MemoryStore) Get(_ context.Context, key string) ([]byte, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.live(key)
	if !ok {
		return nil, false, nil
	}
	return e.value, true, nil
}

// Take returns the value under key, if it has not expired, and forgets
// it.
func (s *MemoryStore) Take(_ context.Context, key string) ([]byte, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.live(key)
	if !ok {
		return nil, false, nil
	}
	s.remove(e)
	return e.value, true, nil
}

// live returns the entry of key unless it has expired, which it forgets.
func (s *MemoryStore) live(key string) (*memoryEntry, bool) {
	e, ok := s.byKey[key]
	if !ok {
		return nil, false
	}
	if !e.Expires.After(s.now()) {
		s.remove(e)
		return nil, false
	}
	return e, true
}

// insert adds e, first pushing out the entries that expire first until
// it fits within both bounds.
func (s *MemoryStore) insert(e *memoryEntry) {
	for s.byExpiry.Len() > 0 && (len(s.byKey) >= s.maxEntries || s.bytes+e.size > s.maxBytes) {
		s.remove(s.byExpiry.First())
		s.evicted++
	}
	s.byKey[e.key] = e
	s.byExpiry.Push(e)
	s.bytes += e.size
}

// remove forgets e.
func (s *MemoryStore) remove(e *memoryEntry) {
	s.byExpiry.Remove(e)
	delete(s.byKey, e.key)
	s.bytes -= e.size
}

// forgetExpired forgets the entries that expired by now.
func (s *MemoryStore) forgetExpired(now time.Time) {
	s.byExpiry.PopExpired(now, func(e *memoryEntry) {
		delete(s.byKey, e.key)
		s.bytes -= e.size
	})
}

// Len returns how many states the store holds, expired ones included
// until a call forgets them.
func (s *MemoryStore) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.byKey)
}

// Bytes returns how many bytes the states the store holds count for:
// their keys, their values and EntryOverhead each.
func (s *MemoryStore) Bytes() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bytes
}

// Capacity returns how many states the store holds at most.
func (s *MemoryStore) Capacity() int { return s.maxEntries }

// Evicted returns how many states were forgotten before they expired
// because the store was full: more than none says its bounds are too
// small for the traffic.
func (s *MemoryStore) Evicted() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.evicted
}

// expiry returns when a state kept at now for ttl expires; a ttl under a
// millisecond counts as one, as on Redis, where a key lives at least
// that long.
func expiresAt(now time.Time, ttl time.Duration) time.Time {
	return now.Add(max(ttl, time.Millisecond))
}
