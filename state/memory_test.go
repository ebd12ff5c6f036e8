package state_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/state"
	"github.com/switchboard-go/switchboard/storetest"
)

// memoryStore returns a MemoryStore that reads the time from c.
func memoryStore(entries int, bytes int64, c *storetest.Clock) *state.MemoryStore {
	s := state.NewMemoryStore(entries, bytes)
	s.SetClock(c.Now)
	return s
}

func TestMemoryStoreKeepsTheContract(t *testing.T) {
	storetest.TestStateStore(t, func(t *testing.T) storetest.Handles[state.Store] {
		clock := storetest.NewClock()
		s := state.NewMemoryStore(0, 0)
		s.SetClock(clock.Now)
		return storetest.Handles[state.Store]{A: s, B: s, Clock: clock}
	})
}

// entry is what the store counts for a key and a value of these lengths.
func entry(key, value int) int64 { return int64(key+value) + state.EntryOverhead }

func TestMemoryStoreStaysWithinItsBounds(t *testing.T) {
	ctx := context.Background()
	value := []byte(strings.Repeat("v", 100))
	type add struct {
		key string
		ttl time.Duration
	}
	for _, tc := range []struct {
		name      string
		entries   int
		bytes     int64
		adds      []add
		advance   time.Duration // before the last add
		kept      []string
		forgotten []string
		evicted   uint64
	}{
		{
			name: "a full count pushes out the state that expires first", entries: 3,
			adds:      []add{{"k:a", 3 * time.Minute}, {"k:b", time.Minute}, {"k:c", 2 * time.Minute}, {"k:d", time.Hour}},
			kept:      []string{"k:a", "k:c", "k:d"},
			forgotten: []string{"k:b"},
			evicted:   1,
		},
		{
			name: "full bytes push out as many states as the new one needs", bytes: 3 * entry(3, 100),
			adds:      []add{{"k:a", time.Minute}, {"k:b", 2 * time.Minute}, {"k:c", 3 * time.Minute}, {"k:d", time.Hour}},
			kept:      []string{"k:b", "k:c", "k:d"},
			forgotten: []string{"k:a"},
			evicted:   1,
		},
		{
			name: "states that expired make room without counting as evicted", entries: 2,
			adds:      []add{{"k:a", time.Minute}, {"k:b", time.Minute}, {"k:c", time.Hour}},
			advance:   time.Minute,
			kept:      []string{"k:c"},
			forgotten: []string{"k:a", "k:b"},
			evicted:   0,
		},
		{
			name: "within the bounds nothing is pushed out", entries: 4, bytes: 4 * entry(3, 100),
			adds: []add{{"k:a", time.Minute}, {"k:b", time.Minute}, {"k:c", time.Minute}, {"k:d", time.Minute}},
			kept: []string{"k:a", "k:b", "k:c", "k:d"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := storetest.NewClock()
			s := memoryStore(tc.entries, tc.bytes, c)
			for i, a := range tc.adds {
				if i == len(tc.adds)-1 {
					c.Advance(tc.advance)
				}
				if ok, err := s.Add(ctx, a.key, value, a.ttl); err != nil || !ok {
					t.Fatalf("Add(%q) = %v, %v", a.key, ok, err)
				}
			}
			for _, k := range tc.kept {
				if _, found, _ := s.Get(ctx, k); !found {
					t.Errorf("%s was forgotten", k)
				}
			}
			for _, k := range tc.forgotten {
				if _, found, _ := s.Get(ctx, k); found {
					t.Errorf("%s was kept", k)
				}
			}
			if got := s.Evicted(); got != tc.evicted {
				t.Errorf("Evicted() = %d, want %d", got, tc.evicted)
			}
			if got, want := s.Bytes(), int64(s.Len())*entry(3, 100); got != want {
				t.Errorf("Bytes() = %d for %d states, want %d", got, s.Len(), want)
			}
		})
	}
}

func TestMemoryStoreReplacingALargerValueMakesRoomButKeepsTheState(t *testing.T) {
	ctx := context.Background()
	c := storetest.NewClock()
	s := memoryStore(0, 3*entry(3, 10), c)
	// k:a expires first: were it in the store while room is made for
	// its larger value, it would push itself out.
	for i, k := range []string{"k:a", "k:b", "k:c"} {
		if ok, err := s.Add(ctx, k, make([]byte, 10), time.Duration(i+1)*time.Minute); err != nil || !ok {
			t.Fatalf("Add(%q) = %v, %v", k, ok, err)
		}
	}
	if ok, err := s.Replace(ctx, "k:a", make([]byte, 10+entry(3, 10)), time.Second); err != nil || !ok {
		t.Fatalf("Replace = %v, %v", ok, err)
	}
	if v, found, _ := s.Get(ctx, "k:a"); !found || len(v) != 10+int(entry(3, 10)) {
		t.Errorf("the state replaced reads %d bytes, %v", len(v), found)
	}
	if _, found, _ := s.Get(ctx, "k:b"); found {
		t.Error("k:b, which expires first of the others, was kept")
	}
	if _, found, _ := s.Get(ctx, "k:c"); !found {
		t.Error("k:c was pushed out, though one state made room")
	}
	if s.Evicted() != 1 || s.Bytes() > 3*entry(3, 10) {
		t.Errorf("Evicted() = %d, Bytes() = %d; want 1 and at most %d", s.Evicted(), s.Bytes(), 3*entry(3, 10))
	}
}

func TestMemoryStoreRefusesAStateLargerThanItHolds(t *testing.T) {
	ctx := context.Background()
	s := memoryStore(0, 1024, storetest.NewClock())
	if _, err := s.Add(ctx, "k:a", make([]byte, 10), time.Minute); err != nil {
		t.Fatal(err)
	}
	big := make([]byte, 1024)
	if ok, err := s.Add(ctx, "k:b", big, time.Minute); ok || !errors.Is(err, state.ErrTooLarge) {
		t.Errorf("Add of %d bytes to a store of 1024 = %v, %v; want ErrTooLarge", len(big), ok, err)
	}
	if ok, err := s.Replace(ctx, "k:a", big, time.Minute); ok || !errors.Is(err, state.ErrTooLarge) {
		t.Errorf("Replace with %d bytes = %v, %v; want ErrTooLarge", len(big), ok, err)
	}
	if _, found, _ := s.Get(ctx, "k:a"); !found || s.Evicted() != 0 {
		t.Error("a refused state pushed out another")
	}
}

func TestMemoryStoreForgetsEverythingItGivesBack(t *testing.T) {
	ctx := context.Background()
	c := storetest.NewClock()
	s := memoryStore(0, 0, c)
	for i := range 100 {
		s.Add(ctx, fmt.Sprintf("k:%d", i), []byte("v"), time.Duration(i+1)*time.Second)
	}
	for i := range 50 {
		s.Take(ctx, fmt.Sprintf("k:%d", 2*i))
	}
	c.Advance(time.Hour)
	s.Get(ctx, "k:1") // an expired read forgets what it finds
	s.Add(ctx, "k:new", []byte("v"), time.Second)
	if s.Len() != 1 || s.Bytes() != entry(5, 1) {
		t.Errorf("after every state expired or was taken and one was added: Len() = %d, Bytes() = %d; want 1, %d", s.Len(), s.Bytes(), entry(5, 1))
	}
}

// BenchmarkMemoryStoreAdd measures what the store holds for each state
// beyond its key and value, which EntryOverhead counts:
//
//	go test ./state -run XXX -bench MemoryStoreAdd -benchtime 100000x
func BenchmarkMemoryStoreAdd(b *testing.B) {
	ctx := context.Background()
	s := state.NewMemoryStore(b.N+1, 1<<40)
	keys := make([]string, b.N)
	for i := range keys {
		keys[i] = "cart:" + state.NewKey()
	}
	value := []byte(strings.Repeat("v", 200))
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for i := range b.N {
		s.Add(ctx, keys[i], value, time.Hour)
	}
	b.StopTimer()
	runtime.GC()
	runtime.ReadMemStats(&after)
	perEntry := float64(after.HeapAlloc-before.HeapAlloc) / float64(b.N)
	b.ReportMetric(perEntry-float64(len(value)), "B/entry-beyond-value")
	runtime.KeepAlive(s)
}
