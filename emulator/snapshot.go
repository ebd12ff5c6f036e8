package emulator

import (
	"bytes"
	"cmp"
	"encoding/hex"
	"encoding/json"
	"maps"
	"slices"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/webhook"
)

// A snapshot is everything the world holds, as one JSON document that
// Restore, Config.State and PUT /_emulator/state take back: each
// application with its credentials, the users and guilds, the commands,
// the tokens and grants, the messages with their files, the interactions
// with their answers and histories, the entitlements, the webhook events
// delivered, and the clock of the ids. What the emulator derives from
// those (the indexes by token, by message and by component, the
// channels' lists of messages, the journal of changes) is not written:
// Restore builds it again.
//
// The document is as secret as the control API: it holds the bot token,
// the client secret, the seed of the signing key and every access token.
//
// Every list is written in one order (of ids, or the order the emulator
// keeps), so that the same state is written as the same bytes, and a
// snapshot restored and taken again is the bytes restored.

// snapshotVersion is the version of the document this emulator writes.
// It reads version 1 too, which holds the first application alone: the
// applications beside it (version 2's applications) start again from
// their credentials (see Restore).
const snapshotVersion = 2

// stateDoc is the snapshot document.
type stateDoc struct {
	Version     int                `json:"version"`
	Clock       clockDoc           `json:"clock"`
	Application appDoc             `json:"application"`
	Users       []interaction.User `json:"users"`
	Guilds      []guildDoc         `json:"guilds"`
	// ownDoc is what the first application holds of its own, whose
	// fields are the document's.
	ownDoc
	// Applications are the applications beside the first, in the order
	// they were made; version 1 has none.
	Applications []otherAppDoc    `json:"applications,omitempty"`
	Channels     []channelDoc     `json:"channels"`
	Interactions []interactionDoc `json:"interactions"`
	Modals       []modalDoc       `json:"modals"`
	Events       eventsDoc        `json:"events"`
	// Files are the bytes of the messages' files, by the hex SHA-256 of
	// each, which the attachments name: a file is written once however
	// many records of its message there are.
	Files map[string][]byte `json:"files"`
	// Baseline is the world as New made it, which Reset goes back to: a
	// document of the same kind, without a baseline of its own.
	Baseline json.RawMessage `json:"baseline,omitempty"`
}

// clockDoc is the clock of the snowflakes: the timestamp of the last one
// made, and its increment.
type clockDoc struct {
	LastMS uint64 `json:"last_ms"`
	Seq    uint64 `json:"seq"`
}

// credentialsDoc is an application's credentials and settings.
type credentialsDoc struct {
	ID           interaction.Snowflake `json:"id"`
	BotUser      interaction.Snowflake `json:"bot_user_id"`
	Owner        interaction.Snowflake `json:"owner_id"`
	BotToken     string                `json:"bot_token"`
	ClientID     string                `json:"client_id"`
	ClientSecret string                `json:"client_secret"`
	// SigningKey is the hex seed of the Ed25519 key interactions are
	// signed with, as cmd/emulator's -signing-key takes it.
	SigningKey      string                        `json:"signing_key"`
	RedirectURI     string                        `json:"redirect_uri"`
	Activities      bool                          `json:"activities"`
	Discoverable    bool                          `json:"discoverable"`
	InstallContexts []interaction.IntegrationType `json:"installation_contexts"`
	InteractionsURL string                        `json:"interactions_url"`
	EventsURL       string                        `json:"events_url"`
}

// appDoc is the first application, its credentials, and the ids of the
// world New seeded, which Server's fields name.
type appDoc struct {
	credentialsDoc
	Guild             interaction.Snowflake `json:"guild_id"`
	Moderator         interaction.Snowflake `json:"moderator_id"`
	Member            interaction.Snowflake `json:"member_id"`
	AuthorizationCode string                `json:"authorization_code"`
}

// ownDoc is what an application holds of its own in the world.
type ownDoc struct {
	Commands     []commandsDoc             `json:"commands"`
	Permissions  []permissionsDoc          `json:"permissions"`
	Creates      []createsDoc              `json:"creates"`
	Tokens       []tokenDoc                `json:"tokens"`
	Grants       []grantDoc                `json:"grants"`
	UserInstalls []interaction.Snowflake   `json:"user_installs"`
	SKUs         []SKU                     `json:"skus"`
	Entitlements []interaction.Entitlement `json:"entitlements"`
	SeenVersions []seenDoc                 `json:"seen_versions"`
}

// otherAppDoc is an application beside the first: its credentials, the
// guilds it is installed in or has a managed role in, and what it holds
// of its own. (The first's installations and roles are its guilds'
// installed and bot_role_id.)
type otherAppDoc struct {
	credentialsDoc
	Guilds []appGuildDoc `json:"guilds"`
	ownDoc
}

// appGuildDoc is an application's place in a guild.
type appGuildDoc struct {
	Guild     interaction.Snowflake `json:"guild_id"`
	Installed bool                  `json:"installed"`
	BotRole   interaction.Snowflake `json:"bot_role_id,omitzero"`
}

// guildDoc is a guild.
type guildDoc struct {
	ID         interaction.Snowflake `json:"id"`
	Name       string                `json:"name"`
	Owner      interaction.Snowflake `json:"owner_id"`
	Installed  bool                  `json:"installed"`
	Locale     interaction.Locale    `json:"locale"`
	Features   []string              `json:"features"`
	Roles      []interaction.Role    `json:"roles"`
	Members    []interaction.Member  `json:"members"`
	Channels   []interaction.Channel `json:"channels"`
	Overwrites []overwritesDoc       `json:"overwrites"`
	BotRole    interaction.Snowflake `json:"bot_role_id"`
	Bans       []banDoc              `json:"bans"`
	Emojis     []Emoji               `json:"emojis"`
	Threads    []threadDoc           `json:"threads"`
}

type overwritesDoc struct {
	Channel    interaction.Snowflake `json:"channel_id"`
	Overwrites []Overwrite           `json:"overwrites"`
}

type banDoc struct {
	User   interaction.Snowflake `json:"user_id"`
	Reason string                `json:"reason"`
}

type threadDoc struct {
	ID      interaction.Snowflake `json:"id"`
	Created time.Time             `json:"created"`
	Members []threadMemberDoc     `json:"members"`
	Total   int                   `json:"total_message_sent"`
}

type threadMemberDoc struct {
	User   interaction.Snowflake `json:"user_id"`
	Joined time.Time             `json:"joined"`
}

// commandsDoc are the commands of one scope: a guild's, or the global
// ones (guild 0).
type commandsDoc struct {
	Guild    interaction.Snowflake `json:"guild_id"`
	Commands []*command.Command    `json:"commands"`
}

// permissionsDoc are the permissions of one command in one guild, or of
// every command when Command is the application's id.
type permissionsDoc struct {
	Guild       interaction.Snowflake `json:"guild_id"`
	Command     interaction.Snowflake `json:"command_id"`
	Permissions []command.Permission  `json:"permissions"`
}

// createsDoc is the count of the commands created in a scope on a day.
type createsDoc struct {
	Guild interaction.Snowflake `json:"guild_id"`
	Day   int64                 `json:"day"`
	Count int                   `json:"count"`
}

type tokenDoc struct {
	Token string `json:"token"`
	// Kind is "client" (client credentials) or "user".
	Kind    string                `json:"kind"`
	Scopes  []string              `json:"scopes"`
	User    interaction.Snowflake `json:"user_id"`
	Expires time.Time             `json:"expires"`
	Auth    string                `json:"authorization"`
}

type grantDoc struct {
	Code        string                `json:"code"`
	User        interaction.Snowflake `json:"user_id"`
	Scopes      []string              `json:"scopes"`
	RedirectURI string                `json:"redirect_uri"`
	Refresh     bool                  `json:"refresh"`
	Auth        string                `json:"authorization"`
	Expires     time.Time             `json:"expires,omitzero"`
}

// channelDoc is what a channel holds beyond its object: the messages
// posted through the channel endpoints (deleted ones too, until they are
// forgotten), oldest first, its pins and its messages' reactions.
type channelDoc struct {
	ID        interaction.Snowflake `json:"id"`
	Posted    []postedDoc           `json:"posted"`
	Pins      []pinDoc              `json:"pins"`
	Reactions []reactionsDoc        `json:"reactions"`
}

type pinDoc struct {
	Message interaction.Snowflake `json:"message_id"`
	At      time.Time             `json:"at"`
}

// reactionsDoc are the reactions of one message, in the order they were
// first added.
type reactionsDoc struct {
	Message   interaction.Snowflake `json:"message_id"`
	Reactions []reactionDoc         `json:"reactions"`
}

type reactionDoc struct {
	Emoji Emoji                   `json:"emoji"`
	Users []interaction.Snowflake `json:"users"`
}

// messageDoc is a Message.
type messageDoc struct {
	ID          interaction.Snowflake   `json:"id"`
	ChannelID   interaction.Snowflake   `json:"channel_id"`
	Data        interaction.MessageData `json:"data"`
	Attachments []attachmentDoc         `json:"attachments,omitempty"`
	Poll        *interaction.Poll       `json:"poll,omitempty"`
	Created     time.Time               `json:"created"`
	Edited      time.Time               `json:"edited,omitzero"`
	Deleted     bool                    `json:"deleted,omitzero"`
}

// attachmentDoc is an Attachment; its bytes are in the document's Files,
// under File, which is empty for a file whose bytes the emulator no
// longer keeps.
type attachmentDoc struct {
	interaction.Attachment
	File string `json:"file,omitempty"`
}

// postedDoc is a message posted through the channel endpoints.
type postedDoc struct {
	messageDoc
	Author          interaction.Snowflake   `json:"author_id"`
	Type            int                     `json:"type,omitzero"`
	Ref             *refDoc                 `json:"reference,omitempty"`
	Snapshot        *messageDoc             `json:"snapshot,omitempty"`
	Mentions        []interaction.Snowflake `json:"mentions,omitempty"`
	MentionRoles    []interaction.Snowflake `json:"mention_roles,omitempty"`
	MentionEveryone bool                    `json:"mention_everyone,omitzero"`
	Nonce           any                     `json:"nonce,omitempty"`
}

type refDoc struct {
	Forward bool                  `json:"forward,omitzero"`
	Channel interaction.Snowflake `json:"channel_id"`
	Guild   interaction.Snowflake `json:"guild_id,omitzero"`
	Message interaction.Snowflake `json:"message_id"`
}

// interactionDoc is an interaction the emulator sent, or launched, and
// what became of it.
type interactionDoc struct {
	// Body is the interaction as it was sent.
	Body     json.RawMessage       `json:"body"`
	Sent     time.Time             `json:"sent"`
	Launched bool                  `json:"launched,omitzero"`
	Answer   *interaction.Response `json:"answer,omitempty"`
	Answered time.Time             `json:"answered,omitzero"`
	// Original is the answer's message when the interaction made it; when
	// the answer updated the message of the component used,
	// OriginalIsMessage is set instead.
	Original          *messageDoc  `json:"original,omitempty"`
	OriginalIsMessage bool         `json:"original_is_message,omitzero"`
	Followups         []messageDoc `json:"followups,omitempty"`
	History           []changeDoc  `json:"history,omitempty"`
	HistoryDropped    int          `json:"history_dropped,omitzero"`
	// MessageID is the message whose component was used (or whose
	// component opened the modal submitted); Message is that message
	// when the document holds it nowhere else, its interaction being
	// forgotten.
	MessageID interaction.Snowflake `json:"message_id,omitzero"`
	Message   *messageDoc           `json:"message,omitempty"`
	// OpenerID is the interaction whose MODAL answer opened the modal
	// submitted; Opener is that interaction when the emulator no longer
	// keeps it.
	OpenerID interaction.Snowflake `json:"opener_id,omitzero"`
	Opener   *interactionDoc       `json:"opener,omitempty"`
}

// changeDoc is a MessageEvent.
type changeDoc struct {
	Kind     MessageEventKind `json:"kind"`
	Original bool             `json:"original,omitzero"`
	Message  messageDoc       `json:"message"`
	At       time.Time        `json:"at"`
}

// modalDoc is a modal open before a user.
type modalDoc struct {
	User     interaction.Snowflake `json:"user_id"`
	Modal    interaction.Modal     `json:"modal"`
	OpenerID interaction.Snowflake `json:"opener_id"`
	Opener   *interactionDoc       `json:"opener,omitempty"`
	Opened   time.Time             `json:"opened"`
}

// seenDoc is the version of a global command a user's client loaded.
type seenDoc struct {
	User    interaction.Snowflake `json:"user_id"`
	Command interaction.Snowflake `json:"command_id"`
	Version interaction.Snowflake `json:"version"`
}

// eventsDoc are the webhook events whose delivery finished, and how many
// before them the emulator no longer keeps.
type eventsDoc struct {
	Dropped   int           `json:"dropped"`
	Delivered []deliveryDoc `json:"delivered"`
}

type deliveryDoc struct {
	Type       webhook.Type  `json:"type"`
	URL        string        `json:"url"`
	Body       []byte        `json:"body"`
	Sent       time.Time     `json:"sent"`
	Status     int           `json:"status"`
	Answer     []byte        `json:"answer"`
	Took       time.Duration `json:"took_ns"`
	Violations []string      `json:"violations"`
}

// Snapshot returns everything the world holds as a JSON document, which
// Restore and Config.State take back (see docs/emulator.md, "Lifecycle").
// The document holds every application's credentials, the seed of its
// signing key and every access token: keep it as secret as they are.
func (s *Server) Snapshot() ([]byte, error) {
	s.st.mu.Lock()
	doc := s.snapshot()
	s.st.mu.Unlock()
	doc.Baseline = s.baseline
	return encodeState(doc)
}

// encodeState writes a document as the emulator writes JSON (json_write.go),
// indented, for people who read the file.
func encodeState(doc *stateDoc) ([]byte, error) {
	b, err := marshalJSON(doc)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// snapshot returns the state as a document, without a baseline. The
// caller holds the state's lock. The document shares nothing the state
// changes in place: lists the state appends to are copied.
func (s *Server) snapshot() *stateDoc {
	st := s.st
	first := st.apps[0]
	doc := &stateDoc{
		Version: snapshotVersion,
		Clock:   clockDoc{LastMS: st.lastMS, Seq: st.seq},
		Application: appDoc{credentialsDoc: credentialsSnapshot(first),
			Guild: s.GuildID, Moderator: s.Moderator, Member: s.Member, AuthorizationCode: s.AuthorizationCode},
		Users:        []interaction.User{},
		Guilds:       []guildDoc{},
		ownDoc:       ownSnapshot(first),
		Applications: []otherAppDoc{},
		Channels:     []channelDoc{},
		Interactions: []interactionDoc{},
		Modals:       []modalDoc{},
		Events:       eventsDoc{Dropped: st.events.dropped, Delivered: []deliveryDoc{}},
		Files:        map[string][]byte{},
	}
	for _, id := range sortedIDs(st.users) {
		doc.Users = append(doc.Users, *st.users[id])
	}
	for _, id := range sortedIDs(st.guilds) {
		doc.Guilds = append(doc.Guilds, guildSnapshot(st.guilds[id], first.id))
	}
	for _, app := range st.apps[1:] {
		d := otherAppDoc{credentialsDoc: credentialsSnapshot(app), Guilds: []appGuildDoc{}, ownDoc: ownSnapshot(app)}
		for _, id := range sortedIDs(st.guilds) {
			g := st.guilds[id]
			if g.installed[app.id] || g.botRoles[app.id] != 0 {
				d.Guilds = append(d.Guilds, appGuildDoc{Guild: id, Installed: g.installed[app.id], BotRole: g.botRoles[app.id]})
			}
		}
		doc.Applications = append(doc.Applications, d)
	}
	for _, id := range sortedIDs(st.channelLogs) {
		if c, ok := s.channelSnapshot(doc, id, st.channelLogs[id]); ok {
			doc.Channels = append(doc.Channels, c)
		}
	}
	kept := map[*sentInteraction]bool{}
	for _, si := range st.kept() {
		kept[si] = true
	}
	for _, si := range st.kept() {
		doc.Interactions = append(doc.Interactions, s.interactionSnapshot(doc, si, kept))
	}
	for _, u := range sortedIDs(st.modals) {
		o := st.modals[u]
		m := modalDoc{User: u, Modal: o.modal, OpenerID: o.opener.ix.ID, Opened: o.opened.UTC()}
		m.Modal.Components = slices.Clone(o.modal.Components)
		if !kept[o.opener] {
			m.Opener = ptr(s.interactionSnapshot(doc, o.opener, kept))
		}
		doc.Modals = append(doc.Modals, m)
	}
	for _, d := range st.events.done {
		doc.Events.Delivered = append(doc.Events.Delivered, deliveryDoc{Type: d.Type, URL: d.URL, Body: d.Body, Sent: d.Sent.UTC(),
			Status: d.Status, Answer: d.Answer, Took: d.Took, Violations: slices.Clone(d.Violations)})
	}
	return doc
}

// credentialsSnapshot returns app's credentials and settings as a
// document.
func credentialsSnapshot(app *application) credentialsDoc {
	return credentialsDoc{
		ID: app.id, BotUser: app.botUser, Owner: app.owner,
		BotToken: app.botToken, ClientID: app.clientID, ClientSecret: app.clientSecret,
		SigningKey: hex.EncodeToString(app.key.Seed()), RedirectURI: app.redirectURI,
		Activities: app.activities, Discoverable: app.discoverable,
		InstallContexts: slices.Clone(app.installContexts),
		InteractionsURL: app.interactionsURL, EventsURL: app.eventsURL,
	}
}

// ownSnapshot returns what app holds of its own as a document. The
// caller holds the state's lock.
func ownSnapshot(app *application) ownDoc {
	doc := ownDoc{
		Commands:     []commandsDoc{},
		Permissions:  []permissionsDoc{},
		Creates:      []createsDoc{},
		Tokens:       []tokenDoc{},
		Grants:       []grantDoc{},
		UserInstalls: []interaction.Snowflake{},
		SKUs:         slices.Clone(app.skus),
		Entitlements: []interaction.Entitlement{},
		SeenVersions: []seenDoc{},
	}
	if doc.SKUs == nil {
		doc.SKUs = []SKU{}
	}
	for _, id := range sortedIDs(app.commands) {
		cs := make([]*command.Command, len(app.commands[id]))
		for i, c := range app.commands[id] {
			cc := *c
			cs[i] = &cc
		}
		doc.Commands = append(doc.Commands, commandsDoc{Guild: id, Commands: cs})
	}
	for _, g := range sortedIDs(app.permissions) {
		for _, c := range sortedIDs(app.permissions[g]) {
			doc.Permissions = append(doc.Permissions, permissionsDoc{Guild: g, Command: c, Permissions: slices.Clone(app.permissions[g][c])})
		}
	}
	for _, g := range sortedIDs(app.creates) {
		doc.Creates = append(doc.Creates, createsDoc{Guild: g, Day: app.creates[g].day, Count: app.creates[g].n})
	}
	for _, k := range slices.Sorted(maps.Keys(app.tokens)) {
		t := app.tokens[k]
		kind := "user"
		if t.kind == tokenClient {
			kind = "client"
		}
		doc.Tokens = append(doc.Tokens, tokenDoc{Token: k, Kind: kind, Scopes: slices.Clone(t.granted), User: t.user, Expires: t.expires.UTC(), Auth: t.auth})
	}
	for _, k := range slices.Sorted(maps.Keys(app.grants)) {
		g := app.grants[k]
		doc.Grants = append(doc.Grants, grantDoc{Code: k, User: g.user, Scopes: slices.Clone(g.scopes), RedirectURI: g.redirectURI,
			Refresh: g.refresh, Auth: g.auth, Expires: utc(g.expires)})
	}
	for _, u := range sortedIDs(app.userInstalls) {
		if app.userInstalls[u] {
			doc.UserInstalls = append(doc.UserInstalls, u)
		}
	}
	for _, e := range app.entitlements {
		doc.Entitlements = append(doc.Entitlements, *e)
	}
	for _, u := range sortedIDs(app.seenVersions) {
		for _, c := range sortedIDs(app.seenVersions[u]) {
			doc.SeenVersions = append(doc.SeenVersions, seenDoc{User: u, Command: c, Version: app.seenVersions[u][c]})
		}
	}
	return doc
}

// guildSnapshot returns g as a document, as application app sees it.
// The caller holds the state's lock.
func guildSnapshot(g *guild, app interaction.Snowflake) guildDoc {
	d := guildDoc{
		ID: g.id, Name: g.name, Owner: g.owner, Installed: g.installed[app], Locale: g.locale,
		Features: slices.Clone(g.features), BotRole: g.botRoles[app], Emojis: slices.Clone(g.emojis),
		Roles: []interaction.Role{}, Members: []interaction.Member{}, Channels: []interaction.Channel{},
		Overwrites: []overwritesDoc{}, Bans: []banDoc{}, Threads: []threadDoc{},
	}
	if d.Features == nil {
		d.Features = []string{}
	}
	if d.Emojis == nil {
		d.Emojis = []Emoji{}
	}
	for _, id := range sortedIDs(g.roles) {
		d.Roles = append(d.Roles, *g.roles[id])
	}
	for _, id := range sortedIDs(g.members) {
		m := *g.members[id]
		m.Roles = slices.Clone(m.Roles)
		d.Members = append(d.Members, m)
	}
	for _, id := range sortedIDs(g.channels) {
		c := *g.channels[id]
		if c.ThreadMetadata != nil {
			c.ThreadMetadata = ptr(*c.ThreadMetadata)
		}
		d.Channels = append(d.Channels, c)
	}
	for _, id := range sortedIDs(g.overwrites) {
		d.Overwrites = append(d.Overwrites, overwritesDoc{Channel: id, Overwrites: slices.Clone(g.overwrites[id])})
	}
	for _, b := range g.sortedBans() {
		d.Bans = append(d.Bans, banDoc{User: b.user, Reason: b.reason})
	}
	for _, id := range sortedIDs(g.threads) {
		t := g.threads[id]
		td := threadDoc{ID: id, Created: utc(t.created), Members: []threadMemberDoc{}, Total: t.total}
		for _, m := range t.members {
			td.Members = append(td.Members, threadMemberDoc{User: m.user, Joined: utc(m.joined)})
		}
		d.Threads = append(d.Threads, td)
	}
	return d
}

// channelSnapshot returns what the log of a channel holds, or false when
// it holds nothing the document needs. The caller holds the state's lock.
func (s *Server) channelSnapshot(doc *stateDoc, id interaction.Snowflake, l *channelLog) (channelDoc, bool) {
	c := channelDoc{ID: id, Posted: []postedDoc{}, Pins: []pinDoc{}, Reactions: []reactionsDoc{}}
	for _, mid := range l.postedOrder {
		p := l.posted[mid]
		if p == nil {
			continue
		}
		pd := postedDoc{messageDoc: messageSnapshot(doc, &p.Message), Author: p.author, Type: p.typ,
			Mentions: slices.Clone(p.mentions), MentionRoles: slices.Clone(p.mentionRoles), MentionEveryone: p.mentionEveryone, Nonce: p.nonce}
		if p.ref != nil {
			pd.Ref = &refDoc{Forward: p.ref.forward, Channel: p.ref.channel, Guild: p.ref.guild, Message: p.ref.message}
		}
		if p.snapshot != nil {
			pd.Snapshot = ptr(messageSnapshot(doc, p.snapshot))
		}
		c.Posted = append(c.Posted, pd)
	}
	for _, p := range l.pins {
		c.Pins = append(c.Pins, pinDoc{Message: p.id, At: p.at.UTC()})
	}
	for _, mid := range sortedIDs(l.reactions) {
		rd := reactionsDoc{Message: mid, Reactions: []reactionDoc{}}
		for _, r := range l.reactions[mid] {
			rd.Reactions = append(rd.Reactions, reactionDoc{Emoji: r.emoji, Users: slices.Clone(r.users)})
		}
		if len(rd.Reactions) > 0 {
			c.Reactions = append(c.Reactions, rd)
		}
	}
	return c, len(c.Posted)+len(c.Pins)+len(c.Reactions) > 0
}

// interactionSnapshot returns si as a document; kept are the interactions
// the document holds. The caller holds the state's lock.
func (s *Server) interactionSnapshot(doc *stateDoc, si *sentInteraction, kept map[*sentInteraction]bool) interactionDoc {
	d := interactionDoc{Body: si.body, Sent: si.sent.UTC(), Launched: si.launched, Answered: utc(si.answered), HistoryDropped: si.dropped}
	if d.Body == nil {
		// A forgotten interaction keeps what it was, not the bytes.
		d.Body, _ = marshalJSON(si.ix)
	}
	if si.answer != nil {
		d.Answer = ptr(*si.answer)
	}
	switch {
	case si.original != nil && si.original == si.message:
		d.OriginalIsMessage = true
	case si.original != nil:
		d.Original = ptr(messageSnapshot(doc, si.original))
	}
	for _, f := range si.followups {
		d.Followups = append(d.Followups, messageSnapshot(doc, f))
	}
	for i := range si.history {
		e := &si.history[i]
		d.History = append(d.History, changeDoc{Kind: e.Kind, Original: e.Original, Message: messageSnapshot(doc, &e.Message), At: e.At.UTC()})
	}
	if m := si.message; m != nil {
		d.MessageID = m.ID
		if !s.holds(m, kept) {
			d.Message = ptr(messageSnapshot(doc, m))
		}
	}
	if o := si.opener; o != nil {
		d.OpenerID = o.ix.ID
		if !kept[o] {
			d.Opener = ptr(s.interactionSnapshot(doc, o, kept))
		}
	}
	return d
}

// holds reports whether the document holds m elsewhere than as the
// message of a component: made by an interaction kept, or posted in a
// channel. The caller holds the state's lock.
func (s *Server) holds(m *Message, kept map[*sentInteraction]bool) bool {
	if owner := s.st.messages[m.ID]; owner != nil && kept[owner] && owner.find(m.ID) == m {
		return true
	}
	if l := s.st.channelLogs[m.ChannelID]; l != nil {
		if p := l.posted[m.ID]; p != nil && &p.Message == m {
			return true
		}
	}
	return false
}

// messageSnapshot returns m as a document, and files the bytes of its
// files in doc.
func messageSnapshot(doc *stateDoc, m *Message) messageDoc {
	d := messageDoc{ID: m.ID, ChannelID: m.ChannelID, Data: cloneMessageData(m.Data), Poll: m.Poll.Clone(),
		Created: m.Created.UTC(), Edited: utc(m.Edited), Deleted: m.Deleted}
	for _, a := range m.Attachments {
		ad := attachmentDoc{Attachment: a.Attachment}
		if a.Content != nil {
			ad.File = fileKey(a.Content)
			doc.Files[ad.File] = a.Content
		}
		d.Attachments = append(d.Attachments, ad)
	}
	return d
}

// sortedIDs returns the keys of a map by id, in order.
func sortedIDs[V any](m map[interaction.Snowflake]V) []interaction.Snowflake {
	return slices.SortedFunc(maps.Keys(m), cmp.Compare)
}

// utc returns t in UTC, the zero time as it is.
func utc(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC()
}

func ptr[T any](v T) *T { return &v }
