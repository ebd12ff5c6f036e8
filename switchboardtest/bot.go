package switchboardtest

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// DefaultWait is how long Wait waits for a deferred answer to be
// completed, unless WithWait says otherwise.
const DefaultWait = 10 * time.Second

// A Bot is a bot under test: its router, built, served to an emulator
// that has its commands.
type Bot struct {
	// Emulator is the service the bot is served to, for what this
	// package does not wrap: faults, events, entitlements, the world.
	Emulator *emulator.Server
	// Mux is the bot's router, built.
	Mux *router.Mux
	// Guild is the emulator's guild, where the application is installed
	// and where commands are used unless a Who says otherwise.
	Guild interaction.Snowflake
	// Admin, Moderator and Member are the guild's users: the owner, a
	// member whose role may ban, kick and manage messages, and a member
	// with the default permissions, who uses commands unless a Who says
	// otherwise.
	Admin, Moderator, Member interaction.Snowflake

	t    testing.TB
	wait time.Duration
}

// An Option changes how New sets the bot up.
type Option func(*setup)

type setup struct {
	emulator emulator.Config
	endpoint []router.Option
	wait     time.Duration
}

// WithEmulator configures the emulator: its world (Seed), its response
// window, its SKUs.
func WithEmulator(cfg emulator.Config) Option {
	return func(s *setup) { s.emulator = cfg }
}

// WithEndpoint gives the bot's endpoint options, after those New gives it
// (a REST client on the emulator, so that answers can be deferred): a
// cooldown store, an observer, a replay guard.
func WithEndpoint(opts ...router.Option) Option {
	return func(s *setup) { s.endpoint = append(s.endpoint, opts...) }
}

// WithWait sets how long Wait waits for a deferred answer; zero or less
// means DefaultWait.
func WithWait(d time.Duration) Option {
	return func(s *setup) { s.wait = d }
}

// New builds r, starts an emulator, serves the bot's endpoint to it and
// registers the commands r declares, in their scopes. A problem at any
// step fails the test at once: a router that does not build fails with
// every problem Build found. The emulator and the endpoint stop when the
// test ends.
func New(t testing.TB, r *router.Router, opts ...Option) *Bot {
	t.Helper()
	var s setup
	for _, o := range opts {
		o(&s)
	}
	if s.wait <= 0 {
		s.wait = DefaultWait
	}
	mux, err := r.Build()
	if err != nil {
		t.Fatalf("switchboardtest: the router does not build:\n%v", err)
	}
	srv, err := emulator.New(s.emulator)
	if err != nil {
		t.Fatalf("switchboardtest: starting the emulator: %v", err)
	}
	t.Cleanup(func() { srv.Close() })

	verifier, err := interaction.NewVerifier(srv.PublicKey)
	if err != nil {
		t.Fatalf("switchboardtest: the emulator's key: %v", err)
	}
	client, err := rest.NewClient(srv.URL, rest.BotToken(srv.BotToken))
	if err != nil {
		t.Fatalf("switchboardtest: a REST client on the emulator: %v", err)
	}
	endpoint := router.NewEndpoint(mux, verifier, append([]router.Option{router.WithClient(client)}, s.endpoint...)...)
	bot := httptest.NewServer(endpoint)
	// Registered after the emulator's Close, so run before it: the
	// endpoint stops taking requests, then the answers it deferred are
	// delivered while the emulator still listens.
	t.Cleanup(func() {
		bot.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		endpoint.WaitDeferred(ctx) //nolint:errcheck // a test ending with a handler stuck gives up on it
	})

	ctx := t.Context()
	if _, err := registry.Sync(ctx, client, srv.ApplicationID, mux.Definitions(), registry.SyncOptions{}); err != nil {
		t.Fatalf("switchboardtest: registering the commands: %v", err)
	}
	if err := srv.SetInteractionsURL(ctx, bot.URL); err != nil {
		t.Fatalf("switchboardtest: the emulator refused the endpoint: %v", err)
	}
	return &Bot{
		Emulator: srv, Mux: mux, Guild: srv.GuildID,
		Admin: srv.Admin, Moderator: srv.Moderator, Member: srv.Member,
		t: t, wait: s.wait,
	}
}
