package gatewayclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// Config says where a Client connects and what it asks for.
type Config struct {
	// URL is the gateway's, as GET /gateway gives it.
	URL string
	// Token is the bot's token, without "Bot ".
	Token string
	// Intents are those IDENTIFY asks for.
	Intents uint64
	// Dispatch is called with each dispatch's name and d, in the order
	// they come, from the goroutine that reads them: it returns quickly,
	// handing long work to a goroutine of its own.
	Dispatch func(name string, d json.RawMessage)
}

// Client is a connection to the gateway, kept open until its context
// ends.
type Client struct {
	cfg   Config
	ready chan struct{}
	once  sync.Once

	// The session, which a new connection resumes.
	sessionID string
	resumeURL string
	seq       int64
}

// New returns a Client that connects as cfg says once Run is called.
func New(cfg Config) *Client { return &Client{cfg: cfg, ready: make(chan struct{})} }

// Ready is closed once the first READY has come.
func (c *Client) Ready() <-chan struct{} { return c.ready }

// fatal close codes: the gateway will not take the client as it is.
var fatal = map[websocket.StatusCode]bool{4004: true, 4010: true, 4011: true, 4012: true, 4013: true, 4014: true}

// Run keeps the client connected until ctx ends, resuming the session
// on a new connection when one drops, and returns what ended it: ctx's
// error, or a close the gateway does not allow the client to come back
// from (an authentication failed, intents refused).
func (c *Client) Run(ctx context.Context) error {
	for wait := 10 * time.Millisecond; ; wait = min(2*wait, 5*time.Second) {
		err := c.connect(ctx)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if code := websocket.CloseStatus(err); fatal[code] {
			return fmt.Errorf("gatewayclient: the gateway closed the connection with %d: %w", code, err)
		}
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// payload is a payload of the gateway.
type payload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s"`
	T  string          `json:"t"`
}

// connect serves one connection until it ends.
func (c *Client) connect(ctx context.Context) error {
	url := c.cfg.URL
	if c.sessionID != "" && c.resumeURL != "" {
		url = c.resumeURL
	}
	ws, _, err := websocket.Dial(ctx, url+"/?v=10&encoding=json", nil)
	if err != nil {
		return err
	}
	defer ws.CloseNow()
	ws.SetReadLimit(16 << 20)
	var hello payload
	if err := read(ctx, ws, &hello); err != nil {
		return err
	}
	if hello.Op != 10 {
		return errors.New("gatewayclient: the first payload is not HELLO")
	}
	var h struct {
		Interval int64 `json:"heartbeat_interval"`
	}
	if err := json.Unmarshal(hello.D, &h); err != nil || h.Interval <= 0 {
		return errors.New("gatewayclient: a HELLO without its interval")
	}
	connCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var writeMu sync.Mutex
	send := func(op int, d any) error {
		b, err := json.Marshal(map[string]any{"op": op, "d": d})
		if err != nil {
			return err
		}
		writeMu.Lock()
		defer writeMu.Unlock()
		return ws.Write(connCtx, websocket.MessageText, b)
	}
	var seq sync.Mutex
	lastSeq := func() any {
		seq.Lock()
		defer seq.Unlock()
		if c.seq == 0 {
			return nil
		}
		return c.seq
	}
	go func() {
		t := time.NewTicker(time.Duration(h.Interval) * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				if send(1, lastSeq()) != nil {
					return
				}
			case <-connCtx.Done():
				return
			}
		}
	}()
	identify := func() error {
		return send(2, map[string]any{"token": c.cfg.Token, "intents": c.cfg.Intents,
			"properties": map[string]string{"os": "linux", "browser": "switchboard", "device": "switchboard"}})
	}
	if c.sessionID != "" {
		err = send(6, map[string]any{"token": c.cfg.Token, "session_id": c.sessionID, "seq": c.seq})
	} else {
		err = identify()
	}
	if err != nil {
		return err
	}
	for {
		var p payload
		if err := read(connCtx, ws, &p); err != nil {
			return err
		}
		switch p.Op {
		case 0:
			if p.S != nil {
				seq.Lock()
				c.seq = *p.S
				seq.Unlock()
			}
			if p.T == "READY" {
				var r struct {
					SessionID string `json:"session_id"`
					ResumeURL string `json:"resume_gateway_url"`
				}
				json.Unmarshal(p.D, &r)
				c.sessionID, c.resumeURL = r.SessionID, r.ResumeURL
				c.once.Do(func() { close(c.ready) })
			}
			if c.cfg.Dispatch != nil {
				c.cfg.Dispatch(p.T, p.D)
			}
		case 1:
			if err := send(1, lastSeq()); err != nil {
				return err
			}
		case 7:
			// Resume on a new connection.
			ws.Close(4200, "reconnecting")
			return errors.New("gatewayclient: asked to reconnect")
		case 9:
			// The session cannot be resumed: a new one, here.
			c.sessionID, c.resumeURL, c.seq = "", "", 0
			if err := identify(); err != nil {
				return err
			}
		}
	}
}

// read reads one payload.
func read(ctx context.Context, ws *websocket.Conn, p *payload) error {
	typ, b, err := ws.Read(ctx)
	if err != nil {
		return err
	}
	if typ != websocket.MessageText {
		return errors.New("gatewayclient: a binary payload, which a connection without compression does not get")
	}
	if err := json.Unmarshal(b, p); err != nil {
		// Not quoted: a payload may carry an interaction's token.
		return fmt.Errorf("gatewayclient: a payload of %d bytes that is not JSON: %w", len(b), err)
	}
	return nil
}
