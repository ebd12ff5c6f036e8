package redisstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/internal/redistest"
	"github.com/switchboard-go/switchboard/redisstore"
	"github.com/switchboard-go/switchboard/rest"
)

// TestTheRateLimitsKeysShareOneHashTag: a prefix keeps its own hash tag
// only when a Cluster would read one in it, a non-empty "{…}"; any other
// prefix is followed by "{ratelimit}". (Behind "bot4{}:" no tag is read
// at all: the package documents that such a prefix cannot serve a
// Cluster.)
func TestTheRateLimitsKeysShareOneHashTag(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	c := srv.Client(t)
	ctx := context.Background()
	for _, tc := range []struct {
		name, prefix, global string
	}{
		{name: "a prefix without braces gets the tag", prefix: "bot1:", global: "bot1:{ratelimit}:global"},
		{name: "a prefix with a tag keeps it", prefix: "{bot2}:", global: "{bot2}:ratelimit:global"},
		{name: "a tag inside the prefix is kept", prefix: "x{bot3}y:", global: "x{bot3}y:ratelimit:global"},
		{name: "empty braces are no tag", prefix: "bot4{}:", global: "bot4{}:{ratelimit}:global"},
		{name: "a closing brace before the opening one is no tag", prefix: "a}b{", global: "a}b{{ratelimit}:global"},
		{name: "an opening brace alone is no tag", prefix: "bot5{:", global: "bot5{:{ratelimit}:global"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			limits := redisstore.NewRateLimits(c, tc.prefix)
			if err := limits.Limited(ctx, rest.RateLimitRequest{Route: "GET /users/@me", Global: true}, true, time.Second); err != nil {
				t.Fatal(err)
			}
			if n, err := c.Exists(ctx, tc.global).Result(); err != nil || n != 1 {
				t.Errorf("no key %s (%v)", tc.global, err)
			}
		})
	}
}

// TestA429ThatAsksTooMuchLeavesNoKeyLongerThanTheCap: a 429 asking a
// thousand hours leaves no key that would hold the bucket, for every
// replica and across restarts, for longer than rest.MaxRetryAfter.
func TestA429ThatAsksTooMuchLeavesNoKeyLongerThanTheCap(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	c := srv.Client(t)
	ctx := context.Background()
	limits := redisstore.NewRateLimits(c, "cap:")
	r := rest.RateLimitRequest{Route: "GET /applications/{app}/commands", Major: "1", Global: true}
	if err := limits.Record(ctx, r, rest.RateLimitAnswer{Bucket: "abc", Counted: true, Limit: 5, Remaining: 4, ResetAfter: time.Second}); err != nil {
		t.Fatal(err)
	}
	for _, global := range []bool{false, true} {
		if err := limits.Limited(ctx, r, global, 1000*time.Hour); err == nil {
			t.Errorf("Limited(global %v, 1000h) reported nothing", global)
		}
	}
	for _, k := range []string{"cap:{ratelimit}:state:abc@1", "cap:{ratelimit}:global"} {
		ttl, err := c.PTTL(ctx, k).Result()
		if err != nil {
			t.Fatal(err)
		}
		// The state outlives its reset by a window, here a second.
		if ttl <= 0 || ttl > rest.MaxRetryAfter+time.Second {
			t.Errorf("%s lives %v, want up to %v", k, ttl, rest.MaxRetryAfter+time.Second)
		}
	}
}
