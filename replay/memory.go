// Package replay remembers the interactions an endpoint has served, so
// that a copy of one, recorded off the wire and sent again while its
// signature still verifies, is refused rather than served twice
// (endpoint.WithReplayGuard). MemoryGuard serves one replica, in bounded
// memory sized for a stated rate; replicas behind one load balancer share
// a Guard kept in a store they all reach, such as redisstore's.
package replay

import (
	"container/heap"
	"context"
	"sync"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// Guard remembers the interactions an endpoint has served. A request
// recorded off the wire verifies again as long as its signed timestamp is
// within the verifier's window; a guard lets the endpoint serve each
// interaction once and refuse the copies.
type Guard interface {
	// Claim records that interaction id is being served, and reports
	// whether it is the first to claim it. The guard remembers id at least
	// until expires. An error means the guard could not tell; the
	// endpoint then serves the request and logs the error, since a guard
	// that is down must not stop the bot.
	Claim(ctx context.Context, id interaction.Snowflake, expires time.Time) (first bool, err error)
}

// ClockAllowance is how much longer than a copy can verify a guard is
// asked to remember an interaction: the clocks of replicas sharing a
// guard may differ by that much, and one behind the others still verifies
// a copy after theirs would refuse it.
const ClockAllowance = 5 * time.Second

// DefaultCapacity is how many interactions a MemoryGuard made
// with a capacity of zero remembers: CapacityFor(DefaultRate),
// those of the default timestamp window and the clock allowance, five
// minutes and five seconds, at 850 interactions a second, in about 12 MiB
// (BenchmarkMemoryGuardClaim measures some 48 bytes an id).
const DefaultCapacity = DefaultRate * replaySeconds

// DefaultRate is the rate of interactions, a second, that a guard
// of DefaultCapacity remembers for as long as a copy can verify
// under the default timestamp window. Above it, the guard forgets the ids
// that expire first, and counts them in Evicted.
const DefaultRate = 850

// replaySeconds is how long, in seconds, a guard remembers an id under
// the default timestamp window.
const replaySeconds = int((interaction.DefaultTimestampWindow + ClockAllowance) / time.Second)

// CapacityFor returns the capacity a MemoryGuard needs to
// remember every interaction, at perSecond interactions a second, for as
// long as a copy verifies under a timestamp window of window (zero means
// the default).
func CapacityFor(perSecond int, window time.Duration) int {
	if window <= 0 {
		window = interaction.DefaultTimestampWindow
	}
	seconds := int((window + ClockAllowance + time.Second - 1) / time.Second)
	return max(perSecond, 1) * seconds
}

// MemoryGuard is a Guard in the process's memory, bounded in
// size. When it holds its capacity, a new id pushes out one of those that
// expire first: a guard too small for the traffic forgets ids early, and
// says so in Evicted, rather than grow without bound. Size it with
// CapacityFor for the traffic of one replica; each id takes about
// 48 bytes. It is safe for concurrent use.
type MemoryGuard struct {
	mu       sync.Mutex
	capacity int
	now      func() time.Time
	// ids holds every id remembered, with when it expires, in Unix
	// milliseconds. Each is also in the bucket of the second it expires
	// in, so that the ids that expire first are found without a scan,
	// whole seconds at a time.
	ids     map[interaction.Snowflake]int64
	buckets map[int64][]interaction.Snowflake
	// seconds orders the buckets' seconds, the earliest first.
	seconds secondHeap
	evicted uint64
}

// NewMemoryGuard returns a guard that remembers at most capacity
// interactions; zero or less means DefaultCapacity.
func NewMemoryGuard(capacity int) *MemoryGuard {
	if capacity <= 0 {
		capacity = DefaultCapacity
	}
	return &MemoryGuard{
		capacity: capacity, now: time.Now,
		ids: make(map[interaction.Snowflake]int64), buckets: make(map[int64][]interaction.Snowflake),
	}
}

// Claim records id until expires, and reports whether it was not already
// recorded.
func (g *MemoryGuard) Claim(_ context.Context, id interaction.Snowflake, expires time.Time) (bool, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now().UnixMilli()
	g.forgetExpired(now)
	if until, ok := g.ids[id]; ok && until > now {
		return false, nil
	} else if !ok {
		for len(g.ids) >= g.capacity && len(g.seconds) > 0 {
			g.evictOne()
		}
	}
	// An id that expired within the current second is still in its
	// bucket, which forgets it only if it has not been claimed again.
	until := expires.UnixMilli()
	sec := (until + 999) / 1000 // the bucket forgets it once the second is over
	b, ok := g.buckets[sec]
	if !ok {
		heap.Push(&g.seconds, sec)
	}
	g.buckets[sec] = append(b, id)
	g.ids[id] = until
	return true, nil
}

// forgetExpired forgets the ids of the buckets whose second has passed by
// now, in Unix milliseconds.
func (g *MemoryGuard) forgetExpired(now int64) {
	for len(g.seconds) > 0 && g.seconds[0]*1000 <= now {
		sec := heap.Pop(&g.seconds).(int64)
		for _, id := range g.buckets[sec] {
			g.forget(id, sec)
		}
		delete(g.buckets, sec)
	}
}

// forget forgets id, taken from the bucket of second sec, unless it was
// claimed again since, to expire later, and reports whether it did.
func (g *MemoryGuard) forget(id interaction.Snowflake, sec int64) bool {
	if until, ok := g.ids[id]; ok && (until+999)/1000 <= sec {
		delete(g.ids, id)
		return true
	}
	return false
}

// evictOne forgets one of the ids that expire first, the first of them
// claimed.
func (g *MemoryGuard) evictOne() {
	sec := g.seconds[0]
	b := g.buckets[sec]
	if g.forget(b[0], sec) {
		g.evicted++
	}
	if b = b[1:]; len(b) == 0 {
		heap.Pop(&g.seconds)
		delete(g.buckets, sec)
	} else {
		g.buckets[sec] = b
	}
}

// Evicted returns how many ids were forgotten before they expired because
// the guard was full: more than none says the capacity is too small for the
// traffic.
func (g *MemoryGuard) Evicted() uint64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.evicted
}

// Len returns how many ids the guard remembers, expired ones included
// until the next Claim forgets them.
func (g *MemoryGuard) Len() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.ids)
}

// Capacity returns how many ids the guard remembers at most.
func (g *MemoryGuard) Capacity() int { return g.capacity }

// secondHeap is a container/heap of seconds, the earliest on top.
type secondHeap []int64

func (h secondHeap) Len() int           { return len(h) }
func (h secondHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h secondHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *secondHeap) Push(x any)        { *h = append(*h, x.(int64)) }
func (h *secondHeap) Pop() any {
	old := *h
	sec := old[len(old)-1]
	*h = old[:len(old)-1]
	return sec
}
