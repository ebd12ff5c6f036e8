package playground

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/emulator/web"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/queue"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/replay"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/serve"
)

// Example is a runnable example: a bot and the script that shows it.
type Example struct {
	// Name is the program's name, for messages and usage.
	Name string
	// About is one line saying what the example shows.
	About string
	// Emulator configures the embedded emulator (Activities, for one).
	Emulator emulator.Config
	// Bot declares the bot's commands and handlers.
	Bot func(env Env) (*router.Router, error)
	// HTTP, when set, serves the endpoint with net/http instead of
	// fasthttp: it is given the endpoint and returns the server's
	// handler, which may route other paths beside it.
	HTTP func(endpoint *endpoint.Endpoint) http.Handler
	// HTTPServer, with HTTP, returns the net/http server that serves
	// HTTP's handler; nil means one with the router's timeouts and
	// header limit.
	HTTPServer func(handler http.Handler) *http.Server
	// EndpointPath is the path the endpoint is served at, when HTTP
	// mounts it beside other routes; empty means the root.
	EndpointPath string
	// Queue gives the endpoint a queue in memory (endpoint.WithQueue),
	// whose jobs a worker beside it completes, an endpoint of its own on
	// the same router: a bot deployed with a queue and a worker, run in
	// one process.
	Queue bool
	// Setup runs after the commands are registered and before any
	// script, the example's own or one given with -script: for the state
	// every script expects, such as a guild's permission overwrites.
	Setup func(ctx context.Context, s *Session) error
	// Intro runs after Setup, as the first part of what the example
	// shows: for what lines cannot say, such as editing a command through
	// the REST client between two of them. A script given with -script
	// replaces Intro and Script both.
	Intro func(ctx context.Context, s *Session) error
	// Script is what the example shows after Intro, in the language of
	// lines the package comment describes.
	Script string
	// Files are the files a line may attach, by their paths in it, as
	// the value of an ATTACHMENT option; nil means the working
	// directory's. An example carries its own (go:embed), so that it runs
	// from anywhere and prints the path it was given.
	Files fs.FS
}

// Env is what a bot is given to build itself with: where it is deployed
// and a client of the service, for answering after the first answer.
type Env struct {
	ApplicationID interaction.Snowflake
	// GuildID is the guild to register guild commands in.
	GuildID interaction.Snowflake
	// API is the bot's client of the service's REST API.
	API *rest.Client
	// Log is where the bot logs what goes wrong away from its answers,
	// such as a failed follow-up; on the emulator it prints among the
	// answers, without breaking the prompt.
	Log zerolog.Logger
	// Emulator is the embedded emulator; nil against a real service.
	Emulator *emulator.Server
	// Context ends when the bot stops: what the bot does in its own
	// time, such as posting reminders as they fall due, runs until then.
	Context context.Context
}

// Main runs ex as the program's main: until the script ends, the input
// ends, or the program is interrupted.
func Main(ex Example) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := Run(ctx, ex, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(os.Stderr, "%s: %v\n", ex.Name, err)
		os.Exit(1)
	}
}

// Run runs ex with the program's arguments and standard streams.
//
// With -script FILE it runs the lines of FILE, in place of the example's
// Intro and Script, and stops, with a *ScriptError if any line was
// refused. Otherwise it runs the example's Intro and
// Script, then reads lines from stdin: at a prompt, if stdin is a
// terminal, or until the end of input.
func Run(ctx context.Context, ex Example, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet(ex.Name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "%s: %s\n\nUsage: go run ./examples/%s [flags]\n\n", ex.Name, ex.About, ex.Name)
		fs.PrintDefaults()
	}
	script := fs.String("script", "", "run the lines of this file (- for standard input) instead of the example's script, then stop; any line refused makes it fail")
	quiet := fs.Bool("quiet", false, "print only the lines run and their answers")
	serveWebFlag := fs.Bool("web", false, "serve the playground to a browser instead of the script and the prompt, until interrupted; its address is the first line printed")
	webAddr := fs.String("web-addr", web.DefaultAddr, "where -web serves the playground (implies -web); port 0 picks a free one")
	real := realFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		// Not quoted: one may be a token meant for -bot-token.
		return fmt.Errorf("%d unexpected arguments after the flags; lines to run go in a -script file", fs.NArg())
	}
	useWeb := *serveWebFlag
	fs.Visit(func(f *flag.Flag) { useWeb = useWeb || f.Name == "web-addr" })
	useReal, notes := real.resolve(fs, os.Getenv)
	if useReal {
		if *script != "" || *quiet {
			return errors.New("-script and -quiet run on the embedded emulator: a real service lets no bot invoke its own commands")
		}
		if useWeb {
			return errors.New("-web plays on the embedded emulator: a real service lets no bot invoke its own commands; use them from its client")
		}
		return serveReal(ctx, ex, real, notes, stdout, stderr)
	}
	if useWeb {
		if *script != "" {
			return errors.New("-web serves the playground until interrupted, and -script runs its lines and stops: give one of them")
		}
		return serveWeb(ctx, ex, *webAddr, *quiet, notes, stdout)
	}

	var lines io.Reader
	if *script != "" {
		if *script == "-" {
			lines = stdin
		} else {
			f, err := os.Open(*script)
			if err != nil {
				return fmt.Errorf("-script: %w", err)
			}
			defer f.Close()
			lines = f
		}
	}

	out := newPrinter(stdout, isTerminal(stdout))
	for _, n := range notes {
		out.note("%s", n)
	}
	s, err := Start(ctx, ex, out, *quiet)
	if err != nil {
		return err
	}
	defer s.Close()

	if lines != nil {
		t, err := s.runScript(ctx, lines)
		if err != nil {
			return err
		}
		if t.refused > 0 {
			return &ScriptError{Script: *script, Lines: t.lines, Refused: t.refused}
		}
		return nil
	}
	if ex.Intro != nil {
		if err := ex.Intro(ctx, s); err != nil {
			return err
		}
	}
	if err := s.RunScript(ctx, strings.NewReader(ex.Script)); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return nil // interrupted during the script
	}
	// The script may have left the user as someone who cannot do what
	// the README suggests typing: the person's own lines start where
	// the script did.
	s.startOver()
	if f, ok := stdin.(*os.File); ok && isTerminal(f) && isTerminal(stdout) {
		return s.prompt(ctx, f)
	}
	return s.RunScript(ctx, stdin)
}

// ScriptError is what Run returns when lines of a script given with
// -script were refused, so that the program exits with an error and a
// script can check a bot. Each refused line is marked in the output.
type ScriptError struct {
	// Script is the file of the script, "-" for standard input.
	Script string
	// Lines is how many lines the script ran, comments aside; Refused
	// is how many of them were refused.
	Lines, Refused int
}

func (e *ScriptError) Error() string {
	name := e.Script
	if name == "-" {
		name = "- (standard input)"
	}
	return fmt.Sprintf("-script %s: %d of %d lines were refused; each is marked ✗ in the output", name, e.Refused, e.Lines)
}

// Start brings an example up on the embedded emulator: the emulator, the
// bot's endpoint, its commands registered (the plan printed to out unless
// quiet), and the emulator pointed at the endpoint.
func Start(ctx context.Context, ex Example, out *printer, quiet bool) (*Session, error) {
	srv, err := emulator.New(ex.Emulator)
	if err != nil {
		return nil, fmt.Errorf("starting the emulator: %w", err)
	}
	s := &Session{ex: ex, out: out, emu: srv, quiet: quiet}
	if err := s.start(ctx); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

func (s *Session) start(ctx context.Context) error {
	srv := s.emu
	if !s.quiet {
		s.out.note("emulator: the command service on %s (application %s, guild %q)", srv.URL, srv.ApplicationID, "Emulator Guild")
	}
	api, err := rest.NewClient(srv.URL, rest.BotToken(srv.BotToken))
	if err != nil {
		return err
	}
	bg, stop := context.WithCancel(context.Background())
	s.stopBackground = stop
	env := Env{ApplicationID: srv.ApplicationID, GuildID: srv.GuildID, API: api, Log: s.out.log(), Emulator: srv, Context: bg}
	mux, err := build(s.ex, env)
	if err != nil {
		return err
	}
	s.mux, s.api = mux, api
	url, closeBot, err := serveBot(s.ex, mux, api, srv.PublicKey, "127.0.0.1:0", s.out.log())
	if err != nil {
		return err
	}
	s.closeBot = closeBot
	if !s.quiet {
		s.out.note("bot: serving its interactions endpoint on %s", url)
	}
	if err := register(ctx, api, srv.ApplicationID, mux, s.out, s.quiet); err != nil {
		return err
	}
	if err := srv.SetInteractionsURL(ctx, url); err != nil {
		return fmt.Errorf("pointing the emulator at the bot: %w", err)
	}
	if !s.quiet {
		s.out.note("emulator: interactions go to %s (it answered the signed PING and refused a forged one)", url)
	}
	s.user, s.guild = srv.Admin, srv.GuildID
	s.locale = interaction.LocaleEnglishUS
	s.watch = newWatcher(s)
	if s.ex.Setup != nil {
		if err := s.ex.Setup(ctx, s); err != nil {
			return err
		}
	}
	return nil
}

// build builds the example's router, saying what to fix when it fails.
func build(ex Example, env Env) (*router.Mux, error) {
	r, err := ex.Bot(env)
	if err != nil {
		return nil, err
	}
	mux, err := r.Build()
	if err != nil {
		return nil, fmt.Errorf("the bot's commands break the service's rules; fix these where they are declared:\n%w", err)
	}
	return mux, nil
}

// serveBot serves the bot's endpoint on addr, verifying with publicKey,
// with fasthttp or, if the example asks, net/http. Handlers send what
// follows their first answer through api.
func serveBot(ex Example, mux *router.Mux, api *rest.Client, publicKey, addr string, log zerolog.Logger) (url string, stop func(), err error) {
	verifier, err := interaction.NewVerifier(publicKey)
	if err != nil {
		return "", nil, err
	}
	opts := []endpoint.Option{endpoint.WithLogger(log), endpoint.WithClient(api)}
	stopWorker := func() {}
	if ex.Queue {
		q := queue.NewMemory(64)
		// The endpoint and the worker share keys made for the process,
		// and the claims of the jobs.
		opts = append(opts, endpoint.WithJobKeys(queue.RandomKeys()), endpoint.WithJobClaims(replay.NewMemoryGuard(0)))
		worker, err := endpoint.New(mux, verifier, opts...)
		if err != nil {
			return "", nil, err
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() {
			defer close(done)
			q.Serve(ctx, worker, func(_ queue.Job, err error) {
				log.Error().Err(err).Msg("the worker refused a job")
			})
		}()
		stopWorker = func() {
			cancel()
			<-done
		}
		opts = append(opts, endpoint.WithQueue(q))
	}
	e, err := endpoint.New(mux, verifier, opts...)
	if err != nil {
		stopWorker()
		return "", nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		stopWorker()
		return "", nil, err
	}
	url = "http://" + ln.Addr().String() + ex.EndpointPath
	done := make(chan struct{})
	if ex.HTTP != nil {
		handler := ex.HTTP(e)
		srv := &http.Server{Handler: handler, ReadHeaderTimeout: 5 * time.Second,
			ReadTimeout: serve.DefaultReadTimeout, WriteTimeout: serve.DefaultWriteTimeout, IdleTimeout: serve.DefaultIdleTimeout,
			MaxHeaderBytes: serve.DefaultMaxHeaderBytes}
		if ex.HTTPServer != nil {
			srv = ex.HTTPServer(handler)
		}
		go func() {
			defer close(done)
			srv.Serve(ln)
		}()
		return url, func() {
			srv.Shutdown(context.Background())
			e.WaitDeferred(context.Background())
			<-done
			stopWorker()
		}, nil
	}
	// The server a bot runs in production, stopped by its context: the
	// prompt decides what the process's signals do.
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		defer close(done)
		if err := (&serve.Server{Endpoint: e, IgnoreSignals: true}).Serve(ctx, ln); err != nil {
			log.Error().Err(err).Msg("serving the bot")
		}
	}()
	return url, func() {
		cancel()
		<-done
		stopWorker()
	}, nil
}

// register syncs the bot's commands, printing each scope's plan before it
// is applied and a line per write while it is.
func register(ctx context.Context, api *rest.Client, app interaction.Snowflake, mux *router.Mux, out *printer, quiet bool) error {
	plans, err := registry.PlanSync(ctx, api, app, mux.Definitions(), registry.SyncOptions{})
	if !quiet {
		out.note("registry: the plan")
		for _, p := range plans {
			out.block(p.Table())
		}
	}
	if err != nil {
		return fmt.Errorf("registering the commands: %w", err)
	}
	var progress io.Writer = io.Discard
	if !quiet {
		progress = out.indented()
	}
	applied, err := registry.Apply(ctx, api, app, plans, progress)
	if err != nil {
		return fmt.Errorf("registering the commands: %w", err)
	}
	if !quiet {
		out.note("registry: %d of %d changes made", done(applied), len(applied))
	}
	return nil
}

func done(out []registry.Outcome) int {
	n := 0
	for _, o := range out {
		if o.Err == nil {
			n++
		}
	}
	return n
}

// realService is how to reach a real service instead of the emulator:
// flags, or else the SWITCHBOARD_* variables.
type realService struct {
	baseURL, appID, botToken, publicKey, guild, addr *string
}

// The variables a real service is given by, in the order of their flags.
var realVariables = []string{"SWITCHBOARD_BASE_URL", "SWITCHBOARD_APPLICATION_ID", "SWITCHBOARD_BOT_TOKEN", "SWITCHBOARD_PUBLIC_KEY"}

func realFlags(fs *flag.FlagSet) realService {
	return realService{
		baseURL:   fs.String("base-url", "", "a real service's API base URL, ending in /v10 ($SWITCHBOARD_BASE_URL); without it, the embedded emulator"),
		appID:     fs.String("application-id", "", "the application's id ($SWITCHBOARD_APPLICATION_ID)"),
		botToken:  fs.String("bot-token", "", "the bot's token ($SWITCHBOARD_BOT_TOKEN); better in the environment than as a flag"),
		publicKey: fs.String("public-key", "", "the application's public key, in hex ($SWITCHBOARD_PUBLIC_KEY)"),
		guild:     fs.String("guild", "", "the guild to register guild commands in, on a real service ($SWITCHBOARD_GUILD_ID)"),
		addr:      fs.String("addr", "127.0.0.1:8080", "where to serve the interactions endpoint, for a real service"),
	}
}

// resolve decides between a real service and the embedded emulator. A
// flag of the four credentials asks for a real service; so do all four
// variables, as a deploy sets them; some of the variables without the
// others are most likely set for a bot's sync step, and are left alone
// with a note, rather than send the example's commands to a real
// application by surprise. notes say what was decided and why.
func (r realService) resolve(fs *flag.FlagSet, env func(string) string) (real bool, notes []string) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	ptrs := []*string{r.baseURL, r.appID, r.botToken, r.publicKey}
	flags := set["base-url"] || set["application-id"] || set["bot-token"] || set["public-key"]
	var have, missing []string
	for i, name := range realVariables {
		if env(name) != "" {
			have = append(have, name)
		} else {
			missing = append(missing, name)
		}
		if *ptrs[i] == "" {
			*ptrs[i] = env(name)
		}
	}
	if *r.guild == "" {
		*r.guild = env("SWITCHBOARD_GUILD_ID")
	}
	switch {
	case flags:
		return true, nil
	case len(missing) == 0:
		return true, []string{"using the service at " + *r.baseURL + ", from the SWITCHBOARD_* variables; unset them to use the embedded emulator"}
	case len(have) > 0:
		notes = append(notes, strings.Join(have, ", ")+" set, but not "+strings.Join(missing, ", ")+": using the embedded emulator")
	}
	for _, name := range []string{"guild", "addr"} {
		if set[name] {
			notes = append(notes, "-"+name+" is for a real service; the embedded emulator has its own")
		}
	}
	return false, notes
}

// serveReal registers the commands on a real service and serves the
// endpoint for it until ctx ends.
func serveReal(ctx context.Context, ex Example, r realService, notes []string, stdout, stderr io.Writer) error {
	var missing []string
	for _, f := range []struct {
		v    string
		name string
	}{{*r.baseURL, "-base-url"}, {*r.appID, "-application-id"}, {*r.botToken, "-bot-token"}, {*r.publicKey, "-public-key"}} {
		if f.v == "" {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("a real service needs %s too (or the SWITCHBOARD_* variables); give none of the four to use the embedded emulator", strings.Join(missing, ", "))
	}
	app, err := interaction.ParseSnowflake(*r.appID)
	if err != nil {
		return fmt.Errorf("-application-id: %w", err)
	}
	var guild interaction.Snowflake
	if *r.guild != "" {
		if guild, err = interaction.ParseSnowflake(*r.guild); err != nil {
			return fmt.Errorf("-guild: %w", err)
		}
	}
	api, err := rest.NewClient(*r.baseURL, rest.BotToken(*r.botToken))
	if err != nil {
		return err
	}
	log := zerolog.New(zerolog.ConsoleWriter{Out: stderr}).With().Timestamp().Logger()
	mux, err := build(ex, Env{ApplicationID: app, GuildID: guild, API: api, Log: log, Context: ctx})
	if err != nil {
		return err
	}
	out := newPrinter(stdout, isTerminal(stdout))
	for _, n := range notes {
		out.note("%s", n)
	}
	url, stop, err := serveBot(ex, mux, api, *r.publicKey, *r.addr, log)
	if err != nil {
		return err
	}
	defer stop()
	if err := register(ctx, api, app, mux, out, false); err != nil {
		return err
	}
	out.note("bot: serving its interactions endpoint on %s", url)
	out.note("set the application's Interactions Endpoint URL to a public https address that reaches it, then use the commands from the client; Ctrl-C stops")
	<-ctx.Done()
	return nil
}

// readLines sends the lines of r until it ends or ctx does; the reader
// runs on, blocked, if ctx ends first, as a read cannot be canceled.
func readLines(ctx context.Context, r io.Reader) (<-chan string, <-chan error) {
	lines, errc := make(chan string), make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		errc <- sc.Err()
		close(lines)
	}()
	return lines, errc
}

// defaultWait is how long wait waits for deferred answers at most.
const defaultWait = 10 * time.Second
