// Command emulator runs the application command service emulator as a
// process, for bots written in any language and for CI jobs, and runs a
// bot against it for local development.
//
//	go run ./cmd/emulator -addr 127.0.0.1:0
//	go run ./cmd/emulator -web -sync 'go run ./mybot sync' -run 'go run ./mybot -addr 127.0.0.1:$PORT'
//
// The first line of its standard output is one JSON object with what a bot
// needs: base_url (ending in /v10; the API is also served under /api/v10,
// the service's own path, and under /v9 and /api/v9 as version 10),
// application_id, bot_token (shaped as the service's: its first segment is
// the base64 of the bot user's id, which is the application's), client_id,
// client_secret, public_key (the hex key interactions are signed with),
// guild_id (a guild where the application is installed), and
// authorization_code with redirect_uri (a one-time code of a user who has
// Manage Guild and Manage Roles there, granting identify and
// applications.commands.permissions.update; it waits for the exchange,
// while the codes of POST /_emulator/authorize expire after 100 seconds,
// as the service's do), and admin_id, moderator_id and
// member_id (the guild's owner, that user, and a plain member). It then
// serves until it is interrupted.
//
// The control API (/_emulator/..., see package emulator) takes JSON sent
// with Content-Type: application/json, at an IP address or localhost:
//
//	curl -H 'Content-Type: application/json' -d '{"line": "/greet"}' http://127.0.0.1:8484/_emulator/invoke
//
// It refuses requests a web page of another origin could make, and a Host
// that is a name (DNS rebinding) unless -control-hosts lists it: from
// another container, call it by the emulator's address, or by its name on
// the network once listed (-control-hosts emulator). The API under /v10
// answers any Host.
//
// "emulator health [-addr ADDR]" is the health check of an image with no
// shell: it asks the emulator at ADDR (by default SWITCHBOARD_EMULATOR_ADDR's,
// or 127.0.0.1:8484; 0.0.0.0 is asked at 127.0.0.1) for GET
// /_emulator/health, and exits 0 when it answers 200 within 2 seconds,
// 1 otherwise, saying why on standard error.
//
// With -run the emulator also runs the bot, once it has printed its first
// lines: the sync step (-sync) with the credentials in its environment,
// then the bot with the same environment and a free port, and, once the
// bot passes the checks of -interactions-url, it sets the interactions URL
// to the bot, and the webhook events URL when the bot serves those too.
// When a Go source under -watch changes, the bot is stopped and the sync
// step and the bot run again; a bot (or sync step) that exits by itself
// is run again after a wait that doubles from a second up to 30 seconds,
// or at once when a source changes. Each step is a line on standard error
// beginning "emulator: ", and the bot's own output, standard output and
// error alike, is written there as it is, so that standard output holds
// the lines scripts read. Interrupted, the emulator stops the bot first.
//
// Every flag may be given by an environment variable instead, for a
// container or a CI job configured so: SWITCHBOARD_EMULATOR_ and the
// flag's name in upper case, its hyphens underscores (-addr is
// SWITCHBOARD_EMULATOR_ADDR, -max-upload SWITCHBOARD_EMULATOR_MAX_UPLOAD).
// A flag on the command line wins over its variable. A variable that is
// set gives its value as the flag would, the empty string too; a boolean
// takes what the flag takes (1, t, true, 0, f or false, in either case),
// and a value the flag refuses is an error naming the variable. -h names
// each flag's variable. The bot -run starts gets none of them in its
// environment: they are the emulator's, and an emulator the bot starts
// (in its own tests) must not read them as its own.
//
// The flags:
//
//	-addr ADDR
//		the address to listen on; port 0 picks a free one.
//	-interactions-url URL
//		the bot's interactions endpoint. It is checked as the service
//		checks it when a developer saves it (a signed PING must be
//		answered {"type":1}, a badly signed request 401), so the bot must
//		be up first; the emulator exits with the reason if it fails.
//	-events-url URL
//		the application's webhook events endpoint. It is checked as the
//		service checks it when a developer saves it (a signed PING must be
//		answered 204 with no body, a badly signed one 401), so the
//		endpoint must be up first; the emulator exits with the reason if
//		it fails. Without it no webhook events are sent until one is set
//		(POST /_emulator/events-url).
//	-signing-key HEX
//		the 32-byte Ed25519 seed, in hex, of the key interactions are
//		signed with, so that a bot can know the public key before the
//		emulator starts; without it every run has a new key.
//	-version
//		prints the emulator's version, which the release archives and
//		the image have stamped in, and exits.
//	-well-known
//		gives the emulator the well-known credentials: an application
//		id, bot token, client secret, signing key and authorization
//		code that are the same at every start, in every copy of the
//		emulator, and a world made with the same ids (its guild, users,
//		roles, channels and emojis), so that a test's configuration,
//		in any language, can write them down (docs/emulator.md lists
//		them; package emulator has them as the WellKnown constants).
//		They are public, so the emulator refuses them on an address
//		other machines reach unless -well-known-exposed is given too.
//		It excludes -signing-key.
//	-control-hosts LIST
//		names the control API answers at besides IP addresses and
//		localhost, separated by commas: the emulator's name on a
//		network of containers, such as its compose service name
//		(emulator), by which other containers call it. Each is a host
//		name alone, without a scheme or a port (any port is answered);
//		the control API's other rules hold under it.
//	-well-known-exposed
//		lets -well-known serve on an address other machines reach, as
//		in a container, which listens on all its addresses (0.0.0.0);
//		a warning on standard error then says whoever reaches the
//		emulator can act as the bot.
//	-activities
//		gives the application an Activity: it starts with the entry point
//		command "Launch".
//	-discoverable
//		lists the application in the App Directory: its commands may not
//		be age-restricted (nsfw).
//	-installation-contexts LIST
//		the installation contexts the application supports, separated by
//		commas: GUILD_INSTALL (or 0) and USER_INSTALL (or 1). Without it
//		the application supports GUILD_INSTALL only, and its commands may
//		not list USER_INSTALL in integration_types. With it, a user
//		installs the application by authorizing applications.commands
//		(POST /_emulator/authorize). See
//		emulator.Config.InstallationContexts.
//	-seed FILE
//		adds the users and guilds of a JSON file to the world, each object
//		spelled as the service spells it:
//
//		{
//		  "users": [{"id": "1001", "username": "carol", "global_name": "Carol"}],
//		  "guilds": [{
//		    "id": "2001", "name": "Second", "owner_id": "1001", "locale": "fr",
//		    "roles": [{"id": "2002", "name": "Helper", "permissions": "8192"}],
//		    "channels": [{"id": "2003", "name": "general", "type": 0,
//		      "permission_overwrites": [{"id": "2001", "type": 0, "allow": "0", "deny": "2048"}]}],
//		    "members": [{"user_id": "1001", "roles": ["2002"], "nick": "Caro"}],
//		    "emojis": [{"id": "2004", "name": "blob", "animated": false}],
//		    "bot_permissions": "6"
//		  }]
//		}
//
//		Every id is given and used once. The role with the guild's id is
//		@everyone; the owner, and the bot unless "installed" is false, are
//		members without being listed, the bot with its managed role, which
//		has "bot_permissions"; "bot_roles" gives it more. See emulator.Seed.
//	-skus FILE
//		the application's SKUs, a JSON array of them, in place of the
//		default ones (a user subscription "Premium", a guild subscription
//		"Server Premium" not published, a durable "Lifetime Pass" and a
//		consumable "Coin Pack"):
//
//		[{"id": "3001", "type": 5, "name": "Premium", "flags": 260},
//		 {"type": 3, "name": "Coin Pack", "flags": 4}]
//
//		type DURABLE (2), CONSUMABLE (3) or SUBSCRIPTION (5), flags
//		AVAILABLE (4), GUILD_SUBSCRIPTION (128), USER_SUBSCRIPTION (256);
//		an id left out is given, and "slug" is made of the name unless
//		given. [] means none. GET /v10/applications/{id}/skus lists them.
//		See emulator.SKU.
//	-rate-limit N, -rate-window D
//		each route bucket answers N requests per window D, then 429.
//	-max-interactions N
//		how many interactions the emulator keeps (default 10000): past
//		it the oldest is forgotten, its token no longer works and its
//		messages are gone. The emulator keeps everything in memory;
//		these flags bound it. See emulator.Limits.
//	-max-changes N
//		how many changes to messages (answers, follow-ups, edits,
//		deletions) the interactions kept hold in their histories, in
//		all (default 50000): past it the oldest interactions are
//		forgotten.
//	-max-interaction-files SIZE
//		how many bytes of files the messages of one interaction may
//		keep (default 128MiB, a message of ten files at the upload
//		limit and room to spare): an answer, follow-up or edit whose
//		files would pass it is refused 413 with code 40005. SIZE is a
//		number of bytes, or one with KiB, MiB or GiB.
//	-max-upload SIZE
//		how many bytes each file of a message may have, the upload
//		limit interactions report as attachment_size_limit (default
//		10MiB, the service's, and the most): a file over it is refused
//		413 with code 40005. A lower one lets a bot's tests of refused
//		uploads send small files.
//	-max-files SIZE
//		how many bytes of files the interactions kept hold in all
//		(default 512MiB): past it the oldest interactions are
//		forgotten.
//	-max-events N
//		how many deliveries of webhook events the emulator keeps once
//		they have finished (default 10000), which GET /_emulator/events
//		lists: past it the oldest is dropped.
//	-max-waiting-events N
//		how many webhook events may wait their turn behind the delivery
//		under way (default 1000): past it an event is not sent, and is
//		recorded as such, its endpoint not keeping up.
//	-max-channel-messages N
//		how many messages posted through the channel endpoints (by the
//		bot, or by users through the control API) the emulator keeps
//		per channel (default 1000): past it the channel's oldest is
//		forgotten.
//	-max-channel-files SIZE
//		how many bytes of files the messages posted in one channel keep
//		(default 128MiB): past it the channel's oldest are forgotten.
//	-max-faults N
//		how many injected faults, not yet used up, the emulator holds at
//		once (default 1000): past it POST /_emulator/faults answers 409.
//	-persist DIR
//		keeps the emulator's state in DIR/state.json (a snapshot, see
//		GET /_emulator/state), so that it outlives a restart: when the
//		file is there the emulator starts from it, with the credentials,
//		signing key and world it holds, and prints the same first line;
//		-seed, -skus and the other flags that make the world made the
//		world of the first start, which the file holds, and a
//		-signing-key, -activities, -discoverable or
//		-installation-contexts that contradicts the file is an error.
//		The file is written a while after each change (-persist-interval)
//		and at exit, through a temporary file of DIR that is renamed
//		over it once synced, so that a crash leaves the last whole
//		state; a temporary file left behind is ignored. A file that
//		cannot be read is an error, not a fresh start. POST
//		/_emulator/reset goes back to the world of the first start. The
//		file holds the bot token, the client secret and the signing
//		key: it is written readable by its owner only (0600).
//	-persist-interval D
//		with -persist, how long after a change the state is written
//		(default 5s): changes within it are written at once.
//	-web
//		also serves the playground to a browser (package emulator/web):
//		a channel where a person uses the bot's commands as its users
//		will, once the bot's interactions URL is set. The page's address
//		is then the first line printed, and the credentials the second.
//	-web-addr ADDR
//		where -web serves the playground (default 127.0.0.1:0, a free
//		port); it implies -web.
//	-run COMMAND
//		runs the bot: COMMAND is run by sh, in a process group of its
//		own, with the credentials in its environment as SWITCHBOARD_BASE_URL,
//		SWITCHBOARD_APPLICATION_ID, SWITCHBOARD_PUBLIC_KEY,
//		SWITCHBOARD_BOT_TOKEN, SWITCHBOARD_CLIENT_ID,
//		SWITCHBOARD_CLIENT_SECRET and SWITCHBOARD_GUILD_ID (and
//		SWITCHBOARD_INSTALLATION_CONTEXTS with -installation-contexts),
//		and in PORT a port of 127.0.0.1 that was free, the same at every
//		start, for the bot to serve on: write '$PORT' in the command, in
//		single quotes so that sh expands it. The emulator looks for the
//		bot at 127.0.0.1:$PORT, checks it as -interactions-url does, and
//		sets the URLs then; a bot that has not answered within a minute
//		is reported, and still waited for. To stop the bot it sends
//		SIGINT to the group, then SIGKILL to what still runs 10 seconds
//		later. It excludes -interactions-url and -events-url.
//	-sync COMMAND
//		with -run, the bot's sync step, run as -run's command is (with no
//		PORT to serve on) before each start of the bot: a bot made with
//		package registry runs registry.RunSync, which reads the
//		SWITCHBOARD_* variables. One that fails is run again as a bot
//		that exits is, and the bot is not started until it succeeds. It
//		may run for 5 minutes.
//	-watch DIR
//		with -run, the directory whose Go sources restart the bot when
//		they change (default ., the current directory; "" for none):
//		the .go files but tests, go.mod, go.sum and go.work, under
//		directories the go command builds from (not those whose names
//		begin with . or _, nor testdata), looked at twice a second, up
//		to 20000 files and directories. The restart waits until a look
//		finds nothing new, so that a save of several files restarts the
//		bot once.
//	-interactions-path PATH
//		with -run, the path the bot serves interactions at (default /).
//	-events-path PATH
//		with -run, the path the bot serves webhook events at (default
//		/events, where package serve serves them); "" for none. A bot
//		that fails the checks of -events-url there gets no events.
package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/emulator/web"
	"github.com/switchboard-go/switchboard/interaction"
)

func main() {
	// SIGHUP too: a closed terminal stops the bot -run started, which is
	// in a process group of its own.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	if len(os.Args) > 1 && os.Args[1] == "health" {
		code := health(ctx, os.Args[2:], os.LookupEnv, os.Stderr, healthTimeout)
		stop()
		os.Exit(code)
	}
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, "emulator:", err)
		os.Exit(2)
	}
}

// run runs the emulator with the command line args until ctx ends.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return runWith(ctx, flag.NewFlagSet("emulator", flag.ContinueOnError), args, stdout, stderr, defaultTiming())
}

// runWith is run, with the timing of -run given, defining its flags in
// flags, which is new: a test walks them once it returns.
func runWith(ctx context.Context, flags *flag.FlagSet, args []string, stdout, stderr io.Writer, t timing) error {
	flags.SetOutput(stderr)
	addr := flags.String("addr", "127.0.0.1:8484", "address to listen on (port 0 picks a free one); the control API under /_emulator/ answers only JSON requests made to an IP address, localhost or a name of -control-hosts, and none a web page of another origin makes")
	controlHosts := flags.String("control-hosts", "", "names, separated by commas, the control API answers at besides IP addresses and localhost, such as the emulator's compose service name (no scheme, no port)")
	interactionsURL := flags.String("interactions-url", "", "the bot's interactions endpoint")
	eventsURL := flags.String("events-url", "", "the application's webhook events endpoint")
	activities := flags.Bool("activities", false, "give the application an Activity: it starts with the entry point command \"Launch\"")
	discoverable := flags.Bool("discoverable", false, "list the application in the App Directory, which refuses age-restricted commands")
	installation := flags.String("installation-contexts", "", "the installation contexts the application supports: GUILD_INSTALL (0), USER_INSTALL (1), separated by commas (default GUILD_INSTALL)")
	signingKey := flags.String("signing-key", "", "the hex Ed25519 seed interactions are signed with (default a new key)")
	wellKnown := flags.Bool("well-known", false, "use the well-known credentials, the same at every start, and make the world with the well-known ids (see emulator.WellKnownApplicationID); only on a loopback address unless -well-known-exposed")
	wellKnownExposed := flags.Bool("well-known-exposed", false, "let -well-known serve on an address other machines reach, as a container must, knowing that whoever reaches it can act as the bot")
	seedFile := flags.String("seed", "", "a JSON file of users and guilds to add to the world")
	skusFile := flags.String("skus", "", "a JSON file of the application's SKUs (default: a subscription for users and one for guilds, a durable and a consumable)")
	rateRequests := flags.Int("rate-limit", 50, "requests each route bucket answers per -rate-window before 429")
	rateWindow := flags.Duration("rate-window", time.Second, "the rate limit's window")
	maxInteractions := flags.Int("max-interactions", emulator.DefaultKeptInteractions, "interactions kept; past it the oldest are forgotten")
	maxEvents := flags.Int("max-events", emulator.DefaultKeptEvents, "deliveries of webhook events kept once finished; past it the oldest is dropped")
	maxWaitingEvents := flags.Int("max-waiting-events", emulator.DefaultWaitingEvents, "webhook events that may wait their turn behind the delivery under way; past it an event is not sent, and is recorded as such")
	maxFaults := flags.Int("max-faults", emulator.DefaultFaults, "injected faults held at once, not yet used up; past it POST /_emulator/faults answers 409")
	maxChannelMessages := flags.Int("max-channel-messages", emulator.DefaultChannelMessages, "messages posted through the channel endpoints kept per channel; past it the oldest are forgotten")
	maxChanges := flags.Int("max-changes", emulator.DefaultKeptChanges, "changes to messages the histories of the interactions kept hold, in all; past it the oldest interactions are forgotten")
	interactionFiles, maxFiles := size(emulator.DefaultInteractionFiles), size(emulator.DefaultKeptFiles)
	channelFiles, upload := size(emulator.DefaultChannelFiles), size(emulator.DefaultUpload)
	flags.Var(&upload, "max-upload", "the `size` each file of a message may have, in bytes or with KiB, MiB or GiB, at most the service's 10MiB; past it an upload is refused with 413")
	flags.Var(&channelFiles, "max-channel-files", "the `size` of the files the messages posted in one channel keep, in bytes or with KiB, MiB or GiB; past it the oldest are forgotten")
	flags.Var(&interactionFiles, "max-interaction-files", "the `size` of the files one interaction's messages may keep, in bytes or with KiB, MiB or GiB; past it an upload is refused with 413")
	flags.Var(&maxFiles, "max-files", "the `size` of the files the interactions kept hold in all; past it the oldest interactions are forgotten")
	disallowed := flags.String("disallowed-intents", "", "privileged gateway intents the application has not turned on: GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT, separated by commas; a gateway session asking for one is closed with 4014 (default none: all three are on)")
	extraBots := flags.String("extra-bots", "", "more applications beside the first, in the same world, by their bots' `names`, separated by commas; each bot joins the guild with a managed role of its own, and their credentials are at GET /_emulator/applications (the first line printed stays the first application's)")
	heartbeat := flags.Duration("gateway-heartbeat", 0, "the heartbeat interval the gateway's HELLO gives (default 41.25s, the service's)")
	persistDir := flags.String("persist", "", "a `directory` that keeps the emulator's state: it starts from DIR/state.json if there is one, with its credentials and world, and writes it when the world changes and at exit")
	persistInterval := flags.Duration("persist-interval", 5*time.Second, "with -persist, how long after a change the state is written")
	serveWeb := flags.Bool("web", false, "also serve the playground to a browser; its address is then the first line printed")
	webAddr := flags.String("web-addr", web.DefaultAddr, "where -web serves the playground (implies -web); port 0 picks a free one")
	var dc devConfig
	flags.StringVar(&dc.run, "run", "", "a `command` that serves the bot, run by sh with the application's credentials in SWITCHBOARD_* and a free port in PORT (write '$PORT'); the emulator points the application at it, and runs it again when its sources change")
	flags.StringVar(&dc.sync, "sync", "", "with -run, a `command` that registers the bot's commands, run as -run's before each start of the bot")
	flags.StringVar(&dc.watch, "watch", ".", "with -run, the `directory` whose Go sources restart the bot when they change; \"\" for none")
	flags.StringVar(&dc.interactionsPath, "interactions-path", "/", "with -run, the `path` the bot serves interactions at")
	flags.StringVar(&dc.eventsPath, "events-path", defaultEventsPath, "with -run, the `path` the bot serves webhook events at, if it does; \"\" for none")
	showVersion := flags.Bool("version", false, "print the emulator's version and exit")
	nameVariables(flags)
	if err := parseFlags(flags, args, os.LookupEnv); err != nil {
		return err
	}
	if *showVersion {
		fmt.Fprintf(stdout, "emulator %s\n", versionOf())
		return nil
	}
	set := map[string]bool{}
	flags.Visit(func(f *flag.Flag) { set[f.Name] = true })
	*serveWeb = *serveWeb || set["web-addr"]
	if flags.NArg() > 0 {
		return errors.New("unexpected arguments: " + strings.Join(flags.Args(), " "))
	}
	if err := dc.check(set); err != nil {
		return err
	}
	dc.installation = *installation
	for name, n := range map[string]int{"max-interactions": *maxInteractions, "max-changes": *maxChanges, "max-events": *maxEvents,
		"max-waiting-events": *maxWaitingEvents, "max-faults": *maxFaults, "max-channel-messages": *maxChannelMessages} {
		if n <= 0 {
			return errors.New("-" + name + ": want a positive number")
		}
	}
	cfg := emulator.Config{
		Activities:   *activities,
		Discoverable: *discoverable,
		RateLimit:    emulator.RateLimit{Requests: *rateRequests, Window: *rateWindow},
		Limits: emulator.Limits{Interactions: *maxInteractions, Changes: *maxChanges,
			InteractionFiles: int64(interactionFiles), Files: int64(maxFiles), Events: *maxEvents,
			WaitingEvents: *maxWaitingEvents, Faults: *maxFaults,
			ChannelMessages: *maxChannelMessages, ChannelFiles: int64(channelFiles), Upload: int64(upload)},
	}
	if *heartbeat < 0 {
		return errors.New("-gateway-heartbeat: want a positive duration")
	}
	cfg.GatewayHeartbeat = *heartbeat
	if *disallowed != "" {
		bits, err := privilegedIntents(*disallowed)
		if err != nil {
			return fmt.Errorf("-disallowed-intents: %w", err)
		}
		cfg.DisallowedIntents = bits
	}
	if *extraBots != "" {
		for _, name := range strings.Split(*extraBots, ",") {
			cfg.Applications = append(cfg.Applications, emulator.ApplicationConfig{Name: strings.TrimSpace(name)})
		}
	}
	if *installation != "" {
		contexts, err := interaction.ParseIntegrationTypes(*installation)
		if err != nil {
			return fmt.Errorf("-installation-contexts: %w", err)
		}
		cfg.InstallationContexts = contexts
	}
	cfg.WellKnown = *wellKnown
	if *controlHosts != "" {
		// An empty entry stays, for the emulator to refuse: a stray comma
		// is a mistake, not a name.
		for h := range strings.SplitSeq(*controlHosts, ",") {
			cfg.ControlHosts = append(cfg.ControlHosts, strings.TrimSpace(h))
		}
	}
	if *wellKnown && set["signing-key"] {
		return errors.New("-signing-key and -well-known: the well-known credentials have a key of their own")
	}
	if *signingKey != "" {
		seed, err := hex.DecodeString(*signingKey)
		if err != nil || len(seed) != ed25519.SeedSize {
			return errors.New("-signing-key: want 64 hex digits, an Ed25519 seed")
		}
		cfg.SigningKey = ed25519.NewKeyFromSeed(seed)
	}
	if *seedFile != "" {
		seed, err := readSeed(*seedFile)
		if err != nil {
			return err
		}
		cfg.Seed = seed
	}
	if *skusFile != "" {
		skus, err := readSKUs(*skusFile)
		if err != nil {
			return err
		}
		cfg.SKUs = skus
	}
	var keep *persistence
	if *persistDir != "" {
		if *persistInterval <= 0 {
			return errors.New("-persist-interval: want a positive duration")
		}
		if err := os.MkdirAll(*persistDir, 0o700); err != nil {
			return fmt.Errorf("-persist: %w", err)
		}
		keep = &persistence{dir: *persistDir}
		snapshot, err := keep.load()
		if err != nil {
			return fmt.Errorf("-persist: %w", err)
		}
		if snapshot != nil {
			if err := keep.startFrom(&cfg, snapshot); err != nil {
				return err
			}
		}
	} else if set["persist-interval"] {
		return errors.New("-persist-interval goes with -persist")
	}
	var webLn net.Listener
	if *serveWeb {
		// Taken first, so that an address in use fails before anything
		// else starts.
		var err error
		if webLn, err = net.Listen("tcp", *webAddr); err != nil {
			return fmt.Errorf("-web-addr: %w", err)
		}
		defer webLn.Close()
		if web.Exposed(webLn.Addr()) {
			fmt.Fprintf(stderr, "emulator: warning: -web-addr %s takes connections from other machines, and the playground lets whoever reaches it drive the bot\n", webLn.Addr())
		}
	}
	s, err := emulator.Listen(*addr, cfg)
	if err != nil {
		if keep != nil && cfg.State != nil {
			return fmt.Errorf("-persist: %s: %w", keep.path(), err)
		}
		return err
	}
	if *wellKnown {
		if err := checkWellKnown(s, *wellKnownExposed, stderr); err != nil {
			s.Close()
			return err
		}
	}
	if *interactionsURL != "" {
		// Checked as the service would, before anything is printed: a
		// script waiting for the first line never gets credentials for a
		// bot the service would not talk to.
		if err := s.SetInteractionsURL(ctx, *interactionsURL); err != nil {
			s.Close()
			return fmt.Errorf("-interactions-url: %w", err)
		}
	}
	if *eventsURL != "" {
		// Checked the same way, for the same reason.
		if err := s.SetEventsURL(ctx, *eventsURL); err != nil {
			s.Close()
			return fmt.Errorf("-events-url: %w", err)
		}
	}
	line, err := json.Marshal(s.Credentials())
	if err != nil {
		return err
	}
	var d *dev
	if dc.run != "" {
		// Before anything is printed, as the URLs are checked: a
		// -watch that cannot be read is a mistake in the command line.
		if d, err = newDev(dc, t, s, stderr); err != nil {
			s.Close()
			return err
		}
	}
	var playground *web.Server
	if webLn != nil {
		playground = web.Serve(webLn, s, web.Config{})
		fmt.Fprintf(stdout, "%s\n", playground.URL)
	}
	fmt.Fprintf(stdout, "%s\n", line)
	var kept sync.WaitGroup
	keepCtx, stopKeeping := context.WithCancel(ctx)
	defer stopKeeping()
	if keep != nil {
		kept.Add(1)
		go func() {
			defer kept.Done()
			keep.keep(keepCtx, s, *persistInterval, func(err error) { fmt.Fprintln(stderr, "emulator:", err) })
		}()
	}
	var loopErr error
	if d != nil {
		// The bot starts once the first lines are out, whatever it
		// prints: scripts read them first.
		d.say("serving the API at %s and the control API at %s/_emulator/", s.URL, strings.TrimSuffix(s.URL, "/v10"))
		loopErr = d.loop(ctx)
	} else {
		<-ctx.Done()
	}
	if playground != nil {
		// Its event streams end first; the emulator they follow next.
		playground.Close()
	}
	closeErr := s.Close()
	var saveErr error
	if keep != nil {
		// The last state, once nothing changes it any more.
		stopKeeping()
		kept.Wait()
		saveErr = keep.save(s)
	}
	return errors.Join(loopErr, closeErr, saveErr)
}

// check refuses flags of -run given without it, or with flags that do
// what -run does.
func (c *devConfig) check(set map[string]bool) error {
	if c.run == "" {
		for _, name := range []string{"sync", "watch", "interactions-path", "events-path"} {
			if set[name] {
				return fmt.Errorf("-%s goes with -run", name)
			}
		}
		return nil
	}
	for _, name := range []string{"interactions-url", "events-url"} {
		if set[name] {
			return fmt.Errorf("-%s and -run: -run sets the URLs to the bot it starts, once it answers", name)
		}
	}
	if !strings.HasPrefix(c.interactionsPath, "/") {
		return fmt.Errorf("-interactions-path %q does not begin with /", c.interactionsPath)
	}
	if c.eventsPath != "" && !strings.HasPrefix(c.eventsPath, "/") {
		return fmt.Errorf("-events-path %q does not begin with /", c.eventsPath)
	}
	if c.eventsPath == c.interactionsPath {
		return fmt.Errorf("-events-path and -interactions-path are both %q", c.eventsPath)
	}
	return nil
}

// readSeed reads a seed file, refusing fields it does not know: a typo
// would otherwise leave part of the world out without a word.
func readSeed(name string) (*emulator.Seed, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dec := json.NewDecoder(f)
	dec.DisallowUnknownFields()
	var seed emulator.Seed
	if err := dec.Decode(&seed); err != nil {
		return nil, fmt.Errorf("-seed %s: %w", name, err)
	}
	return &seed, nil
}

// readSKUs reads a file of SKUs, refusing fields it does not know, as
// readSeed does. An empty list stays empty: the application sells nothing.
func readSKUs(name string) ([]emulator.SKU, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dec := json.NewDecoder(f)
	dec.DisallowUnknownFields()
	skus := []emulator.SKU{}
	if err := dec.Decode(&skus); err != nil {
		return nil, fmt.Errorf("-skus %s: %w", name, err)
	}
	if skus == nil {
		// null
		skus = []emulator.SKU{}
	}
	return skus, nil
}

// privilegedIntents reads a list of privileged intents by name into
// their bits.
func privilegedIntents(list string) (uint64, error) {
	bits := map[string]uint64{"GUILD_MEMBERS": 1 << 1, "GUILD_PRESENCES": 1 << 8, "MESSAGE_CONTENT": 1 << 15}
	var out uint64
	for _, name := range strings.Split(list, ",") {
		b, ok := bits[strings.ToUpper(strings.TrimSpace(name))]
		if !ok {
			return 0, fmt.Errorf("%q is not a privileged intent: want GUILD_MEMBERS, GUILD_PRESENCES or MESSAGE_CONTENT", strings.TrimSpace(name))
		}
		out |= b
	}
	return out, nil
}

// checkWellKnown refuses the well-known credentials on an address other
// machines reach, unless exposed says the operator means it, as in a
// container, which must listen on all its addresses; then it says so on
// stderr. The credentials are public: whoever reaches the emulator can
// act as the bot there, and read the interactions sent to it.
func checkWellKnown(s *emulator.Server, exposed bool, stderr io.Writer) error {
	u, err := url.Parse(s.URL)
	if err != nil {
		return err
	}
	addr, err := net.ResolveTCPAddr("tcp", u.Host)
	if err != nil {
		return err
	}
	if !web.Exposed(addr) {
		return nil
	}
	if !exposed {
		return fmt.Errorf("-well-known on %s, which other machines reach: the well-known credentials are public, so anyone who reaches it can act as the bot; listen on a loopback address (127.0.0.1), or give -well-known-exposed (%s=1) to serve them there anyway", addr, envName("well-known-exposed"))
	}
	fmt.Fprintf(stderr, "emulator: warning: -well-known on %s, which other machines reach: the credentials are public, and whoever reaches the emulator can act as the bot\n", addr)
	return nil
}
