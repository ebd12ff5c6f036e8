package redisstore_test

import (
	"context"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/internal/redistest"
	"github.com/switchboard-go/switchboard/redisstore"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/storetest"
)

// prefixes gives each store a test opens keys of its own on the one
// server the test started.
//
// Every test of the package starts a server, or a Cluster, of its own,
// and so runs in parallel with the others: most of their time is spent
// waiting, for Redis's clock to expire keys or for a client's retries on
// a server gone down.
var prefixes atomic.Int64

func newPrefix() string { return "test" + strconv.FormatInt(prefixes.Add(1), 10) + ":" }

// Each handle has a client of its own, as each replica does.

func TestCooldownsKeepTheContract(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	storetest.TestCooldownStore(t, func(t *testing.T) storetest.Handles[cooldown.Store] {
		p := newPrefix()
		return storetest.Handles[cooldown.Store]{A: redisstore.NewCooldowns(srv.Client(t), p), B: redisstore.NewCooldowns(srv.Client(t), p)}
	})
}

func TestReplayGuardKeepsTheContract(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	storetest.TestReplayGuard(t, func(t *testing.T) storetest.Handles[replay.Guard] {
		p := newPrefix()
		return storetest.Handles[replay.Guard]{A: redisstore.NewReplayGuard(srv.Client(t), p), B: redisstore.NewReplayGuard(srv.Client(t), p)}
	})
}

func TestRateLimitsKeepTheContract(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	storetest.TestRateLimitStore(t, func(t *testing.T) storetest.Handles[rest.RateLimitStore] {
		p := newPrefix()
		return storetest.Handles[rest.RateLimitStore]{A: redisstore.NewRateLimits(srv.Client(t), p), B: redisstore.NewRateLimits(srv.Client(t), p)}
	})
}

func TestClientsSharingRateLimitsOnRedisMeetNo429(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	apitest.ClientsSharingLimits(t, func(t *testing.T) (a, b rest.RateLimitStore) {
		p := newPrefix()
		return redisstore.NewRateLimits(srv.Client(t), p), redisstore.NewRateLimits(srv.Client(t), p)
	})
}

// TestKeysLiveUnderThePrefixAndExpire: every key a store writes begins
// with its prefix and has a time to live, so that Redis holds no more
// than what is live.
func TestKeysLiveUnderThePrefixAndExpire(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	c := srv.Client(t)
	ctx := context.Background()
	cooldowns := redisstore.NewCooldowns(c, "bot1:")
	if _, err := cooldowns.Use(ctx, "command:ping:user:1", 1, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := redisstore.NewReplayGuard(c, "bot1:").Claim(ctx, 42, time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	limits := redisstore.NewRateLimits(c, "bot1:")
	r := rest.RateLimitRequest{Route: "GET /applications/{app}/commands", Major: "1", Global: true, GlobalRate: 50}
	if err := limits.Record(ctx, r, rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 5, Remaining: 4, ResetAfter: time.Second}); err != nil {
		t.Fatal(err)
	}
	if _, err := limits.Take(ctx, rest.RateLimitRequest{Route: "GET /users/@me", Global: true, GlobalRate: 50}); err != nil {
		t.Fatal(err)
	}
	if err := limits.Limited(ctx, r, true, time.Second); err != nil {
		t.Fatal(err)
	}
	if err := redisstore.NewAutocompleteCache(c, "bot1:").Store(ctx, "weather\x00city\x00par", nil, time.Hour); err != nil {
		t.Fatal(err)
	}
	// And under another prefix, nothing of the first.
	if _, err := redisstore.NewCooldowns(c, "").Use(ctx, "command:ping:user:1", 1, time.Minute); err != nil {
		t.Fatal(err)
	}
	keys, err := c.Keys(ctx, "*").Result()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]time.Duration{
		"bot1:cooldown:command:ping:user:1":                       10 * time.Second,
		"bot1:replay:42":                                          time.Minute,
		"bot1:{ratelimit}:route:GET /applications/{app}/commands": 24 * time.Hour,
		"bot1:{ratelimit}:state:abc@1":                            2 * time.Second,
		"bot1:{ratelimit}:size:abc":                               24 * time.Hour,
		"bot1:{ratelimit}:state:GET /users/@me@":                  time.Second,
		"bot1:{ratelimit}:global":                                 time.Second,
		"bot1:{ratelimit}:sent":                                   time.Second,
		"switchboard:cooldown:command:ping:user:1":                time.Minute,
		"bot1:autocomplete:{weather\x00city\x00}:par":             time.Hour,
		"bot1:autocomplete:{weather\x00city\x00}":                 time.Hour,
	}
	if len(keys) != len(want) {
		t.Errorf("keys %q, want %d", keys, len(want))
	}
	for _, k := range keys {
		most, ok := want[k]
		if !ok {
			t.Errorf("unexpected key %q", k)
			continue
		}
		ttl, err := c.PTTL(ctx, k).Result()
		if err != nil {
			t.Fatal(err)
		}
		if ttl <= 0 || ttl > most {
			t.Errorf("%s lives %v, want a time up to %v", k, ttl, most)
		}
	}
}

// TestAPrefixWithAHashTagKeepsIt: on a Cluster the rate limits' keys
// share the prefix's hash tag.
func TestAPrefixWithAHashTagKeepsIt(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	c := srv.Client(t)
	ctx := context.Background()
	limits := redisstore.NewRateLimits(c, "{bot2}:")
	if err := limits.Limited(ctx, rest.RateLimitRequest{Route: "GET /users/@me", Global: true}, true, time.Second); err != nil {
		t.Fatal(err)
	}
	if n, err := c.Exists(ctx, "{bot2}:ratelimit:global").Result(); err != nil || n != 1 {
		t.Errorf("no key {bot2}:ratelimit:global (%v)", err)
	}
}

func TestAutocompleteCacheKeepsTheContract(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	storetest.TestAutocompleteCache(t, func(t *testing.T) storetest.Handles[autocomplete.Cache] {
		p := newPrefix()
		return storetest.Handles[autocomplete.Cache]{A: redisstore.NewAutocompleteCache(srv.Client(t), p), B: redisstore.NewAutocompleteCache(srv.Client(t), p)}
	})
}
