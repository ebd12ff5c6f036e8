package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// Bounds of a connection, beyond the service's own.
const (
	// readLimit is the largest message read at all: one over maxPayload
	// is read to be refused with 4002, one over readLimit closes the
	// connection at once (1009).
	readLimit = 64 << 10
	// maxQueued is how many bytes of frames may wait for a client that
	// reads slower than the world changes; past it the connection is
	// closed, and the session may resume.
	maxQueued = 16 << 20
	// writeTimeout bounds the write of one frame.
	writeTimeout = 10 * time.Second
)

// ServeHTTP upgrades a request to a gateway connection and serves it
// until it ends. The query says the version (v, 9 or 10), the encoding
// (json) and the transport compression (compress, zlib-stream or
// zstd-stream). The URL a session resumes at, READY's
// resume_gateway_url, is the one the request came to.
func (h *Hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	full := h.closed || len(h.conns) >= h.cfg.MaxConnections
	h.mu.Unlock()
	if full {
		http.Error(w, "the gateway takes no more connections", http.StatusServiceUnavailable)
		return
	}
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{
		// Gateway clients are programs, not pages; a token proves who
		// connects, not an origin.
		InsecureSkipVerify: true,
		CompressionMode:    websocket.CompressionDisabled,
	})
	if err != nil {
		return // Accept has answered
	}
	ws.SetReadLimit(readLimit)
	q := r.URL.Query()
	c := &conn{h: h, ws: ws, wake: make(chan struct{}, 1), done: make(chan struct{})}
	c.url = "ws://" + r.Host
	switch q.Get("compress") {
	case "zlib-stream":
		c.compress = newZlibStream()
	case "zstd-stream":
		c.compress = newZstdStream()
	}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		ws.Close(1001, "the emulator is closing")
		return
	}
	h.conns[c] = struct{}{}
	h.mu.Unlock()
	go c.write()

	switch v := q.Get("v"); v {
	case "9", "10":
		c.version, _ = strconv.Atoi(v)
	default:
		c.close(CloseInvalidAPIVersion, "invalid API version: the gateway serves v=10 and v=9")
		c.end(nil)
		return
	}
	if e := q.Get("encoding"); e != "" && e != "json" {
		c.close(CloseDecodeError, "the emulator's gateway speaks encoding=json only")
		c.end(nil)
		return
	}
	hello := `{"heartbeat_interval":` + strconv.FormatInt(h.cfg.HeartbeatInterval.Milliseconds(), 10) + `,"_trace":["[\"emulator\",{\"micros\":0}]"]}`
	c.send(appendFrame(nil, opHello, "", 0, []byte(hello)))
	c.heartbeat()
	c.end(c.read(r.Context()))
}

// A conn is one WebSocket connection of the gateway.
type conn struct {
	h   *Hub
	ws  *websocket.Conn
	url string
	// version is the connection's gateway version.
	version  int
	compress compressor

	// sess is the connection's session once it identified or resumed;
	// guarded by h.mu.
	sess *session

	mu sync.Mutex
	// queue holds the frames the writer has yet to write, queued their
	// bytes.
	queue  [][]byte
	queued int
	// closing is set once the connection is to be closed, with the
	// code and reason, after the frames queued before it.
	closing     bool
	abrupt      bool // closing without a close frame (drop)
	code        websocket.StatusCode
	reason      string
	stopBeat    func() bool
	stopClosing func() bool
	wake        chan struct{}
	// done is closed when the writer has ended.
	done chan struct{}

	// The reader's own: the send limit's window.
	windowStart time.Time
	sent        int
}

// send queues a frame for the writer; a client too far behind is
// disconnected.
func (c *conn) send(frame []byte) {
	c.mu.Lock()
	if c.closing {
		c.mu.Unlock()
		return
	}
	c.queue = append(c.queue, frame)
	c.queued += len(frame)
	over := c.queued > maxQueued
	c.mu.Unlock()
	if over {
		c.close(CloseUnknownError, "the client reads too slowly")
		return
	}
	c.poke()
}

func (c *conn) poke() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// close has the writer close the connection with code once the frames
// queued before are written. The first call decides the code.
func (c *conn) close(code int, reason string) {
	c.mu.Lock()
	if !c.closing {
		c.closing, c.code, c.reason = true, websocket.StatusCode(code), reason
	}
	c.mu.Unlock()
	c.poke()
}

// drop has the writer close the connection without a close frame, as a
// network that fails does, once the frames queued before are written.
func (c *conn) drop() {
	c.mu.Lock()
	if !c.closing {
		c.closing, c.abrupt = true, true
	}
	c.mu.Unlock()
	c.poke()
}

// closeAfter closes the connection with code unless it has closed when
// d has passed.
func (c *conn) closeAfter(d time.Duration, code int, reason string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopClosing == nil {
		c.stopClosing = c.h.clock.AfterFunc(d, func() { c.close(code, reason) })
	}
}

// heartbeat starts the heartbeat's window again: the connection is
// closed with 4009 if no heartbeat comes within an interval and a half,
// which leaves a client heartbeating on time room for its latency.
func (c *conn) heartbeat() {
	d := c.h.cfg.HeartbeatInterval * 3 / 2
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopBeat != nil {
		c.stopBeat()
	}
	c.stopBeat = c.h.clock.AfterFunc(d, func() { c.close(CloseSessionTimedOut, "no heartbeat within the interval") })
}

// write writes the queued frames, and closes the connection when asked,
// until it ends.
func (c *conn) write() {
	defer close(c.done)
	var frames [][]byte
	for {
		c.mu.Lock()
		frames, c.queue = c.queue, frames[:0]
		c.queued = 0
		closing, abrupt, code, reason := c.closing, c.abrupt, c.code, c.reason
		c.mu.Unlock()
		for i, f := range frames {
			if err := c.writeFrame(f); err != nil {
				c.ws.CloseNow()
				return
			}
			frames[i] = nil
		}
		if closing && len(frames) == 0 {
			if abrupt {
				c.ws.CloseNow()
			} else {
				c.ws.Close(code, reason)
			}
			return
		}
		if len(frames) > 0 {
			continue // more may have come while these were written
		}
		<-c.wake
	}
}

// writeFrame writes one frame, compressed as the connection asked.
func (c *conn) writeFrame(f []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
	defer cancel()
	if c.compress == nil {
		return c.ws.Write(ctx, websocket.MessageText, f)
	}
	b, err := c.compress.compress(f)
	if err != nil {
		return err
	}
	return c.ws.Write(ctx, websocket.MessageBinary, b)
}

// end leaves the connection's session resumable, or forgets it if the
// client closed with 1000 or 1001, which the service takes as the end of
// the session; then waits for the writer.
func (c *conn) end(readErr error) {
	code := websocket.CloseStatus(readErr)
	h := c.h
	h.mu.Lock()
	if s := c.sess; s != nil && s.conn == c {
		if code == websocket.StatusNormalClosure || code == websocket.StatusGoingAway {
			delete(h.sessions, s.id.SessionID)
			s.forget()
		} else {
			s.detach()
		}
	}
	delete(h.conns, c)
	h.mu.Unlock()
	c.mu.Lock()
	if c.stopBeat != nil {
		c.stopBeat()
	}
	if c.stopClosing != nil {
		c.stopClosing()
	}
	c.mu.Unlock()
	c.close(CloseUnknownError, "")
	select {
	case <-c.done:
	case <-time.After(writeTimeout):
		c.ws.CloseNow()
		<-c.done
	}
	if c.compress != nil {
		c.compress.release()
	}
}

// payload is a payload a client sends.
type payload struct {
	Op *int            `json:"op"`
	D  json.RawMessage `json:"d"`
}

// errClosing ends the read loop once the connection is to be closed.
var errClosing = errors.New("closing")

// read reads the client's payloads and acts on them until the
// connection ends, returning the error that ended it.
func (c *conn) read(ctx context.Context) error {
	for {
		typ, r, err := c.ws.Reader(ctx)
		if err != nil {
			return err
		}
		data, err := io.ReadAll(io.LimitReader(r, maxPayload+1))
		if err != nil {
			return err
		}
		if len(data) > maxPayload {
			c.close(CloseDecodeError, "a payload over 4096 bytes")
			return errClosing
		}
		if !c.allow() {
			c.close(CloseRateLimited, "more than 120 payloads in a minute")
			return errClosing
		}
		if typ != websocket.MessageText {
			c.close(CloseDecodeError, "a binary payload: the gateway reads JSON text")
			return errClosing
		}
		var p payload
		if json.Unmarshal(data, &p) != nil || p.Op == nil {
			c.close(CloseDecodeError, "a payload that is not a gateway payload")
			return errClosing
		}
		if err := c.handle(*p.Op, p.D); err != nil {
			return err
		}
	}
}

// allow counts a payload against the send limit.
func (c *conn) allow() bool {
	now := c.h.clock.Now()
	if c.windowStart.IsZero() || !now.Before(c.windowStart.Add(sendPeriod)) {
		c.windowStart, c.sent = now, 0
	}
	c.sent++
	return c.sent <= sendLimit
}

// handle acts on one payload of the client.
func (c *conn) handle(op int, d json.RawMessage) error {
	switch op {
	case opHeartbeat:
		c.heartbeat()
		c.send(appendFrame(nil, opHeartbeatACK, "", 0, nil))
		return nil
	case opIdentify:
		return c.identify(d)
	case opResume:
		return c.resume(d)
	case opRequestGuildMembers:
		if !c.authenticated() {
			c.close(CloseNotAuthenticated, "a payload before IDENTIFY")
			return errClosing
		}
		return c.requestMembers(d)
	case opPresenceUpdate, opVoiceStateUpdate, opRequestSoundboard, opRequestChannelInfo:
		if !c.authenticated() {
			c.close(CloseNotAuthenticated, "a payload before IDENTIFY")
			return errClosing
		}
		return nil
	default:
		c.close(CloseUnknownOpcode, "unknown opcode "+strconv.Itoa(op))
		return errClosing
	}
}

// authenticated reports whether the connection identified or resumed.
func (c *conn) authenticated() bool {
	c.h.mu.Lock()
	defer c.h.mu.Unlock()
	return c.sess != nil
}

// identifyData is IDENTIFY's d, as much as the gateway reads of it.
type identifyData struct {
	Token   *string `json:"token"`
	Intents *uint64 `json:"intents"`
	Shard   []int   `json:"shard"`
}

// token reads a token as IDENTIFY and RESUME give it: some clients send
// the Authorization header's "Bot " with it, which the service takes.
func token(t string) string { return strings.TrimPrefix(t, "Bot ") }

// readIdentify reads IDENTIFY's d: the application whose token it gives,
// the intents and the shard it asks for, or the close code and reason of
// what is wrong with it. valid returns the application whose bot token a
// token is, and allowed are the privileged intents the applications have
// turned on.
func readIdentify(d json.RawMessage, valid func(string) (uint64, bool), allowed Intents) (app uint64, intents Intents, shard [2]int, code int, reason string) {
	var in identifyData
	if json.Unmarshal(d, &in) != nil || in.Token == nil {
		return 0, 0, shard, CloseDecodeError, "an IDENTIFY that is not one"
	}
	ok := false
	if valid != nil {
		app, ok = valid(token(*in.Token))
	}
	if !ok {
		return 0, 0, shard, CloseAuthenticationFailed, "authentication failed"
	}
	// A client that gives no intents (null) is taken to ask for none.
	if in.Intents != nil {
		intents = Intents(*in.Intents)
	}
	if intents&^defined != 0 {
		return 0, 0, shard, CloseInvalidIntents, "invalid intent(s)"
	}
	if intents&Privileged&^allowed != 0 {
		return 0, 0, shard, CloseDisallowedIntents, "disallowed intent(s)"
	}
	shard = [2]int{0, 1}
	if in.Shard != nil {
		if len(in.Shard) != 2 || in.Shard[1] < 1 || in.Shard[0] < 0 || in.Shard[0] >= in.Shard[1] {
			return 0, 0, shard, CloseInvalidShard, "invalid shard"
		}
		shard = [2]int{in.Shard[0], in.Shard[1]}
	}
	return app, intents, shard, 0, ""
}

// identify starts a session, or closes the connection with the code the
// service gives for what is wrong with the IDENTIFY.
func (c *conn) identify(d json.RawMessage) error {
	if c.authenticated() {
		c.close(CloseAlreadyAuthenticated, "IDENTIFY on an identified connection")
		return errClosing
	}
	h := c.h
	app, intents, shard, code, reason := readIdentify(d, h.cfg.Token, h.cfg.Allowed())
	if code != 0 {
		c.close(code, reason)
		return errClosing
	}
	h.mu.Lock()
	now := h.clock.Now()
	if len(h.forgetStarts(app, now)) >= h.cfg.SessionStarts {
		h.mu.Unlock()
		c.send(appendFrame(nil, opInvalidSession, "", 0, []byte("false")))
		return nil
	}
	h.starts[app] = append(h.starts[app], now)
	h.mu.Unlock()

	id := Identity{App: app, SessionID: newSessionID(), Intents: intents, Shard: shard, Version: c.version}
	h.cfg.Welcome(id, func(w Welcome) {
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.closed {
			return
		}
		h.makeRoom()
		s := &session{h: h, id: id, conn: c}
		c.sess = s
		h.sessions[id.SessionID] = s
		s.dispatch("READY", readyData(s, &w, c.url))
		for _, g := range w.Guilds {
			if s.onShard(g.ID) {
				s.dispatch("GUILD_CREATE", g.Create)
			}
		}
	})
	return nil
}

// resumeData is RESUME's d.
type resumeData struct {
	Token     *string `json:"token"`
	SessionID string  `json:"session_id"`
	Seq       *uint64 `json:"seq"`
}

// resume attaches the connection to the session it names and replays
// what the session missed, or tells the client to identify anew.
func (c *conn) resume(d json.RawMessage) error {
	if c.authenticated() {
		c.close(CloseAlreadyAuthenticated, "RESUME on an identified connection")
		return errClosing
	}
	var in resumeData
	if json.Unmarshal(d, &in) != nil || in.Token == nil {
		c.close(CloseDecodeError, "a RESUME that is not one")
		return errClosing
	}
	h := c.h
	var (
		app uint64
		ok  bool
	)
	if h.cfg.Token != nil {
		app, ok = h.cfg.Token(token(*in.Token))
	}
	if !ok {
		c.close(CloseAuthenticationFailed, "authentication failed")
		return errClosing
	}
	var seq uint64
	if in.Seq != nil {
		seq = *in.Seq
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.sessions[in.SessionID]
	if s == nil || h.closed || s.id.App != app {
		// Another application's session is none of this one's.
		c.send(appendFrame(nil, opInvalidSession, "", 0, []byte("false")))
		return nil
	}
	if seq > s.seq {
		c.close(CloseInvalidSeq, "invalid seq")
		return errClosing
	}
	if seq < s.dropped {
		// What the client missed is no longer kept.
		delete(h.sessions, s.id.SessionID)
		s.forget()
		if s.conn != nil {
			s.conn.close(CloseUnknownError, "the session was resumed elsewhere")
		}
		c.send(appendFrame(nil, opInvalidSession, "", 0, []byte("false")))
		return nil
	}
	if s.expire != nil {
		s.expire()
		s.expire = nil
	}
	if old := s.conn; old != nil {
		// The client resumed on a new connection before the old one
		// was seen to drop.
		old.sess = nil
		old.close(CloseUnknownError, "the session was resumed on another connection")
	}
	s.conn, c.sess = c, s
	for _, b := range s.backlog {
		if b.seq > seq {
			c.send(b.frame)
		}
	}
	s.dispatch("RESUMED", []byte(`{"_trace":["[\"emulator\",{\"micros\":0}]"]}`))
	return nil
}
