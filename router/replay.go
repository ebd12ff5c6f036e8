package router

import (
	"container/heap"
	"context"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
)

// ReplayGuard remembers the interactions an endpoint has served. A request
// recorded off the wire verifies again as long as its signed timestamp is
// within the window; a guard lets the endpoint serve each interaction once
// and refuse the copies (WithReplayGuard).
//
// MemoryReplayGuard serves one replica. Replicas behind one load balancer
// share a guard that keeps its ids in a store they all reach.
type ReplayGuard interface {
	// Claim records that interaction id is being served, and reports
	// whether it is the first to claim it. The guard remembers id at least
	// until expires. An error means the guard could not tell; the
	// endpoint then serves the request and logs the error, since a guard
	// that is down must not stop the bot.
	Claim(ctx context.Context, id interaction.Snowflake, expires time.Time) (first bool, err error)
}

// WithReplayGuard makes the endpoint serve each interaction once: a copy of
// a request it has served, which still verifies within the timestamp
// window, is answered 409 and not dispatched. The guard remembers each id
// until its signed timestamp is a window old (and ReplayClockAllowance
// more), as long as a copy can verify.
//
// Each call to a guard other than a MemoryReplayGuard is bounded
// (DefaultStoreTimeout), never past the answer margin before the service
// stops waiting, and a guard that keeps failing is not called for a
// while (see StoreOption); opts change how.
func WithReplayGuard(g ReplayGuard, opts ...StoreOption) EndpointOption {
	return func(e *Endpoint) {
		e.replays = &replayGuard{guard: g}
		if _, inMemory := g.(*MemoryReplayGuard); !inMemory {
			// A guard in memory answers at once and never fails: its
			// calls need no bound.
			e.replays.calls = newStoreCalls("replay guard", "replay", opts)
		}
	}
}

// replayGuard is an endpoint's guard and how it is called.
type replayGuard struct {
	guard ReplayGuard
	// calls bounds the calls to a guard not in memory; nil for one in
	// memory.
	calls *storeCalls
}

// ReplayClockAllowance is how much longer than a copy can verify a replay
// guard remembers an interaction: the clocks of replicas sharing a guard
// may differ by that much, and one behind the others still verifies a
// copy after theirs would refuse it.
const ReplayClockAllowance = 5 * time.Second

// replayed reports whether ix, received at received with the signed
// timestamp ts, was served before. A guard that fails or does not answer
// in time is logged and the request served.
func (e *Endpoint) replayed(ctx context.Context, received time.Time, ts []byte, ix *interaction.Interaction) bool {
	g := e.replays
	first, err := g.claim(ctx, ix.ID, replayExpiry(e.verifier.Window(), received, ts), received.Add(e.deadline-e.margin), &e.logger)
	if err == errStorePaused {
		return false
	}
	if err != nil {
		e.logger.Error().Err(err).Stringer("interaction", ix.ID).Msg("the replay guard failed; serving the request")
		return false
	}
	if !first {
		e.logger.Warn().Stringer("interaction", ix.ID).Msg("refused a copy of an interaction already received")
	}
	return !first
}

// replayExpiry returns until when a guard must remember a request
// received at received with the signed timestamp ts, for a verifier of
// window: a copy verifies while the timestamp is within the window of
// the clock, so until the timestamp is a window old. Without a window,
// whose check is off and whose timestamp may be anything, it counts
// DefaultTimestampWindow from when the request was received.
func replayExpiry(window time.Duration, received time.Time, ts []byte) time.Time {
	signed, ok := parseUnix(ts)
	if window <= 0 || !ok {
		window, signed = interaction.DefaultTimestampWindow, received
	}
	return signed.Add(window + ReplayClockAllowance)
}

// parseUnix parses a timestamp in seconds since the Unix epoch, as the
// service signs it.
func parseUnix(ts []byte) (time.Time, bool) {
	if len(ts) == 0 || len(ts) > 18 {
		return time.Time{}, false
	}
	var sec int64
	for _, c := range ts {
		if c < '0' || c > '9' {
			return time.Time{}, false
		}
		sec = sec*10 + int64(c-'0')
	}
	return time.Unix(sec, 0), true
}

// claim claims id in the guard until expires, bounding the call to a
// guard not in memory, never past by. It returns errStorePaused, having
// logged nothing, while the guard is not called.
func (g *replayGuard) claim(ctx context.Context, id interaction.Snowflake, expires, by time.Time, log *zerolog.Logger) (bool, error) {
	if g.calls == nil {
		return g.guard.Claim(ctx, id, expires)
	}
	if g.calls.paused() {
		return false, errStorePaused
	}
	cctx, cancel := g.calls.context(ctx, by)
	first, err := g.guard.Claim(cctx, id, expires)
	cancel()
	g.calls.done(err, log)
	return first, err
}

// DefaultReplayCapacity is how many interactions a MemoryReplayGuard made
// with a capacity of zero remembers: ReplayCapacityFor(DefaultReplayRate),
// those of the default timestamp window and the clock allowance, five
// minutes and five seconds, at 850 interactions a second, in about 12 MiB
// (BenchmarkMemoryReplayGuardClaim measures some 48 bytes an id).
const DefaultReplayCapacity = DefaultReplayRate * replaySeconds

// DefaultReplayRate is the rate of interactions, a second, that a guard
// of DefaultReplayCapacity remembers for as long as a copy can verify
// under the default timestamp window. Above it, the guard forgets the ids
// that expire first, and counts them in Evicted.
const DefaultReplayRate = 850

// replaySeconds is how long, in seconds, a guard remembers an id under
// the default timestamp window.
const replaySeconds = int((interaction.DefaultTimestampWindow + ReplayClockAllowance) / time.Second)

// ReplayCapacityFor returns the capacity a MemoryReplayGuard needs to
// remember every interaction, at perSecond interactions a second, for as
// long as a copy verifies under a timestamp window of window (zero means
// the default).
func ReplayCapacityFor(perSecond int, window time.Duration) int {
	if window <= 0 {
		window = interaction.DefaultTimestampWindow
	}
	seconds := int((window + ReplayClockAllowance + time.Second - 1) / time.Second)
	return max(perSecond, 1) * seconds
}

// MemoryReplayGuard is a ReplayGuard in the process's memory, bounded in
// size. When it holds its capacity, a new id pushes out one of those that
// expire first: a guard too small for the traffic forgets ids early, and
// says so in Evicted, rather than grow without bound. Size it with
// ReplayCapacityFor for the traffic of one replica; each id takes about
// 48 bytes. It is safe for concurrent use.
type MemoryReplayGuard struct {
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

// NewMemoryReplayGuard returns a guard that remembers at most capacity
// interactions; zero or less means DefaultReplayCapacity.
func NewMemoryReplayGuard(capacity int) *MemoryReplayGuard {
	if capacity <= 0 {
		capacity = DefaultReplayCapacity
	}
	return &MemoryReplayGuard{
		capacity: capacity, now: time.Now,
		ids: make(map[interaction.Snowflake]int64), buckets: make(map[int64][]interaction.Snowflake),
	}
}

// Claim records id until expires, and reports whether it was not already
// recorded.
func (g *MemoryReplayGuard) Claim(_ context.Context, id interaction.Snowflake, expires time.Time) (bool, error) {
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
func (g *MemoryReplayGuard) forgetExpired(now int64) {
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
func (g *MemoryReplayGuard) forget(id interaction.Snowflake, sec int64) bool {
	if until, ok := g.ids[id]; ok && (until+999)/1000 <= sec {
		delete(g.ids, id)
		return true
	}
	return false
}

// evictOne forgets one of the ids that expire first, the first of them
// claimed.
func (g *MemoryReplayGuard) evictOne() {
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
func (g *MemoryReplayGuard) Evicted() uint64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.evicted
}

// Len returns how many ids the guard remembers, expired ones included
// until the next Claim forgets them.
func (g *MemoryReplayGuard) Len() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.ids)
}

// Capacity returns how many ids the guard remembers at most.
func (g *MemoryReplayGuard) Capacity() int { return g.capacity }

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
