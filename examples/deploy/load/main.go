// Load drives examples/deploy's serve with signed interactions, as the
// service sends them, and reports how many were answered a second, how
// long they waited, and, for a server on this machine, the CPU time and
// memory it took to answer them. It measures the sizes and resource
// requests deploy/ gives a replica.
//
// serve must verify with the driver's test key, which -public-key prints.
// On Linux, with serve on one core and the driver on another:
//
//	go build -o bin/deploy ./examples/deploy && go build -o bin/load ./examples/deploy/load
//	SWITCHBOARD_PUBLIC_KEY=$(bin/load -public-key) GOMAXPROCS=1 taskset -c 0 bin/deploy serve -addr 127.0.0.1:8080 2>bin/serve.log &
//	taskset -c 1 bin/load -url http://127.0.0.1:8080/ -duration 20s -conns 64 -pid $!
//	kill $!
//
// The CPU time per answer is the figure to size replicas by: it holds
// when the machine is busy with other work, which the answers a second
// do not.
//
// Each request is a /greet with a new interaction id, from a user of its
// own (serve limits each user's greetings), signed as it is
// sent. The load stops by itself after -duration or -requests; it is meant
// for a server on loopback.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"time"

	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

// maxDuration bounds a run, whatever -duration says.
const maxDuration = 10 * time.Minute

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

// config is what the flags ask for.
type config struct {
	url       *url.URL
	duration  time.Duration
	requests  int
	conns     int
	pid       int
	seed      string
	publicKey bool
}

func parseFlags(args []string, stderr io.Writer) (config, error) {
	var (
		c   config
		raw string
	)
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&raw, "url", "http://127.0.0.1:8080/", "the interactions endpoint to drive")
	fs.DurationVar(&c.duration, "duration", 10*time.Second, "how long to send requests, at most "+maxDuration.String())
	fs.IntVar(&c.requests, "requests", 0, "stop after this many requests; 0 for no bound but -duration")
	fs.IntVar(&c.conns, "conns", 32, "connections, each with one request in flight")
	fs.IntVar(&c.pid, "pid", 0, "the server's process id, to report its CPU time and memory (Linux)")
	fs.StringVar(&c.seed, "seed", "switchboard load", "the seed of the test key that signs the requests")
	fs.BoolVar(&c.publicKey, "public-key", false, "print the test key's public key, for serve's -public-key, and exit")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return c, fmt.Errorf("-url: %w", err)
	case u.Scheme != "http" || u.Host == "":
		return c, fmt.Errorf("-url %q: want http://host:port/path", raw)
	case c.duration <= 0 || c.duration > maxDuration:
		return c, fmt.Errorf("-duration %v: want more than 0 and at most %v", c.duration, maxDuration)
	case c.conns < 1 || c.requests < 0:
		return c, fmt.Errorf("-conns %d, -requests %d: want at least one connection and no negative count", c.conns, c.requests)
	}
	c.url = u
	return c, nil
}

// run drives the endpoint as args say and prints the report to stdout. It
// fails when any request was not answered as serve answers /greet.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	c, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	key := interactiontest.NewKey(c.seed)
	if c.publicKey {
		fmt.Fprintln(stdout, key.PublicKeyHex())
		return nil
	}
	var server *process
	if c.pid > 0 {
		if server, err = watch(c.pid); err != nil {
			return err
		}
		defer server.stop()
	}
	r, err := drive(ctx, c, key)
	if err != nil {
		return err
	}
	r.print(stdout, server)
	if r.failed > 0 {
		return fmt.Errorf("%d of %d requests not answered as serve answers /greet; first: %v", r.failed, r.sent, r.firstFailure)
	}
	return nil
}
