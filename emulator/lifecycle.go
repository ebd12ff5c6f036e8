package emulator

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// The emulator's lifecycle, as scripts and containers drive it: a health
// check, a reset between tests, and the state as a document to save and
// load (snapshot.go, restore.go).

// healthPath is the path of the health check.
const healthPath = controlPrefix + "health"

// isHealth reports whether a clean path is the health check's. The health
// check answers whatever the Host header names, unlike the rest of the
// control API (controlRules): a container's health check or a Kubernetes
// probe names the emulator by its name on the network, and the answer
// reveals nothing a page of another site could use, nor does the request
// change anything.
func isHealth(path string) bool { return path == healthPath }

// controlLifecycleRoutes serve the health check, the reset and the state.
func (s *Server) controlLifecycleRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /_emulator/health", s.controlHealth)
	mux.HandleFunc("GET /_emulator/state", s.controlState)
	mux.HandleFunc("PUT /_emulator/state", s.controlRestore)
	mux.HandleFunc("POST /_emulator/reset", s.controlReset)
}

// controlHealth answers that the emulator serves: its status, the
// application's id, which tells one emulator from another, and how long
// it has served, in whole seconds. GET answers HEAD too.
func (s *Server) controlHealth(w http.ResponseWriter, _ *http.Request) {
	s.st.mu.Lock()
	app, up := s.st.app.id, s.st.now().Sub(s.started)
	s.st.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"status": "ok", "application_id": app, "uptime_seconds": int64(max(up, 0).Seconds())})
}

// worldOfConfig builds the world of cfg.State, refusing the settings of
// cfg that make another world or contradict it.
func worldOfConfig(cfg Config, now func() time.Time, limits Limits) (*world, error) {
	switch {
	case cfg.Seed != nil:
		return nil, errors.New("emulator: Config.State and Config.Seed: the snapshot holds the world, which a seed would make")
	case cfg.SKUs != nil:
		return nil, errors.New("emulator: Config.State and Config.SKUs: the snapshot holds the application's SKUs")
	}
	doc, err := decodeState(cfg.State)
	if err != nil {
		return nil, err
	}
	w, err := buildWorld(doc, now, limits)
	if err != nil {
		return nil, err
	}
	app := w.st.app
	switch {
	case cfg.SigningKey != nil && !w.key.Equal(cfg.SigningKey):
		return nil, fmt.Errorf("emulator: Config.SigningKey, public key %x, is not the snapshot's, public key %x",
			cfg.SigningKey.Public(), w.key.Public())
	case cfg.Activities && !app.activities:
		return nil, errors.New("emulator: Config.Activities, and the snapshot's application has no Activity")
	case cfg.Discoverable && !app.discoverable:
		return nil, errors.New("emulator: Config.Discoverable, and the snapshot's application is not")
	case cfg.InstallationContexts != nil:
		contexts, err := installationContexts(cfg.InstallationContexts)
		if err != nil {
			return nil, err
		}
		if !slices.Equal(contexts, app.installContexts) {
			return nil, fmt.Errorf("emulator: Config.InstallationContexts %v, and the snapshot's application supports %v", contexts, app.installContexts)
		}
	}
	if cfg.InteractionsURL != "" {
		app.interactionsURL = cfg.InteractionsURL
	}
	if cfg.EventsURL != "" {
		app.eventsURL = cfg.EventsURL
	}
	if err := matchApplications(cfg.Applications, w); err != nil {
		return nil, err
	}
	if w.baseline, err = checkBaseline(doc, now, limits); err != nil {
		return nil, err
	}
	return w, nil
}

// matchApplications checks the applications of Config.Applications
// against those beside the first in w, a world of Config.State: there
// are as many, and each one's name, signing key and installation
// contexts, when set, are the snapshot's; its URLs, when set, replace the
// snapshot's. Its SKUs and OwnGuildOnly, which make a world, are refused.
// No Config.Applications takes the snapshot's as they are.
func matchApplications(cfgs []ApplicationConfig, w *world) error {
	if cfgs == nil {
		return nil
	}
	others := w.st.apps[1:]
	switch {
	case w.doc.Version == 1:
		return errors.New("emulator: Config.State and Config.Applications: a snapshot of version 1 holds the first application alone")
	case len(cfgs) != len(others):
		return fmt.Errorf("emulator: Config.Applications gives %d applications beside the first, and the snapshot holds %d", len(cfgs), len(others))
	}
	for i, cfg := range cfgs {
		app := others[i]
		where := fmt.Sprintf("emulator: Config.Applications[%d]", i)
		name := w.st.users[app.botUser].Username
		switch {
		case cfg.Name != "" && cfg.Name != name:
			return fmt.Errorf("%s: the name %q, and the snapshot's application %s is %q", where, cfg.Name, app.id, name)
		case cfg.SigningKey != nil && !app.key.Equal(cfg.SigningKey):
			return fmt.Errorf("%s: the signing key is not the snapshot's, of public key %x", where, app.key.Public())
		case cfg.SKUs != nil:
			return fmt.Errorf("%s: SKUs, and the snapshot holds the application's SKUs", where)
		case cfg.OwnGuildOnly:
			return fmt.Errorf("%s: OwnGuildOnly, and the snapshot holds the guilds its bot is in", where)
		case cfg.InstallationContexts != nil:
			contexts, err := installationContexts(cfg.InstallationContexts)
			if err != nil {
				return fmt.Errorf("%s: %s", where, strings.TrimPrefix(err.Error(), "emulator: "))
			}
			if !slices.Equal(contexts, app.installContexts) {
				return fmt.Errorf("%s: InstallationContexts %v, and the snapshot's application supports %v", where, contexts, app.installContexts)
			}
		}
		if cfg.InteractionsURL != "" {
			app.interactionsURL = cfg.InteractionsURL
		}
		if cfg.EventsURL != "" {
			app.eventsURL = cfg.EventsURL
		}
	}
	return nil
}

// appIDs returns the ids of the applications a document holds, the first
// first.
func appIDs(doc *stateDoc) []interaction.Snowflake {
	ids := []interaction.Snowflake{doc.Application.ID}
	for _, a := range doc.Applications {
		ids = append(ids, a.ID)
	}
	return ids
}

// checkBaseline checks the baseline doc holds, a document of the same
// application without a baseline of its own, and returns it compact; nil
// when doc has none.
func checkBaseline(doc *stateDoc, now func() time.Time, limits Limits) ([]byte, error) {
	if len(doc.Baseline) == 0 {
		return nil, nil
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, doc.Baseline); err != nil {
		return nil, &StateError{Path: "baseline", Reason: err.Error()}
	}
	base, err := decodeState(compact.Bytes())
	if err == nil {
		switch {
		case len(base.Baseline) != 0:
			err = &StateError{Path: "baseline", Reason: "a baseline has no baseline of its own"}
		case base.Application.ID != doc.Application.ID:
			err = &StateError{Path: "baseline.application.id", Reason: fmt.Sprintf("%s, not the application's id %s", base.Application.ID, doc.Application.ID)}
		case !slices.Equal(appIDs(base), appIDs(doc)):
			err = &StateError{Path: "baseline.applications", Reason: fmt.Sprintf("the applications %v, not the snapshot's %v", appIDs(base), appIDs(doc))}
		default:
			_, err = buildWorld(base, now, limits)
		}
	}
	var se *StateError
	if errors.As(err, &se) {
		se.Path = strings.TrimSuffix("baseline."+se.Path, ".")
	}
	return compact.Bytes(), err
}

// Restore replaces the world with the one a snapshot (Snapshot) holds:
// the users, guilds, commands, messages, interactions and the rest, as
// they were when it was taken. It checks the whole snapshot first, and
// returns a *StateError saying where and what is wrong with one it
// refuses, having changed nothing. The snapshot must be of the server's
// applications, the same in the same order (ErrOtherApplication), and
// the credentials stay the server's: each application's bot token,
// client secret and signing key, which the bots hold, are kept whatever
// the snapshot says; so is the world Reset goes back to.
//
// A snapshot of version 1 holds the first application alone: the
// applications beside it (Config.Applications) keep their credentials,
// signing keys and URLs, and start again without commands, tokens or
// entitlements, installed where the snapshot's world has their bots.
//
// The gateway's sessions are ended, being about another world: their
// clients are told to identify again (INVALID_SESSION, not resumable).
// Interactions under way are forgotten: the bot's answers to them are
// refused as those to an unknown interaction. Changed is closed.
func (s *Server) Restore(snapshot []byte) error {
	doc, err := decodeState(snapshot)
	if err != nil {
		return err
	}
	s.st.mu.Lock()
	ids := make([]interaction.Snowflake, len(s.st.apps))
	for i, a := range s.st.apps {
		ids[i] = a.id
	}
	s.st.mu.Unlock()
	if doc.Application.ID != s.ApplicationID {
		return fmt.Errorf("%w: the snapshot's application is %s, this emulator's %s; to take a snapshot back, start the emulator from it (Config.State, or cmd/emulator -persist), which keeps its credentials",
			ErrOtherApplication, doc.Application.ID, s.ApplicationID)
	}
	if doc.Version > 1 && !slices.Equal(appIDs(doc), ids) {
		return fmt.Errorf("%w: the snapshot's applications are %v, this emulator's %v; to take a snapshot back, start the emulator from it (Config.State, or cmd/emulator -persist), which keeps their credentials",
			ErrOtherApplication, appIDs(doc), ids)
	}
	if _, err := checkBaseline(doc, s.st.now, s.st.limits); err != nil {
		return err
	}
	w, err := buildWorld(doc, s.st.now, s.st.limits)
	if err != nil {
		return err
	}
	s.installWorld(w, false)
	return nil
}

// Reset goes back to the world New made: its seed (Config.Seed), its
// SKUs, its guild, channels and users with their ids, the grant of
// AuthorizationCode, and no commands, messages, interactions,
// entitlements, events or other tokens, for every application. The
// credentials stay, and so do the interactions and events URLs, which
// say where the bots are. Injected faults are cleared, those on the API
// and those on deliveries. As Restore does, it ends the gateway's
// sessions and forgets the interactions under way. A server started
// from a snapshot (Config.State) goes back to the world the snapshot's
// emulator was made with.
func (s *Server) Reset() {
	doc, err := decodeState(s.baseline)
	if err != nil {
		panic("emulator: the baseline does not decode: " + err.Error())
	}
	w, err := buildWorld(doc, s.st.now, s.st.limits)
	if err != nil {
		panic("emulator: the baseline does not build: " + err.Error())
	}
	s.ClearFaults()
	s.ClearDeliveryFaults()
	s.installWorld(w, true)
}

// installWorld makes w the server's world. Only the first install of a server,
// as New starts it, takes w's credentials; later ones keep the server's,
// and its interactions and events URLs with keepURLs.
func (s *Server) installWorld(w *world, keepURLs bool) {
	st, nw := s.st, w.st
	st.mu.Lock()
	defer st.mu.Unlock()
	first := st.app == nil
	app := nw.apps[0]
	if !first {
		// Each application of w is the server's at its place (Restore
		// checks, the baseline is the server's own), and keeps its
		// credentials.
		for i, a := range nw.apps {
			old := st.apps[i]
			a.botToken, a.clientID, a.clientSecret, a.redirectURI = old.botToken, old.clientID, old.clientSecret, old.redirectURI
			a.key, a.signer = old.key, old.signer
			if keepURLs {
				a.interactionsURL, a.eventsURL = old.interactionsURL, old.eventsURL
			}
		}
	}
	// The interactions under way belong to the world that was: what
	// comes of them is recorded nowhere, and their tokens name nothing.
	for _, si := range st.kept() {
		si.forgotten = true
	}
	others := st.apps
	st.app, st.apps = app, nw.apps
	if !first {
		// A snapshot of version 1 holds the first application alone: the
		// applications beside it keep their credentials, signing keys
		// and, with keepURLs, their URLs; what they held of their own
		// starts again, in the new world (renewed).
		for _, old := range others[len(nw.apps):] {
			st.apps = append(st.apps, renewed(old, st.users[old.botUser], nw, keepURLs))
		}
	}
	st.users, st.guilds = nw.users, nw.guilds
	st.interactions, st.byToken, st.messages, st.channelLogs = nw.interactions, nw.byToken, nw.messages, nw.channelLogs
	st.components = nw.components
	st.order, st.head, st.changes, st.fileBytes, st.written = nw.order, 0, nw.changes, nw.fileBytes, nil
	st.modals = nw.modals
	for _, g := range st.guilds {
		g.now = st.now
	}
	// New ids go on past the world's and past those already handed out.
	if nw.lastMS > st.lastMS || nw.lastMS == st.lastMS && nw.seq > st.seq {
		st.lastMS, st.seq = nw.lastMS, nw.seq
	}
	// Readers of the journal look at every message again.
	st.journal.last += journalSize + 1
	ev := &st.events
	ev.done, ev.dropped = nw.events.done, nw.events.dropped
	if ev.sending {
		// The delivery under way finishes, and is recorded; those
		// waiting their turn were of the world that was.
		clear(ev.waiting[min(1, len(ev.waiting)):])
		ev.waiting = ev.waiting[:min(1, len(ev.waiting))]
	}
	close(ev.changed)
	ev.changed = make(chan struct{})
	if first {
		d := w.doc.Application
		s.ApplicationID, s.BotToken, s.ClientID, s.ClientSecret = app.id, app.botToken, app.clientID, app.clientSecret
		s.PublicKey = app.signer.PublicKeyHex()
		s.GuildID, s.AuthorizationCode, s.RedirectURI = d.Guild, d.AuthorizationCode, app.redirectURI
		s.Admin, s.Moderator, s.Member = app.owner, d.Moderator, d.Member
	}
	s.gw.Invalidate()
	st.touch()
}

// renewed returns an application with old's credentials and settings,
// holding nothing of its own, installed in the guilds of nw where its
// bot is a member, its managed role there the managed role its bot has.
func renewed(old *application, bot *interaction.User, nw *state, keepURLs bool) *application {
	app := newApplication(old.key)
	app.id, app.botUser, app.owner, app.botToken = old.id, old.botUser, old.owner, old.botToken
	app.clientID, app.clientSecret, app.redirectURI = old.clientID, old.clientSecret, old.redirectURI
	app.activities, app.discoverable, app.installContexts = old.activities, old.discoverable, old.installContexts
	app.skus = old.skus
	if keepURLs {
		app.interactionsURL, app.eventsURL = old.interactionsURL, old.eventsURL
	}
	if nw.users[app.botUser] == nil && bot != nil {
		// A world made without the application: its bot is back, a
		// member of no guild.
		u := *bot
		nw.users[app.botUser] = &u
	}
	for _, g := range nw.guilds {
		m := g.members[app.botUser]
		if m == nil {
			continue
		}
		g.install(app.id)
		for _, r := range m.Roles {
			if role := g.roles[r]; role != nil && role.Managed {
				g.setBotRole(app.id, r)
			}
		}
	}
	return app
}

// maxStateBody is the most PUT /_emulator/state reads: a snapshot holds
// the messages' files, which the emulator keeps up to Limits.Files and
// Limits.ChannelFiles, written in base64.
const maxStateBody = 256 << 20

// controlState answers GET /_emulator/state: the snapshot.
func (s *Server) controlState(w http.ResponseWriter, _ *http.Request) {
	b, err := s.Snapshot()
	writeEncoded(w, b, err)
}

// controlRestore answers PUT /_emulator/state: Restore of the body.
func (s *Server) controlRestore(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxStateBody+1))
	switch {
	case err != nil:
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_state", "message": "reading the body: " + err.Error()})
		return
	case len(body) > maxStateBody:
		writeJSON(w, http.StatusRequestEntityTooLarge, map[string]any{"error": "invalid_state", "message": fmt.Sprintf("the body is over %d bytes", maxStateBody)})
		return
	}
	err = s.Restore(body)
	var se *StateError
	switch {
	case errors.Is(err, ErrOtherApplication):
		writeJSON(w, http.StatusConflict, map[string]any{"error": "other_application", "message": strings.TrimPrefix(err.Error(), "emulator: ")})
	case errors.As(err, &se):
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": "invalid_state", "message": strings.TrimPrefix(err.Error(), "emulator: ")})
	case err != nil:
		writeJSON(w, http.StatusInternalServerError, map[string]any{"message": err.Error()})
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}

// controlReset answers POST /_emulator/reset, whose body is {}.
func (s *Server) controlReset(w http.ResponseWriter, r *http.Request) {
	var in struct{}
	if !readControl(w, r, &in) {
		return
	}
	s.Reset()
	w.WriteHeader(http.StatusNoContent)
}
