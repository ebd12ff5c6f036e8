// Deploy is a bot's main as it ships: one program that registers the
// bot's commands as a step of a deploy, and serves its interactions.
//
//	go run ./examples/deploy sync [flags]     bring the service's commands in line with the code
//	go run ./examples/deploy serve [flags]    serve the interactions endpoint
//	go run ./examples/deploy/walkthrough      a walk through the sync step on the embedded emulator
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
//
// The example is four packages, so that what ships links no more than it
// runs:
//
//	bot/           the bot's commands and handlers, as of each release (package bot)
//	.              this program, which ships: the sync step and the endpoint
//	walkthrough/   the walk-through, which embeds the emulator and deploys
//	               the bot's releases to it one after another
//	load/          drives serve with signed interactions, to size its replicas
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/redis/go-redis/v9"
	"github.com/rs/zerolog"
	"github.com/switchboard-go/switchboard/examples/deploy/bot"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/serve"
)

func main() {
	// go-redis logs through a logger of its package's, set once for the
	// process, here.
	redis.SetLogger(redisLog{zerolog.New(os.Stderr).With().Timestamp().Logger()})
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	switch {
	case errors.Is(err, flag.ErrHelp):
	case errors.Is(err, errNoSubcommand):
		os.Exit(2)
	case errors.Is(err, registry.ErrDrift):
		fmt.Fprintln(os.Stderr, "deploy: the service's commands differ from the code; the plan above is what sync would do")
		os.Exit(1)
	case err != nil:
		fmt.Fprintln(os.Stderr, "deploy:", err)
		os.Exit(1)
	}
}

// usage is what -help prints, and what the program prints when it is
// given no subcommand. It names the walk-through, which is a program of
// its own so that this one, which ships, links no emulator.
const usage = `usage: deploy sync [flags]
       deploy serve [flags]

  sync    registers the commands (sync -h lists its flags: -dry-run, -check, ...)
  serve   serves the interactions endpoint (serve -h lists its flags)

go run ./examples/deploy/walkthrough walks through the sync step on the embedded emulator.`

// errNoSubcommand is run's error when it is given no arguments, after it
// has printed the usage: main exits with status 2, as for a flag it does
// not know.
var errNoSubcommand = errors.New("no subcommand: use sync or serve")

// run runs the subcommand args name, looking variables up with env.
func run(ctx context.Context, args []string, env func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return errNoSubcommand
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprintln(stderr, usage)
		return flag.ErrHelp
	case "sync":
		return syncCommands(ctx, args[1:], bot.Release, env, stdout, stderr)
	case "serve":
		return runServe(ctx, args[1:], env, stdout, stderr)
	}
	return fmt.Errorf("unknown subcommand %q: use sync or serve", args[0])
}

// syncCommands registers the commands a release of the bot declares.
func syncCommands(ctx context.Context, args []string, release int, env func(string) string, stdout, stderr io.Writer) error {
	mux, err := bot.Router(release, nil).Build()
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
	shutdownTimeout = serve.DefaultShutdownTimeout
)
