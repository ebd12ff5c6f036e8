package emulator_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// The tests of answers that need no clock of their own run against the
// standalone process too: a relay bot in the test's process receives the
// interactions the control API has the emulator send, and the test answers
// them through the service's HTTP endpoints, as a bot would.

// relay is a bot that hands each interaction it receives to the test and
// answers the emulator's POST with what the test gives back: a JSON
// answer, or no body at all once the test has answered through the
// callback endpoint, with 200 OK or the status the test names.
type relay struct {
	got chan *relayed
}

// relayed is an interaction the relay received, waiting for the body of
// the relay's answer.
type relayed struct {
	ID    interaction.Snowflake
	Token string
	Data  struct {
		Name string `json:"name"`
	}
	// Raw is the interaction as sent.
	Raw   json.RawMessage `json:"-"`
	reply chan relayReply
	// replied is closed once the relay's answer is on its way.
	replied chan struct{}
}

// relayReply is the HTTP response the relay gives the emulator.
type relayReply struct {
	status int
	body   []byte
}

// relayWait is how long the relay and the test wait for each other: longer
// than the service's response window, so that the window decides.
const relayWait = 10 * time.Second

// untilTestEnds is a context that ends a little before the test binary's
// -timeout would stop it. A wait for what is sure to come (a thousand
// deliveries, one after the other) is bounded by that, not by a guess at
// how fast a loaded machine is: a hang still fails, with a message
// saying what was missing, rather than as a timeout panic.
func untilTestEnds(t *testing.T) context.Context {
	ctx := t.Context()
	if end, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, end.Add(-5*time.Second))
		t.Cleanup(cancel)
	}
	return ctx
}

// startRelay starts an emulator with the relay as its bot and the guild
// command "ask" registered.
func startRelay(t *testing.T, cfg emulator.Config) (*target, *relay) {
	t.Helper()
	s := startCommands(t, cfg)
	if status, raw := do(t, s, "PUT", guildPath(s), `[{"name":"ask","description":"Asks"}]`); status != 200 {
		t.Fatalf("registering: %d %s", status, raw)
	}
	verifier, err := interaction.NewVerifier(s.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	rl := &relay{got: make(chan *relayed)}
	bot := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if verifier.Verify([]byte(r.Header.Get("X-Signature-Ed25519")), []byte(r.Header.Get("X-Signature-Timestamp")), body) != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		var ix struct {
			relayed
			Type interaction.Type `json:"type"`
		}
		if err := json.Unmarshal(body, &ix); err != nil || ix.Type == interaction.TypePing {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"type":1}`))
			return
		}
		got := &ix.relayed
		got.Raw, got.reply, got.replied = body, make(chan relayReply, 1), make(chan struct{})
		select {
		case rl.got <- got:
		case <-time.After(relayWait):
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		select {
		case answer := <-got.reply:
			if len(answer.body) > 0 {
				w.Header().Set("Content-Type", "application/json")
			}
			w.WriteHeader(answer.status)
			w.Write(answer.body)
			w.(http.Flusher).Flush()
			close(got.replied)
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(bot.Close)
	if status, raw := control(t, s.controlURL, "POST", "/_emulator/interactions-url", `{"url":"`+bot.URL+`"}`); status != 204 {
		t.Fatalf("interactions URL: %d %s", status, raw)
	}
	return s, rl
}

// exchange is an invocation under way: the interaction the relay received,
// and, once the relay has answered, what the control API answered the
// invocation with.
type exchange struct {
	*relayed
	result chan invokeResult
}

// invoke has the plain member use a command in the guild, through the
// control API, and returns once the relay has the interaction. The body
// of the relay's answer is the test's to give, with answer.
func (rl *relay) invoke(t *testing.T, s *target, command string) *exchange {
	t.Helper()
	return rl.invokeWith(t, s, `{"guild":"`+s.GuildID.String()+`","command":"`+command+`"}`)
}

// invokeWith is invoke with the body of a control API invocation.
func (rl *relay) invokeWith(t *testing.T, s *target, body string) *exchange {
	t.Helper()
	return rl.act(t, s, "/_emulator/invoke", body)
}

// act has a user act through the control API at path (invoke, click,
// choose, submit) and returns once the relay has the interaction.
func (rl *relay) act(t *testing.T, s *target, path, body string) *exchange {
	t.Helper()
	ex := &exchange{result: make(chan invokeResult, 1)}
	go func() {
		var res invokeResult
		resp, err := http.Post(s.controlURL+path, "application/json", strings.NewReader(body))
		if err != nil {
			res.Error, res.Message = "transport", err.Error()
		} else {
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err := json.Unmarshal(raw, &res); err != nil {
				res.Error, res.Message = "decoding", string(raw)
			}
		}
		ex.result <- res
	}()
	select {
	case ex.relayed = <-rl.got:
	case res := <-ex.result:
		t.Fatalf("invoking %s: nothing reached the bot: %+v", body, res)
	case <-time.After(relayWait):
		t.Fatalf("invoking %s: nothing reached the bot in %s", body, relayWait)
	}
	return ex
}

// answer has the relay answer the emulator's POST with 200 OK and body,
// nil for none, and returns what the control API answered the invocation
// with.
func (ex *exchange) answer(t *testing.T, body []byte) invokeResult {
	t.Helper()
	return ex.answerWith(t, http.StatusOK, body)
}

// answerWith is answer with another status than 200 OK.
func (ex *exchange) answerWith(t *testing.T, status int, body []byte) invokeResult {
	t.Helper()
	ex.reply <- relayReply{status, body}
	return ex.outcome(t)
}

// acknowledge has the relay answer the emulator's POST with 202 Accepted
// and no body, and returns once that answer is on its way; the outcome of
// the invocation is then outcome's.
func (ex *exchange) acknowledge(t *testing.T) {
	t.Helper()
	ex.reply <- relayReply{http.StatusAccepted, nil}
	select {
	case <-ex.replied:
	case <-time.After(relayWait):
		t.Fatal("the relay did not answer")
	}
}

// outcome waits for what the control API answered the invocation with.
func (ex *exchange) outcome(t *testing.T) invokeResult {
	t.Helper()
	select {
	case res := <-ex.result:
		return res
	case <-time.After(relayWait):
		t.Fatal("the invocation did not end")
		return invokeResult{}
	}
}

// part is a part of a multipart/form-data body.
type part struct {
	name, filename, contentType string
	content                     []byte
}

// multipartBody returns the content type and the body of a request with
// payload_json and files.
func multipartBody(t *testing.T, payload string, files ...part) (string, []byte) {
	t.Helper()
	// Room for it all at once: bodies of many megabytes would otherwise
	// be copied as they grow, which the race detector makes slow.
	room := len(payload) + 512
	for _, f := range files {
		room += len(f.content) + 512
	}
	b := bytes.NewBuffer(make([]byte, 0, room))
	w := multipart.NewWriter(b)
	if payload != "" {
		if err := w.WriteField("payload_json", payload); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range files {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", `form-data; name="`+f.name+`"; filename="`+f.filename+`"`)
		if f.contentType != "" {
			h.Set("Content-Type", f.contentType)
		}
		pw, err := w.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		pw.Write(f.content)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return w.FormDataContentType(), b.Bytes()
}

// send makes a request without credentials, as the answer endpoints take
// them, and decodes a JSON answer.
func send(t *testing.T, s *target, method, path, contentType string, body []byte) (int, map[string]any) {
	t.Helper()
	h := http.Header{}
	if contentType != "" {
		h.Set("Content-Type", contentType)
	}
	resp, out := request(t, s, method, path, h, body)
	return resp.StatusCode, out
}
