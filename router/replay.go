package router

import (
	"context"
	"sync"
	"time"

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
// for twice the verifier's window, as long as a copy can verify.
func WithReplayGuard(g ReplayGuard) EndpointOption {
	return func(e *Endpoint) { e.replays = g }
}

// replayed reports whether ix was served before. A guard that fails is
// logged and the request served.
func (e *Endpoint) replayed(ctx context.Context, ix *interaction.Interaction) bool {
	window := e.verifier.Window()
	if window <= 0 {
		window = interaction.DefaultTimestampWindow
	}
	first, err := e.replays.Claim(ctx, ix.ID, time.Now().Add(2*window))
	if err != nil {
		e.logger.Error().Err(err).Stringer("interaction", ix.ID).Msg("the replay guard failed; serving the request")
		return false
	}
	if !first {
		e.logger.Warn().Stringer("interaction", ix.ID).Msg("refused a copy of an interaction already received")
	}
	return !first
}

// DefaultReplayCapacity is how many interactions a MemoryReplayGuard made
// with a capacity of zero remembers: five minutes at over 200 interactions a
// second, in about 4 MiB.
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
	expiry   map[interaction.Snowflake]time.Time
	// order holds the ids in the order they were claimed, which is the
	// order of their expiry as long as the window does not change: the
	// oldest is at head.
	order   []replayEntry
	head    int
	evicted uint64
}

type replayEntry struct {
	id      interaction.Snowflake
	expires time.Time
}

// NewMemoryReplayGuard returns a guard that remembers at most capacity
// interactions; zero or less means DefaultReplayCapacity.
func NewMemoryReplayGuard(capacity int) *MemoryReplayGuard {
	if capacity <= 0 {
		capacity = DefaultReplayCapacity
	}
	return &MemoryReplayGuard{capacity: capacity, now: time.Now, expiry: make(map[interaction.Snowflake]time.Time)}
}

// Claim records id until expires, and reports whether it was not already
// recorded.
func (g *MemoryReplayGuard) Claim(_ context.Context, id interaction.Snowflake, expires time.Time) (bool, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	g.forget(now)
	if until, ok := g.expiry[id]; ok && until.After(now) {
		return false, nil
	}
	if len(g.expiry) >= g.capacity {
		g.evictOldest()
		g.evicted++
	}
	g.expiry[id] = expires
	g.order = append(g.order, replayEntry{id, expires})
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

// Len returns how many ids the guard remembers.
func (g *MemoryReplayGuard) Len() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.expiry)
}

// forget drops the ids at the head of the order that have expired.
func (g *MemoryReplayGuard) forget(now time.Time) {
	for g.head < len(g.order) && !g.order[g.head].expires.After(now) {
		g.dropHead()
	}
	g.compact()
}

// evictOldest drops the id at the head of the order, expired or not.
func (g *MemoryReplayGuard) evictOldest() {
	for g.head < len(g.order) {
		before := len(g.expiry)
		g.dropHead()
		if len(g.expiry) < before {
			return
		}
	}
}

// dropHead removes the head entry, and its id from the map unless the id
// was claimed again later with another expiry.
func (g *MemoryReplayGuard) dropHead() {
	e := g.order[g.head]
	if g.expiry[e.id].Equal(e.expires) {
		delete(g.expiry, e.id)
	}
	g.order[g.head] = replayEntry{}
	g.head++
}

// compact moves the live entries to the front once the dropped ones are
// the larger part, so that the order's array does not grow for ever.
func (g *MemoryReplayGuard) compact() {
	if g.head > 0 && g.head >= len(g.order)/2 {
		n := copy(g.order, g.order[g.head:])
		clear(g.order[n:])
		g.order = g.order[:n]
		g.head = 0
	}
}
