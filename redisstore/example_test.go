package redisstore_test

import (
	"context"
	"log"
	"os"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/concurrency"
	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/redisstore"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/serve"
)

// Every replica of a bot runs the same wiring, with the same prefix: the
// cooldowns, the replay guard and the rate limits are then counted once
// for all of them. With one client for all three and the cooldown first,
// each interaction and each REST call costs one round trip to Redis.
func Example() {
	rdb := redis.NewUniversalClient(&redis.UniversalOptions{
		Addrs: []string{os.Getenv("REDIS_ADDR")},
		// A request waits this long at most on a Redis that does not
		// answer; then the stores' users go on without it.
		ReadTimeout:  200 * time.Millisecond,
		WriteTimeout: 200 * time.Millisecond,
	})
	defer rdb.Close()
	const prefix = "mybot:"
	logger := zerolog.New(os.Stderr)

	client, err := rest.NewClient("https://service.example/api/v10", rest.BotToken(os.Getenv("BOT_TOKEN")),
		rest.WithRateLimitStore(redisstore.NewRateLimits(rdb, prefix), func(err error) {
			logger.Warn().Err(err).Msg("the shared rate limits failed; waiting by this replica's own")
		}))
	if err != nil {
		log.Fatal(err)
	}

	r := router.New(router.WithLogger(logger))
	// The first middleware: its use is counted in the call that claims
	// the interaction in the replay guard.
	r.Use(cooldown.New(cooldown.PerUser, 3, time.Minute,
		cooldown.WithStore(redisstore.NewCooldowns(rdb, prefix))))
	r.Command("roll", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("4"), nil
	}, router.Description("Roll a die"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	verifier, err := interaction.NewVerifier(os.Getenv("PUBLIC_KEY"))
	if err != nil {
		log.Fatal(err)
	}
	e, err := endpoint.New(mux, verifier,
		endpoint.WithClient(client),
		endpoint.WithReplayGuard(redisstore.NewReplayGuard(rdb, prefix)))
	if err != nil {
		log.Fatal(err)
	}
	err = serve.ListenAndServe(context.Background(), ":8080", e)
	// What the last answers said of the rate limits, for the replicas
	// still running.
	client.FlushRateLimits(context.Background())
	log.Fatal(err)
}

// A cooldown of one use every ten seconds per guild, counted on Redis, for
// one command only.
func ExampleNewCooldowns() {
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR")})
	defer rdb.Close()
	cooldown := cooldown.New(cooldown.PerGuild, 1, 10*time.Second,
		cooldown.WithStore(redisstore.NewCooldowns(rdb, "mybot:")),
		cooldown.WithMessage(func(_ *router.Request, retry time.Time) string {
			return "The horn was sounded; it can sound again " + cooldown.RelativeTime(retry) + "."
		}))

	r := router.New()
	r.Handle("horn", cooldown(router.HandlerFunc(func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("📯"), nil
	})), router.Description("Sound the horn"))
}

// One /export at a time in a guild, across every replica sharing the
// Redis: a replica's run takes its slot there, and a replica that dies
// mid-run holds it no longer than its lease.
func ExampleNewConcurrencyLimits() {
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR")})
	defer rdb.Close()
	export := concurrency.New(concurrency.PerGuild, 1,
		concurrency.WithStore(redisstore.NewConcurrencyLimits(rdb, "mybot:")))

	r := router.New()
	r.Handle("export", export(router.HandlerFunc(func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("Exported 1,024 rows."), nil
	})), router.Description("Export the scores"))
}
