package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/redis/go-redis/v9"
	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/examples/deploy/bot"
	"github.com/switchboard-go/switchboard/examples/internal/envflag"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/metrics"
	"github.com/switchboard-go/switchboard/redisstore"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/serve"
	"github.com/switchboard-go/switchboard/storecall"
)

// serve: the interactions endpoint as each replica runs it, with what
// replicas share (Redis), what they measure (metrics) and the API they
// answer late through.

// serveConfig is what serve's flags and environment ask for.
type serveConfig struct {
	addr      string
	publicKey string
	// metricsAddr, when set, is where /metrics is served, apart from the
	// endpoint the service reaches.
	metricsAddr string
	// redisURL, when set, is the Redis the replicas share their replay
	// guard and cooldowns in; without it each replica keeps its own.
	redisURL string
	// debug logs every interaction answered; by default only what goes
	// wrong is, as a replica answering thousands a second should.
	debug bool
	// apiURL, when set, is the service's API: a handler that has not
	// answered shortly before the service stops waiting is deferred, and
	// its answer sent there when it comes. It needs no bot token: an
	// interaction's own token is its credential.
	apiURL string
}

// parseServeFlags reads serve's flags, the public key defaulting to
// $SWITCHBOARD_PUBLIC_KEY.
func parseServeFlags(args []string, env func(string) string, stderr io.Writer) (serveConfig, error) {
	var c serveConfig
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	// The flags that default to the environment show no value in the
	// usage text: the Redis URL holds its password.
	fromEnv := envflag.New(fs)
	fs.StringVar(&c.addr, "addr", defaultAddr, "the address to listen on")
	fromEnv.String(&c.publicKey, "public-key", "SWITCHBOARD_PUBLIC_KEY", "the application's public key, in hex (default $SWITCHBOARD_PUBLIC_KEY)")
	fromEnv.String(&c.metricsAddr, "metrics", "SWITCHBOARD_METRICS_ADDR", "where to serve Prometheus metrics at /metrics, apart from the endpoint (default $SWITCHBOARD_METRICS_ADDR; none when empty)")
	fromEnv.String(&c.redisURL, "redis", "SWITCHBOARD_REDIS_URL", "the redis:// URL of the Redis the replicas share (default $SWITCHBOARD_REDIS_URL; none when empty)")
	fromEnv.String(&c.apiURL, "api", "SWITCHBOARD_BASE_URL", "the service's API, for answers that come late (default $SWITCHBOARD_BASE_URL; none when empty)")
	fs.BoolVar(&c.debug, "debug", false, "log every interaction answered, not only what goes wrong")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	fromEnv.Resolve(env)
	if fs.NArg() > 0 {
		return c, fmt.Errorf("serve: unexpected arguments after the flags: %q", fs.Args())
	}
	return c, nil
}

// runServe serves the interactions endpoint until ctx ends.
func runServe(ctx context.Context, args []string, env func(string) string, stdout, stderr io.Writer) error {
	c, err := parseServeFlags(args, env, stderr)
	if err != nil {
		return err
	}
	verifier, err := interaction.NewVerifier(c.publicKey)
	if err != nil {
		return fmt.Errorf("serve: -public-key or $SWITCHBOARD_PUBLIC_KEY: %w", err)
	}
	level := zerolog.InfoLevel
	if c.debug {
		level = zerolog.DebugLevel
	}
	logger := zerolog.New(stderr).Level(level).With().Timestamp().Logger()
	opts := []endpoint.Option{endpoint.WithLogger(logger)}
	cooldowns := []cooldown.Option{}
	var clientOpts []rest.ClientOption

	var m *metrics.Metrics
	var metricsAt net.Addr
	if c.metricsAddr != "" {
		var stop func()
		if m, metricsAt, stop, err = serveMetrics(c.metricsAddr); err != nil {
			return err
		}
		defer stop()
		opts = append(opts, m.Endpoint())
		clientOpts = append(clientOpts, m.Client())
	}

	if c.redisURL != "" {
		rdb, err := sharedRedis(c.redisURL)
		if err != nil {
			return err
		}
		defer rdb.Close()
		// A store that fails lets the bot go on as if alone; the metrics
		// count how often.
		var storeOpts []storecall.Option
		onRateLimitError := func(err error) {
			logger.Warn().Err(err).Msg("the shared rate limits failed; waiting by this replica's own")
		}
		if m != nil {
			storeOpts = append(storeOpts, m.Stores())
			onRateLimitError = m.RateLimitStoreFailures(onRateLimitError)
		}
		opts = append(opts, endpoint.WithReplayGuard(redisstore.NewReplayGuard(rdb, redisPrefix), storeOpts...))
		cooldowns = append(cooldowns, cooldown.WithStore(redisstore.NewCooldowns(rdb, redisPrefix), storeOpts...))
		// The replicas answering late take their turns in the service's
		// rate limits together.
		clientOpts = append(clientOpts, rest.WithRateLimitStore(redisstore.NewRateLimits(rdb, redisPrefix), onRateLimitError))
	} else {
		// Each replica on its own, in bounded memory: the metrics say
		// when the guard forgets ids early, at more than
		// replay.DefaultRate interactions a second.
		guard, cooldownStore := replay.NewMemoryGuard(0), cooldown.NewMemoryStore(0)
		if m != nil {
			if err := m.MemoryStores(guard, cooldownStore); err != nil {
				return err
			}
		}
		opts = append(opts, endpoint.WithReplayGuard(guard))
		cooldowns = append(cooldowns, cooldown.WithStore(cooldownStore))
	}
	// A user may greet five times a minute, counted across the replicas
	// when they share Redis. The router logs what a cooldown's store says
	// when it fails.
	r := bot.Router(bot.Release, cooldown.New(cooldown.PerUser, 5, time.Minute, cooldowns...), router.WithLogger(logger))

	var client *rest.Client
	if c.apiURL != "" {
		if client, err = rest.NewClient(c.apiURL, rest.NoAuth{}, clientOpts...); err != nil {
			return fmt.Errorf("serve: -api or $SWITCHBOARD_BASE_URL: %w", err)
		}
		opts = append(opts, endpoint.WithClient(client))
	}

	mux, err := r.Build()
	if err != nil {
		return err
	}
	e, err := endpoint.New(mux, verifier, opts...)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return err
	}
	srv := &serve.Server{
		Endpoint:        e,
		HealthPath:      healthPath,
		ShutdownTimeout: shutdownTimeout,
	}
	fmt.Fprintf(stdout, "serving the interactions endpoint on http://%s\n", ln.Addr())
	if metricsAt != nil {
		// After the endpoint's address, which is the first line.
		fmt.Fprintf(stdout, "serving metrics on http://%s/metrics\n", metricsAt)
	}
	// Until ctx ends or SIGTERM, when the interactions under way get their
	// answers while the load balancer drains the replica.
	err = srv.Serve(ctx, ln)
	if client != nil {
		// What the last answers said of the rate limits, for the
		// replicas still running (the error is logged by the Client's
		// onError).
		flush, cancel := context.WithTimeout(context.Background(), time.Second)
		client.FlushRateLimits(flush)
		cancel()
	}
	return err
}

// serveMetrics serves Prometheus metrics at /metrics on addr, apart from
// the endpoint the service reaches, until stop is called: the Go runtime's
// and the process's, and those m counts.
func serveMetrics(addr string) (m *metrics.Metrics, at net.Addr, stop func(), err error) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if m, err = metrics.New(reg); err != nil {
		return nil, nil, nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("serve: -metrics: %w", err)
	}
	srv := &http.Server{Handler: promhttp.HandlerFor(reg, promhttp.HandlerOpts{}), ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	return m, ln.Addr(), func() { srv.Close() }, nil
}

// sharedRedis is a client of the Redis at rawURL (see redisOptions).
func sharedRedis(rawURL string) (*redis.Client, error) {
	o, err := redisOptions(rawURL)
	if err != nil {
		return nil, err
	}
	return redis.NewClient(o), nil
}

// redisPrefix keeps this bot's keys apart from others' in a shared Redis.
const redisPrefix = "switchboard-deploy:"

// redisOptions reads a redis:// or rediss:// URL. What the URL leaves
// unsaid is set so that a Redis that does not answer costs a request
// little: no retries, one dial, short timeouts that the request's context
// can cut shorter. Past them the stores fail open, and the replica serves
// as if alone. The URL's own settings (?read_timeout=, ?max_retries=, …)
// are kept.
//
// The URL carries Redis's password: an error never quotes it.
func redisOptions(raw string) (*redis.Options, error) {
	o, err := redis.ParseURL(raw)
	if err != nil {
		return nil, errors.New("serve: -redis or $SWITCHBOARD_REDIS_URL: not a valid redis:// or rediss:// URL (redis://[user:password@]host:port/db)")
	}
	q := url.Values{}
	if u, err := url.Parse(raw); err == nil {
		q = u.Query()
	}
	set := func(name string, apply func()) {
		if !q.Has(name) {
			apply()
		}
	}
	set("max_retries", func() { o.MaxRetries = -1 })
	set("dial_timeout", func() { o.DialTimeout = time.Second })
	set("read_timeout", func() { o.ReadTimeout = 200 * time.Millisecond })
	set("write_timeout", func() { o.WriteTimeout = 200 * time.Millisecond })
	set("pool_timeout", func() { o.PoolTimeout = 250 * time.Millisecond })
	o.DialerRetries = 1
	o.ContextTimeoutEnabled = true
	return o, nil
}
