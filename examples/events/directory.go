package main

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/webhook"
)

// Directory is what the bot knows of where the application is installed
// and who is entitled to what, built from webhook events alone. It is safe
// for concurrent use: event handlers run at the same time.
type Directory struct {
	mu      sync.Mutex
	journal io.Writer
	guilds  map[interaction.Snowflake]*GuildInstall
	users   map[interaction.Snowflake]*UserInstall
	// entitlements are kept by id, which makes a redelivery harmless.
	entitlements map[interaction.Snowflake]interaction.Entitlement
	// removed holds when each user removed the application, so that an
	// authorization delivered late does not bring them back.
	removed map[interaction.Snowflake]time.Time
	// welcomed holds who has been welcomed, so that nobody is twice.
	welcomed map[interaction.Snowflake]bool
}

// GuildInstall is the application's installation to a server.
type GuildInstall struct {
	ID   interaction.Snowflake
	Name string
	// By is who installed it, or zero once they removed the application:
	// the directory keeps nothing of a user who left.
	By     interaction.Snowflake
	ByName string
	At     time.Time
	Scopes []string
}

// UserInstall is the application's installation to a user's account.
type UserInstall struct {
	ID   interaction.Snowflake
	Name string
	At   time.Time
}

// NewDirectory returns an empty directory that writes its journal, a line
// a change, to journal.
func NewDirectory(journal io.Writer) *Directory {
	return &Directory{
		journal:      journal,
		guilds:       map[interaction.Snowflake]*GuildInstall{},
		users:        map[interaction.Snowflake]*UserInstall{},
		entitlements: map[interaction.Snowflake]interaction.Entitlement{},
		removed:      map[interaction.Snowflake]time.Time{},
		welcomed:     map[interaction.Snowflake]bool{},
	}
}

// Authorized records an installation, at the time of the event.
func (d *Directory) Authorized(at time.Time, a webhook.ApplicationAuthorized) {
	d.mu.Lock()
	defer d.mu.Unlock()
	user := a.User
	if gone, ok := d.removed[user.ID]; ok && !at.After(gone) {
		d.note("ignored", "an installation by %s from %s, older than their removal", user.Username, stamp(at))
		return
	}
	delete(d.removed, user.ID)
	where, known := a.Installation()
	switch {
	case a.Guild != nil:
		g := d.guilds[a.Guild.ID]
		if g != nil && !at.After(g.At) {
			return // a redelivery, or an older installation of the same guild
		}
		d.guilds[a.Guild.ID] = &GuildInstall{ID: a.Guild.ID, Name: a.Guild.Name, By: user.ID, ByName: user.Username, At: at, Scopes: a.Scopes}
		d.note("installed", "to server %q (%v) by %s, with %s", a.Guild.Name, a.Guild.ID, user.Username, strings.Join(a.Scopes, " "))
		d.welcome(user, "Thanks for adding me to "+a.Guild.Name+"! Type / in any channel to see my commands.")
	case known && where == interaction.UserInstall:
		u := d.users[user.ID]
		if u != nil && !at.After(u.At) {
			return
		}
		d.users[user.ID] = &UserInstall{ID: user.ID, Name: user.Username, At: at}
		d.note("installed", "to the account of %s (%v), with %s", user.Username, user.ID, strings.Join(a.Scopes, " "))
		d.welcome(user, "Thanks for adding me to your account! My commands now work wherever you are.")
	default:
		// An authorization that installs nothing, such as a sign-in.
		d.note("authorized", "by %s, with %s", user.Username, strings.Join(a.Scopes, " "))
	}
}

// welcome greets a user the first time they install the application; a
// bot would send the greeting as a direct message.
func (d *Directory) welcome(u interaction.User, greeting string) {
	if d.welcomed[u.ID] {
		return
	}
	d.welcomed[u.ID] = true
	d.note("welcome", "%s: %q", u.DisplayName(), greeting)
}

// Deauthorized forgets what the directory kept of a user who removed the
// application: their account's installation, their welcome, and their
// name on the servers they installed it to.
func (d *Directory) Deauthorized(at time.Time, gone webhook.ApplicationDeauthorized) {
	d.mu.Lock()
	defer d.mu.Unlock()
	id := gone.User.ID
	if prev, ok := d.removed[id]; ok && !at.After(prev) {
		return // a redelivery
	}
	if u := d.users[id]; u != nil && u.At.After(at) {
		// Installed again after this removal, whose delivery was late.
		d.note("ignored", "a removal by %s from %s, older than their installation", gone.User.Username, stamp(at))
		return
	}
	d.removed[id] = at
	delete(d.users, id)
	delete(d.welcomed, id)
	servers := 0
	for _, g := range d.guilds {
		if g.By == id {
			g.By, g.ByName = 0, ""
			servers++
		}
	}
	d.note("removed", "by %s (%v): their account's installation, and their name on %s, forgotten", gone.User.Username, id, count(servers, "server"))
}

// Entitled records an entitlement, once whatever the deliveries.
func (d *Directory) Entitled(ent interaction.Entitlement) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, seen := d.entitlements[ent.ID]; seen {
		return
	}
	d.entitlements[ent.ID] = ent
	owner := "user " + ent.UserID.String()
	if ent.GuildID != 0 {
		owner = "server " + ent.GuildID.String()
	}
	until := ""
	if !ent.EndsAt.IsZero() {
		until = " until " + stamp(ent.EndsAt)
	}
	d.note("entitled", "%s to SKU %v%s (entitlement %v)", owner, ent.SKUID, until, ent.ID)
}

// HasSKU reports whether the user or server owner holds an entitlement to
// sku that is in force at t.
func (d *Directory) HasSKU(owner, sku interaction.Snowflake, t time.Time) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, e := range d.entitlements {
		if e.SKUID == sku && (e.UserID == owner || e.GuildID == owner) && inForce(e, t) {
			return true
		}
	}
	return false
}

// inForce reports whether an entitlement grants its SKU at t.
func inForce(e interaction.Entitlement, t time.Time) bool {
	return !e.Deleted && (e.StartsAt.IsZero() || !t.Before(e.StartsAt)) && (e.EndsAt.IsZero() || t.Before(e.EndsAt))
}

// Other notes an event the directory keeps nothing of.
func (d *Directory) Other(ev *webhook.Event) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.note("received", "%s of %s, kept nowhere", ev.Type, stamp(ev.Timestamp))
}

// note writes a line of the journal.
func (d *Directory) note(what, format string, args ...any) {
	fmt.Fprintf(d.journal, "%-10s %s\n", what, fmt.Sprintf(format, args...))
}

// WriteTo writes the directory as a table: the servers and the accounts,
// each sorted by name, and the entitlements, with whether each is in
// force now, which HasSKU tells a command handler.
func (d *Directory) WriteTo(w io.Writer) (int64, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	var b strings.Builder
	guilds := slices.SortedFunc(maps.Values(d.guilds), func(a, b *GuildInstall) int { return strings.Compare(a.Name, b.Name) })
	fmt.Fprintf(&b, "%s, %s, %s\n", count(len(d.guilds), "server"), count(len(d.users), "account"), count(len(d.entitlements), "entitlement"))
	for _, g := range guilds {
		by := "someone who left"
		if g.By != 0 {
			by = g.ByName
		}
		fmt.Fprintf(&b, "  server  %-24s installed %s by %s\n", g.Name, stamp(g.At), by)
	}
	users := slices.SortedFunc(maps.Values(d.users), func(a, b *UserInstall) int { return strings.Compare(a.Name, b.Name) })
	for _, u := range users {
		fmt.Fprintf(&b, "  account %-24s installed %s\n", u.Name, stamp(u.At))
	}
	ents := slices.SortedFunc(maps.Values(d.entitlements), func(a, b interaction.Entitlement) int { return cmp.Compare(a.ID, b.ID) })
	now := time.Now()
	for _, e := range ents {
		owner := "user " + e.UserID.String()
		if e.GuildID != 0 {
			owner = "server " + e.GuildID.String()
		}
		state := "ended"
		if inForce(e, now) {
			state = "in force"
		}
		fmt.Fprintf(&b, "  SKU     %-24v for %s, %s\n", e.SKUID, owner, state)
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

// count writes n things, in the plural unless there is one.
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// stamp writes a time as the journal shows it.
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05") }
