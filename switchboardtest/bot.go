package switchboardtest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/webhook"
)

// DefaultWait is how long Wait waits for a deferred answer to be
// completed, and the other waits (WaitFollowups, WaitChanges,
// WaitEvents) for what they wait for, unless WithWait says otherwise.
const DefaultWait = 10 * time.Second

// A Bot is a bot under test: its router, built, served to an emulator
// that has its commands.
type Bot struct {
	// Emulator is the service the bot is served to, for what this
	// package does not wrap: faults, entitlements, the world, what users
	// do that sends webhook events (which ServeEvents serves).
	Emulator *emulator.Server
	// Mux is the bot's router, built.
	Mux *router.Mux
	// Client is a REST client of the emulator authenticated as the bot,
	// the one its endpoint completes deferred answers through: for what
	// a bot or a test does through the API, such as reading the commands
	// as the service holds them or changing one between two uses.
	Client *rest.Client
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
	// log takes the log of a bot that chose no logger.
	log *botLog
	// events is the webhook events endpoint served, if any.
	events *webhook.Endpoint
	// clock is the emulator's clock, nil for time.Now.
	clock func() time.Time
	// app is the application the bot is, and token its bot token.
	app   interaction.Snowflake
	token string
	// kit is what the Bots of one emulator share.
	kit *kit
}

// kit is what the Bots served to one emulator share: the response
// window their endpoints follow, and how many of the applications
// beside the first a Bot serves.
type kit struct {
	mu     sync.Mutex
	window time.Duration
	served int
}

// An Option changes how New and NewFunc set the bot up.
type Option func(*setup)

type setup struct {
	emulator emulator.Config
	// emulatorSet says WithEmulator was given, and applications are the
	// applications beside the first (WithApplications).
	emulatorSet  bool
	applications []emulator.ApplicationConfig
	endpoint     []endpoint.Option
	wait         time.Duration
	// window, when set, is the response window of the emulator and of
	// the endpoint (WithResponseWindow).
	window time.Duration
	// path and routes serve the endpoint through the bot's own handler.
	path   string
	routes func(*endpoint.Endpoint) http.Handler
	// overGateway serves the bot on the emulator's gateway instead,
	// connected by gateway, or the kit's own client when it is nil
	// (OverGateway).
	overGateway bool
	gateway     Connect
}

// WithEmulator configures the emulator: its world (Seed), its response
// window (but see WithResponseWindow, which shortens the endpoint's
// deadline with it), its SKUs.
func WithEmulator(cfg emulator.Config) Option {
	return func(s *setup) { s.emulator, s.emulatorSet = cfg, true }
}

// WithApplications has the emulator serve applications beside the first,
// each a bot of its own in the same guild (emulator.Config.Applications),
// for Another to serve a router as each. It adds to the Applications of
// WithEmulator, whichever comes first.
func WithApplications(apps ...emulator.ApplicationConfig) Option {
	return func(s *setup) { s.applications = append(s.applications, apps...) }
}

// WithEndpoint gives the bot's endpoint options, after those New gives it
// (a REST client on the emulator, so that answers can be deferred): a
// replay guard, an observer, a logger of its own.
func WithEndpoint(opts ...endpoint.Option) Option {
	return func(s *setup) { s.endpoint = append(s.endpoint, opts...) }
}

// WithWait sets how long Wait and the other waits wait; zero or less
// means DefaultWait.
func WithWait(d time.Duration) Option {
	return func(s *setup) { s.wait = d }
}

// WithResponseWindow shortens the service's response window, how long
// the emulator waits for the bot's first answer (emulator.Config's
// ResponseWindow, 3 seconds by default), and the endpoint's response
// deadline with it, so that a test of an answer the endpoint defers takes
// a fraction of a second rather than the 2.5 seconds the endpoint waits
// for a handler before it defers. The deadline logic is the endpoint's
// own, scaled: its answer margin (endpoint.WithAnswerMargin) is the
// service's, endpoint.DefaultAnswerMargin, or half the window, whichever is
// less; a handler not done by then is deferred, and its answer completes
// the deferral by editing the original message, and the context of a
// handler the endpoint may not defer ends then. Half a second keeps both
// halves well above what a handler and an answer take on a loaded
// machine; zero or less leaves the service's window. WithEmulator and
// WithEndpoint may come before or after it; a deadline or a margin given
// with WithEndpoint wins.
func WithResponseWindow(d time.Duration) Option {
	return func(s *setup) { s.window = d }
}

// answerMargin is the endpoint's answer margin in a response window of
// d: the service's, or half of d when that is less.
func answerMargin(d time.Duration) time.Duration { return min(endpoint.DefaultAnswerMargin, d/2) }

// WithRoutes serves the endpoint as the bot serves it on net/http: routes
// returns the bot's handler given its endpoint, with the middleware and
// the other routes it is served among, and the emulator posts
// interactions to path on that handler ("/interactions"; empty means
// the root).
func WithRoutes(path string, routes func(e *endpoint.Endpoint) http.Handler) Option {
	return func(s *setup) { s.path, s.routes = path, routes }
}

// Logger returns the logger that writes into the test's log, which the
// bot's endpoint logs to unless its router (router.WithLogger) or
// WithEndpoint (endpoint.WithLogger) gave it a logger: from level info
// up, as the endpoint's
// default, until the test ends. What it logs of an interaction at warn
// or above, such as a handler's error, is written out too when a step
// of the interaction's exchange fails the test. The bot's other parts
// log to it when given it: a webhook events endpoint (webhook.WithLogger), a
// worker's endpoint (endpoint.WithDefaultLogger).
func (b *Bot) Logger() zerolog.Logger { return b.log.logger() }

// New builds r, starts an emulator, serves the bot's endpoint to it and
// registers the commands r declares, in their scopes. A problem at any
// step fails the test at once: a router that does not build fails with
// every problem Build found. The emulator and the endpoint stop when the
// test ends.
func New(t testing.TB, r *router.Router, opts ...Option) *Bot {
	t.Helper()
	return NewFunc(t, func(*Bot) *router.Router { return r }, opts...)
}

// NewFunc is New for a bot whose router is built with what only the
// emulator gives, such as a REST client of it for handlers that act
// through the API, or its application's id: build is called once the
// emulator runs, with the Bot's fields set but Mux, and returns the
// router. The Bot's methods are for after NewFunc returns, when the
// commands are registered.
func NewFunc(t testing.TB, build func(*Bot) *router.Router, opts ...Option) *Bot {
	t.Helper()
	s := options(opts)
	if s.window > 0 {
		s.emulator.ResponseWindow = s.window
	}
	s.emulator.Applications = append(s.emulator.Applications, s.applications...)
	// First, so that its cleanup runs last: the bot's log reaches the
	// test's while the endpoint stops.
	log := newBotLog(t)
	srv, err := emulator.New(s.emulator)
	if err != nil {
		t.Fatalf("switchboardtest: starting the emulator: %v", err)
	}
	t.Cleanup(func() { srv.Close() })
	b := &Bot{
		Emulator: srv, Guild: srv.GuildID,
		Admin: srv.Admin, Moderator: srv.Moderator, Member: srv.Member,
		t: t, wait: s.wait, log: log, clock: s.emulator.Now,
		app: srv.ApplicationID, token: srv.BotToken, kit: &kit{window: s.window},
	}
	b.serve(build, s)
	return b
}

// options returns the setup opts make.
func options(opts []Option) setup {
	var s setup
	for _, o := range opts {
		o(&s)
	}
	if s.wait <= 0 {
		s.wait = DefaultWait
	}
	return s
}

// Another serves r as the bot of an application beside the first, in the
// same emulator, and returns it: a user's commands go to its commands,
// which may have the names of another Bot's, and what it posts the other
// bots see, as on the service. Each call serves the next of the
// applications WithApplications gave New, in their order; with none left
// it fails the test. opts are those of the bot's endpoint (WithEndpoint,
// WithRoutes, OverGateway, WithWait); the emulator's are the first
// Bot's. The Bots share the world: its guild, users and channels, and
// the users' direct messages, which are one channel whatever the bot.
func (b *Bot) Another(r *router.Router, opts ...Option) *Bot {
	b.t.Helper()
	return b.AnotherFunc(func(*Bot) *router.Router { return r }, opts...)
}

// AnotherFunc is Another for a bot whose router is built once its
// application is known, as NewFunc is New's.
func (b *Bot) AnotherFunc(build func(*Bot) *router.Router, opts ...Option) *Bot {
	t := b.t
	t.Helper()
	s := options(opts)
	if s.emulatorSet || s.window > 0 || s.applications != nil {
		t.Fatalf("switchboardtest: Another takes the options of a bot, not of the emulator, which New started")
	}
	apps := b.Emulator.Applications()
	b.kit.mu.Lock()
	next := b.kit.served + 1
	if next < len(apps) {
		b.kit.served = next
	}
	b.kit.mu.Unlock()
	if next >= len(apps) {
		t.Fatalf("switchboardtest: no application is left for Another to serve: give New WithApplications, one for each")
	}
	id, err := interaction.ParseSnowflake(apps[next].ApplicationID)
	if err != nil {
		t.Fatalf("switchboardtest: the emulator's application %q: %v", apps[next].ApplicationID, err)
	}
	s.window = b.kit.window
	o := &Bot{
		Emulator: b.Emulator, Guild: b.Guild, Admin: b.Admin, Moderator: b.Moderator, Member: b.Member,
		t: t, wait: s.wait, log: newBotLog(t), clock: b.clock,
		app: id, token: apps[next].BotToken, kit: b.kit,
	}
	o.serve(build, s)
	return o
}

// Application returns the id of the bot's application, its bot user's id
// too: the Emulator's ApplicationID for the Bot New returns, another for
// one Another does.
func (b *Bot) Application() interaction.Snowflake { return b.app }

// serve builds the bot's router, serves it to the emulator as its
// application's and registers its commands, as s says.
func (b *Bot) serve(build func(*Bot) *router.Router, s setup) {
	t, srv := b.t, b.Emulator
	t.Helper()
	var timing []endpoint.Option
	if s.window > 0 {
		timing = []endpoint.Option{endpoint.WithResponseDeadline(s.window), endpoint.WithAnswerMargin(answerMargin(s.window))}
	}
	client, err := rest.NewClient(srv.URL, rest.BotToken(b.token))
	if err != nil {
		t.Fatalf("switchboardtest: a REST client on the emulator: %v", err)
	}
	b.Client = client
	app := srv.Application(b.app)
	r := build(b)
	if r == nil {
		t.Fatalf("switchboardtest: the bot's build returned no router")
	}
	mux, err := r.Build()
	if err != nil {
		t.Fatalf("switchboardtest: the router does not build:\n%v", err)
	}
	verifier, err := interaction.NewVerifier(app.Credentials().PublicKey)
	if err != nil {
		t.Fatalf("switchboardtest: the emulator's key: %v", err)
	}
	given := append([]endpoint.Option{endpoint.WithClient(client), endpoint.WithDefaultLogger(b.log.logger())}, timing...)
	if s.overGateway {
		b.overGateway(s.gateway, mux, append(given, s.endpoint...))
		return
	}
	e, err := endpoint.New(mux, verifier, append(given, s.endpoint...)...)
	if err != nil {
		t.Fatalf("switchboardtest: the endpoint:\n%v", err)
	}
	var handler http.Handler = e
	if s.routes != nil {
		handler = s.routes(e)
	}
	server := httptest.NewServer(handler)
	// Registered after the emulator's Close, so run before it: the
	// endpoint stops taking requests, then the answers it deferred are
	// delivered while the emulator still listens.
	t.Cleanup(func() {
		server.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		e.WaitDeferred(ctx) //nolint:errcheck // a test ending with a handler stuck gives up on it
	})

	ctx := t.Context()
	if _, err := registry.Sync(ctx, client, b.app, mux.Definitions(), registry.SyncOptions{}); err != nil {
		t.Fatalf("switchboardtest: registering the commands: %v", err)
	}
	if err := app.SetInteractionsURL(ctx, server.URL+s.path); err != nil {
		t.Fatalf("switchboardtest: the emulator refused the endpoint: %v", err)
	}
	b.Mux = mux
}
