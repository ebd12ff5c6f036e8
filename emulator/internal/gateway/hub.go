package gateway

import (
	"cmp"
	"crypto/rand"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Defaults of a Hub.
const (
	// DefaultHeartbeatInterval is the interval HELLO gives, the one the
	// service gives today.
	DefaultHeartbeatInterval = 41250 * time.Millisecond
	// DefaultResumeWindow is how long a session whose connection dropped
	// may be resumed: the service keeps one "a few minutes".
	DefaultResumeWindow = 3 * time.Minute
	// DefaultBacklog is how many of its latest dispatches a session keeps
	// to replay on RESUME, and DefaultBacklogBytes how many bytes of
	// them at most.
	DefaultBacklog      = 1024
	DefaultBacklogBytes = 8 << 20
	// DefaultMaxConnections bounds the connections open at once.
	DefaultMaxConnections = 256
	// DefaultSessionStarts is how many IDENTIFYs a day the application
	// may send, as GET /gateway/bot's session_start_limit says.
	DefaultSessionStarts = 1000
)

// The service's limits on what a client sends.
const (
	// maxPayload is the largest payload a client may send.
	maxPayload = 4096
	// sendLimit payloads a connection may send in each sendPeriod.
	sendLimit  = 120
	sendPeriod = time.Minute
	// startsPeriod is the period of the session start limit.
	startsPeriod = 24 * time.Hour
)

// Config says what a Hub serves; the funcs are the emulator's side.
type Config struct {
	// Token returns the application whose bot token token is, as
	// IDENTIFY or RESUME gives it without a leading "Bot ", and ok false
	// for none.
	Token func(token string) (app uint64, ok bool)
	// Allowed returns the privileged intents the application has turned
	// on: a session that asks for another is closed with 4014.
	Allowed func() Intents
	// Welcome builds what a new session is sent first and passes it to
	// begin, holding whatever orders the world's changes while it does,
	// so that the session receives every event published after what
	// Welcome read and none before. It must not call Publish itself.
	Welcome func(id Identity, begin func(Welcome))
	// Members answers a Request Guild Members (op 8), with ok false for a
	// guild that is not the bot's; nil answers none.
	Members func(MembersRequest) (found Members, ok bool)
	// Drop, when set, is asked before each dispatch Publish sends a
	// connected session whether to drop its connection instead: closed
	// abruptly, without a close frame, as a network that fails. The
	// session stays resumable, and keeps the dispatch for RESUME. It is
	// called with the hub's lock held.
	Drop func() bool

	// HeartbeatInterval is the interval HELLO asks the client to
	// heartbeat at; a connection is closed (4009) when half an interval
	// more passes without a heartbeat.
	HeartbeatInterval time.Duration
	// ResumeWindow is how long a session whose connection dropped may
	// be resumed.
	ResumeWindow time.Duration
	// Backlog and BacklogBytes bound the dispatches a session keeps for
	// RESUME; a session that missed more cannot be resumed.
	Backlog      int
	BacklogBytes int
	// MaxConnections bounds the connections open at once.
	MaxConnections int
	// SessionStarts is how many IDENTIFYs a day each application may
	// send.
	SessionStarts int
	// Clock is the hub's time; the wall clock if nil.
	Clock Clock
}

// Identity is what a valid IDENTIFY asked for.
type Identity struct {
	// App is the application whose bot token identified the session.
	App       uint64
	SessionID string
	Intents   Intents
	// Shard is [shard_id, num_shards]; [0, 1] when IDENTIFY gave none.
	Shard [2]int
	// Version is the gateway version of the connection, 9 or 10.
	Version int
}

// Welcome is what a new session is sent: the parts of READY the emulator
// knows, and the guilds, each sent after it as GUILD_CREATE.
type Welcome struct {
	// User is the bot's user object and Application the {id, flags} of
	// the application, as JSON.
	User, Application []byte
	// Guilds are the bot's guilds; READY lists those of the session's
	// shard as unavailable, and each then comes as a GUILD_CREATE.
	Guilds []Guild
}

// Guild is a guild of the bot: its id, and the d of its GUILD_CREATE.
type Guild struct {
	ID     uint64
	Create []byte
}

// Event is a dispatch the world sends the sessions that take it.
type Event struct {
	// App is the application whose sessions receive it.
	App uint64
	// Name is the dispatch's t: MESSAGE_CREATE and the like.
	Name string
	// Guild is the guild the event happened in, 0 for none: a guild's
	// events go to its shard, the others to shard 0.
	Guild uint64
	// Intents gate the event: a session receives it if it asked for any
	// of them; every session receives an event with none.
	Intents Intents
	// Data is the dispatch's d, JSON.
	Data []byte
	// Partial, when set, is Data as a session that did not ask for Full
	// reads it: a message without its content for a session without
	// MESSAGE_CONTENT, a guild whose members are the bot alone for one
	// without GUILD_PRESENCES.
	Partial []byte
	// Full are the intents a session needs to read Data rather than
	// Partial; MESSAGE_CONTENT when zero.
	Full Intents
}

// Hub serves the gateway of the applications of one world: a session is
// an application's, which its bot token names.
type Hub struct {
	cfg   Config
	clock Clock

	mu       sync.Mutex
	sessions map[string]*session
	conns    map[*conn]struct{}
	closed   bool
	// starts are the times of the IDENTIFYs of the last day, by
	// application.
	starts map[uint64][]time.Time
}

// New returns a Hub serving as cfg says, with its defaults where it says
// nothing.
func New(cfg Config) *Hub {
	if cfg.HeartbeatInterval <= 0 {
		cfg.HeartbeatInterval = DefaultHeartbeatInterval
	}
	if cfg.ResumeWindow <= 0 {
		cfg.ResumeWindow = DefaultResumeWindow
	}
	if cfg.Backlog <= 0 {
		cfg.Backlog = DefaultBacklog
	}
	if cfg.BacklogBytes <= 0 {
		cfg.BacklogBytes = DefaultBacklogBytes
	}
	if cfg.MaxConnections <= 0 {
		cfg.MaxConnections = DefaultMaxConnections
	}
	if cfg.SessionStarts <= 0 {
		cfg.SessionStarts = DefaultSessionStarts
	}
	if cfg.Allowed == nil {
		cfg.Allowed = func() Intents { return Privileged }
	}
	h := &Hub{cfg: cfg, clock: cfg.Clock, sessions: map[string]*session{}, conns: map[*conn]struct{}{}, starts: map[uint64][]time.Time{}}
	if h.clock == nil {
		h.clock = realClock{}
	}
	return h
}

// SessionStartLimit is what GET /gateway/bot's session_start_limit says.
type SessionStartLimit struct {
	Total, Remaining int
	// ResetAfter is how long until the limit is whole again.
	ResetAfter time.Duration
	// MaxConcurrency is how many sessions may start in each 5 seconds.
	MaxConcurrency int
}

// StartLimit returns the session start limit of app as it stands.
func (h *Hub) StartLimit(app uint64) SessionStartLimit {
	h.mu.Lock()
	defer h.mu.Unlock()
	now := h.clock.Now()
	starts := h.forgetStarts(app, now)
	l := SessionStartLimit{Total: h.cfg.SessionStarts, Remaining: h.cfg.SessionStarts - len(starts), MaxConcurrency: 1}
	if len(starts) > 0 {
		l.ResetAfter = starts[0].Add(startsPeriod).Sub(now)
	}
	return l
}

// forgetStarts drops app's IDENTIFYs older than a day, and returns those
// left. The caller holds h.mu.
func (h *Hub) forgetStarts(app uint64, now time.Time) []time.Time {
	starts := h.starts[app]
	i := 0
	for i < len(starts) && !now.Before(starts[i].Add(startsPeriod)) {
		i++
	}
	if i == len(starts) {
		delete(h.starts, app)
		return nil
	}
	h.starts[app] = starts[i:]
	return starts[i:]
}

// Receivers reports whether an event of app in guild (0 for none) would
// reach a session, one connected or one that may still resume.
func (h *Hub) Receivers(app, guild uint64) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, s := range h.sessions {
		if s.id.App == app && s.onShard(guild) {
			return true
		}
	}
	return false
}

// Listening reports whether a session of app, connected or resumable,
// may receive an event: the world builds none for a gateway nobody uses.
func (h *Hub) Listening(app uint64) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, s := range h.sessions {
		if s.id.App == app {
			return true
		}
	}
	return false
}

// Publish sends ev to every session of ev.App whose shard and intents
// take it, and returns how many it went to. A session whose connection dropped keeps
// it to replay on RESUME.
func (h *Hub) Publish(ev Event) int {
	n, _ := h.Send(ev)
	return n
}

// Send is Publish, and returns too how many connections Config.Drop
// dropped before the dispatch.
func (h *Hub) Send(ev Event) (sent, dropped int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, s := range h.sessions {
		if s.id.App != ev.App || !s.onShard(ev.Guild) || ev.Intents != 0 && s.id.Intents&ev.Intents == 0 {
			continue
		}
		d := ev.Data
		if full := cmp.Or(ev.Full, IntentMessageContent); ev.Partial != nil && s.id.Intents&full != full {
			d = ev.Partial
		}
		if c := s.conn; c != nil && h.cfg.Drop != nil && h.cfg.Drop() {
			s.detach()
			c.drop()
			dropped++
		}
		s.dispatch(ev.Name, d)
		n++
	}
	return n, dropped
}

// SessionInfo is what a session asked for, and whether it has a
// connection now.
type SessionInfo struct {
	Identity
	Connected bool
}

// Sessions returns the sessions, connected or resumable, by id.
func (h *Hub) Sessions() []SessionInfo {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]SessionInfo, 0, len(h.sessions))
	for _, s := range h.sessions {
		out = append(out, SessionInfo{Identity: s.id, Connected: s.conn != nil})
	}
	slices.SortFunc(out, func(a, b SessionInfo) int { return strings.Compare(a.SessionID, b.SessionID) })
	return out
}

// Reconnect asks every connected session to reconnect and resume
// (RECONNECT, op 7), as the service does before it moves a session
// elsewhere; a connection the client has not closed a heartbeat
// interval later is closed.
func (h *Hub) Reconnect() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, s := range h.sessions {
		if c := s.conn; c != nil {
			c.send(appendFrame(nil, opReconnect, "", 0, nil))
			c.closeAfter(h.cfg.HeartbeatInterval, CloseUnknownError, "reconnect")
		}
	}
}

// Invalidate ends every session, as the service does when it drops one:
// a connected session's client is told its session is invalid and may
// not be resumed (INVALID_SESSION, op 9, d false), and identifies again,
// on the same connection or a new one; a session waiting to be resumed is
// forgotten, so that its RESUME is answered the same. The emulator does
// so when its world is replaced, which the sessions' events no longer
// describe.
func (h *Hub) Invalidate() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for id, s := range h.sessions {
		delete(h.sessions, id)
		s.forget()
		if c := s.conn; c != nil {
			s.conn, c.sess = nil, nil
			c.send(appendFrame(nil, opInvalidSession, "", 0, []byte("false")))
		}
	}
}

// Close closes every connection and forgets every session.
func (h *Hub) Close() {
	h.mu.Lock()
	h.closed = true
	conns := make([]*conn, 0, len(h.conns))
	for c := range h.conns {
		conns = append(conns, c)
	}
	for _, s := range h.sessions {
		s.forget()
	}
	clear(h.sessions)
	h.mu.Unlock()
	for _, c := range conns {
		c.close(1001, "the emulator is closing")
	}
}

// makeRoom forgets the sessions without connection that lost it first
// while the hub holds MaxConnections sessions or more, so that a bot that
// identifies again and again, rather than resuming, holds no more than
// that many sessions and their backlogs. A connected session has a
// connection, of which there are at most MaxConnections. The caller
// holds h.mu.
func (h *Hub) makeRoom() {
	for len(h.sessions) >= h.cfg.MaxConnections {
		var oldest *session
		for _, s := range h.sessions {
			if s.conn == nil && (oldest == nil || s.detached.Before(oldest.detached)) {
				oldest = s
			}
		}
		if oldest == nil {
			return
		}
		delete(h.sessions, oldest.id.SessionID)
		oldest.forget()
	}
}

// newSessionID returns a random session id, 32 hex digits as the
// service's are.
func newSessionID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// A session is the sequence of dispatches an IDENTIFY began, which
// outlives its connection for the resume window. Its fields are guarded
// by the hub's mutex.
type session struct {
	h  *Hub
	id Identity
	// seq is the number of the last dispatch.
	seq uint64
	// backlog holds the latest dispatches, oldest first, and size their
	// bytes; dropped is the number of the last dispatch no longer kept.
	backlog []dispatched
	size    int
	dropped uint64
	// conn is the session's connection, nil while none is.
	conn *conn
	// expire stops the timer that forgets a session without connection;
	// detached is when it lost its connection.
	expire   func() bool
	detached time.Time
}

// dispatched is a dispatch as sent: its number and its frame.
type dispatched struct {
	seq   uint64
	frame []byte
}

// onShard reports whether the events of guild go to s's shard.
func (s *session) onShard(guild uint64) bool {
	if guild == 0 {
		return s.id.Shard[0] == 0
	}
	return Shard(guild, s.id.Shard[1]) == s.id.Shard[0]
}

// dispatch numbers a dispatch, keeps it and sends it if s is connected.
func (s *session) dispatch(name string, d []byte) {
	s.seq++
	frame := appendFrame(nil, opDispatch, name, s.seq, d)
	s.backlog = append(s.backlog, dispatched{s.seq, frame})
	s.size += len(frame)
	for len(s.backlog) > s.h.cfg.Backlog || s.size > s.h.cfg.BacklogBytes && len(s.backlog) > 1 {
		s.dropped = s.backlog[0].seq
		s.size -= len(s.backlog[0].frame)
		s.backlog[0] = dispatched{}
		s.backlog = s.backlog[1:]
	}
	if s.conn != nil {
		s.conn.send(frame)
	}
}

// detach leaves s without connection, resumable for the resume window.
func (s *session) detach() {
	s.conn = nil
	s.detached = s.h.clock.Now()
	id := s.id.SessionID
	s.expire = s.h.clock.AfterFunc(s.h.cfg.ResumeWindow, func() {
		s.h.mu.Lock()
		defer s.h.mu.Unlock()
		if s.conn == nil && s.h.sessions[id] == s {
			delete(s.h.sessions, id)
		}
	})
}

// forget stops s's timer; the caller removes it from the hub.
func (s *session) forget() {
	if s.expire != nil {
		s.expire()
	}
	s.backlog = nil
}

// readyData writes READY's d for s, from w's parts.
func readyData(s *session, w *Welcome, resumeURL string) []byte {
	b := []byte(`{"v":`)
	b = strconv.AppendInt(b, int64(s.id.Version), 10)
	b = append(b, `,"user_settings":{},"user":`...)
	b = append(b, w.User...)
	b = append(b, `,"session_type":"normal","session_id":"`...)
	b = append(b, s.id.SessionID...)
	b = append(b, `","resume_gateway_url":`...)
	b = strconv.AppendQuote(b, resumeURL)
	b = append(b, `,"shard":[`...)
	b = strconv.AppendInt(b, int64(s.id.Shard[0]), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(s.id.Shard[1]), 10)
	b = append(b, `],"relationships":[],"private_channels":[],"presences":[],"guilds":[`...)
	first := true
	for _, g := range w.Guilds {
		if !s.onShard(g.ID) {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, `{"unavailable":true,"id":"`...)
		b = strconv.AppendUint(b, g.ID, 10)
		b = append(b, `"}`...)
	}
	b = append(b, `],"guild_join_requests":[],"geo_ordered_rtc_regions":[],"application":`...)
	b = append(b, w.Application...)
	b = append(b, `,"_trace":["[\"emulator\",{\"micros\":0}]"]}`...)
	return b
}
