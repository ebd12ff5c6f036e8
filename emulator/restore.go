package emulator

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// ErrOtherApplication is the error of Restore given the snapshot of
// another application than the server's: the credentials a bot holds are
// the emulator's, and a snapshot restored keeps them, so a snapshot is
// taken back only by an emulator that started with its credentials
// (Config.State, cmd/emulator's -persist).
var ErrOtherApplication = errors.New("emulator: the snapshot is of another application")

// StateError is what Restore and New say of a snapshot they refuse:
// where in the document, and what is wrong there.
type StateError struct {
	// Path names the value at fault, as "guilds[1].members[3].roles[0]";
	// empty for the document as a whole.
	Path   string
	Reason string
}

func (e *StateError) Error() string {
	if e.Path == "" {
		return "emulator: the snapshot: " + e.Reason
	}
	return "emulator: the snapshot: " + e.Path + ": " + e.Reason
}

// decodeState reads a snapshot document: its version first, so that a
// document of another version is named as such rather than by the first
// field this version does not know, then the document, refusing fields
// it does not know (decodeControl).
func decodeState(b []byte) (*stateDoc, error) {
	var probe struct {
		Version *int `json:"version"`
	}
	if err := json.Unmarshal(b, &probe); err != nil {
		return nil, &StateError{Reason: "not a JSON object: " + err.Error()}
	}
	switch {
	case probe.Version == nil:
		return nil, &StateError{Path: "version", Reason: "missing: a snapshot says its version"}
	case *probe.Version != 1 && *probe.Version != snapshotVersion:
		return nil, &StateError{Path: "version", Reason: fmt.Sprintf("version %d: this emulator reads versions 1 and %d", *probe.Version, snapshotVersion)}
	}
	doc := new(stateDoc)
	if err := decodeControl(b, doc); err != nil {
		return nil, &StateError{Reason: err.Error()}
	}
	if doc.Version == 1 && doc.Applications != nil {
		return nil, &StateError{Path: "applications", Reason: "not a field of version 1, which holds the first application alone"}
	}
	return doc, nil
}

// world is a state built from a document, not yet the server's, and the
// credentials it holds.
type world struct {
	st  *state
	key ed25519.PrivateKey
	doc *stateDoc
	// baseline is the compact baseline the document holds, if any.
	baseline []byte
}

// buildWorld builds the world of doc, checking everything as it goes: a
// document refused leaves no trace. limits are the server's.
func buildWorld(doc *stateDoc, now func() time.Time, limits Limits) (*world, error) {
	b := &builder{doc: doc, st: newState(now, limits), msgs: map[interaction.Snowflake]*Message{}, kept: map[interaction.Snowflake]*sentInteraction{},
		detached: map[interaction.Snowflake]*sentInteraction{}, detachedMsgs: map[interaction.Snowflake]*Message{}}
	w := b.build()
	if b.err != nil {
		return nil, b.err
	}
	return w, nil
}

// builder builds a world; err is the first thing found wrong, after
// which it does nothing more.
type builder struct {
	doc *stateDoc
	st  *state
	err error
	// msgs are the messages of the world by id: made by the interactions
	// kept, and posted in channels.
	msgs map[interaction.Snowflake]*Message
	// kept are the interactions kept, by id; detached those the document
	// holds only as the opener of another, and detachedMsgs the messages
	// it holds only as the message of a component.
	kept         map[interaction.Snowflake]*sentInteraction
	detached     map[interaction.Snowflake]*sentInteraction
	detachedMsgs map[interaction.Snowflake]*Message
	// maxID is the greatest id the world holds, which the clock must be
	// past.
	maxID interaction.Snowflake
}

// fail records what is wrong at path, unless something was already.
func (b *builder) fail(path, format string, args ...any) {
	if b.err == nil {
		b.err = &StateError{Path: path, Reason: fmt.Sprintf(format, args...)}
	}
}

// id checks that an id is given, and counts it for the clock.
func (b *builder) id(path string, id interaction.Snowflake) bool {
	if id == 0 {
		b.fail(path, "missing: an id is not 0")
		return false
	}
	b.maxID = max(b.maxID, id)
	return true
}

// user checks that id, at path, is a user of the world.
func (b *builder) user(path string, id interaction.Snowflake) bool {
	if b.st.users[id] == nil {
		b.fail(path, "user %s is not a user of the snapshot", id)
		return false
	}
	return true
}

// channel checks that id, at path, is a channel messages may be in: a
// guild's, or the direct messages of a user with the bot.
func (b *builder) channel(path string, id interaction.Snowflake) bool {
	for _, g := range b.st.guilds {
		if g.channels[id] != nil {
			return true
		}
	}
	if id > 1<<12 {
		if u := b.st.users[id-1<<12]; u != nil && !u.Bot {
			return true
		}
	}
	b.fail(path, "channel %s is neither a channel of a guild nor a user's direct messages", id)
	return false
}

func (b *builder) build() *world {
	doc, st := b.doc, b.st
	w := &world{st: st, doc: doc}
	first := b.application("application", &doc.Application.credentialsDoc)
	if first == nil {
		return nil
	}
	w.key = first.key
	st.app, st.apps = first, []*application{first}
	for i, u := range doc.Users {
		p := fmt.Sprintf("users[%d]", i)
		if !b.id(p+".id", u.ID) {
			return nil
		}
		if st.users[u.ID] != nil {
			b.fail(p+".id", "user %s is listed twice", u.ID)
			return nil
		}
		st.users[u.ID] = ptr(u)
	}
	if b.err == nil {
		b.user("application.bot_user_id", first.botUser)
		b.user("application.owner_id", first.owner)
	}
	for i := range doc.Guilds {
		b.guild(i)
	}
	if b.err == nil {
		if g := st.guilds[doc.Application.Guild]; g == nil {
			b.fail("application.guild_id", "guild %s is not a guild of the snapshot", doc.Application.Guild)
		}
		b.user("application.moderator_id", doc.Application.Moderator)
		b.user("application.member_id", doc.Application.Member)
	}
	b.own("", first, &doc.ownDoc)
	for i := range doc.Applications {
		b.otherApplication(i)
	}
	for i := range doc.Channels {
		b.channelLog(i)
	}
	b.interactions()
	b.modals()
	b.events()
	for key, content := range doc.Files {
		if b.err == nil && fileKey(content) != key {
			b.fail("files."+key, "the bytes' SHA-256 is %s", fileKey(content))
		}
	}
	if b.err != nil {
		return nil
	}
	// The clock goes on from the last id made, and past every id the
	// world holds.
	st.lastMS, st.seq = doc.Clock.LastMS, doc.Clock.Seq
	if top := uint64(b.maxID) >> 22; top > st.lastMS || top == st.lastMS && uint64(b.maxID)&0xfff > st.seq {
		st.lastMS, st.seq = top, uint64(b.maxID)&0xfff
	}
	if st.seq > 0xfff {
		b.fail("clock.seq", "%d is past the increment's 4095", st.seq)
		return nil
	}
	return w
}

// application builds an application from its credentials at path,
// holding nothing yet; nil when they are refused.
func (b *builder) application(path string, a *credentialsDoc) *application {
	if b.err != nil || !b.id(path+".id", a.ID) {
		return nil
	}
	seed, err := hex.DecodeString(a.SigningKey)
	if err != nil || len(seed) != ed25519.SeedSize {
		b.fail(path+".signing_key", "not 64 hex digits, an Ed25519 seed")
		return nil
	}
	switch {
	case a.BotToken == "":
		b.fail(path+".bot_token", "missing")
	case a.ClientSecret == "":
		b.fail(path+".client_secret", "missing")
	case a.ClientID != a.ID.String():
		b.fail(path+".client_id", "%q is not the application's id", a.ClientID)
	}
	contexts, err := installationContexts(a.InstallContexts)
	if err != nil {
		b.fail(path+".installation_contexts", "%s", err)
	}
	if b.err != nil {
		return nil
	}
	app := newApplication(ed25519.NewKeyFromSeed(seed))
	app.id, app.botUser, app.owner, app.botToken, app.clientID, app.clientSecret = a.ID, a.BotUser, a.Owner, a.BotToken, a.ClientID, a.ClientSecret
	app.redirectURI, app.activities, app.discoverable, app.installContexts = a.RedirectURI, a.Activities, a.Discoverable, contexts
	app.interactionsURL, app.eventsURL = a.InteractionsURL, a.EventsURL
	return app
}

// otherApplication builds doc.Applications[i], an application beside the
// first, once the users and guilds are built.
func (b *builder) otherApplication(i int) {
	if b.err != nil {
		return
	}
	st, d := b.st, &b.doc.Applications[i]
	p := fmt.Sprintf("applications[%d]", i)
	app := b.application(p, &d.credentialsDoc)
	if app == nil || !b.user(p+".bot_user_id", app.botUser) || !b.user(p+".owner_id", app.owner) {
		return
	}
	for _, o := range st.apps {
		switch {
		case o.id == app.id:
			b.fail(p+".id", "application %s is listed twice", app.id)
		case o.botUser == app.botUser:
			b.fail(p+".bot_user_id", "user %s is the bot of application %s", app.botUser, o.id)
		case o.botToken == app.botToken:
			b.fail(p+".bot_token", "the bot token of application %s", o.id)
		}
		if b.err != nil {
			return
		}
	}
	for j, gd := range d.Guilds {
		gp := fmt.Sprintf("%s.guilds[%d]", p, j)
		g := st.guilds[gd.Guild]
		switch {
		case g == nil:
			b.fail(gp+".guild_id", "guild %s is not a guild of the snapshot", gd.Guild)
		case gd.BotRole != 0 && g.roles[gd.BotRole] == nil:
			b.fail(gp+".bot_role_id", "role %s is not a role of guild %s", gd.BotRole, g.id)
		case g.installed[app.id] || g.botRoles[app.id] != 0:
			b.fail(gp+".guild_id", "guild %s is listed twice", gd.Guild)
		}
		if b.err != nil {
			return
		}
		if gd.Installed {
			g.install(app.id)
		}
		if gd.BotRole != 0 {
			g.setBotRole(app.id, gd.BotRole)
		}
	}
	st.apps = append(st.apps, app)
	b.own(p+".", app, &d.ownDoc)
}

// own builds what app holds of its own from d, whose paths begin with
// prefix: its commands, tokens, SKUs, entitlements and the versions its
// users' clients loaded.
func (b *builder) own(prefix string, app *application, d *ownDoc) {
	b.commands(prefix, app, d)
	b.oauth(prefix, app, d)
	b.skusAndEntitlements(prefix, app, d)
	for i, sv := range d.SeenVersions {
		p := fmt.Sprintf("%sseen_versions[%d]", prefix, i)
		if b.err != nil || !b.user(p+".user_id", sv.User) || !b.id(p+".command_id", sv.Command) || !b.id(p+".version", sv.Version) {
			return
		}
		if app.seenVersions[sv.User] == nil {
			app.seenVersions[sv.User] = map[interaction.Snowflake]interaction.Snowflake{}
		}
		app.seenVersions[sv.User][sv.Command] = sv.Version
	}
}

// guild builds doc.Guilds[i].
func (b *builder) guild(i int) {
	if b.err != nil {
		return
	}
	st, d := b.st, b.doc.Guilds[i]
	p := fmt.Sprintf("guilds[%d]", i)
	if !b.id(p+".id", d.ID) || !b.user(p+".owner_id", d.Owner) {
		return
	}
	if st.guilds[d.ID] != nil {
		b.fail(p+".id", "guild %s is listed twice", d.ID)
		return
	}
	g := &guild{id: d.ID, name: d.Name, owner: d.Owner, locale: d.Locale, features: d.Features,
		members: map[interaction.Snowflake]*interaction.Member{}, roles: map[interaction.Snowflake]*interaction.Role{},
		channels: map[interaction.Snowflake]*interaction.Channel{}, emojis: d.Emojis, now: st.now}
	if d.Installed {
		g.install(st.app.id)
	}
	if d.BotRole != 0 {
		g.setBotRole(st.app.id, d.BotRole)
	}
	for j, r := range d.Roles {
		rp := fmt.Sprintf("%s.roles[%d]", p, j)
		if !b.id(rp+".id", r.ID) {
			return
		}
		if g.roles[r.ID] != nil {
			b.fail(rp+".id", "role %s is listed twice", r.ID)
			return
		}
		g.roles[r.ID] = ptr(r)
	}
	if g.roles[g.id] == nil {
		b.fail(p+".roles", "no @everyone, the role with the guild's id %s", g.id)
		return
	}
	if d.BotRole != 0 && g.roles[d.BotRole] == nil {
		b.fail(p+".bot_role_id", "role %s is not a role of guild %s", d.BotRole, g.id)
		return
	}
	for j, m := range d.Members {
		mp := fmt.Sprintf("%s.members[%d]", p, j)
		if !b.user(mp+".user.id", m.User.ID) {
			return
		}
		if g.members[m.User.ID] != nil {
			b.fail(mp+".user.id", "user %s is listed twice", m.User.ID)
			return
		}
		for k, r := range m.Roles {
			if g.roles[r] == nil {
				b.fail(fmt.Sprintf("%s.roles[%d]", mp, k), "role %s is not a role of guild %s", r, g.id)
				return
			}
		}
		if m.Roles == nil {
			m.Roles = []interaction.Snowflake{}
		}
		g.members[m.User.ID] = ptr(m)
	}
	for j, c := range d.Channels {
		cp := fmt.Sprintf("%s.channels[%d]", p, j)
		if !b.id(cp+".id", c.ID) {
			return
		}
		if _, taken := b.channelOwner(c.ID); taken || g.channels[c.ID] != nil {
			b.fail(cp+".id", "channel %s is listed twice", c.ID)
			return
		}
		if c.GuildID != g.id {
			b.fail(cp+".guild_id", "%s, not the guild's id %s", c.GuildID, g.id)
			return
		}
		g.channels[c.ID] = ptr(c)
	}
	for j, c := range d.Channels {
		if c.ParentID != 0 && g.channels[c.ParentID] == nil {
			b.fail(fmt.Sprintf("%s.channels[%d].parent_id", p, j), "channel %s is not a channel of guild %s", c.ParentID, g.id)
			return
		}
	}
	for j, o := range d.Overwrites {
		op := fmt.Sprintf("%s.overwrites[%d]", p, j)
		if g.channels[o.Channel] == nil {
			b.fail(op+".channel_id", "channel %s is not a channel of guild %s", o.Channel, g.id)
			return
		}
		if err := g.checkOverwrites(o.Overwrites, func(id interaction.Snowflake) bool { return st.users[id] != nil }); err != nil {
			b.fail(op+".overwrites", "%s", err)
			return
		}
		if g.overwrites == nil {
			g.overwrites = map[interaction.Snowflake][]Overwrite{}
		}
		g.overwrites[o.Channel] = o.Overwrites
	}
	for j, x := range d.Bans {
		if !b.user(fmt.Sprintf("%s.bans[%d].user_id", p, j), x.User) {
			return
		}
		if g.bans == nil {
			g.bans = map[interaction.Snowflake]*ban{}
		}
		g.bans[x.User] = &ban{user: x.User, reason: x.Reason}
	}
	if err := checkEmojis(g.emojis); err != nil {
		b.fail(p+".emojis", "%s", err)
		return
	}
	for _, e := range g.emojis {
		b.maxID = max(b.maxID, e.ID)
	}
	for j, t := range d.Threads {
		tp := fmt.Sprintf("%s.threads[%d]", p, j)
		if c := g.channels[t.ID]; c == nil || !c.Type.IsThread() {
			b.fail(tp+".id", "channel %s is not a thread of guild %s", t.ID, g.id)
			return
		}
		ts := &threadState{created: t.Created, total: t.Total}
		for k, m := range t.Members {
			if !b.user(fmt.Sprintf("%s.members[%d].user_id", tp, k), m.User) {
				return
			}
			ts.members = append(ts.members, threadMember{user: m.User, joined: m.Joined})
		}
		if g.threads == nil {
			g.threads = map[interaction.Snowflake]*threadState{}
		}
		g.threads[t.ID] = ts
	}
	st.guilds[g.id] = g
}

// channelOwner returns the guild a channel is in.
func (b *builder) channelOwner(id interaction.Snowflake) (*guild, bool) {
	for _, g := range b.st.guilds {
		if g.channels[id] != nil {
			return g, true
		}
	}
	return nil, false
}

// commands builds the commands, their permissions and the daily counts.
func (b *builder) commands(prefix string, app *application, doc *ownDoc) {
	if b.err != nil {
		return
	}
	st := b.st
	ids := map[interaction.Snowflake]interaction.Snowflake{} // command → scope
	for i, cs := range doc.Commands {
		p := fmt.Sprintf("%scommands[%d]", prefix, i)
		if cs.Guild != 0 && st.guilds[cs.Guild] == nil {
			b.fail(p+".guild_id", "guild %s is not a guild of the snapshot", cs.Guild)
			return
		}
		if app.commands[cs.Guild] != nil {
			b.fail(p+".guild_id", "the scope %s is listed twice", cs.Guild)
			return
		}
		for j, c := range cs.Commands {
			cp := fmt.Sprintf("%s.commands[%d]", p, j)
			switch {
			case c == nil:
				b.fail(cp, "null")
			case !b.id(cp+".id", c.ID) || !b.id(cp+".version", c.Version):
			case c.ApplicationID != app.id:
				b.fail(cp+".application_id", "%s, not the application's id %s", c.ApplicationID, app.id)
			case c.GuildID != cs.Guild:
				b.fail(cp+".guild_id", "%s, not the scope's %s", c.GuildID, cs.Guild)
			case ids[c.ID] != 0 || slices.ContainsFunc(cs.Commands[:j], func(o *command.Command) bool { return o.ID == c.ID }):
				b.fail(cp+".id", "command %s is listed twice", c.ID)
			}
			if b.err != nil {
				return
			}
			ids[c.ID] = cs.Guild + 1
		}
		app.commands[cs.Guild] = cs.Commands
	}
	for i, pd := range doc.Permissions {
		p := fmt.Sprintf("%spermissions[%d]", prefix, i)
		scope, known := ids[pd.Command]
		switch {
		case st.guilds[pd.Guild] == nil:
			b.fail(p+".guild_id", "guild %s is not a guild of the snapshot", pd.Guild)
		case pd.Command != app.id && !known:
			b.fail(p+".command_id", "command %s is not a command of the snapshot", pd.Command)
		case pd.Command != app.id && scope != 1 && scope != pd.Guild+1:
			b.fail(p+".command_id", "command %s is a command of another guild than %s", pd.Command, pd.Guild)
		}
		if b.err != nil {
			return
		}
		if app.permissions[pd.Guild] == nil {
			app.permissions[pd.Guild] = map[interaction.Snowflake][]command.Permission{}
		}
		app.permissions[pd.Guild][pd.Command] = pd.Permissions
	}
	for i, c := range doc.Creates {
		if c.Guild != 0 && st.guilds[c.Guild] == nil {
			b.fail(fmt.Sprintf("%screates[%d].guild_id", prefix, i), "guild %s is not a guild of the snapshot", c.Guild)
			return
		}
		app.creates[c.Guild] = &dailyCount{day: c.Day, n: c.Count}
	}
}

// oauth builds the tokens, the grants and the installations to users.
func (b *builder) oauth(prefix string, app *application, doc *ownDoc) {
	if b.err != nil {
		return
	}
	st := b.st
	for i, t := range doc.Tokens {
		p := fmt.Sprintf("%stokens[%d]", prefix, i)
		var kind tokenKind
		switch t.Kind {
		case "client":
			kind = tokenClient
		case "user":
			kind = tokenUser
		default:
			b.fail(p+".kind", "%q, neither \"client\" nor \"user\"", t.Kind)
			return
		}
		switch {
		case t.Token == "":
			b.fail(p+".token", "missing")
		case slices.ContainsFunc(st.apps, func(a *application) bool { return a.tokens[t.Token] != nil }):
			b.fail(p+".token", "listed twice")
		case t.User != 0 && !b.user(p+".user_id", t.User):
		}
		if b.err != nil {
			return
		}
		tk := &token{kind: kind, scopes: map[string]bool{}, granted: t.Scopes, user: t.User, expires: t.Expires, auth: t.Auth}
		for _, sc := range t.Scopes {
			tk.scopes[sc] = true
		}
		app.tokens[t.Token] = tk
	}
	for i, g := range doc.Grants {
		p := fmt.Sprintf("%sgrants[%d]", prefix, i)
		switch {
		case g.Code == "":
			b.fail(p+".code", "missing")
		case app.grants[g.Code] != nil:
			b.fail(p+".code", "listed twice")
		case !b.user(p+".user_id", g.User):
		}
		if b.err != nil {
			return
		}
		app.grants[g.Code] = &grant{user: g.User, scopes: g.Scopes, redirectURI: g.RedirectURI, refresh: g.Refresh, auth: g.Auth, expires: g.Expires}
	}
	for i, u := range doc.UserInstalls {
		if !b.user(fmt.Sprintf("%suser_installs[%d]", prefix, i), u) {
			return
		}
		app.userInstalls[u] = true
	}
}

// skusAndEntitlements builds the SKUs and the entitlements to them.
func (b *builder) skusAndEntitlements(prefix string, app *application, doc *ownDoc) {
	if b.err != nil {
		return
	}
	st := b.st
	skus := map[interaction.Snowflake]bool{}
	for i, k := range doc.SKUs {
		p := fmt.Sprintf("%sskus[%d]", prefix, i)
		if !b.id(p+".id", k.ID) {
			return
		}
		if skus[k.ID] {
			b.fail(p+".id", "SKU %s is listed twice", k.ID)
			return
		}
		skus[k.ID] = true
	}
	if len(doc.SKUs) > 2*maxSKUs {
		b.fail(prefix+"skus", "%d SKUs, more than the emulator keeps", len(doc.SKUs))
		return
	}
	app.skus = doc.SKUs
	if len(doc.Entitlements) > maxEntitlements {
		b.fail(prefix+"entitlements", "%d entitlements, more than the %d the emulator keeps", len(doc.Entitlements), maxEntitlements)
		return
	}
	for i, e := range doc.Entitlements {
		p := fmt.Sprintf("%sentitlements[%d]", prefix, i)
		switch {
		case !b.id(p+".id", e.ID):
		case i > 0 && e.ID <= doc.Entitlements[i-1].ID:
			b.fail(p+".id", "not after the id before it: the entitlements are in the order of their ids")
		case !skus[e.SKUID]:
			b.fail(p+".sku_id", "SKU %s is not a SKU of the snapshot", e.SKUID)
		case e.ApplicationID != app.id:
			b.fail(p+".application_id", "%s, not the application's id %s", e.ApplicationID, app.id)
		case e.UserID != 0 && !b.user(p+".user_id", e.UserID):
		case e.GuildID != 0 && st.guilds[e.GuildID] == nil:
			b.fail(p+".guild_id", "guild %s is not a guild of the snapshot", e.GuildID)
		}
		if b.err != nil {
			return
		}
		app.entitlements = append(app.entitlements, ptr(e))
	}
}

// message builds a message of the document at path, with the bytes of its
// files.
func (b *builder) message(path string, d *messageDoc) *Message {
	if b.err != nil || !b.id(path+".id", d.ID) || !b.channel(path+".channel_id", d.ChannelID) {
		return nil
	}
	m := &Message{ID: d.ID, ChannelID: d.ChannelID, Data: d.Data, Poll: d.Poll, Created: d.Created, Edited: d.Edited, Deleted: d.Deleted}
	for i, a := range d.Attachments {
		at := Attachment{Attachment: a.Attachment}
		if a.File != "" {
			content, ok := b.doc.Files[a.File]
			if !ok {
				b.fail(fmt.Sprintf("%s.attachments[%d].file", path, i), "no file %s in files", a.File)
				return nil
			}
			at.Content = content
		}
		b.maxID = max(b.maxID, a.ID)
		m.Attachments = append(m.Attachments, at)
	}
	return m
}

// channelLog builds doc.Channels[i], but the list of its messages, which
// index builds once the interactions are.
func (b *builder) channelLog(i int) {
	if b.err != nil {
		return
	}
	d := b.doc.Channels[i]
	p := fmt.Sprintf("channels[%d]", i)
	if !b.channel(p+".id", d.ID) {
		return
	}
	if b.st.channelLogs[d.ID] != nil {
		b.fail(p+".id", "channel %s is listed twice", d.ID)
		return
	}
	l := b.st.log(d.ID)
	for j := range d.Posted {
		pd := &d.Posted[j]
		pp := fmt.Sprintf("%s.posted[%d]", p, j)
		m := b.message(pp, &pd.messageDoc)
		if m == nil || !b.user(pp+".author_id", pd.Author) {
			return
		}
		if m.ChannelID != d.ID {
			b.fail(pp+".channel_id", "%s, not the channel's id %s", m.ChannelID, d.ID)
			return
		}
		if b.msgs[m.ID] != nil {
			b.fail(pp+".id", "message %s is listed twice", m.ID)
			return
		}
		pm := &postedMessage{Message: *m, author: pd.Author, typ: pd.Type, mentions: pd.Mentions, mentionRoles: pd.MentionRoles,
			mentionEveryone: pd.MentionEveryone, nonce: pd.Nonce}
		if r := pd.Ref; r != nil {
			pm.ref = &messageRef{forward: r.Forward, channel: r.Channel, guild: r.Guild, message: r.Message}
		}
		if pd.Snapshot != nil {
			if pm.snapshot = b.message(pp+".snapshot", pd.Snapshot); pm.snapshot == nil {
				return
			}
		}
		l.posted[m.ID] = pm
		l.postedOrder = append(l.postedOrder, m.ID)
		l.fileBytes += filesSize(m.Attachments)
		b.msgs[m.ID] = &pm.Message
	}
	for _, pd := range d.Pins {
		l.pins = append(l.pins, pin{id: pd.Message, at: pd.At})
	}
	for j, rd := range d.Reactions {
		rp := fmt.Sprintf("%s.reactions[%d]", p, j)
		if l.reactions == nil {
			l.reactions = map[interaction.Snowflake][]*reaction{}
		}
		for k, r := range rd.Reactions {
			for n, u := range r.Users {
				if !b.user(fmt.Sprintf("%s.reactions[%d].users[%d]", rp, k, n), u) {
					return
				}
			}
			l.reactions[rd.Message] = append(l.reactions[rd.Message], &reaction{emoji: r.Emoji, users: r.Users})
		}
	}
}

// interactions builds the interactions kept, then what they point at:
// the messages of the components used and the interactions that opened
// the modals submitted, which may be ones the emulator no longer keeps.
func (b *builder) interactions() {
	if b.err != nil {
		return
	}
	st, doc := b.st, b.doc
	built := make([]*sentInteraction, len(doc.Interactions))
	for i := range doc.Interactions {
		p := fmt.Sprintf("interactions[%d]", i)
		si := b.interaction(p, &doc.Interactions[i])
		if si == nil {
			return
		}
		if b.kept[si.ix.ID] != nil {
			b.fail(p+".body.id", "interaction %s is listed twice", si.ix.ID)
			return
		}
		if !si.launched && st.byToken[si.ix.Token] != nil {
			b.fail(p+".body.token", "the token of another interaction")
			return
		}
		b.kept[si.ix.ID] = si
		for _, m := range si.owned() {
			if b.msgs[m.ID] != nil {
				b.fail(p, "message %s is listed twice", m.ID)
				return
			}
			b.msgs[m.ID] = m
			st.messages[m.ID] = si
		}
		built[i] = si
		st.order = append(st.order, si)
		if !si.launched {
			st.interactions[si.ix.ID] = si
			st.byToken[si.ix.Token] = si
		}
	}
	for i, si := range built {
		b.links(fmt.Sprintf("interactions[%d]", i), si, &doc.Interactions[i])
	}
	if b.err != nil {
		return
	}
	// What the channels list, and what the emulator finds by component.
	for _, si := range built {
		for _, m := range si.owned() {
			if !m.Deleted {
				st.index(m)
			}
			st.components.set(m)
		}
		for _, e := range si.history {
			for _, a := range e.Message.Attachments {
				if !si.files[a.ID] {
					if si.files == nil {
						si.files = map[interaction.Snowflake]bool{}
					}
					si.files[a.ID] = true
					si.fileBytes += int64(len(a.Content))
				}
			}
		}
		st.changes += len(si.history)
		st.fileBytes += si.fileBytes
	}
	for i, d := range doc.Channels {
		l := st.channelLogs[d.ID]
		for _, mid := range l.postedOrder {
			if !l.posted[mid].Deleted {
				l.insert(mid)
			}
		}
		for j, pin := range l.pins {
			if _, found := slices.BinarySearch(l.ids, pin.id); !found {
				b.fail(fmt.Sprintf("channels[%d].pins[%d].message_id", i, j), "message %s is not a message of channel %s", pin.id, d.ID)
				return
			}
		}
		for j, rd := range d.Reactions {
			if _, found := slices.BinarySearch(l.ids, rd.Message); !found {
				b.fail(fmt.Sprintf("channels[%d].reactions[%d].message_id", i, j), "message %s is not a message of channel %s", rd.Message, d.ID)
				return
			}
		}
	}
}

// interaction builds the interaction of d, at path, but for what it
// points at (links).
func (b *builder) interaction(path string, d *interactionDoc) *sentInteraction {
	var body bytes.Buffer
	if err := json.Compact(&body, d.Body); err != nil || len(d.Body) == 0 {
		b.fail(path+".body", "not an interaction's JSON")
		return nil
	}
	ix := new(interaction.Interaction)
	if err := interaction.Decode(body.Bytes(), ix); err != nil {
		b.fail(path+".body", "%s", err)
		return nil
	}
	if !b.id(path+".body.id", ix.ID) {
		return nil
	}
	si := newSentInteraction(ix, body.Bytes())
	si.sent, si.launched, si.answered, si.dropped = d.Sent, d.Launched, d.Answered, d.HistoryDropped
	if d.Answer != nil {
		si.answer = ptr(*d.Answer)
		close(si.acked)
	}
	if d.Original != nil {
		if si.original = b.message(path+".original", d.Original); si.original == nil {
			return nil
		}
	}
	for j := range d.Followups {
		m := b.message(fmt.Sprintf("%s.followups[%d]", path, j), &d.Followups[j])
		if m == nil {
			return nil
		}
		si.followups = append(si.followups, m)
	}
	for j := range d.History {
		e := &d.History[j]
		m := b.message(fmt.Sprintf("%s.history[%d].message", path, j), &e.Message)
		if m == nil {
			return nil
		}
		si.history = append(si.history, MessageEvent{Kind: e.Kind, Original: e.Original, Message: *m, At: e.At})
	}
	return si
}

// links points si at the message of the component it used and the
// interaction that opened its modal, as d names them.
func (b *builder) links(path string, si *sentInteraction, d *interactionDoc) {
	if b.err != nil {
		return
	}
	if d.MessageID != 0 {
		m := b.msgs[d.MessageID]
		if m == nil {
			m = b.detachedMsgs[d.MessageID]
		}
		if m == nil && d.Message != nil {
			if d.Message.ID != d.MessageID {
				b.fail(path+".message.id", "%s, not message_id %s", d.Message.ID, d.MessageID)
				return
			}
			if m = b.message(path+".message", d.Message); m == nil {
				return
			}
			b.detachedMsgs[m.ID] = m
		}
		if m == nil {
			b.fail(path+".message_id", "message %s is not a message of the snapshot", d.MessageID)
			return
		}
		si.message = m
	}
	if d.OriginalIsMessage {
		if si.message == nil {
			b.fail(path+".original_is_message", "the interaction used no message's component")
			return
		}
		si.original = si.message
	}
	if d.OpenerID != 0 {
		si.opener = b.opener(path, d.OpenerID, d.Opener)
	}
}

// opener returns the interaction with id that opened a modal, kept or as
// inline gives it.
func (b *builder) opener(path string, id interaction.Snowflake, inline *interactionDoc) *sentInteraction {
	if o := b.kept[id]; o != nil {
		return o
	}
	if o := b.detached[id]; o != nil {
		return o
	}
	if inline == nil {
		b.fail(path+".opener_id", "interaction %s is not an interaction of the snapshot", id)
		return nil
	}
	o := b.interaction(path+".opener", inline)
	if o == nil {
		return nil
	}
	if o.ix.ID != id {
		b.fail(path+".opener.body.id", "%s, not opener_id %s", o.ix.ID, id)
		return nil
	}
	// A forgotten interaction is found by nothing and keeps nothing.
	o.forgotten = true
	b.detached[id] = o
	b.links(path+".opener", o, inline)
	return o
}

// modals builds the modals open before users.
func (b *builder) modals() {
	for i, md := range b.doc.Modals {
		p := fmt.Sprintf("modals[%d]", i)
		if b.err != nil || !b.user(p+".user_id", md.User) {
			return
		}
		o := b.opener(p, md.OpenerID, md.Opener)
		if o == nil {
			return
		}
		b.st.modals[md.User] = &openModal{modal: md.Modal, opener: o, opened: md.Opened}
	}
}

// events builds the record of the webhook events delivered.
func (b *builder) events() {
	if b.err != nil {
		return
	}
	d := b.doc.Events
	if d.Dropped < 0 {
		b.fail("events.dropped", "%d is negative", d.Dropped)
		return
	}
	b.st.events.dropped = d.Dropped
	for _, e := range d.Delivered {
		b.st.events.done = append(b.st.events.done, &EventDelivery{Type: e.Type, URL: e.URL, Body: e.Body, Sent: e.Sent,
			Status: e.Status, Answer: e.Answer, Took: e.Took, Violations: e.Violations})
	}
}

// fileKey is the key of content in a document's files.
func fileKey(content []byte) string {
	sum := sha256.Sum256(content)
	return hex.EncodeToString(sum[:])
}
