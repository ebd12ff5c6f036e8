package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/rs/zerolog"
	"golang.org/x/term"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/examples/internal/envflag"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/serve"
	"github.com/switchboard-go/switchboard/webhook"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, "echo:", err)
		os.Exit(2)
	}
}

// run serves the echo bot until ctx ends. It prints the address it listens
// on, as its first line, to stdout.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("echo", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() {
		fmt.Fprint(stderr, "echo: a bot that answers every command with what it received (path, options, user,\n"+
			"locale) and every autocomplete with the focused option. Point an application's\n"+
			"interactions URL at it, or cmd/emulator's (see the README), to see what a bot receives.\n"+
			"It serves webhook events at /events: point the application's webhook events URL at\n"+
			"ADDR/events, and each event is answered 204 and logged with its type.\n"+
			"With -metrics, it serves Prometheus metrics at /metrics on a listener of its own.\n\n"+
			"Usage: echo -public-key HEX [-addr ADDR] [-metrics ADDR] [-debug]\n"+
			"       echo -demo\n\n")
		flags.PrintDefaults()
	}
	addr := flags.String("addr", "127.0.0.1:8080", "address to listen on")
	// The public key defaults to the environment without the usage text
	// showing it, as every flag that reads the environment does.
	fromEnv := envflag.New(flags)
	var publicKey string
	fromEnv.String(&publicKey, "public-key", "SWITCHBOARD_PUBLIC_KEY", "the application's public key, in hex (default $SWITCHBOARD_PUBLIC_KEY)")
	debug := flags.Bool("debug", false, "log every request")
	metricsAddr := flags.String("metrics", "", "address to serve Prometheus metrics on, at /metrics, apart from the bot; none by default")
	demoMode := flags.Bool("demo", false, "serve on a free port and send the bot a few signed interactions, as the service would")
	if err := flags.Parse(args); err != nil {
		return err
	}
	fromEnv.Resolve(os.Getenv)
	if *demoMode {
		return demo(ctx, stdout, stderr)
	}
	if publicKey == "" {
		return errors.New("-public-key is required: the hex key of the application whose interactions to verify")
	}
	verifier, err := interaction.NewVerifier(publicKey)
	if err != nil {
		return err
	}
	level := zerolog.InfoLevel
	if *debug {
		level = zerolog.DebugLevel
	}
	log := zerolog.New(zerolog.ConsoleWriter{Out: stderr, NoColor: !isTerminal(stderr)}).
		Level(level).With().Timestamp().Logger()

	mux, err := newRouter(log).Build()
	if err != nil {
		return err
	}
	var observe []endpoint.Option
	var observeEvents []webhook.Option
	if *metricsAddr != "" {
		m, stop, err := serveMetrics(*metricsAddr, log)
		if err != nil {
			return err
		}
		defer stop()
		observe, observeEvents = append(observe, m.Endpoint()), append(observeEvents, m.Events())
	}
	e, err := endpoint.New(mux, verifier, observe...)
	if err != nil {
		return err
	}
	events, err := newEvents(verifier, log, observeEvents...)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "http://%s\n", ln.Addr())
	// The server logs where it listens; interactions may be POSTed to any
	// path but /events, where webhook events are.
	return (&serve.Server{Endpoint: e, Events: events}).Serve(ctx, ln)
}

// isTerminal reports whether w is a terminal, where colours are read as
// colours rather than as escape codes.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
