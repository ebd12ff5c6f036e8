package emulator

import (
	"context"
	"crypto/ed25519"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/switchboard-go/switchboard/emulator/internal/gateway"
	"github.com/switchboard-go/switchboard/emulator/internal/guard"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// Config sets up a Server. The zero Config is a working service.
type Config struct {
	// Activities gives the application an Activity (the EMBEDDED flag): it
	// starts with the entry point command "Launch".
	Activities bool
	// InstallationContexts are the installation contexts the application
	// supports, as set on its Installation page: the integration types its
	// commands may list, and the integration_types of a command that lists
	// none. Nil means GUILD_INSTALL only; add USER_INSTALL to let users
	// install the application to their account. GUILD_INSTALL cannot be
	// left out: the application is installed in the guild New makes.
	InstallationContexts []interaction.IntegrationType
	// Discoverable lists the application in the App Directory, whose
	// applications may have no age-restricted (nsfw) commands.
	Discoverable bool
	// InteractionsURL is where the bot receives interactions; it can be
	// set later with SetInteractionsURL.
	InteractionsURL string
	// EventsURL is where the application receives webhook events; it can
	// be set later with SetEventsURL. Without one no events are sent.
	EventsURL string
	// RateLimit is how many requests each route bucket answers per window
	// before it answers 429. Zero means 50 per second.
	RateLimit RateLimit
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// ResponseWindow is how long the service waits for the first answer
	// to an interaction, by HTTP or the callback endpoint, and for a
	// webhook event's acknowledgement. Zero means 3 seconds, the
	// service's window. The checks of an interactions or events URL wait
	// 3 seconds however short it is set.
	ResponseWindow time.Duration
	// Seed adds users and guilds to the world New makes.
	Seed *Seed
	// SKUs are the application's premium offerings, which entitlements
	// grant. Nil means a user subscription "Premium", a guild
	// subscription "Server Premium" (not published), a durable "Lifetime
	// Pass" and a consumable "Coin Pack"; an empty list means none. See
	// Server.SKUs for their ids.
	SKUs []SKU
	// Limits bound what the emulator keeps in memory: the interactions,
	// the changes to their messages and the files; past them the oldest
	// interactions are forgotten. The zero Limits are the defaults.
	Limits Limits
	// DisallowedIntents are the privileged intents of the gateway the
	// application has not turned on, by their bits (1<<1 GUILD_MEMBERS,
	// 1<<8 GUILD_PRESENCES, 1<<15 MESSAGE_CONTENT): a gateway session
	// that asks for one is closed with 4014. Zero allows all three, as
	// for an application that turned them on in its settings.
	DisallowedIntents uint64
	// GatewayHeartbeat is the heartbeat interval the gateway's HELLO
	// gives; zero means 41.25 seconds, the service's.
	GatewayHeartbeat time.Duration
	// SigningKey is the key interactions are signed with; nil means a new
	// one. A fixed key lets a bot be configured before the emulator
	// starts, as an interactions URL given at start must already verify.
	SigningKey ed25519.PrivateKey
	// State is a snapshot (Server.Snapshot) the server starts from, in
	// place of the world New makes: its applications, with their
	// credentials and signing keys, and everything their world held, the
	// world Reset goes back to included. Seed and SKUs, which make a
	// world, are then refused; SigningKey, Activities, Discoverable and
	// InstallationContexts, when set, must be the snapshot's, and
	// Applications, when set, must match those beside its first. See
	// docs/emulator.md, "Lifecycle".
	State []byte
	// WellKnown gives the emulator the well-known credentials in place of
	// new ones: the application id, bot token, client secret, signing key
	// and authorization code of the WellKnown constants, and the ids they
	// list for the world it makes, the same at every start, so that a
	// test's configuration can be written down before the emulator
	// starts. They are public: serve them to no one a real secret would
	// be kept from. It excludes SigningKey. The applications of
	// Applications get the well-known credentials of their place
	// (WellKnownApplication), and may not have a SigningKey either.
	WellKnown bool
	// ControlHosts are names the control API answers at besides IP
	// addresses and localhost, such as the emulator's compose service
	// name, by which other containers call it ("emulator"): a host name
	// alone, no scheme or port, matched in any case. The control API's
	// other rules hold under them as under an IP address (see the
	// package's documentation).
	ControlHosts []string
	// Applications are applications beside the first, each with its own
	// bot, credentials and signing key, in the same world: their bots
	// join the guild New makes, each with a managed role of its own. See
	// Server.Applications and docs/emulator.md, "Several applications".
	Applications []ApplicationConfig
}

// RateLimit is a fixed-window limit.
type RateLimit struct {
	Requests int
	Window   time.Duration
}

// Server is a running emulator. Its exported fields are what a bot needs to
// talk to it; treat them as read-only.
type Server struct {
	// URL is the base URL of the API, ending in /v10. The API is also
	// served under /api/v10, the service's own path, and under /v9 and
	// /api/v9 as version 10.
	URL           string
	ApplicationID interaction.Snowflake
	// BotToken is shaped as the service's tokens are: three segments, the
	// first the unpadded base64 of the bot user's id, which is the
	// application's. It is a secret like theirs: the emulator writes it in
	// no log and no error.
	BotToken     string
	ClientID     string
	ClientSecret string
	// PublicKey is the hex key the emulator signs interactions with.
	PublicKey string
	// GuildID is a guild where the application is installed with
	// applications.commands.
	GuildID interaction.Snowflake
	// AuthorizationCode is a one-time code, for RedirectURI, of a user
	// with Manage Guild and Manage Roles in the guild, granting identify
	// and applications.commands.permissions.update. Unlike the codes of
	// AuthorizeUser it does not expire: it waits for whenever a test
	// exchanges it.
	AuthorizationCode string
	RedirectURI       string
	// Admin, Moderator and Member are users of the guild: its owner, a
	// member with Manage Guild and Manage Roles, and a plain member.
	Admin, Moderator, Member interaction.Snowflake

	st *state
	gw *gateway.Hub
	// baseline is the snapshot of the world New made, without a
	// baseline of its own: what Reset goes back to.
	baseline []byte
	limiter  *limiter
	faults   faults
	// deliveryFaults are the faults on what the service sends the bot.
	deliveryFaults deliveryFaults
	window         time.Duration // the response window
	ln             net.Listener
	srv            *http.Server
	// eventsUnderWay counts the webhook events being delivered, which
	// Close waits for.
	eventsUnderWay sync.WaitGroup
	// hooks let the package's tests act on an exchange as it happens.
	hooks hooks
	// routes are the method and path patterns of the API's routes, as
	// Handler registers them (under s.st.mu), so that what is served can
	// be listed.
	routes []string
	// started is when New made the server, for the health check's
	// uptime.
	started time.Time
	// controlHosts are Config.ControlHosts.
	controlHosts []string
}

// New starts a Server on a free loopback port.
func New(cfg Config) (*Server, error) {
	return Listen("127.0.0.1:0", cfg)
}

// Listen starts a Server on addr.
func Listen(addr string, cfg Config) (*Server, error) {
	s, err := newServer(cfg)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	s.ln = ln
	s.URL = "http://" + ln.Addr().String() + "/v10"
	s.srv = &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go s.srv.Serve(ln) //nolint:errcheck // ends with Close
	return s, nil
}

// Close stops the server. Requests under way get a moment to finish;
// connections still open after it are closed. It then waits for the
// webhook event under way, if any, for at most the response window, and
// sends no other: those waiting their turn are recorded unsent.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 250*time.Millisecond)
	defer cancel()
	err := s.srv.Shutdown(ctx)
	if err != nil {
		err = s.srv.Close()
	}
	s.gw.Close()
	s.st.mu.Lock()
	s.st.events.close()
	s.st.mu.Unlock()
	s.eventsUnderWay.Wait()
	return err
}

func newServer(cfg Config) (*Server, error) {
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	rl := cfg.RateLimit
	if rl.Requests <= 0 {
		rl = RateLimit{Requests: 50, Window: time.Second}
	}
	if rl.Window <= 0 {
		rl.Window = time.Second
	}
	if cfg.WellKnown && cfg.SigningKey != nil {
		return nil, errors.New("emulator: Config.WellKnown and Config.SigningKey: the well-known credentials have a key of their own")
	}
	if cfg.SigningKey != nil && len(cfg.SigningKey) != ed25519.PrivateKeySize {
		return nil, errors.New("emulator: the signing key is not an Ed25519 private key")
	}
	contexts, err := installationContexts(cfg.InstallationContexts)
	if err != nil {
		return nil, err
	}
	for i, h := range cfg.ControlHosts {
		if err := guard.CheckHost(h); err != nil {
			return nil, fmt.Errorf("emulator: Config.ControlHosts[%d] %q: %w", i, h, err)
		}
	}
	limits := cfg.Limits.withDefaults()
	if limits.Upload > DefaultUpload {
		return nil, errors.New("emulator: Limits.Upload is over the most it may be, DefaultUpload (10 MiB)")
	}
	var from *world
	if cfg.State != nil {
		if from, err = worldOfConfig(cfg, now, limits); err != nil {
			return nil, err
		}
	}
	priv := cfg.SigningKey
	switch {
	case from != nil:
		priv = from.key
		for i, app := range from.st.apps {
			known, ok := WellKnownApplication(i + 1)
			if cfg.WellKnown && (!ok || app.id != known.ID || !app.key.Equal(known.key())) {
				return nil, errors.New("emulator: Config.WellKnown and Config.State: the snapshot is not of the well-known applications")
			}
		}
	case cfg.WellKnown:
		priv = wellKnownKey()
	case priv == nil:
		if _, priv, err = ed25519.GenerateKey(nil); err != nil {
			panic("emulator: generating a key: " + err.Error())
		}
	}
	st := newState(now, limits)
	window := cfg.ResponseWindow
	if window <= 0 {
		window = 3 * time.Second
	}
	s := &Server{st: st, limiter: newLimiter(rl, now), window: window, started: now()}
	s.controlHosts = slices.Clone(cfg.ControlHosts)
	s.faults.limit = limits.Faults
	s.deliveryFaults.limit = limits.Faults
	s.newGateway(cfg)
	if from != nil {
		s.installWorld(from, false)
		s.baseline = from.baseline
	} else {
		app := newApplication(priv)
		app.installContexts = contexts
		st.app, st.apps = app, []*application{app}
		if cfg.WellKnown {
			// The world is made at one instant, whatever the clock says;
			// ids made later grow from the clock, past these.
			st.idTime = wellKnownInstant()
		}
		s.seed(cfg)
		if err := s.setSKUs(cfg.SKUs); err != nil {
			return nil, err
		}
		if cfg.Seed != nil {
			if err := s.addSeed(cfg.Seed); err != nil {
				return nil, err
			}
		}
		for i, ac := range cfg.Applications {
			if err := s.addApplication(ac, i+2, cfg.WellKnown); err != nil {
				return nil, err
			}
		}
		st.idTime = time.Time{}
	}
	if s.baseline == nil {
		// The world as New made it, which Reset goes back to.
		if s.baseline, err = marshalJSON(s.snapshot()); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// seed makes the world a new application lives in: its bot, a guild with
// roles, channels and three members, and the grant of a moderator.
func (s *Server) seed(cfg Config) {
	st := s.st
	app := st.app
	app.id = st.newID()
	app.clientID = app.id.String()
	app.clientSecret = secret(16)
	if cfg.WellKnown {
		app.clientSecret = WellKnownClientSecret
	}
	app.redirectURI = "http://127.0.0.1/oauth2/callback"
	app.activities = cfg.Activities
	app.discoverable = cfg.Discoverable
	app.interactionsURL = cfg.InteractionsURL
	app.eventsURL = cfg.EventsURL

	user := func(id interaction.Snowflake, name string, bot bool) interaction.Snowflake {
		st.users[id] = &interaction.User{ID: id, Username: name, GlobalName: strings.ToUpper(name[:1]) + name[1:], Discriminator: "0", Bot: bot}
		return id
	}
	s.PublicKey = app.signer.PublicKeyHex()
	// The bot user of an application created today has the application's
	// id, and its token begins with that id.
	app.botUser = user(app.id, "emulator-bot", true)
	app.botToken = newBotToken(app.botUser, st.now())
	if cfg.WellKnown {
		app.botToken = WellKnownBotToken
	}
	owner := user(st.newID(), "owner", false)
	moderator := user(st.newID(), "ada", false)
	member := user(st.newID(), "bob", false)
	app.owner = owner

	g := &guild{
		id: st.newID(), name: "Emulator Guild", owner: owner, locale: interaction.LocaleEnglishUS, now: st.now,
		members:  map[interaction.Snowflake]*interaction.Member{},
		roles:    map[interaction.Snowflake]*interaction.Role{},
		channels: map[interaction.Snowflake]*interaction.Channel{},
	}
	st.guilds[g.id] = g
	g.install(app.id)
	seedProfiles(st.users[moderator], st.users[member], g.id)
	g.roles[g.id] = &interaction.Role{ID: g.id, Name: "@everyone", Permissions: everyonePermissions}
	modRole := st.newID()
	g.roles[modRole] = &interaction.Role{ID: modRole, Name: "Moderator", Position: 1, Hoist: true, Mentionable: true,
		Permissions: interaction.PermissionManageGuild | interaction.PermissionManageRoles | interaction.PermissionKickMembers |
			interaction.PermissionBanMembers | interaction.PermissionManageMessages | interaction.PermissionPinMessages |
			interaction.PermissionModerateMembers}
	joined := st.now().Add(-30 * 24 * time.Hour).UTC().Truncate(time.Second)
	for _, m := range []struct {
		id    interaction.Snowflake
		roles []interaction.Snowflake
	}{{owner, nil}, {moderator, []interaction.Snowflake{modRole}}, {member, nil}} {
		if m.roles == nil {
			m.roles = []interaction.Snowflake{}
		}
		g.members[m.id] = &interaction.Member{User: *st.users[m.id], Roles: m.roles, JoinedAt: joined}
	}
	// The bot joined with an installation that asked for what a
	// moderation bot needs; its managed role is below Moderator, which
	// has the same position and the older id.
	st.joinBot(g, defaultBotPermissions, joined)
	for _, c := range []struct {
		name string
		t    interaction.ChannelType
	}{{"general", interaction.ChannelGuildText}, {"moderation", interaction.ChannelGuildText}, {"announcements", interaction.ChannelGuildAnnouncement}, {"Lounge", interaction.ChannelGuildVoice}} {
		id := st.newID()
		g.channels[id] = &interaction.Channel{ID: id, Type: c.t, GuildID: g.id, Name: c.name, Position: len(g.channels)}
	}
	for _, e := range defaultEmojis {
		e.ID = st.newID()
		g.emojis = append(g.emojis, e)
	}

	code := secret(16)
	if cfg.WellKnown {
		code = WellKnownAuthorizationCode
	}
	// The code of a flow completed as the emulator starts, for whenever a
	// test comes for it: it does not expire (CONFORMANCE.md, D205).
	st.app.grants[code] = &grant{user: moderator, scopes: []string{"identify", "applications.commands.permissions.update"}, redirectURI: app.redirectURI, auth: secret(8)}

	if app.activities {
		// The service names its automatic entry point "Launch" and
		// gives it handler 2 (the specification); it is offered in every
		// interaction context and installation context the application
		// has, as a new command is by default.
		id := st.newID()
		st.app.commands[0] = append(st.app.commands[0], &command.Command{
			ID: id, ApplicationID: app.id, Version: id, Type: interaction.CommandPrimaryEntryPoint,
			Name: "Launch", Handler: interaction.HandlerServiceLaunchActivity,
			IntegrationTypes: slices.Clone(app.installContexts),
			Contexts:         []interaction.ContextType{interaction.ContextGuild, interaction.ContextBotDM, interaction.ContextPrivateChannel},
		})
	}

	s.ApplicationID, s.BotToken, s.ClientID, s.ClientSecret = app.id, app.botToken, app.clientID, app.clientSecret
	s.GuildID, s.AuthorizationCode, s.RedirectURI = g.id, code, app.redirectURI
	s.Admin, s.Moderator, s.Member = owner, moderator, member
}

// caller is who made a request.
type caller struct {
	bot   bool
	token *token // a bearer token; nil for the bot
	// app is the application whose bot token, or bearer token, it is.
	app *application
}

// limitKey names whose rate limits a request counts against: the bot's,
// or the user's a bearer token acts for (a client credentials token acts
// for the application's owner), with the application's.
func (c caller) limitKey() string {
	if c.token == nil {
		return "bot:" + c.app.id.String()
	}
	return c.token.user.String() + ":" + c.app.id.String()
}

// has reports whether a bearer caller's token carries scope.
func (c caller) has(scope string) bool { return c.token != nil && c.token.scopes[scope] }

// authenticate identifies the caller from the Authorization header: the
// application whose bot token it is, or which issued its bearer token.
// The caller holds s.st.mu.
func (s *Server) authenticate(r *http.Request) (caller, *apiError) {
	h := r.Header.Get("Authorization")
	switch {
	case strings.HasPrefix(h, "Bot "):
		if app := s.st.botApp(strings.TrimPrefix(h, "Bot ")); app != nil {
			return caller{bot: true, app: app}, nil
		}
	case strings.HasPrefix(h, "Bearer "):
		for _, app := range s.st.apps {
			t := app.tokens[strings.TrimPrefix(h, "Bearer ")]
			if t != nil && s.st.now().Before(t.expires) {
				return caller{token: t, app: app}, nil
			}
		}
	}
	return caller{}, errUnauthorized()
}

// botApp returns the application whose bot token is token, nil for none.
// Every application's token is compared, in constant time. The caller
// holds the state's lock.
func (st *state) botApp(token string) *application {
	var found *application
	for _, app := range st.apps {
		if subtle.ConstantTimeCompare([]byte(token), []byte(app.botToken)) == 1 {
			found = app
		}
	}
	return found
}

// request is a request being answered.
type request struct {
	*http.Request
	caller caller
	// body is the request's body, read before the handler runs.
	body []byte
	// arrived is when the request arrived, before its body was read.
	arrived time.Time
	// header holds headers the handler sets on its answer.
	header http.Header
	// upload is the most bytes a file of the request may have
	// (Limits.Upload).
	upload int64
}

// handler answers a request under the state's lock. It returns the status
// and the value to encode as the body (nil for none), or an error.
type handler func(r *request) (int, any, *apiError)

// route registers h for a method and path pattern of the API. bucket names
// the rate-limit bucket the route shares; anonymous routes skip
// authentication. Its body, JSON or a form, is at most maxJSONBody bytes.
func (s *Server) route(mux *http.ServeMux, pattern, bucket string, anonymous bool, h handler) {
	s.handle(mux, pattern, routeSpec{bucket: bucket, anonymous: anonymous, maxBody: maxJSONBody}, h)
}

// tokenRoute registers h for a route that an interaction's token in its
// path authenticates, in place of an Authorization header: the callback
// and the webhook. admit checks the token before the body is read, and
// names the bucket's major parameter. The body may carry files.
func (s *Server) tokenRoute(mux *http.ServeMux, pattern, bucket string, admit func(*http.Request) (admission, *apiError), h handler) {
	s.handle(mux, pattern, routeSpec{bucket: bucket, anonymous: true, admit: admit, maxBody: maxRequestBody}, h)
}

// routeSpec is how a route is served.
type routeSpec struct {
	bucket    string
	anonymous bool
	// admit, for a route a token in the path authenticates, refuses a
	// request whose token names nothing, or tells what the token admits.
	// It runs under the state's lock.
	admit func(*http.Request) (admission, *apiError)
	// maxBody is the most of a body the route reads.
	maxBody int64
	// wide, for a route the mux cannot serve beside another (two
	// patterns that cross, neither more specific), is the path the mux
	// serves in its place, with a wildcard where the route has a
	// literal; literals names each such wildcard and the segment it
	// stands for. Other paths of wide are unknown routes.
	wide     string
	literals map[string]string
}

// admission is what a route's admit tells of a request whose token names
// an interaction, before its body is read.
type admission struct {
	// major is the bucket's major parameter: the token.
	major string
	// fileRoom is how many bytes of files the interaction's messages
	// may still keep (Limits.InteractionFiles): a multipart body whose
	// files pass it is refused as soon as they do, unread (D212).
	fileRoom int64
}

func (s *Server) handle(mux *http.ServeMux, pattern string, spec routeSpec, h handler) {
	method, path, _ := strings.Cut(pattern, " ")
	bucket, anonymous := spec.bucket, spec.anonymous
	s.st.mu.Lock()
	if !slices.Contains(s.routes, pattern) {
		s.routes = append(s.routes, pattern)
	}
	s.st.mu.Unlock()
	serve := func(w http.ResponseWriter, r *http.Request) {
		for name, segment := range spec.literals {
			if r.PathValue(name) != segment {
				s.unknownRoute(w)
				return
			}
		}
		if s.faults.inject(w, r, bucket) {
			return
		}
		// The service limits each route per bot or user, and counts
		// requests without valid credentials apart, on its own
		// account of invalid requests: they spend no bucket of the
		// bot's (CONFORMANCE.md, D164). So the caller is known before
		// the bucket is counted, and before the body is read: a request
		// without credentials, or whose token names no interaction,
		// costs no more than its head (D210).
		st := s.st
		st.mu.Lock()
		var (
			who string
			adm = admission{fileRoom: -1}
			e   *apiError
		)
		switch {
		case spec.admit != nil:
			adm, e = spec.admit(r)
		case !anonymous:
			var c caller
			if c, e = s.authenticate(r); e == nil {
				who, adm.major = c.limitKey(), s.majorOf(r)
			}
		}
		st.mu.Unlock()
		if e != nil {
			writeJSON(w, e.status, e.body())
			return
		}
		if !s.limiter.allow(w, bucket+":"+adm.major+"@"+who, bucket) {
			return
		}
		// The body is read before the lock is taken, so that a slow upload
		// holds up no other request; the request counts as made when it
		// arrived.
		arrived := s.st.now()
		var (
			body    []byte
			readErr *apiError
		)
		if adm.fileRoom >= 0 && isMultipart(r.Header.Get("Content-Type")) {
			body, readErr = readUploads(r, spec.maxBody, adm.fileRoom, s.st.limits.InteractionFiles)
		} else {
			body, readErr = readBody(r, spec.maxBody)
		}
		if readErr != nil {
			writeJSON(w, readErr.status, readErr.body())
			return
		}
		st.mu.Lock()
		req := &request{Request: r, body: body, arrived: arrived, header: w.Header(), upload: s.st.limits.Upload}
		var (
			status int
			answer any
		)
		// The request acts for its caller's application, or for the
		// application of the interaction whose token its path gives;
		// the handler of an anonymous route may find another (the
		// client of /oauth2/token). Whichever it is, the first acts
		// again once the answer is made.
		restore := st.actFor(st.app)
		switch {
		case !anonymous:
			if req.caller, e = s.authenticate(r); e == nil {
				st.app = req.caller.app
			}
		case spec.admit != nil:
			if si := st.byToken[r.PathValue("token")]; si != nil {
				st.app = st.appOf(si)
			}
		}
		if e == nil {
			status, answer, e = h(req)
		}
		restore()
		if e == nil && r.Method != http.MethodGet && r.Method != http.MethodHead {
			// A write the service took: commands, permissions, an
			// answer, a follow-up, an edit or a deletion.
			st.touch()
		}
		st.mu.Unlock()
		if e != nil {
			writeJSON(w, e.status, e.body())
			return
		}
		writeJSON(w, status, answer)
	}
	if spec.wide != "" {
		path = spec.wide
	}
	for _, base := range apiBases {
		mux.HandleFunc(method+" "+base+path, serve)
	}
}

// unknownRoute answers a request no route takes. Unknown routes share one
// bucket: a key of the path would be one of the caller's choosing.
func (s *Server) unknownRoute(w http.ResponseWriter) {
	if s.limiter.allow(w, "unknown", "unknown") {
		writeJSON(w, http.StatusNotFound, map[string]any{"message": "404: Not Found", "code": codeGeneral})
	}
}

// majorOf returns the major parameters of r's path, a guild's, an
// application's and a channel's, which its bucket is counted per: each as the path gives
// it when it names the application or a guild of the world, and "-" when
// it names nothing the emulator holds, so that a caller who writes ids of
// its choosing shares one window per route rather than making a window
// per id. The caller holds the state's lock.
func (s *Server) majorOf(r *http.Request) string {
	known := func(name string, holds func(interaction.Snowflake) bool) string {
		v := r.PathValue(name)
		if v == "" {
			return ""
		}
		if id, err := interaction.ParseSnowflake(v); err == nil && holds(id) {
			return v
		}
		return "-"
	}
	guild := known("guild", func(id interaction.Snowflake) bool { return s.st.guilds[id] != nil })
	app := known("app", func(id interaction.Snowflake) bool { return s.st.appByID(id) != nil })
	if channel := known("channel", func(id interaction.Snowflake) bool { _, ok := s.findChannel(id); return ok }); channel != "" {
		// The channel endpoints are counted per channel.
		return guild + "/" + app + "/" + channel
	}
	return guild + "/" + app
}

// Handler returns the HTTP handler of the API, for serving it yourself.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	s.commandRoutes(mux)
	s.authRoutes(mux)
	s.webhookRoutes(mux)
	s.channelRoutes(mux)
	s.entitlementRoutes(mux)
	s.guildRoutes(mux)
	s.gatewayRoutes(mux)
	s.controlRoutes(mux)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/" && isWebSocket(r) {
			s.gw.ServeHTTP(w, r)
			return
		}
		s.unknownRoute(w)
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = cleanRequestPath(r)
		if isControl(r.URL.Path) && !isHealth(r.URL.Path) {
			if reason := s.controlRules().Refused(r); reason != "" {
				writeJSON(w, http.StatusForbidden, map[string]any{"error": "forbidden", "message": reason})
				return
			}
		} else {
			// Every answer of the service's API passes its front proxy,
			// which says so: "Via: 1.1 google". A well-known client
			// reads a 429 without it as a ban by that proxy, not a rate
			// limit, and stops retrying.
			w.Header().Set("Via", "1.1 google")
		}
		mux.ServeHTTP(w, r)
	})
}

// writeJSON writes a JSON answer; a nil body writes none.
func writeJSON(w http.ResponseWriter, status int, body any) {
	if body == nil {
		w.WriteHeader(status)
		return
	}
	b, err := marshalJSON(body)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"message":"500: Internal Server Error","code":0}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// decodeBody decodes a JSON request body into v. A body that is not JSON
// gets the service's 50109; JSON of the wrong shape a 50035 at the field.
func decodeBody(r *request, v any) *apiError {
	return decodeJSON(r.body, v)
}

// decodeJSON decodes the JSON of a request body, or of its payload_json
// part, into v.
func decodeJSON(body []byte, v any) *apiError {
	if len(body) > maxJSONBody {
		return errEntityTooLarge()
	}
	if !json.Valid(body) {
		return errBadRequest(codeInvalidJSON, "The request body contains invalid JSON.")
	}
	if err := json.Unmarshal(body, v); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			pointer := "/" + strings.ReplaceAll(typeErr.Field, ".", "/")
			if typeErr.Field == "" {
				pointer = ""
			}
			return errInvalidBody(pointer, rules.BaseTypeBadType, "Value is not of the expected type "+typeErr.Type.String()+".")
		}
		return errInvalidBody("", rules.BaseTypeBadType, err.Error())
	}
	return nil
}
