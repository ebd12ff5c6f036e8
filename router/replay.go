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
// with a capacity of zero remembers: those of the default timestamp window
// and the clock allowance, five minutes and five seconds, at over 200
// interactions a second, in about 6 MiB.
const DefaultReplayCapacity = 1 << 16

// MemoryReplayGuard is a ReplayGuard in the process's memory, bounded in
// size. When it holds its capacity, a new id pushes out the one that
// expires first: a guard too small for the traffic forgets ids early, and
// says so in Evicted, rather than grow without bound. It is safe for
// concurrent use.
type MemoryReplayGuard struct {
	mu       sync.Mutex
	capacity int
	now      func() time.Time
	byID     map[interaction.Snowflake]*replayEntry
	// byExpiry orders the entries by expiry, the first to expire first, so
	// that expired and evicted ids are found without a scan.
	byExpiry replayHeap
	evicted  uint64
}

type replayEntry struct {
	id      interaction.Snowflake
	expires time.Time
	index   int // in byExpiry
}

// NewMemoryReplayGuard returns a guard that remembers at most capacity
// interactions; zero or less means DefaultReplayCapacity.
func NewMemoryReplayGuard(capacity int) *MemoryReplayGuard {
	if capacity <= 0 {
		capacity = DefaultReplayCapacity
	}
	return &MemoryReplayGuard{capacity: capacity, now: time.Now, byID: make(map[interaction.Snowflake]*replayEntry)}
}

// Claim records id until expires, and reports whether it was not already
// recorded.
func (g *MemoryReplayGuard) Claim(_ context.Context, id interaction.Snowflake, expires time.Time) (bool, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	for len(g.byExpiry) > 0 && !g.byExpiry[0].expires.After(now) {
		delete(g.byID, heap.Pop(&g.byExpiry).(*replayEntry).id)
	}
	if _, ok := g.byID[id]; ok {
		return false, nil
	}
	if len(g.byID) >= g.capacity {
		delete(g.byID, heap.Pop(&g.byExpiry).(*replayEntry).id)
		g.evicted++
	}
	e := &replayEntry{id: id, expires: expires}
	heap.Push(&g.byExpiry, e)
	g.byID[id] = e
	return true, nil
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
	return len(g.byID)
}

// replayHeap is a container/heap of entries, the first to expire on top.
type replayHeap []*replayEntry

func (h replayHeap) Len() int           { return len(h) }
func (h replayHeap) Less(i, j int) bool { return h[i].expires.Before(h[j].expires) }
func (h replayHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index, h[j].index = i, j
}
func (h *replayHeap) Push(x any) {
	e := x.(*replayEntry)
	e.index = len(*h)
	*h = append(*h, e)
}
func (h *replayHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	return e
}
