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

	"github.com/switchboard-go/switchboard/examples/internal/envflag"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/serve"
	"github.com/switchboard-go/switchboard/webhook"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, "events:", err)
		os.Exit(2)
	}
}

// run runs the bot on the embedded emulator, or, given a public key,
// serves it until ctx ends: then it prints the address it listens on, as
// its first line, then the journal of the directory, to stdout, and the
// directory when it stops.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("events", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() {
		fmt.Fprint(stderr, "events: a bot that serves only webhook events, at /events: it keeps a directory of\n"+
			"where the application is installed, welcomes whoever installs it, forgets users who\n"+
			"remove it, and records entitlements. Without -public-key it runs on the embedded\n"+
			"emulator, whose users install, buy and remove the app; with it, it serves the\n"+
			"application's webhook events URL, ADDR/events, for the service.\n\n"+
			"Usage: events [-debug]\n"+
			"       events -public-key HEX [-addr ADDR] [-debug]\n\n")
		flags.PrintDefaults()
	}
	addr := flags.String("addr", "127.0.0.1:8080", "address to listen on, with -public-key")
	// The public key defaults to the environment without the usage text
	// showing it, as every flag that reads the environment does.
	fromEnv := envflag.New(flags)
	var publicKey string
	fromEnv.String(&publicKey, "public-key", "SWITCHBOARD_PUBLIC_KEY", "the application's public key, in hex (default $SWITCHBOARD_PUBLIC_KEY)")
	debug := flags.Bool("debug", false, "log every request")
	if err := flags.Parse(args); err != nil {
		return err
	}
	fromEnv.Resolve(os.Getenv)
	if flags.NArg() > 0 {
		return fmt.Errorf("%d unexpected arguments after the flags", flags.NArg())
	}
	level := zerolog.InfoLevel
	if publicKey == "" {
		// On the emulator the journal tells the story; the log speaks
		// only of what goes wrong.
		level = zerolog.WarnLevel
	}
	if *debug {
		level = zerolog.DebugLevel
	}
	log := zerolog.New(zerolog.ConsoleWriter{Out: stderr, NoColor: true}).Level(level).With().Timestamp().Logger()
	if publicKey == "" {
		addrSet := false
		flags.Visit(func(f *flag.Flag) { addrSet = addrSet || f.Name == "addr" })
		if addrSet {
			return errors.New("-addr serves the bot for a real service, and needs -public-key: the hex key of the application whose events to verify")
		}
		return onEmulator(ctx, stdout, log)
	}
	verifier, err := interaction.NewVerifier(publicKey)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "http://%s\n", ln.Addr())
	b, err := newBot(verifier, stdout, log)
	if err != nil {
		return err
	}
	return b.serve(ctx, ln, stdout)
}

// bot is the directory and the endpoint whose events fill it.
type bot struct {
	dir    *Directory
	events *webhook.Endpoint
}

// newBot returns the bot, verifying events with v and writing the
// directory's journal to journal.
func newBot(v *interaction.Verifier, journal io.Writer, log zerolog.Logger) (*bot, error) {
	dir := NewDirectory(journal)
	e, err := webhook.NewEndpoint(v, webhook.WithLogger(log))
	if err != nil {
		return nil, err
	}
	// The service has had its answer before these run, and the directory
	// takes a moment: nothing here needs the context, which a handler
	// doing I/O (a database, a direct message) would pass on.
	e.OnApplicationAuthorized(func(_ context.Context, ev *webhook.Event, a webhook.ApplicationAuthorized) error {
		dir.Authorized(ev.Timestamp, a)
		return nil
	})
	e.OnApplicationDeauthorized(func(_ context.Context, ev *webhook.Event, gone webhook.ApplicationDeauthorized) error {
		dir.Deauthorized(ev.Timestamp, gone)
		return nil
	})
	e.OnEntitlementCreate(func(_ context.Context, _ *webhook.Event, ent interaction.Entitlement) error {
		dir.Entitled(ent)
		return nil
	})
	e.Fallback(webhook.HandlerFunc(func(_ context.Context, ev *webhook.Event) error {
		dir.Other(ev)
		return nil
	}))
	return &bot{dir: dir, events: e}, nil
}

// serve serves the events endpoint on ln until ctx ends, then writes the
// directory to out.
func (b *bot) serve(ctx context.Context, ln net.Listener, out io.Writer) error {
	err := (&serve.Server{Events: b.events}).Serve(ctx, ln)
	fmt.Fprintln(out)
	if _, werr := b.dir.WriteTo(out); err == nil {
		err = werr
	}
	return err
}
