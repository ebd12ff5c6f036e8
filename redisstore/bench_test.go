package redisstore_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/redistest"
	"github.com/switchboard-go/switchboard/redisstore"
	"github.com/switchboard-go/switchboard/rest"
)

// The benchmarks measure one operation of each store against a
// redis-server on the loopback, one round trip each:
//
//	go test ./redisstore -run XXX -bench . -count 10 | tee redis.txt
//	benchstat redis.txt

func BenchmarkCooldownsUse(b *testing.B) {
	s := redisstore.NewCooldowns(redistest.Start(b).Client(b), "bench:")
	ctx := context.Background()
	keys := make([]string, 1024)
	for i := range keys {
		keys[i] = "command:ping:user:" + strconv.Itoa(i)
	}
	i := 0
	for b.Loop() {
		if _, err := s.Use(ctx, keys[i%len(keys)], 3, time.Minute); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkReplayGuardClaim(b *testing.B) {
	g := redisstore.NewReplayGuard(redistest.Start(b).Client(b), "bench:")
	ctx := context.Background()
	expires := time.Now().Add(time.Minute)
	id := interaction.Snowflake(1)
	for b.Loop() {
		if _, err := g.Claim(ctx, id, expires); err != nil {
			b.Fatal(err)
		}
		id++
	}
}

func BenchmarkRateLimitsTake(b *testing.B) {
	s := redisstore.NewRateLimits(redistest.Start(b).Client(b), "bench:")
	ctx := context.Background()
	r := rest.RateLimitRequest{Route: "POST /webhooks/{app}/{token}", Major: "1/abc"}
	if err := s.Record(ctx, r, rest.RateLimitAnswer{Bucket: "webhook", Counted: true, Limit: 1 << 30, Remaining: 1 << 30, ResetAfter: time.Hour}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := s.Take(ctx, r); err != nil {
			b.Fatal(err)
		}
	}
}
