package redisstore_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/concurrency"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/internal/redistest"
	"github.com/switchboard-go/switchboard/redisstore"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// The benchmarks measure one operation of each store against a
// redis-server on the loopback, one round trip each, and an interaction
// and a REST call with the round trips they cost (roundtrips/op):
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

// BenchmarkInteraction serves interactions, each of its own user, through
// an endpoint whose replay guard and cooldown share a Redis client: the
// claim made with the use, and made apart, as when other middleware runs
// before the cooldown.
func BenchmarkInteraction(b *testing.B) {
	srv := redistest.Start(b)
	c := srv.Client(b)
	key := interactiontest.NewKey("bench")
	for _, bc := range []struct {
		name string
		mw   []router.Middleware
	}{
		{"claim=with-use", nil},
		{"claim=apart", []router.Middleware{logging}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			e := pingEndpoint(b, c, key, bc.mw...)
			m := watch(b, srv, c)
			user := interaction.Snowflake(1)
			body := func() []byte {
				user++
				return interactiontest.Command("ping").InGuild(interactiontest.GuildID,
					interaction.Member{User: interaction.User{ID: user, Username: "u"}}).JSON()
			}
			if status := post(e, key, body()); status != 200 {
				b.Fatalf("answered %d", status)
			}
			m.count(b)
			n := 0
			for b.Loop() {
				if status := post(e, key, body()); status != 200 {
					b.Fatalf("answered %d", status)
				}
				n++
			}
			b.ReportMetric(float64(m.count(b))/float64(n), "roundtrips/op")
		})
	}
}

// BenchmarkRESTCall sends requests through a Client whose rate limits are
// shared on Redis: its answers held for the next request's Take, and
// each recorded at once (WithRecordDelay(0)).
func BenchmarkRESTCall(b *testing.B) {
	srv := redistest.Start(b)
	c := srv.Client(b)
	api := apitest.StartEmulator(b, emulator.Config{RateLimit: emulator.RateLimit{Requests: 1 << 30, Window: time.Minute}})
	for _, bc := range []struct {
		name  string
		delay time.Duration
	}{
		{"record=held", rest.DefaultRecordDelay},
		{"record=at-once", 0},
	} {
		b.Run(bc.name, func(b *testing.B) {
			client, _ := apitest.NewClient(b, api, rest.BotToken(api.BotToken),
				rest.WithRateLimitStore(redisstore.NewRateLimits(c, newPrefix()), func(err error) { b.Error(err) }),
				rest.WithRecordDelay(bc.delay))
			m := watch(b, srv, c)
			ctx := context.Background()
			list := func() {
				if _, err := client.ListCommands(ctx, api.ApplicationID, command.Global, false); err != nil {
					b.Fatal(err)
				}
			}
			list()
			m.count(b)
			n := 0
			for b.Loop() {
				list()
				n++
			}
			if err := client.FlushRateLimits(ctx); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(m.count(b))/float64(n), "roundtrips/op")
		})
	}
}

// BenchmarkAutocompleteCacheStore keeps answers of 25 choices, each text
// new, in the scope of one user: past the scope's bound each Store also
// drops the answer that expires first.
func BenchmarkAutocompleteCacheStore(b *testing.B) {
	c := redisstore.NewAutocompleteCache(redistest.Start(b).Client(b), "bench:")
	ctx := context.Background()
	choices := make([]interaction.Choice, 25)
	for i := range choices {
		choices[i] = interaction.StringChoice("city of the number "+strconv.Itoa(i), "value-"+strconv.Itoa(i))
	}
	const scope = "weather\x00\x00\x00city\x00en-US\x00u7\x00"
	i := 0
	for b.Loop() {
		if err := c.Store(ctx, scope+"query "+strconv.Itoa(i), choices, time.Hour); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkConcurrencyLimits measures a run's calls to the store: the
// slot taken and released, two round trips, and a run refused, one.
func BenchmarkConcurrencyLimits(b *testing.B) {
	s := redisstore.NewConcurrencyLimits(redistest.Start(b).Client(b), "bench:")
	ctx := context.Background()
	keys := make([]string, 1024)
	for i := range keys {
		keys[i] = "max1:command:export:guild:" + strconv.Itoa(i)
	}
	b.Run("op=acquire+release", func(b *testing.B) {
		i := 0
		for b.Loop() {
			key := keys[i%len(keys)]
			token, ok, err := s.Acquire(ctx, key, 1, concurrency.DefaultLease)
			if err != nil || !ok {
				b.Fatal(ok, err)
			}
			if err := s.Release(ctx, key, token); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
	b.Run("op=refused", func(b *testing.B) {
		if _, _, err := s.Acquire(ctx, "held", 1, time.Hour); err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if _, ok, err := s.Acquire(ctx, "held", 1, time.Hour); ok || err != nil {
				b.Fatal(ok, err)
			}
		}
	})
	b.Run("op=renew", func(b *testing.B) {
		token, _, err := s.Acquire(ctx, "renewed", 1, time.Hour)
		if err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if ok, err := s.Renew(ctx, "renewed", token, time.Hour); !ok || err != nil {
				b.Fatal(ok, err)
			}
		}
		if err := s.Release(ctx, "renewed", token); err != nil {
			b.Fatal(err)
		}
	})
}
