package autocomplete

import (
	"container/list"
	"context"
	"maps"
	"sync"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// DefaultCacheBytes is how much a MemoryCache made with a bound of zero
// keeps, by the size of the suggestions it holds.
const DefaultCacheBytes = 16 << 20

// MemoryCache is a Cache in the process's memory, bounded by the size of
// what it holds: past its bound, the suggestions used least recently go
// first. Each entry counts its key and its choices' names, localized
// names and values, and a fixed overhead; an answer of 25 choices of 20
// characters counts about 3 KiB, so the default bound keeps some 5,000
// answers. It also keeps at most PerScope answers of one scope
// (SplitKey), dropping those of the scope stored first, so that one user
// typing many texts drops no more than their own. It keeps copies of
// what it is given and hands out copies of what it keeps, as Cache says.
type MemoryCache struct {
	// PerScope is how many answers the cache keeps of one scope at most;
	// zero or less means DefaultPerScope. Set it before the cache is
	// first used.
	PerScope int

	mu      sync.Mutex
	max     int
	size    int
	now     func() time.Time
	order   *list.List // of *cacheEntry, most recent first
	entries map[string]*list.Element
	// scopes holds the entries of each scope, stored last first.
	scopes map[string]*list.List
}

type cacheEntry struct {
	key     string
	choices []interaction.Choice
	expires time.Time
	size    int
	scope   string
	inScope *list.Element // in scopes[scope]
}

// NewMemoryCache returns a cache that keeps at most maxBytes of
// suggestions; zero or less means DefaultCacheBytes.
func NewMemoryCache(maxBytes int) *MemoryCache {
	if maxBytes <= 0 {
		maxBytes = DefaultCacheBytes
	}
	return &MemoryCache{max: maxBytes, now: time.Now, order: list.New(), entries: map[string]*list.Element{}, scopes: map[string]*list.List{}}
}

// entryOverhead is what an entry costs beside its text: its elements of
// the cache's list and its scope's, the map's slot, the slice headers.
const entryOverhead = 208

// choiceOverhead is what a choice costs beside its text.
const choiceOverhead = 64

func entrySize(key string, choices []interaction.Choice) int {
	n := entryOverhead + len(key)
	for i := range choices {
		c := &choices[i]
		n += choiceOverhead + len(c.Name) + len(c.Value.AppendJSON(nil))
		for _, l := range c.NameLocalizations {
			n += 16 + len(l)
		}
	}
	return n
}

// Store keeps a copy of choices under key for ttl.
func (c *MemoryCache) Store(_ context.Context, key string, choices []interaction.Choice, ttl time.Duration) error {
	e := &cacheEntry{key: key, choices: copyChoices(choices), expires: c.now().Add(ttl)}
	e.size = entrySize(key, e.choices)
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.entries[key]; ok {
		c.remove(old)
	}
	if e.size > c.max {
		return nil // larger than the whole cache: kept by none
	}
	el := c.order.PushFront(e)
	c.entries[key] = el
	c.size += e.size
	e.scope, _ = SplitKey(key)
	in := c.scopes[e.scope]
	if in == nil {
		in = list.New()
		c.scopes[e.scope] = in
	}
	e.inScope = in.PushFront(el)
	perScope := c.PerScope
	if perScope <= 0 {
		perScope = DefaultPerScope
	}
	for in.Len() > perScope {
		c.remove(in.Back().Value.(*list.Element))
	}
	for c.size > c.max {
		c.remove(c.order.Back())
	}
	return nil
}

// Lookup returns what is kept under each key, as Cache says; an entry
// past its time is dropped and counts as none.
func (c *MemoryCache) Lookup(_ context.Context, keys []string) ([][]interaction.Choice, error) {
	out := make([][]interaction.Choice, len(keys))
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, k := range keys {
		el, ok := c.entries[k]
		if !ok {
			continue
		}
		e := el.Value.(*cacheEntry)
		if !now.Before(e.expires) {
			c.remove(el)
			continue
		}
		c.order.MoveToFront(el)
		out[i] = copyChoices(e.choices)
	}
	return out, nil
}

// copyChoices returns a copy of choices that shares no memory with them:
// a handler may change the table it answered from, and a middleware the
// answer it serves, while the cache serves other users the same
// suggestions. A choice's map of localized names is its only part that
// is not a value. The copy is never nil: an answer of no suggestions is
// kept as an empty list.
func copyChoices(choices []interaction.Choice) []interaction.Choice {
	out := make([]interaction.Choice, len(choices))
	copy(out, choices)
	for i := range out {
		out[i].NameLocalizations = maps.Clone(out[i].NameLocalizations)
	}
	return out
}

// Len returns how many answers the cache holds, and their size.
func (c *MemoryCache) Len() (entries, bytes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries), c.size
}

// remove drops an entry; the caller holds c.mu.
func (c *MemoryCache) remove(el *list.Element) {
	e := c.order.Remove(el).(*cacheEntry)
	delete(c.entries, e.key)
	c.size -= e.size
	in := c.scopes[e.scope]
	in.Remove(e.inScope)
	if in.Len() == 0 {
		delete(c.scopes, e.scope)
	}
}
