// Deploy is a bot's main as it ships: one program that registers the
// bot's commands as a step of a deploy, and serves its interactions.
//
//	go run ./examples/deploy                  a walk through the sync step on the embedded emulator
//	go run ./examples/deploy sync [flags]     bring the service's commands in line with the code
//	go run ./examples/deploy serve [flags]    serve the interactions endpoint
//
// sync is registry.RunSync: it reads SWITCHBOARD_BASE_URL,
// SWITCHBOARD_APPLICATION_ID and SWITCHBOARD_BOT_TOKEN (or the flags of
// the same names), prints the plan per scope, and applies it with the
// fewest writes. -dry-run prints the plan and sends nothing; -check does
// the same and fails when anything would change; -help lists the rest.
// serve reads the application's public key from -public-key or
// SWITCHBOARD_PUBLIC_KEY, answers a load balancer's health checks at
// /healthz, and on SIGTERM lets the interactions under way get their
// answers before it exits. It serves each interaction once and lets a
// user greet five times a minute; with -redis or SWITCHBOARD_REDIS_URL
// (a redis:// URL) the replicas count both together in that Redis, and
// without it each counts alone. -metrics or SWITCHBOARD_METRICS_ADDR
// serves Prometheus metrics at /metrics on an address of its own. With
// -api or SWITCHBOARD_BASE_URL, a handler that is late is deferred and
// its answer sent through the API, in the rate limits the replicas share
// in Redis; no bot token is needed for that.
//
// In CI, with the variables set from the pipeline's secrets, the check
// runs on pull requests, where it fails for a change that would alter the
// registered commands and prints what merging would change; the sync runs
// once in the deploy job. With GitHub Actions:
//
//	env:
//	  SWITCHBOARD_BASE_URL: ${{ vars.SWITCHBOARD_BASE_URL }}
//	  SWITCHBOARD_APPLICATION_ID: ${{ vars.SWITCHBOARD_APPLICATION_ID }}
//	  SWITCHBOARD_BOT_TOKEN: ${{ secrets.SWITCHBOARD_BOT_TOKEN }}
//	steps:
//	  - uses: actions/checkout@v4
//	  - uses: actions/setup-go@v5
//	  - name: Check the registered commands
//	    if: github.event_name == 'pull_request'
//	    run: go run ./cmd/yourbot sync -check
//	  - name: Register the commands
//	    if: github.event_name == 'push' && github.ref == 'refs/heads/main'
//	    run: go run ./cmd/yourbot sync
//
// Sync runs once per deploy, never as each replica starts: replicas that
// start together would race to write the same commands and share the
// service's rate limits and its 200 creates a day, and during a rolling
// update the old replicas would write back the commands the new ones
// replaced. The replicas only serve. On Kubernetes, the Dockerfile at the
// module's root and the manifests in deploy/ run serve as replicas and
// sync as one Job a release; deploy/README.md tells how.
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
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/redis/go-redis/v9"
	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/metrics"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/redisstore"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	switch {
	case errors.Is(err, flag.ErrHelp):
	case errors.Is(err, registry.ErrDrift):
		fmt.Fprintln(os.Stderr, "deploy: the service's commands differ from the code; the plan above is what sync would do")
		os.Exit(1)
	case err != nil:
		fmt.Fprintln(os.Stderr, "deploy:", err)
		os.Exit(1)
	}
}

// run runs the subcommand args name, looking variables up with env.
func run(ctx context.Context, args []string, env func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return demo(ctx, stdout)
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprintln(stderr, "usage: deploy [sync [flags] | serve [flags]]\n\n"+
			"  with no arguments, a walk-through of the sync step on the embedded emulator\n"+
			"  sync    registers the commands (sync -h lists its flags: -dry-run, -check, ...)\n"+
			"  serve   serves the interactions endpoint (serve -h lists its flags)")
		return flag.ErrHelp
	case "sync":
		return syncCommands(ctx, args[1:], release, env, stdout, stderr)
	case "serve":
		return serve(ctx, args[1:], env, stdout, stderr)
	}
	return fmt.Errorf("unknown subcommand %q: use sync or serve, or nothing for the walk-through", args[0])
}

// syncCommands registers the commands a release of the bot declares.
func syncCommands(ctx context.Context, args []string, release int, env func(string) string, stdout, stderr io.Writer) error {
	mux, err := newRouter(release, nil).Build()
	if err != nil {
		return err
	}
	return registry.RunSync(ctx, args, mux.Definitions(), env, stdout, stderr)
}

// Where serve listens and answers health checks, and how long it drains.
// The manifests in deploy/ point their ports, probes and grace period at
// these, and a test holds them to it.
const (
	// defaultAddr is the address serve listens on without -addr.
	defaultAddr = ":8080"
	// healthPath is where a load balancer or an orchestrator checks a
	// replica, without a signature.
	healthPath = "/healthz"
	// shutdownTimeout bounds the drain on SIGTERM: the interactions under
	// way get this long to be answered before serve exits.
	shutdownTimeout = router.DefaultShutdownTimeout
)

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
	fs.StringVar(&c.addr, "addr", defaultAddr, "the address to listen on")
	fs.StringVar(&c.publicKey, "public-key", env("SWITCHBOARD_PUBLIC_KEY"), "the application's public key, in hex (default $SWITCHBOARD_PUBLIC_KEY)")
	fs.StringVar(&c.metricsAddr, "metrics", env("SWITCHBOARD_METRICS_ADDR"), "where to serve Prometheus metrics at /metrics, apart from the endpoint (default $SWITCHBOARD_METRICS_ADDR; none when empty)")
	fs.StringVar(&c.redisURL, "redis", env("SWITCHBOARD_REDIS_URL"), "the redis:// URL of the Redis the replicas share (default $SWITCHBOARD_REDIS_URL; none when empty)")
	fs.StringVar(&c.apiURL, "api", env("SWITCHBOARD_BASE_URL"), "the service's API, for answers that come late (default $SWITCHBOARD_BASE_URL; none when empty)")
	fs.BoolVar(&c.debug, "debug", false, "log every interaction answered, not only what goes wrong")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("serve: unexpected arguments after the flags: %q", fs.Args())
	}
	return c, nil
}

// serve serves the interactions endpoint until ctx ends.
func serve(ctx context.Context, args []string, env func(string) string, stdout, stderr io.Writer) error {
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
	opts := []router.EndpointOption{router.WithEndpointLogger(logger)}
	cooldowns := []router.CooldownOption{}
	var clientOpts []rest.ClientOption

	var metricsLine string
	var m *metrics.Metrics
	if c.metricsAddr != "" {
		reg := prometheus.NewRegistry()
		reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
		if m, err = metrics.New(reg); err != nil {
			return err
		}
		opts = append(opts, m.Endpoint())
		clientOpts = append(clientOpts, m.Client())
		mln, err := net.Listen("tcp", c.metricsAddr)
		if err != nil {
			return fmt.Errorf("serve: -metrics: %w", err)
		}
		ms := &http.Server{Handler: promhttp.HandlerFor(reg, promhttp.HandlerOpts{}), ReadHeaderTimeout: 5 * time.Second}
		go ms.Serve(mln)
		defer ms.Close()
		// Said after the endpoint's address, which is the first line.
		metricsLine = "serving metrics on http://" + mln.Addr().String() + "/metrics\n"
	}

	if c.redisURL != "" {
		shared, err := redisOptions(c.redisURL)
		if err != nil {
			return err
		}
		rdb := redis.NewClient(shared)
		defer rdb.Close()
		// A store that fails lets the bot go on as if alone; the metrics
		// count how often.
		var storeOpts []router.StoreOption
		onRateLimitError := func(err error) {
			logger.Warn().Err(err).Msg("the shared rate limits failed; waiting by this replica's own")
		}
		if m != nil {
			storeOpts = append(storeOpts, m.Stores())
			onRateLimitError = m.RateLimitStoreFailures(onRateLimitError)
		}
		opts = append(opts, router.WithReplayGuard(redisstore.NewReplayGuard(rdb, redisPrefix), storeOpts...))
		cooldowns = append(cooldowns, router.WithCooldownStore(redisstore.NewCooldowns(rdb, redisPrefix), storeOpts...))
		// The replicas answering late take their turns in the service's
		// rate limits together.
		clientOpts = append(clientOpts, rest.WithRateLimitStore(redisstore.NewRateLimits(rdb, redisPrefix), onRateLimitError))
	} else {
		opts = append(opts, router.WithReplayGuard(router.NewMemoryReplayGuard(0)))
	}
	// A user may greet five times a minute, counted across the replicas
	// when they share Redis. The router logs what a cooldown's store says
	// when it fails.
	r := newRouter(release, router.Cooldown(router.PerUser, 5, time.Minute, cooldowns...), router.WithLogger(logger))

	if c.apiURL != "" {
		client, err := rest.NewClient(c.apiURL, rest.NoAuth{}, clientOpts...)
		if err != nil {
			return fmt.Errorf("serve: -api or $SWITCHBOARD_BASE_URL: %w", err)
		}
		opts = append(opts, router.WithClient(client))
	}

	mux, err := r.Build()
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return err
	}
	srv := &router.Server{
		Endpoint:        router.NewEndpoint(mux, verifier, opts...),
		HealthPath:      healthPath,
		ShutdownTimeout: shutdownTimeout,
	}
	fmt.Fprintf(stdout, "serving the interactions endpoint on http://%s\n", ln.Addr())
	io.WriteString(stdout, metricsLine)
	// Until ctx ends or SIGTERM, when the interactions under way get their
	// answers while the load balancer drains the replica.
	return srv.Serve(ctx, ln)
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

// release is the version of the bot this program is. The walk-through
// deploys release 1, then checks release 2 against it.
const release = 2

// newRouter declares the bot's commands as of a release: release 2 adds
// the loud option to /greet. limit, when not nil, wraps /greet (serve's
// cooldown); settings configure the router (serve's logger).
func newRouter(release int, limit router.Middleware, settings ...router.Setting) *router.Router {
	r := router.New(settings...)
	r.Command("ping", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Check that the bot answers"))

	greetOptions := []option.Definer{option.String("name", "Who to greet").Required().MaxLength(80)}
	if release >= 2 {
		greetOptions = append(greetOptions, option.Boolean("loud", "Greet in capitals"))
	}
	var greet router.Handler = router.HandlerFunc(func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		name, _ := req.Options.String("name")
		greeting := "Hello, " + name + "!"
		if loud, _ := req.Options.Bool("loud"); loud {
			greeting = strings.ToUpper(greeting)
		}
		return interaction.Reply(greeting), nil
	})
	if limit != nil {
		greet = limit(greet)
	}
	r.Handle("greet", greet, router.Description("Greet someone"), router.Options(greetOptions...))
	return r
}
