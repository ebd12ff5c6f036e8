package gateway

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/klauspost/compress/zstd"
)

// fakeClock is a Clock the test moves; timers due run as it moves.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

type fakeTimer struct {
	at      time.Time
	f       func()
	stopped bool
}

func newFakeClock() *fakeClock { return &fakeClock{now: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) AfterFunc(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		was := !t.stopped
		t.stopped = true
		return was
	}
}

// Advance moves the clock by d and runs the timers then due.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due []*fakeTimer
	c.timers = slices.DeleteFunc(c.timers, func(t *fakeTimer) bool {
		if t.stopped {
			return true
		}
		if !t.at.After(c.now) {
			t.stopped = true
			due = append(due, t)
			return true
		}
		return false
	})
	c.mu.Unlock()
	for _, t := range due {
		t.f()
	}
}

const testToken = "bot-token"

// world is the emulator's side of a test hub: two guilds, one on each of
// two shards.
type world struct {
	mu      sync.Mutex
	guilds  []Guild
	allowed Intents
}

var (
	guildA = uint64(1) << 22 // shard 1 of 2
	guildB = uint64(2) << 22 // shard 0 of 2
)

func newWorld() *world {
	return &world{
		guilds: []Guild{
			{ID: guildA, Create: []byte(`{"id":"` + strconv.FormatUint(guildA, 10) + `","name":"A"}`)},
			{ID: guildB, Create: []byte(`{"id":"` + strconv.FormatUint(guildB, 10) + `","name":"B"}`)},
		},
		allowed: Privileged,
	}
}

// testHub serves a hub on a test server.
type testHub struct {
	*Hub
	clock *fakeClock
	world *world
	url   string
}

func startHub(t *testing.T, edit func(*Config)) *testHub {
	t.Helper()
	w := newWorld()
	clock := newFakeClock()
	cfg := Config{
		Token: func(tok string) (uint64, bool) { return 0, tok == testToken },
		Allowed: func() Intents {
			w.mu.Lock()
			defer w.mu.Unlock()
			return w.allowed
		},
		Welcome: func(_ Identity, begin func(Welcome)) {
			w.mu.Lock()
			defer w.mu.Unlock()
			begin(Welcome{User: []byte(`{"id":"10","username":"bot","bot":true}`), Application: []byte(`{"id":"10","flags":0}`), Guilds: w.guilds})
		},
		Members: func(r MembersRequest) (Members, bool) {
			if r.Guild != guildA && r.Guild != guildB {
				return Members{}, false
			}
			var out Members
			switch {
			case r.UserIDs != nil:
				for _, id := range r.UserIDs {
					if id < 3000 {
						out.Members = append(out.Members, []byte(`{"user":{"id":"`+strconv.FormatUint(id, 10)+`"}}`))
					} else {
						out.NotFound = append(out.NotFound, id)
					}
				}
			default:
				// 2,500 members, whatever the query.
				for i := range 2500 {
					if r.Limit > 0 && i == r.Limit {
						break
					}
					out.Members = append(out.Members, []byte(`{"user":{"id":"`+strconv.Itoa(i+1)+`"}}`))
				}
			}
			return out, true
		},
		Clock: clock,
	}
	if edit != nil {
		edit(&cfg)
	}
	h := New(cfg)
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		h.Close()
		srv.Close()
	})
	return &testHub{Hub: h, clock: clock, world: w, url: "ws" + strings.TrimPrefix(srv.URL, "http")}
}

// frame is a payload the gateway sent.
type frame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *uint64         `json:"s"`
	T  *string         `json:"t"`
}

func (f frame) name() string {
	if f.T == nil {
		return ""
	}
	return *f.T
}

// client is a test's gateway client.
type client struct {
	t    *testing.T
	ws   *websocket.Conn
	ctx  context.Context
	read func() ([]byte, error)
}

// dial connects to the hub with query (v=10&encoding=json when empty).
func (h *testHub) dial(t *testing.T, query string) *client {
	t.Helper()
	if query == "" {
		query = "v=10&encoding=json"
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	ws, _, err := websocket.Dial(ctx, h.url+"/?"+query, nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(1 << 20)
	t.Cleanup(func() { ws.CloseNow() })
	c := &client{t: t, ws: ws, ctx: ctx}
	c.read = func() ([]byte, error) {
		_, b, err := ws.Read(ctx)
		return b, err
	}
	return c
}

// next reads the next payload.
func (c *client) next() frame {
	c.t.Helper()
	b, err := c.read()
	if err != nil {
		c.t.Fatalf("reading a payload: %v", err)
	}
	var f frame
	if err := json.Unmarshal(b, &f); err != nil {
		c.t.Fatalf("a payload that is not JSON: %v: %q", err, b)
	}
	return f
}

// expect reads the next payload and fails unless it has op (and, for a
// dispatch, name).
func (c *client) expect(op int, name string) frame {
	c.t.Helper()
	f := c.next()
	if f.Op != op || f.name() != name {
		c.t.Fatalf("got op %d %q (%s), want op %d %q", f.Op, f.name(), f.D, op, name)
	}
	return f
}

// closed reads until the connection ends and returns its close code.
func (c *client) closed() websocket.StatusCode {
	c.t.Helper()
	for {
		_, err := c.read()
		if err != nil {
			code := websocket.CloseStatus(err)
			if code == -1 {
				c.t.Fatalf("the connection ended without a close frame: %v", err)
			}
			return code
		}
	}
}

func (c *client) sendRaw(b []byte) {
	c.t.Helper()
	if err := c.ws.Write(c.ctx, websocket.MessageText, b); err != nil {
		c.t.Fatal(err)
	}
}

func (c *client) send(op int, d any) {
	c.t.Helper()
	b, err := json.Marshal(map[string]any{"op": op, "d": d})
	if err != nil {
		c.t.Fatal(err)
	}
	c.sendRaw(b)
}

// identify sends IDENTIFY with d's fields over a default one.
func (c *client) identify(d map[string]any) {
	c.t.Helper()
	in := map[string]any{"token": testToken, "intents": 513, "properties": map[string]string{"os": "linux", "browser": "test", "device": "test"}}
	for k, v := range d {
		in[k] = v
	}
	c.send(opIdentify, in)
}

// ready connects, identifies and reads READY and the GUILD_CREATEs.
func (h *testHub) ready(t *testing.T, d map[string]any) (*client, readyEvent) {
	t.Helper()
	c := h.dial(t, "")
	c.expect(opHello, "")
	c.identify(d)
	f := c.expect(opDispatch, "READY")
	var r readyEvent
	if err := json.Unmarshal(f.D, &r); err != nil {
		t.Fatal(err)
	}
	for range r.Guilds {
		c.expect(opDispatch, "GUILD_CREATE")
	}
	return c, r
}

type readyEvent struct {
	V           int    `json:"v"`
	SessionID   string `json:"session_id"`
	ResumeURL   string `json:"resume_gateway_url"`
	Shard       [2]int `json:"shard"`
	User        struct{ ID string }
	Application *struct{ ID string }
	Guilds      []struct {
		ID          string `json:"id"`
		Unavailable bool   `json:"unavailable"`
	} `json:"guilds"`
}

func TestAnIdentifiedSessionIsWelcomed(t *testing.T) {
	h := startHub(t, nil)
	c := h.dial(t, "v=9&encoding=json")
	hello := c.expect(opHello, "")
	var hd struct {
		Interval *int64 `json:"heartbeat_interval"`
	}
	if json.Unmarshal(hello.D, &hd) != nil || hd.Interval == nil || *hd.Interval != DefaultHeartbeatInterval.Milliseconds() {
		t.Fatalf("HELLO: %s", hello.D)
	}
	if hello.S != nil || hello.T != nil {
		t.Errorf("HELLO has s or t: %+v", hello)
	}
	// Some clients send the token as the Authorization header carries it.
	c.identify(map[string]any{"token": "Bot " + testToken})
	f := c.expect(opDispatch, "READY")
	if f.S == nil || *f.S != 1 {
		t.Errorf("READY is dispatch %v, want 1", f.S)
	}
	var r readyEvent
	if err := json.Unmarshal(f.D, &r); err != nil {
		t.Fatal(err)
	}
	if r.V != 9 || len(r.SessionID) != 32 || r.ResumeURL != h.url || r.Shard != [2]int{0, 1} || r.User.ID != "10" ||
		r.Application == nil || r.Application.ID != "10" || len(r.Guilds) != 2 || !r.Guilds[0].Unavailable {
		t.Errorf("READY: %s", f.D)
	}
	for i, want := range []string{"A", "B"} {
		g := c.expect(opDispatch, "GUILD_CREATE")
		if *g.S != uint64(i+2) || !bytes.Contains(g.D, []byte(`"name":"`+want+`"`)) {
			t.Errorf("GUILD_CREATE %d: s %d, %s", i, *g.S, g.D)
		}
	}
	if got := h.Sessions(); len(got) != 1 || got[0].SessionID != r.SessionID || !got[0].Connected || got[0].Version != 9 {
		t.Errorf("sessions %v", got)
	}
}

func TestWhatIsWrongWithAConnectionClosesIt(t *testing.T) {
	for _, tc := range []struct {
		name  string
		query string
		do    func(c *client)
		want  websocket.StatusCode
	}{
		{"no version", "encoding=json", nil, CloseInvalidAPIVersion},
		{"version 8", "v=8&encoding=json", nil, CloseInvalidAPIVersion},
		{"etf", "v=10&encoding=etf", nil, CloseDecodeError},
		{"a bad token", "", func(c *client) { c.identify(map[string]any{"token": "nope"}) }, CloseAuthenticationFailed},
		{"no token", "", func(c *client) { c.send(opIdentify, map[string]any{"intents": 0}) }, CloseDecodeError},
		{"an undefined intent", "", func(c *client) { c.identify(map[string]any{"intents": 1 << 17}) }, CloseInvalidIntents},
		{"a shard past the count", "", func(c *client) { c.identify(map[string]any{"shard": []int{2, 2}}) }, CloseInvalidShard},
		{"no shard count", "", func(c *client) { c.identify(map[string]any{"shard": []int{0, 0}}) }, CloseInvalidShard},
		{"not JSON", "", func(c *client) { c.sendRaw([]byte("{op")) }, CloseDecodeError},
		{"no op", "", func(c *client) { c.sendRaw([]byte(`{"d":null}`)) }, CloseDecodeError},
		{"a binary payload", "", func(c *client) { c.ws.Write(c.ctx, websocket.MessageBinary, []byte(`{"op":1,"d":null}`)) }, CloseDecodeError},
		{"a payload over 4096 bytes", "", func(c *client) {
			c.sendRaw([]byte(`{"op":1,"d":null,"x":"` + strings.Repeat("x", 4096) + `"}`))
		}, CloseDecodeError},
		{"an unknown opcode", "", func(c *client) { c.send(5, nil) }, CloseUnknownOpcode},
		{"a presence before IDENTIFY", "", func(c *client) { c.send(opPresenceUpdate, map[string]any{"status": "online"}) }, CloseNotAuthenticated},
		{"IDENTIFY twice", "", func(c *client) {
			c.identify(nil)
			c.expect(opDispatch, "READY")
			c.identify(nil)
		}, CloseAlreadyAuthenticated},
		{"RESUME after IDENTIFY", "", func(c *client) {
			c.identify(nil)
			c.expect(opDispatch, "READY")
			c.send(opResume, map[string]any{"token": testToken, "session_id": "x", "seq": 1})
		}, CloseAlreadyAuthenticated},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := startHub(t, nil)
			c := h.dial(t, tc.query)
			if tc.do != nil {
				c.expect(opHello, "")
				tc.do(c)
			}
			if got := c.closed(); got != tc.want {
				t.Errorf("closed with %d, want %d", got, tc.want)
			}
		})
	}
}

func TestAPrivilegedIntentNeedsTheApplicationToHaveItOn(t *testing.T) {
	h := startHub(t, nil)
	h.world.allowed = IntentGuildMembers
	c := h.dial(t, "")
	c.expect(opHello, "")
	c.identify(map[string]any{"intents": IntentGuilds | IntentMessageContent})
	if got := c.closed(); got != CloseDisallowedIntents {
		t.Errorf("closed with %d, want 4014", got)
	}
	// The one it has on, and null, which some clients send for none.
	for _, intents := range []any{IntentGuildMembers, nil} {
		c, _ := h.ready(t, map[string]any{"intents": intents})
		c.ws.Close(websocket.StatusNormalClosure, "")
	}
}

func TestHeartbeatsAreAcknowledgedAndKeepTheConnection(t *testing.T) {
	h := startHub(t, nil)
	c := h.dial(t, "")
	c.expect(opHello, "")
	// Before IDENTIFY too, and with the 0 some clients send for no seq.
	for _, d := range []any{nil, 0} {
		c.send(opHeartbeat, d)
		c.expect(opHeartbeatACK, "")
		h.clock.Advance(DefaultHeartbeatInterval * 14 / 10)
	}
	c.identify(nil)
	c.expect(opDispatch, "READY")
	c.expect(opDispatch, "GUILD_CREATE")
	c.expect(opDispatch, "GUILD_CREATE")
	c.send(opHeartbeat, 3)
	c.expect(opHeartbeatACK, "")
	h.clock.Advance(DefaultHeartbeatInterval * 3 / 2)
	if got := c.closed(); got != CloseSessionTimedOut {
		t.Errorf("closed with %d, want 4009", got)
	}
}

func TestMoreThan120PayloadsAMinuteCloseTheConnection(t *testing.T) {
	h := startHub(t, nil)
	c := h.dial(t, "")
	c.expect(opHello, "")
	for range 120 {
		c.send(opHeartbeat, nil)
		c.expect(opHeartbeatACK, "")
	}
	h.clock.Advance(time.Minute) // a new minute: 120 more
	for range 120 {
		c.send(opHeartbeat, nil)
		c.expect(opHeartbeatACK, "")
	}
	c.send(opHeartbeat, nil)
	if got := c.closed(); got != CloseRateLimited {
		t.Errorf("closed with %d, want 4008", got)
	}
}

func TestEventsGoToTheSessionsWhoseShardAndIntentsTakeThem(t *testing.T) {
	h := startHub(t, nil)
	shard0, r0 := h.ready(t, map[string]any{"shard": []int{0, 2}, "intents": IntentGuilds | IntentGuildMessages | IntentMessageContent})
	shard1, r1 := h.ready(t, map[string]any{"shard": []int{1, 2}, "intents": IntentGuilds | IntentGuildMessages})
	if len(r0.Guilds) != 1 || r0.Guilds[0].ID != strconv.FormatUint(guildB, 10) ||
		len(r1.Guilds) != 1 || r1.Guilds[0].ID != strconv.FormatUint(guildA, 10) {
		t.Fatalf("READY's guilds by shard: %+v %+v", r0.Guilds, r1.Guilds)
	}
	full, redacted := []byte(`{"content":"hi"}`), []byte(`{"content":""}`)
	if n := h.Publish(Event{Name: "MESSAGE_CREATE", Guild: guildA, Intents: IntentGuildMessages, Data: full, Partial: redacted}); n != 1 {
		t.Errorf("a guild's event went to %d sessions", n)
	}
	if n := h.Publish(Event{Name: "TYPING_START", Guild: guildB, Intents: IntentGuildMessageTyping, Data: []byte(`{}`)}); n != 0 {
		t.Errorf("an event no session asked for went to %d", n)
	}
	if n := h.Publish(Event{Name: "MESSAGE_CREATE", Guild: guildB, Intents: IntentGuildMessages, Data: full, Partial: redacted}); n != 1 {
		t.Errorf("a guild's event went to %d sessions", n)
	}
	if n := h.Publish(Event{Name: "INTERACTION_CREATE", Data: []byte(`{"id":"1"}`)}); n != 1 {
		t.Errorf("an event of no guild went to %d sessions, want shard 0's", n)
	}
	if f := shard1.expect(opDispatch, "MESSAGE_CREATE"); !bytes.Equal(f.D, redacted) || *f.S != 3 {
		t.Errorf("without MESSAGE_CONTENT: s %d %s", *f.S, f.D)
	}
	if f := shard0.expect(opDispatch, "MESSAGE_CREATE"); !bytes.Equal(f.D, full) || *f.S != 3 {
		t.Errorf("with MESSAGE_CONTENT: s %d %s", *f.S, f.D)
	}
	shard0.expect(opDispatch, "INTERACTION_CREATE")
	if !h.Receivers(0, 0) || !h.Receivers(0, guildA) {
		t.Error("Receivers finds no session")
	}
}

func TestAResumedSessionGetsWhatItMissedInOrder(t *testing.T) {
	h := startHub(t, nil)
	c, r := h.ready(t, nil)
	h.Publish(Event{Name: "MESSAGE_CREATE", Guild: guildA, Intents: IntentGuildMessages, Data: []byte(`{"n":1}`)})
	c.expect(opDispatch, "MESSAGE_CREATE") // s 4
	c.ws.CloseNow()                        // no close frame: the session stays
	waitFor(t, func() bool { return !h.connected(r.SessionID) })
	for n := 2; n <= 3; n++ {
		h.Publish(Event{Name: "MESSAGE_CREATE", Guild: guildA, Intents: IntentGuildMessages, Data: []byte(`{"n":` + strconv.Itoa(n) + `}`)})
	}
	h.clock.Advance(DefaultResumeWindow - time.Second)

	c = h.dial(t, "")
	c.expect(opHello, "")
	c.send(opResume, map[string]any{"token": "Bot " + testToken, "session_id": r.SessionID, "seq": 4})
	for n := 2; n <= 3; n++ {
		f := c.expect(opDispatch, "MESSAGE_CREATE")
		if *f.S != uint64(n+3) || string(f.D) != `{"n":`+strconv.Itoa(n)+`}` {
			t.Errorf("replayed: s %d %s", *f.S, f.D)
		}
	}
	if f := c.expect(opDispatch, "RESUMED"); *f.S != 7 {
		t.Errorf("RESUMED is dispatch %d, want 7", *f.S)
	}
	h.Publish(Event{Name: "MESSAGE_CREATE", Guild: guildA, Intents: IntentGuildMessages, Data: []byte(`{"n":4}`)})
	if f := c.expect(opDispatch, "MESSAGE_CREATE"); *f.S != 8 {
		t.Errorf("after RESUMED: s %d", *f.S)
	}
}

// connected reports whether the session id has a connection.
func (h *Hub) connected(id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.sessions[id]
	return s != nil && s.conn != nil
}

// waitFor waits for cond, which the hub's goroutines make true.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("the condition never held")
		}
		time.Sleep(time.Millisecond)
	}
}

func TestASessionThatCannotResumeIsToldToIdentify(t *testing.T) {
	for _, tc := range []struct {
		name string
		// lose ends the first connection and what follows, and returns
		// the seq the client resumes with and the session id.
		lose func(h *testHub, c *client, id string)
		seq  int
		want int // 0: op 9 false; else the close code
	}{
		{"an unknown session", func(h *testHub, c *client, id string) { c.ws.CloseNow() }, 3, 0},
		{"closed with 1000", func(h *testHub, c *client, id string) {
			c.ws.Close(websocket.StatusNormalClosure, "")
			waitFor(t, func() bool { return len(h.Sessions()) == 0 })
		}, 3, 0},
		{"past the resume window", func(h *testHub, c *client, id string) {
			c.ws.CloseNow()
			waitFor(t, func() bool { return !h.connected(id) })
			h.clock.Advance(DefaultResumeWindow)
		}, 3, 0},
		{"past the backlog", func(h *testHub, c *client, id string) {
			c.ws.CloseNow()
			waitFor(t, func() bool { return !h.connected(id) })
			for range DefaultBacklog + 1 {
				h.Publish(Event{Name: "X", Data: []byte(`{}`)})
			}
		}, 3, 0},
		{"a seq ahead of the session's", func(h *testHub, c *client, id string) { c.ws.CloseNow() }, 9, CloseInvalidSeq},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := startHub(t, nil)
			c, r := h.ready(t, nil)
			id := r.SessionID
			if tc.name == "an unknown session" {
				id = strings.Repeat("0", 32)
			}
			tc.lose(h, c, r.SessionID)
			c = h.dial(t, "")
			c.expect(opHello, "")
			c.send(opResume, map[string]any{"token": testToken, "session_id": id, "seq": tc.seq})
			if tc.want != 0 {
				if got := c.closed(); got != websocket.StatusCode(tc.want) {
					t.Errorf("closed with %d, want %d", got, tc.want)
				}
				return
			}
			if f := c.expect(opInvalidSession, ""); string(f.D) != "false" {
				t.Errorf("INVALID_SESSION %s, want false", f.D)
			}
			// The client identifies anew on the same connection.
			c.identify(nil)
			c.expect(opDispatch, "READY")
		})
	}
}

func TestAResumeOnANewConnectionEndsTheOldOne(t *testing.T) {
	h := startHub(t, nil)
	old, r := h.ready(t, nil)
	c := h.dial(t, "")
	c.expect(opHello, "")
	c.send(opResume, map[string]any{"token": testToken, "session_id": r.SessionID, "seq": 3})
	c.expect(opDispatch, "RESUMED")
	if got := old.closed(); got != CloseUnknownError {
		t.Errorf("the old connection closed with %d", got)
	}
	// The old connection's end leaves the session with the new one.
	h.Publish(Event{Name: "X", Data: []byte(`{}`)})
	c.expect(opDispatch, "X")
}

func TestCompressedStreams(t *testing.T) {
	for _, mode := range []string{"zlib-stream", "zstd-stream"} {
		t.Run(mode, func(t *testing.T) {
			h := startHub(t, nil)
			c := h.dial(t, "v=10&encoding=json&compress="+mode)
			// One stream for the connection: the client feeds each
			// message's bytes to one decompressor, which yields one
			// payload for each.
			pr, pw := io.Pipe()
			t.Cleanup(func() { pw.Close() })
			decoded := make(chan json.RawMessage)
			go func() {
				defer close(decoded)
				var dec io.Reader
				switch mode {
				case "zlib-stream":
					z, err := zlib.NewReader(pr)
					if err != nil {
						return
					}
					dec = z
				default:
					z, err := zstd.NewReader(pr)
					if err != nil {
						return
					}
					defer z.Close()
					dec = z
				}
				payloads := json.NewDecoder(dec)
				for {
					var raw json.RawMessage
					if payloads.Decode(&raw) != nil {
						return
					}
					decoded <- raw
				}
			}()
			c.read = func() ([]byte, error) {
				typ, b, err := c.ws.Read(c.ctx)
				if err != nil {
					return nil, err
				}
				if typ != websocket.MessageBinary {
					t.Fatalf("a %v message in a compressed stream", typ)
				}
				if mode == "zlib-stream" && !bytes.HasSuffix(b, []byte{0, 0, 0xff, 0xff}) {
					t.Errorf("a zlib-stream message without the sync flush's suffix: % x", b[max(0, len(b)-4):])
				}
				go pw.Write(b)
				raw, ok := <-decoded
				if !ok {
					return nil, errors.New("the stream does not decompress")
				}
				return raw, nil
			}
			c.expect(opHello, "")
			c.identify(nil)
			c.expect(opDispatch, "READY")
			c.expect(opDispatch, "GUILD_CREATE")
			c.expect(opDispatch, "GUILD_CREATE")
			c.send(opHeartbeat, 3)
			c.expect(opHeartbeatACK, "")
		})
	}
}

func TestReconnectAsksTheClientToResume(t *testing.T) {
	h := startHub(t, nil)
	c, _ := h.ready(t, nil)
	h.Reconnect()
	c.expect(opReconnect, "")
	// A client that stays is closed a heartbeat interval later, and
	// may resume.
	h.clock.Advance(DefaultHeartbeatInterval)
	if got := c.closed(); got != CloseUnknownError {
		t.Errorf("closed with %d", got)
	}
}

func TestTheSessionStartLimit(t *testing.T) {
	h := startHub(t, func(c *Config) { c.SessionStarts = 2 })
	for range 2 {
		h.ready(t, nil)
	}
	l := h.StartLimit(0)
	if l.Total != 2 || l.Remaining != 0 || l.ResetAfter != 24*time.Hour || l.MaxConcurrency != 1 {
		t.Errorf("limit %+v", l)
	}
	c := h.dial(t, "")
	c.expect(opHello, "")
	c.identify(nil)
	if f := c.expect(opInvalidSession, ""); string(f.D) != "false" {
		t.Errorf("INVALID_SESSION %s", f.D)
	}
	h.clock.Advance(24 * time.Hour)
	if l := h.StartLimit(0); l.Remaining != 2 {
		t.Errorf("a day later: %+v", l)
	}
}

func TestConnectionsAreBounded(t *testing.T) {
	h := startHub(t, func(c *Config) { c.MaxConnections = 1 })
	c := h.dial(t, "")
	c.expect(opHello, "")
	resp, err := http.Get(strings.Replace(h.url, "ws", "http", 1) + "/?v=10")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a connection past the bound: %d", resp.StatusCode)
	}
}

func TestCloseEndsEveryConnection(t *testing.T) {
	h := startHub(t, nil)
	c, _ := h.ready(t, nil)
	h.Close()
	if got := c.closed(); got != websocket.StatusGoingAway {
		t.Errorf("closed with %d", got)
	}
	if len(h.Sessions()) != 0 {
		t.Error("sessions left")
	}
}

type chunk struct {
	GuildID    string            `json:"guild_id"`
	Members    []json.RawMessage `json:"members"`
	ChunkIndex int               `json:"chunk_index"`
	ChunkCount int               `json:"chunk_count"`
	NotFound   []string          `json:"not_found"`
	Presences  []json.RawMessage `json:"presences"`
	Nonce      *string           `json:"nonce"`
}

func (c *client) chunk() chunk {
	c.t.Helper()
	var ch chunk
	if err := json.Unmarshal(c.expect(opDispatch, "GUILD_MEMBERS_CHUNK").D, &ch); err != nil {
		c.t.Fatal(err)
	}
	return ch
}

func TestRequestGuildMembersIsAnsweredInChunks(t *testing.T) {
	h := startHub(t, nil)
	c, _ := h.ready(t, map[string]any{"intents": IntentGuilds | IntentGuildMembers})
	a := strconv.FormatUint(guildA, 10)
	// Every member: three chunks of up to 1,000, the nonce in each.
	c.send(opRequestGuildMembers, map[string]any{"guild_id": a, "query": "", "limit": 0, "nonce": "n1", "presences": true})
	for i, want := range []int{1000, 1000, 500} {
		ch := c.chunk()
		if ch.GuildID != a || len(ch.Members) != want || ch.ChunkIndex != i || ch.ChunkCount != 3 || ch.Nonce == nil || *ch.Nonce != "n1" || ch.Presences != nil {
			t.Errorf("chunk %d: %d members, %d of %d, nonce %v, presences %v", i, len(ch.Members), ch.ChunkIndex, ch.ChunkCount, ch.Nonce, ch.Presences)
		}
	}
	// A query up to its limit; the guild as a list, as discordgo sends it;
	// a nonce over 32 bytes ignored.
	c.send(opRequestGuildMembers, map[string]any{"guild_id": []string{a}, "query": "b", "limit": 5, "nonce": strings.Repeat("n", 33)})
	if ch := c.chunk(); len(ch.Members) != 5 || ch.ChunkCount != 1 || ch.Nonce != nil {
		t.Errorf("a query: %+v", ch)
	}
	// Users by id, those not found named.
	c.send(opRequestGuildMembers, map[string]any{"guild_id": a, "user_ids": []string{"7", "4000"}})
	if ch := c.chunk(); len(ch.Members) != 1 || len(ch.NotFound) != 1 || ch.NotFound[0] != "4000" {
		t.Errorf("by id: %+v", ch)
	}
	// A guild not the bot's, or of another shard: nothing; the next
	// payload is the ACK.
	c.send(opRequestGuildMembers, map[string]any{"guild_id": "5", "query": "", "limit": 0})
	c.send(opHeartbeat, nil)
	c.expect(opHeartbeatACK, "")

	without, _ := h.ready(t, map[string]any{"intents": IntentGuilds})
	without.send(opRequestGuildMembers, map[string]any{"guild_id": a, "query": "", "limit": 0})
	if ch := without.chunk(); len(ch.Members) != 0 || ch.ChunkCount != 1 {
		t.Errorf("every member without GUILD_MEMBERS: %+v", ch)
	}
	without.send(opRequestGuildMembers, map[string]any{"guild_id": a, "query": "x", "limit": 2})
	if ch := without.chunk(); len(ch.Members) != 2 {
		t.Errorf("a query without GUILD_MEMBERS: %+v", ch)
	}
	ids := make([]string, 101)
	for i := range ids {
		ids[i] = strconv.Itoa(i + 1)
	}
	for name, d := range map[string]any{
		"no guild":          map[string]any{"query": "", "limit": 0},
		"no limit":          map[string]any{"guild_id": a, "query": ""},
		"101 user ids":      map[string]any{"guild_id": a, "user_ids": make([]string, 101)},
		"a guild not an id": map[string]any{"guild_id": "x", "query": "", "limit": 0},
		"a negative limit":  map[string]any{"guild_id": a, "query": "", "limit": -1},
	} {
		c, _ := h.ready(t, nil)
		c.send(opRequestGuildMembers, d)
		if got := c.closed(); got != CloseDecodeError {
			t.Errorf("%s: closed with %d, want 4002", name, got)
		}
	}
}

// A bot that identifies again and again, never resuming, holds no more
// sessions than connections: the oldest dropped session goes first.
func TestSessionsAreBoundedByTheConnections(t *testing.T) {
	h := startHub(t, func(c *Config) { c.MaxConnections = 2 })
	var ids []string
	for range 4 {
		c, r := h.ready(t, nil)
		ids = append(ids, r.SessionID)
		c.ws.CloseNow()
		waitFor(t, func() bool { return !h.connected(r.SessionID) })
		h.clock.Advance(time.Second) // each loses its connection after the one before
	}
	got := h.Sessions()
	if len(got) != 2 || got[0].SessionID != min(ids[2], ids[3]) || got[1].SessionID != max(ids[2], ids[3]) {
		t.Errorf("sessions kept: %+v, want the last two of %v", got, ids)
	}
}

// otherToken is the bot token of the second application of startApps.
const otherToken = "other-bot-token"

// startApps serves a hub of two applications, 1 (testToken) and 2
// (otherToken), each welcomed as its own bot.
func startApps(t *testing.T) *testHub {
	t.Helper()
	return startHub(t, func(cfg *Config) {
		cfg.Token = func(tok string) (uint64, bool) {
			switch tok {
			case testToken:
				return 1, true
			case otherToken:
				return 2, true
			}
			return 0, false
		}
		cfg.Welcome = func(id Identity, begin func(Welcome)) {
			app := strconv.FormatUint(id.App, 10)
			begin(Welcome{User: []byte(`{"id":"` + app + `","bot":true}`), Application: []byte(`{"id":"` + app + `","flags":0}`)})
		}
	})
}

// A session is its application's: READY names its bot, an event goes to
// the sessions of its application alone, each application has its own
// start limit, and a session is resumed with its own application's token
// alone.
func TestSessionsOfTwoApplications(t *testing.T) {
	h := startApps(t)
	one, r1 := h.ready(t, map[string]any{"token": testToken})
	two, r2 := h.ready(t, map[string]any{"token": "Bot " + otherToken})
	for _, tc := range []struct {
		r    readyEvent
		want string
	}{{r1, "1"}, {r2, "2"}} {
		if tc.r.User.ID != tc.want || tc.r.Application == nil || tc.r.Application.ID != tc.want {
			t.Errorf("READY of application %s: user %s, application %+v", tc.want, tc.r.User.ID, tc.r.Application)
		}
	}
	sessions := h.Sessions()
	if len(sessions) != 2 || sessions[0].App == sessions[1].App {
		t.Fatalf("Sessions: %+v; want one of each application", sessions)
	}
	for _, app := range []uint64{1, 2} {
		if !h.Receivers(app, 0) || !h.Listening(app) {
			t.Errorf("application %d has no session listening", app)
		}
		if l := h.StartLimit(app); l.Remaining != l.Total-1 {
			t.Errorf("application %d's start limit: %+v; want one start used", app, l)
		}
	}
	if h.Receivers(3, 0) || h.Listening(3) {
		t.Error("an application without sessions has one")
	}

	// Each event goes to its application's session, in its own sequence.
	for _, ev := range []Event{
		{App: 2, Name: "INTERACTION_CREATE", Data: []byte(`{"application_id":"2"}`)},
		{App: 1, Name: "INTERACTION_CREATE", Data: []byte(`{"application_id":"1"}`)},
	} {
		if n := h.Publish(ev); n != 1 {
			t.Errorf("application %d's event went to %d sessions", ev.App, n)
		}
	}
	for _, tc := range []struct {
		c    *client
		want string
	}{{one, `{"application_id":"1"}`}, {two, `{"application_id":"2"}`}} {
		if f := tc.c.expect(opDispatch, "INTERACTION_CREATE"); string(f.D) != tc.want || *f.S != 2 {
			t.Errorf("got s %d %s; want s 2 (after READY) %s", *f.S, f.D, tc.want)
		}
	}

	// The second application's token does not resume the first's
	// session, which stays connected; the first's does.
	c := h.dial(t, "")
	c.expect(opHello, "")
	c.send(opResume, map[string]any{"token": otherToken, "session_id": r1.SessionID, "seq": 2})
	if f := c.expect(opInvalidSession, ""); string(f.D) != "false" {
		t.Errorf("a resume with the other application's token: INVALID_SESSION %s; want false", f.D)
	}
	if !h.connected(r1.SessionID) {
		t.Error("the refused resume ended the session's connection")
	}
	c = h.dial(t, "")
	c.expect(opHello, "")
	c.send(opResume, map[string]any{"token": testToken, "session_id": r1.SessionID, "seq": 2})
	c.expect(opDispatch, "RESUMED")
	if got := one.closed(); got != CloseUnknownError {
		t.Errorf("the resumed session's old connection closed with %d", got)
	}
	if n := h.Publish(Event{App: 2, Name: "X", Data: []byte(`{}`)}); n != 1 {
		t.Errorf("the second application's event after the first's resume went to %d sessions", n)
	}
	two.expect(opDispatch, "X")
}
