package emulator

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// Several applications: a test of bots that share a guild (a moderation
// bot and a music bot, a bot and the bot it must not answer, two bots
// whose commands have the same name) needs them in one world. Each
// application has its own credentials, signing key, URLs, commands,
// permissions, tokens, SKUs, entitlements and gateway sessions; the
// users, guilds, channels, messages and the rest are the world's, which
// they share. The first application is the one New makes, whose
// credentials Server's fields hold and which the Server's methods act
// for; the others are Config.Applications.

// ApplicationConfig sets up an application beside the first
// (Config.Applications).
type ApplicationConfig struct {
	// Name is the bot's username, and so the application's name; empty
	// means "bot-2" for the second application, "bot-3" for the third
	// and so on.
	Name string
	// SigningKey is the key its interactions and webhook events are
	// signed with; nil means a new one.
	SigningKey ed25519.PrivateKey
	// InstallationContexts are the installation contexts it supports, as
	// Config.InstallationContexts are the first application's.
	InstallationContexts []interaction.IntegrationType
	// InteractionsURL is where its bot receives interactions, and
	// EventsURL where it receives webhook events; either can be set
	// later with Application.SetInteractionsURL or SetEventsURL.
	InteractionsURL string
	EventsURL       string
	// SKUs are its premium offerings; nil means none.
	SKUs []SKU
	// OwnGuildOnly keeps its bot out of the guilds of Config.Seed: it
	// joins the guild New makes alone. Otherwise it joins every guild of
	// the seed the first application is installed in.
	OwnGuildOnly bool
}

// addApplication makes an application beside the first, as cfg says:
// its bot joins the guild New made, with a managed role of its own, and
// the seed's guilds the first application is in unless cfg says
// otherwise. n is its place, 2 for the second; with wellKnown it has the
// well-known credentials of its place (WellKnownApplication).
func (s *Server) addApplication(cfg ApplicationConfig, n int, wellKnown bool) error {
	where := fmt.Sprintf("emulator: Config.Applications[%d]", n-2)
	known, ok := WellKnownApplication(n)
	switch {
	case wellKnown && cfg.SigningKey != nil:
		return errors.New(where + ": a signing key, and Config.WellKnown: the well-known credentials have a key of their own")
	case wellKnown && !ok:
		return fmt.Errorf("%s: Config.WellKnown gives credentials to %d applications at most", where, maxWellKnownApps)
	case cfg.SigningKey != nil && len(cfg.SigningKey) != ed25519.PrivateKeySize:
		return errors.New(where + ": the signing key is not an Ed25519 private key")
	}
	contexts, err := installationContexts(cfg.InstallationContexts)
	if err != nil {
		return fmt.Errorf("%s: %s", where, strings.TrimPrefix(err.Error(), "emulator: "))
	}
	name := cfg.Name
	if name == "" {
		name = fmt.Sprintf("bot-%d", n)
	}
	if strings.TrimSpace(name) == "" || len(name) > 32 {
		return fmt.Errorf("%s: the name %q is not a username: 1 to 32 characters", where, name)
	}
	key := cfg.SigningKey
	if wellKnown {
		key = known.key()
	}
	if key == nil {
		if _, key, err = ed25519.GenerateKey(nil); err != nil {
			panic("emulator: generating a key: " + err.Error())
		}
	}
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	for _, u := range st.users {
		if u.Bot && u.Username == name {
			return fmt.Errorf("%s: the name %q is another bot's", where, name)
		}
	}
	first := st.apps[0]
	app := newApplication(key)
	app.id = st.newID()
	if wellKnown {
		app.id = known.ID
	}
	app.clientID, app.clientSecret = app.id.String(), secret(16)
	if wellKnown {
		app.clientSecret = known.ClientSecret
	}
	app.redirectURI, app.owner = first.redirectURI, first.owner
	app.installContexts = contexts
	app.interactionsURL, app.eventsURL = cfg.InteractionsURL, cfg.EventsURL
	app.botUser = app.id
	st.users[app.id] = &interaction.User{ID: app.id, Username: name, GlobalName: strings.ToUpper(name[:1]) + name[1:], Discriminator: "0", Bot: true}
	app.botToken = newBotToken(app.botUser, st.now())
	if wellKnown {
		app.botToken = known.BotToken
	}
	st.apps = append(st.apps, app)
	defer st.actFor(app)()
	if err := s.setSKUs(ownSKUs(cfg.SKUs)); err != nil {
		st.apps = st.apps[:len(st.apps)-1]
		delete(st.users, app.id)
		return fmt.Errorf("%s: %s", where, strings.TrimPrefix(err.Error(), "emulator: "))
	}
	for _, id := range slices.Sorted(maps.Keys(st.guilds)) {
		g := st.guilds[id]
		if id != s.GuildID && (cfg.OwnGuildOnly || !g.installed[first.id]) {
			continue
		}
		joined := st.now().UTC().Truncate(time.Second)
		if m := g.members[first.botUser]; m != nil {
			joined = m.JoinedAt
		}
		g.install(app.id)
		st.joinBot(g, defaultBotPermissions, joined)
	}
	return nil
}

// ownSKUs returns skus, or an empty list for nil: an application beside
// the first has no SKUs unless it is given some.
func ownSKUs(skus []SKU) []SKU {
	if skus == nil {
		return []SKU{}
	}
	return skus
}

// Application is one application of a Server, for acting on it alone:
// the Server's own methods act for the first. Its methods are safe to
// call at the same time as the Server's.
type Application struct {
	s  *Server
	id interaction.Snowflake
}

// Application returns the application with id, nil for none. The
// first application's id is Server.ApplicationID.
func (s *Server) Application(id interaction.Snowflake) *Application {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	if s.st.appByID(id) == nil {
		return nil
	}
	return &Application{s: s, id: id}
}

// Applications returns the credentials of each application, the first
// first, in the order they were made.
func (s *Server) Applications() []Credentials {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	out := make([]Credentials, 0, len(s.st.apps))
	for _, app := range s.st.apps {
		out = append(out, s.credentialsOf(app))
	}
	return out
}

// ID returns the application's id, which is its bot's.
func (a *Application) ID() interaction.Snowflake { return a.id }

// Credentials returns the application's credentials, and the ids of the
// seeded guild and its users. The authorization code is the first
// application's alone.
func (a *Application) Credentials() Credentials {
	a.s.st.mu.Lock()
	defer a.s.st.mu.Unlock()
	app := a.s.st.appByID(a.id)
	if app == nil {
		return Credentials{}
	}
	return a.s.credentialsOf(app)
}

// SetInteractionsURL is Server.SetInteractionsURL for the application.
func (a *Application) SetInteractionsURL(ctx context.Context, rawURL string) error {
	return a.s.setInteractionsURL(ctx, a.id, rawURL)
}

// SetEventsURL is Server.SetEventsURL for the application.
func (a *Application) SetEventsURL(ctx context.Context, rawURL string) error {
	return a.s.setEventsURL(ctx, a.id, rawURL)
}

// lockFor takes the state's lock and acts for the application with id,
// 0 for the first; unlock sets back the application acted for and lets
// the lock go. An id of no application is refused, ErrUnknownTarget,
// with the lock let go.
func (s *Server) lockFor(id interaction.Snowflake) (unlock func(), err error) {
	st := s.st
	st.mu.Lock()
	app := st.apps[0]
	if id != 0 {
		if app = st.appByID(id); app == nil {
			st.mu.Unlock()
			return nil, refuse(ErrUnknownTarget, "no application "+id.String())
		}
	}
	back := st.actFor(app)
	return func() {
		back()
		st.mu.Unlock()
	}, nil
}

// SKUs is Server.SKUs for the application.
func (a *Application) SKUs() []SKU {
	unlock, err := a.s.lockFor(a.id)
	if err != nil {
		return nil
	}
	defer unlock()
	return slices.Clone(a.s.st.app.skus)
}

// CreateEntitlement is Server.CreateEntitlement for the application, of
// whose SKUs e is. Server.EndEntitlement and RemoveEntitlement find an
// entitlement of any application.
func (a *Application) CreateEntitlement(e interaction.Entitlement) (interaction.Entitlement, error) {
	return a.s.createEntitlement(a.id, e)
}

// InstallGuild is Server.InstallGuild for the application.
func (a *Application) InstallGuild(user, guild interaction.Snowflake, scopes ...string) error {
	return a.s.install(a.id, user, guild, 0, scopes)
}

// InstallBot is Server.InstallBot for the application.
func (a *Application) InstallBot(user, guild interaction.Snowflake, perms interaction.Permissions) error {
	return a.s.install(a.id, user, guild, perms, []string{scopeBot, scopeCommands})
}

// AuthorizeUser is Server.AuthorizeUser for the application: the code is
// exchanged with its client id and secret.
func (a *Application) AuthorizeUser(user interaction.Snowflake, scopes ...string) (string, error) {
	return a.s.authorizeUser(a.id, user, scopes)
}

// RevokeGrant is Server.RevokeGrant for the application.
func (a *Application) RevokeGrant(refreshToken string) bool {
	return a.s.revokeGrant(a.id, refreshToken)
}

// Deauthorize is Server.Deauthorize for the application.
func (a *Application) Deauthorize(user interaction.Snowflake) {
	a.s.deauthorize(a.id, user)
}
