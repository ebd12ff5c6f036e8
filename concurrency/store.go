package concurrency

import (
	"context"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/switchboard-go/switchboard/internal/expiry"
)

// Store counts the runs a limit allows (New), each a slot of a key held
// under a lease: a token, given when the slot is taken, that is good
// until the lease ends unless renewed. A key allows n slots at once; a
// slot whose lease has ended is free, so that a replica that dies
// holding slots holds them no longer than its leases.
//
// MemoryStore serves one replica. Replicas behind one load balancer
// share a store that keeps the slots where they all reach
// (redisstore.ConcurrencyLimits), so that the limit holds across them. Of
// many acquisitions at once, on any replica, no more succeed than there
// are free slots. storetest.TestConcurrencyStore checks a Store against
// this contract.
//
// An error means the store could not tell; New's middleware then lets
// the run through and logs the error, since a store that is down must
// not stop the bot.
type Store interface {
	// Acquire takes one of the n slots of key for lease, unless n slots
	// are held by leases not yet ended; ok reports whether it took one,
	// and token names the slot for Renew and Release. Tokens are unique
	// over the store's lifetime, whichever handle gave them.
	Acquire(ctx context.Context, key string, n int, lease time.Duration) (token string, ok bool, err error)
	// Renew extends the lease of token's slot of key to lease from now.
	// It reports false, and extends nothing, when the slot is no longer
	// held: released, or its lease ended, when another run may have
	// taken it.
	Renew(ctx context.Context, key, token string, lease time.Duration) (ok bool, err error)
	// Release frees token's slot of key. Releasing a slot no longer
	// held does nothing.
	Release(ctx context.Context, key, token string) error
}

// MemoryStore is a Store in the process's memory. It holds the keys
// with a slot held, and forgets a key once its last slot is released or
// its lease has ended. It is safe for concurrent use.
type MemoryStore struct {
	mu    sync.Mutex
	now   func() time.Time
	byKey map[string]*slots
	// byExpiry orders the keys by when their last lease ends, the first
	// on top, so that the keys whose holders never released them are
	// found without a scan.
	byExpiry expiry.Heap[*slots]
	// tokens is the last token given.
	tokens uint64
}

// slots are the slots of one key held, each until its lease ends;
// Expires is the latest of them.
type slots struct {
	expiry.Entry
	key    string
	leases []lease
}

type lease struct {
	token string
	ends  time.Time
}

// NewMemoryStore returns an empty store.
func NewMemoryStore() *MemoryStore {
	return &MemoryStore{now: time.Now, byKey: make(map[string]*slots)}
}

// Acquire takes one of the n slots of key for lease unless they are all
// held.
func (s *MemoryStore) Acquire(_ context.Context, key string, n int, d time.Duration) (string, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	e := s.live(key, now)
	if e != nil && len(e.leases) >= max(n, 1) {
		return "", false, nil
	}
	if e == nil {
		e = &slots{key: key}
		s.byKey[key] = e
		s.byExpiry.Push(e)
	}
	s.tokens++
	token := strconv.FormatUint(s.tokens, 36)
	e.leases = append(e.leases, lease{token: token, ends: now.Add(d)})
	s.fix(e)
	return token, true, nil
}

// Renew extends the lease of token's slot of key, if it is still held.
func (s *MemoryStore) Renew(_ context.Context, key, token string, d time.Duration) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	e := s.live(key, now)
	if e == nil {
		return false, nil
	}
	i := slices.IndexFunc(e.leases, func(l lease) bool { return l.token == token })
	if i < 0 {
		return false, nil
	}
	e.leases[i].ends = now.Add(d)
	s.fix(e)
	return true, nil
}

// Release frees token's slot of key.
func (s *MemoryStore) Release(_ context.Context, key, token string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.live(key, s.now())
	if e == nil {
		return nil
	}
	e.leases = slices.DeleteFunc(e.leases, func(l lease) bool { return l.token == token })
	if len(e.leases) == 0 {
		delete(s.byKey, key)
		s.byExpiry.Remove(e)
		return nil
	}
	s.fix(e)
	return nil
}

// Len returns how many keys have a slot held, those whose leases have
// ended included until the next call forgets them.
func (s *MemoryStore) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.byKey)
}

// live forgets the keys whose last lease has ended at now, drops the
// ended leases of key, and returns key's slots, nil when none is held.
func (s *MemoryStore) live(key string, now time.Time) *slots {
	s.byExpiry.PopExpired(now, func(e *slots) { delete(s.byKey, e.key) })
	e := s.byKey[key]
	if e == nil {
		return nil
	}
	// A lease ends at its end: one that ends at now is over, as the
	// key's is on the heap.
	e.leases = slices.DeleteFunc(e.leases, func(l lease) bool { return !l.ends.After(now) })
	return e
}

// fix sets e's expiry to the end of its latest lease.
func (s *MemoryStore) fix(e *slots) {
	var last time.Time
	for _, l := range e.leases {
		if l.ends.After(last) {
			last = l.ends
		}
	}
	e.Expires = last
	s.byExpiry.Fix(e)
}
