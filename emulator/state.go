package emulator

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"sync"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/signer"
)

// state is everything the service holds. One mutex guards it all: a request
// checks everything before it changes anything, under the lock, so a
// refused request changes nothing and no reader sees half a change.
type state struct {
	mu     sync.Mutex
	now    func() time.Time
	seq    uint64 // the increment of the snowflakes made in the same millisecond
	lastMS uint64 // the timestamp of the last snowflake made
	// idTime, when not zero, is the instant snowflakes are made at in
	// place of now: the world of the well-known credentials is made at
	// wellKnownInstant, so that its ids are the same at every start.
	idTime time.Time

	// apps are the applications the emulator serves, in the order they
	// were made: the first is the one New makes, whose credentials are
	// Server's fields. Each has its commands, tokens, SKUs and the rest;
	// the users, guilds and messages are the world's, which they share.
	apps []*application
	// app is the application the holder of the lock acts for: the
	// caller's, while a request is answered; the interaction's, while one
	// is sent or answered; the first application otherwise. Whoever acts
	// for another sets it with actFor, and sets it back before letting
	// the lock go.
	app   *application
	users map[interaction.Snowflake]*interaction.User
	// guilds are the world's guilds, each with its members, the bots of
	// the applications among them.
	guilds map[interaction.Snowflake]*guild

	// interactions the emulator sent to the bot, by id and by token: their
	// answers, original messages and follow-ups.
	interactions map[interaction.Snowflake]*sentInteraction
	byToken      map[string]*sentInteraction
	// messages holds, by message id, the interaction whose answer or
	// follow-up made each message the bot sent: the message's owner,
	// whose token made it and whose metadata it carries, whichever
	// interaction edits it later.
	messages map[interaction.Snowflake]*sentInteraction
	// channelLogs are the channels' messages, by channel: those posted
	// through the channel endpoints, and the index of every message in
	// each (channels.go).
	channelLogs map[interaction.Snowflake]*channelLog
	// components finds messages by the names of their components, and
	// journal says which messages changed lately.
	components componentIndex
	journal    journal
	// order holds the interactions kept, those sent and those the
	// service launched itself (only those sent are in interactions), in
	// the order of their ids from head on; keep.go bounds them by limits.
	// changes and fileBytes count what their histories hold, and written
	// are the interactions whose messages changed since the last trim.
	order     []*sentInteraction
	head      int
	limits    Limits
	changes   int
	fileBytes int64
	written   []*sentInteraction
	// modals are the modals open before each user: the last MODAL answer
	// to one of their interactions, until they submit it.
	modals map[interaction.Snowflake]*openModal
	// events are the webhook events sent to the application.
	events eventLog
	// changed is closed, and replaced, at every change (see Changed).
	changed chan struct{}
}

// newState returns a state holding nothing yet, with the clock now and
// the bounds limits: the one constructor of the server's state and of
// the worlds Restore and Reset build.
func newState(now func() time.Time, limits Limits) *state {
	return &state{
		now:          now,
		users:        map[interaction.Snowflake]*interaction.User{},
		guilds:       map[interaction.Snowflake]*guild{},
		interactions: map[interaction.Snowflake]*sentInteraction{},
		byToken:      map[string]*sentInteraction{},
		messages:     map[interaction.Snowflake]*sentInteraction{},
		channelLogs:  map[interaction.Snowflake]*channelLog{},
		modals:       map[interaction.Snowflake]*openModal{},
		limits:       limits,
		events:       eventLog{changed: make(chan struct{}), keep: limits.Events, room: limits.WaitingEvents},
		changed:      make(chan struct{}),
	}
}

// sentInteraction is an interaction sent to the bot and what became of it,
// or one the service handled itself.
type sentInteraction struct {
	ix *interaction.Interaction
	// body is the interaction's JSON as the service sent it, with the
	// fields the decoded ix leaves out when empty.
	body     []byte
	sent     time.Time
	launched bool                  // the service launched an Activity: the bot got nothing
	answer   *interaction.Response // the first answer, by HTTP or the callback endpoint
	answered time.Time
	// acked is closed when answer is set, for a delivery the bot
	// acknowledged with 202 Accepted and answers through the callback
	// endpoint.
	acked chan struct{}
	// settled is closed when no answer in the HTTP response to the
	// interaction is still to come: it has been read and settled, or
	// there was none (202, an error, the window passed). Nil for an
	// interaction not sent over HTTP. See awaitSettled.
	settled     chan struct{}
	settledDone bool
	// responding is closed when the head of the bot's HTTP answer has
	// arrived, or no answer will: an answer is then being read.
	responding     chan struct{}
	respondingDone bool
	// original is the message of the first answer (or of the edit that
	// completes a deferred one); followups are the messages sent after it.
	original  *Message
	followups []*Message
	// history is every change to those messages, in order.
	history []MessageEvent
	// message is the message whose component was used, in a
	// MESSAGE_COMPONENT interaction, or whose component opened the modal
	// submitted, in a MODAL_SUBMIT; nil otherwise. It belongs to the
	// interaction that made it, and answers that update it change it there.
	message *Message
	// opener is the interaction whose MODAL answer opened the modal
	// submitted, in a MODAL_SUBMIT.
	opener *sentInteraction
	// files are the attachments the history holds, by id, and fileBytes
	// their size; dropped counts the oldest changes the history no
	// longer holds; forgotten is set when the emulator forgets the
	// interaction (keep.go).
	files     map[interaction.Snowflake]bool
	fileBytes int64
	dropped   int
	forgotten bool
	// faults are the delivery faults that fired on the interaction, and
	// copies the copies of it they sent; late is how long a late fault
	// held its delivery, and tokenLife how long its token works when a
	// fault made it expire early (zero: tokenLife).
	faults    []DeliveryFaultKind
	copies    []Copy
	late      time.Duration
	tokenLife time.Duration
}

// tokenExpired reports whether si's token no longer works at now.
func (si *sentInteraction) tokenExpired(now time.Time) bool {
	life := tokenLife
	if si.tokenLife > 0 {
		life = si.tokenLife
	}
	return now.Sub(si.sent) >= life
}

// newSentInteraction returns the record of ix, sent as body.
func newSentInteraction(ix *interaction.Interaction, body []byte) *sentInteraction {
	return &sentInteraction{ix: ix, body: body, acked: make(chan struct{})}
}

// made files m as a message of si, which made it, unless si is forgotten
// already. The caller holds the state's lock.
func (st *state) made(si *sentInteraction, m *Message) {
	if !si.forgotten {
		st.messages[m.ID] = si
		st.index(m)
	}
}

// message returns the message with id the bot sent, and the interaction
// that made it; nil for a message the emulator never saw. The caller holds
// the state's lock.
func (st *state) message(id interaction.Snowflake) (*Message, *sentInteraction) {
	si := st.messages[id]
	if si == nil {
		return nil, nil
	}
	return si.find(id), si
}

// application is an application the emulator serves: its credentials,
// settings and what it holds of its own in the world.
type application struct {
	id           interaction.Snowflake
	botUser      interaction.Snowflake
	owner        interaction.Snowflake
	botToken     string
	clientID     string
	clientSecret string
	redirectURI  string
	activities   bool // the EMBEDDED flag: the application has an Activity
	discoverable bool // listed in the App Directory
	// installContexts are the installation contexts the application
	// supports, in ascending order; GUILD_INSTALL is always among them.
	installContexts []interaction.IntegrationType
	interactionsURL string
	// eventsURL is where the application receives webhook events; none
	// are sent while it is empty.
	eventsURL string
	// key is the key its interactions and webhook events are signed
	// with, and signer signs with it.
	key    ed25519.PrivateKey
	signer *signer.Signer

	commands map[interaction.Snowflake][]*command.Command // by guild; 0 is the global scope
	// permissions by guild, then by command id (or the application id, for
	// the defaults of every command).
	permissions map[interaction.Snowflake]map[interaction.Snowflake][]command.Permission
	// creates counts the commands created per scope per day, for the daily
	// limit.
	creates map[interaction.Snowflake]*dailyCount

	tokens map[string]*token // access tokens
	grants map[string]*grant // authorization codes and refresh tokens
	// pruned is when expired tokens and codes were last dropped.
	pruned time.Time
	// userInstalls are the users who installed the application to their
	// account (USER_INSTALL).
	userInstalls map[interaction.Snowflake]bool

	// skus are the application's SKUs, as List SKUs gives them;
	// entitlements are its entitlements, deleted ones included, in the
	// order of their ids (at most maxEntitlements).
	skus         []SKU
	entitlements []*interaction.Entitlement
	// seenVersions is, per user, the version of each global command their
	// client last loaded, for read-repair.
	seenVersions map[interaction.Snowflake]map[interaction.Snowflake]interaction.Snowflake
}

// newApplication returns an application without credentials, signing
// with key, holding nothing yet.
func newApplication(key ed25519.PrivateKey) *application {
	return &application{
		key: key, signer: signer.New(key),
		commands:     map[interaction.Snowflake][]*command.Command{},
		permissions:  map[interaction.Snowflake]map[interaction.Snowflake][]command.Permission{},
		creates:      map[interaction.Snowflake]*dailyCount{},
		tokens:       map[string]*token{},
		grants:       map[string]*grant{},
		userInstalls: map[interaction.Snowflake]bool{},
		seenVersions: map[interaction.Snowflake]map[interaction.Snowflake]interaction.Snowflake{},
	}
}

// actFor makes a the application the holder of the lock acts for, and
// returns what sets back the one before. The caller holds the lock.
func (st *state) actFor(a *application) (restore func()) {
	before := st.app
	st.app = a
	return func() { st.app = before }
}

// appOf returns the application an interaction was sent to.
func (st *state) appOf(si *sentInteraction) *application {
	if a := st.appByID(si.ix.ApplicationID); a != nil {
		return a
	}
	return st.apps[0]
}

// appByID returns the application with id, nil for none.
func (st *state) appByID(id interaction.Snowflake) *application {
	for _, a := range st.apps {
		if a.id == id {
			return a
		}
	}
	return nil
}

// guild is a guild with its members, roles and channels.
type guild struct {
	id    interaction.Snowflake
	name  string
	owner interaction.Snowflake
	// installed are the applications that have applications.commands
	// here, by id.
	installed map[interaction.Snowflake]bool
	locale    interaction.Locale
	features  []string // the guild's features, such as "COMMUNITY"
	members   map[interaction.Snowflake]*interaction.Member
	roles     map[interaction.Snowflake]*interaction.Role
	channels  map[interaction.Snowflake]*interaction.Channel
	// overwrites are the permission overwrites of each channel, by
	// channel id; a thread has none of its own and follows its parent's.
	overwrites map[interaction.Snowflake][]Overwrite
	// botRoles are the managed roles the applications' bots got when
	// they joined, by application id.
	botRoles map[interaction.Snowflake]interaction.Snowflake
	// bans are the users banned from the guild, by user id.
	bans map[interaction.Snowflake]*ban
	// emojis are the guild's custom emojis, in the order they were
	// made.
	emojis []Emoji
	// threads are what the guild keeps of its threads beyond their
	// channels, by thread id (threads.go).
	threads map[interaction.Snowflake]*threadState
	// now is the state's clock, which tells whether a timeout is over;
	// nil means time.Now.
	now func() time.Time
}

// dailyCount is a count within one UTC day.
type dailyCount struct {
	day int64
	n   int
}

// tokenKind says on whose behalf a bearer token acts.
type tokenKind int

const (
	tokenClient tokenKind = iota + 1 // client credentials: the application itself
	tokenUser                        // a user who authorized the application
)

// token is an OAuth2 access token.
type token struct {
	kind   tokenKind
	scopes map[string]bool
	// granted are the scopes in the order they were granted, as the
	// token's authorization lists them.
	granted []string
	user    interaction.Snowflake
	expires time.Time
	// auth names the authorization a user token was issued from, shared
	// by every token and refresh token issued from the same code; ""
	// for a client credentials token, which stands alone.
	auth string
}

// grant is an authorization code or a refresh token: what it may be
// exchanged for.
type grant struct {
	user        interaction.Snowflake
	scopes      []string
	redirectURI string
	refresh     bool // a refresh token rather than a code
	// auth names the authorization, as token.auth does.
	auth string
	// expires is when a code may no longer be exchanged; zero for a
	// refresh token, and for the code New makes (Server.AuthorizationCode),
	// which waits for whenever a test comes for it.
	expires time.Time
}

// newID returns a snowflake made now, greater than every one made before:
// when the clock stands still (a test's fixed clock) or goes back, the
// timestamp moves on from the last one instead.
func (s *state) newID() interaction.Snowflake {
	at := s.idTime
	if at.IsZero() {
		at = s.now()
	}
	ms := uint64(at.UnixMilli() - interaction.Epoch)
	if ms < s.lastMS {
		ms = s.lastMS
	}
	if ms == s.lastMS {
		s.seq++
		if s.seq > 0xfff {
			ms, s.seq = ms+1, 0
		}
	} else {
		s.seq = 0
	}
	s.lastMS = ms
	return interaction.Snowflake(ms<<22 | 1<<17 | s.seq)
}

// newBotToken returns a bot token shaped as the service makes them: the
// base64 of the bot user's id, the base64 of when the token was made, and
// a random secret, joined by dots, all unpadded in the URL alphabet. The
// first segment is public: frameworks read the bot's id from it, and with
// it the application's, which for applications created today is the same.
// The digits of an id encode alike in the standard and URL alphabets.
func newBotToken(bot interaction.Snowflake, made time.Time) string {
	var ts [4]byte
	binary.BigEndian.PutUint32(ts[:], uint32(made.Unix()))
	key := make([]byte, 27)
	if _, err := rand.Read(key); err != nil {
		panic("emulator: no randomness: " + err.Error())
	}
	enc := base64.RawURLEncoding
	return enc.EncodeToString([]byte(bot.String())) + "." + enc.EncodeToString(ts[:]) + "." + enc.EncodeToString(key)
}

// secret returns a random token of n bytes, in hex.
func secret(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("emulator: no randomness: " + err.Error())
	}
	return hex.EncodeToString(b)
}

// day returns the UTC day of t, for daily limits.
func day(t time.Time) int64 { return t.UTC().Unix() / 86400 }
