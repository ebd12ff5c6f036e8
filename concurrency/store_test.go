package concurrency_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/concurrency"
	"github.com/switchboard-go/switchboard/storetest"
)

func TestMemoryStoreKeepsTheContract(t *testing.T) {
	storetest.TestConcurrencyStore(t, func(*testing.T) storetest.Handles[concurrency.Store] {
		clock := storetest.NewClock()
		s := concurrency.NewMemoryStore()
		s.SetClock(clock.Now)
		return storetest.Handles[concurrency.Store]{A: s, B: s, Clock: clock}
	})
}

// model is what a concurrency store holds, kept the plainest way: for
// each key, the end of each token's lease.
type model map[string]map[string]time.Time

func (m model) held(key string, now time.Time) int {
	n := 0
	for _, ends := range m[key] {
		if ends.After(now) {
			n++
		}
	}
	return n
}

// FuzzMemoryStoreAgainstAModel runs the steps a seed picks on a
// MemoryStore and on the model, and fails when they differ: on what each
// call returns, and on the keys the store still holds once every lease
// has ended.
func FuzzMemoryStoreAgainstAModel(f *testing.F) {
	for _, seed := range []uint64{1, 2, 3, 42, 1 << 40} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		rng := rand.New(rand.NewPCG(seed, seed>>1))
		clock := storetest.NewClock()
		s := concurrency.NewMemoryStore()
		s.SetClock(clock.Now)
		m := model{}
		ctx := context.Background()
		keys := []string{"a", "b", "c"}
		// tokens are those given, by key, live or not.
		tokens := map[string][]string{}
		pickToken := func(key string) string {
			if ts := tokens[key]; len(ts) > 0 && rng.IntN(8) > 0 {
				return ts[rng.IntN(len(ts))]
			}
			return "none"
		}
		for step := range 300 {
			key := keys[rng.IntN(len(keys))]
			lease := time.Duration(1+rng.IntN(10)) * time.Second
			now := clock.Now()
			switch rng.IntN(4) {
			case 0, 1:
				n := 1 + rng.IntN(3)
				token, ok, err := s.Acquire(ctx, key, n, lease)
				if err != nil {
					t.Fatal(err)
				}
				if want := m.held(key, now) < n; ok != want {
					t.Fatalf("step %d: Acquire(%s, %d) = %v with %d held, want %v", step, key, n, ok, m.held(key, now), want)
				}
				if ok {
					if m[key] == nil {
						m[key] = map[string]time.Time{}
					}
					if _, dup := m[key][token]; dup {
						t.Fatalf("step %d: token %q given twice", step, token)
					}
					m[key][token] = now.Add(lease)
					tokens[key] = append(tokens[key], token)
				}
			case 2:
				token := pickToken(key)
				ok, err := s.Renew(ctx, key, token, lease)
				if err != nil {
					t.Fatal(err)
				}
				ends, had := m[key][token]
				if want := had && ends.After(now); ok != want {
					t.Fatalf("step %d: Renew(%s, %s) = %v, want %v", step, key, token, ok, want)
				}
				if ok {
					m[key][token] = now.Add(lease)
				}
			case 3:
				token := pickToken(key)
				if err := s.Release(ctx, key, token); err != nil {
					t.Fatal(err)
				}
				delete(m[key], token)
			}
			clock.Advance(time.Duration(rng.IntN(1500)) * time.Millisecond)
		}
		clock.Advance(11 * time.Second)
		// The next call forgets every key whose leases all ended.
		s.Release(ctx, "a", "none")
		if n := s.Len(); n != 0 {
			t.Errorf("holds %d keys once every lease ended", n)
		}
	})
}
