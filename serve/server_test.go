package serve_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/serve"
)

// slowBot answers "ping" at once and "slow" after wait returns, closing
// started as "slow" begins.
func slowBot(t *testing.T, key *interactiontest.Key, log io.Writer, started chan<- struct{}, wait func()) *endpoint.Endpoint {
	t.Helper()
	r := router.New(router.DispatchOnly(), router.WithLogger(zerolog.New(log).Level(zerolog.DebugLevel)))
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	})
	r.Command("slow", func(context.Context, *router.Request) (interaction.Response, error) {
		close(started)
		wait()
		return interaction.Reply("finished"), nil
	})
	e, err := endpoint.New(endpointtest.Build(t, r), key.Verifier(), endpoint.WithMaxBodySize(2048))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// post sends body to addr, signed by key, and returns the answer.
func post(addr string, key *interactiontest.Key, body []byte) (status int, answer string, err error) {
	sig, ts := key.Sign(body)
	req, err := http.NewRequest(http.MethodPost, "http://"+addr+"/", bytes.NewReader(body))
	if err != nil {
		return 0, "", err
	}
	req.Header.Set(endpoint.HeaderSignature, sig)
	req.Header.Set(endpoint.HeaderTimestamp, ts)
	client := &http.Client{Timeout: 5 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), err
}

// closedWithin reads c until the server closes it, failing the test if it
// is still open after d, and returns what the server sent.
func closedWithin(t *testing.T, c net.Conn, d time.Duration) string {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(d))
	got, err := io.ReadAll(c)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("the connection was still open after %v; the server sent %q", d, got)
	}
	return string(got)
}

func TestServerClosesConnectionsThatDoNotSendARequestInTime(t *testing.T) {
	t.Parallel()
	key := interactiontest.NewKey("server")
	ping := interactiontest.Ping().JSON()
	sig, ts := key.Sign(ping)
	signedPing := fmt.Sprintf("POST / HTTP/1.1\r\nHost: bot\r\n%s: %s\r\n%s: %s\r\nContent-Length: %d\r\n\r\n%s",
		endpoint.HeaderSignature, sig, endpoint.HeaderTimestamp, ts, len(ping), ping)

	tests := []struct {
		name      string
		first     string // sent at once
		dribble   string // then a byte every 20ms, over and over
		wantFirst string // a prefix of what the server sends before closing
	}{
		{"a connection that sends nothing", "", "", ""},
		{"headers sent a byte at a time", "POST / HTTP/1.1\r\nHost: bot\r\n", "X-Slow: a\r\n", "HTTP/1.1 408"},
		{"a body sent a byte at a time", "POST / HTTP/1.1\r\nHost: bot\r\nContent-Length: 2000\r\n\r\n", "{", "HTTP/1.1 408"},
		{"a kept-alive connection left idle after its request", signedPing, "", "HTTP/1.1 200"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var log endpointtest.LogBuffer
			e := slowBot(t, key, &log, nil, nil)
			addr, _ := endpointtest.Start(t, &serve.Server{Endpoint: e,
				ReadTimeout: 200 * time.Millisecond, IdleTimeout: 200 * time.Millisecond}, nil)
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if _, err := io.WriteString(c, tt.first); err != nil {
				t.Fatal(err)
			}
			done := make(chan struct{})
			defer close(done)
			if tt.dribble != "" {
				go func() {
					for i := 0; ; i++ {
						select {
						case <-done:
							return
						case <-time.After(20 * time.Millisecond):
						}
						if _, err := c.Write([]byte{tt.dribble[i%len(tt.dribble)]}); err != nil {
							return
						}
					}
				}()
			}
			got := closedWithin(t, c, 5*time.Second)
			if !strings.HasPrefix(got, tt.wantFirst) {
				t.Errorf("the server sent %q, want it to begin %q", got, tt.wantFirst)
			}
		})
	}
}

// failingListener fails its first fails accepts with the error of a
// process out of file descriptors.
type failingListener struct {
	net.Listener
	fails atomic.Int32
}

func (l *failingListener) Accept() (net.Conn, error) {
	if l.fails.Add(-1) >= 0 {
		return nil, &net.OpError{Op: "accept", Net: "tcp", Addr: l.Addr(), Err: os.NewSyscallError("accept4", syscall.EMFILE)}
	}
	return l.Listener.Accept()
}

func TestServerKeepsServingThroughAcceptErrors(t *testing.T) {
	key := interactiontest.NewKey("server")
	var log endpointtest.LogBuffer
	e := slowBot(t, key, &log, nil, nil)
	addr, _ := endpointtest.Start(t, &serve.Server{Endpoint: e}, func(ln net.Listener) net.Listener {
		fl := &failingListener{Listener: ln}
		fl.fails.Store(3)
		return fl
	})
	for i := range 3 {
		status, answer, err := post(addr, key, interactiontest.Command("ping").JSON())
		if err != nil || status != 200 || !strings.Contains(answer, "pong") {
			t.Fatalf("request %d: %d %s %v\nlog:\n%s", i, status, answer, err, log.String())
		}
	}
	if n := strings.Count(log.String(), "too many open files"); n != 3 {
		t.Errorf("%d accept errors logged, want 3:\n%s", n, log.String())
	}
}

func TestServerTurnsAwayConnectionsBeyondItsLimit(t *testing.T) {
	key := interactiontest.NewKey("server")
	var log endpointtest.LogBuffer
	e := slowBot(t, key, &log, nil, nil)
	addr, _ := endpointtest.Start(t, &serve.Server{Endpoint: e, MaxConns: 2}, nil)

	var idle []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		idle = append(idle, c)
	}
	beyond, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer beyond.Close()
	if got := closedWithin(t, beyond, 5*time.Second); !strings.HasPrefix(got, "HTTP/1.1 503") {
		t.Fatalf("a connection beyond the limit got %q, want a 503", got)
	}

	for _, c := range idle {
		c.Close()
	}
	// The server notices the closed connections as it reads them next.
	deadline := time.Now().Add(5 * time.Second)
	for {
		status, answer, err := post(addr, key, interactiontest.Command("ping").JSON())
		if err == nil && status == 200 && strings.Contains(answer, "pong") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the idle connections closed: %d %s %v", status, answer, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(log.String(), "cannot be served") {
		t.Errorf("the connection turned away was not logged:\n%s", log.String())
	}
}

func TestServerShutdownLetsAHandlerUnderWayAnswer(t *testing.T) {
	t.Parallel()
	key := interactiontest.NewKey("server")
	var log endpointtest.LogBuffer
	started := make(chan struct{})
	e := slowBot(t, key, &log, started, func() { time.Sleep(300 * time.Millisecond) })
	addr, stop := endpointtest.Start(t, &serve.Server{Endpoint: e}, nil)

	type result struct {
		status int
		answer string
		err    error
	}
	answered := make(chan result, 1)
	go func() {
		status, answer, err := post(addr, key, interactiontest.Command("slow").JSON())
		answered <- result{status, answer, err}
	}()
	<-started
	stopped := make(chan error, 1)
	go func() { stopped <- stop() }()

	got := <-answered
	if got.err != nil || got.status != 200 || !strings.Contains(got.answer, "finished") {
		t.Fatalf("the request under way got %d %s %v", got.status, got.answer, got.err)
	}
	if err := <-stopped; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	if c, err := net.Dial("tcp", addr); err == nil {
		c.Close()
		t.Fatal("the server still accepts connections after it stopped")
	}
	// A duration is logged with its unit, as "10s": a bare 10000 says
	// neither milliseconds nor seconds.
	for _, want := range []string{"shutting down", `"timeout":"10s"`, "stopped"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, log.String())
		}
	}
}

func TestServerShutdownGivesUpAfterItsTimeout(t *testing.T) {
	t.Parallel()
	key := interactiontest.NewKey("server")
	started, release := make(chan struct{}), make(chan struct{})
	e := slowBot(t, key, io.Discard, started, func() { <-release })
	defer close(release)
	addr, stop := endpointtest.Start(t, &serve.Server{Endpoint: e, ShutdownTimeout: 100 * time.Millisecond}, nil)

	go post(addr, key, interactiontest.Command("slow").JSON()) //nolint:errcheck // its answer is not the point
	<-started
	if err := stop(); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Serve returned %v, want a shutdown that ran out of time", err)
	}
}

func TestServerAnswersItsHealthPath(t *testing.T) {
	key := interactiontest.NewKey("server")
	e := slowBot(t, key, io.Discard, nil, nil)
	withHealth, _ := endpointtest.Start(t, &serve.Server{Endpoint: e, HealthPath: "/healthz"}, nil)
	without, _ := endpointtest.Start(t, &serve.Server{Endpoint: e}, nil)

	tests := []struct {
		name        string
		addr        string
		method      string
		path        string
		wantStatus  int
		wantBody    string
		wantType    string
		wantAllowed string
	}{
		{"GET on the health path", withHealth, "GET", "/healthz", 200, "ok\n", "text/plain; charset=utf-8", ""},
		{"HEAD on the health path", withHealth, "HEAD", "/healthz", 200, "", "text/plain; charset=utf-8", ""},
		{"POST on the health path", withHealth, "POST", "/healthz", 405, `{"message":"the health check accepts GET and HEAD only"}`, "application/json", "GET, HEAD"},
		{"GET below the health path reaches the endpoint", withHealth, "GET", "/healthz/deep", 405, `{"message":"the interactions endpoint accepts POST only"}`, "application/json", "POST"},
		{"GET on the endpoint", withHealth, "GET", "/", 405, `{"message":"the interactions endpoint accepts POST only"}`, "application/json", "POST"},
		{"an unsigned POST on the endpoint", withHealth, "POST", "/", 401, `{"message":"invalid request signature"}`, "application/json", ""},
		{"no health path: the endpoint answers every path", without, "GET", "/healthz", 405, `{"message":"the interactions endpoint accepts POST only"}`, "application/json", "POST"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(tt.method, "http://"+tt.addr+tt.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.wantStatus || string(body) != tt.wantBody {
				t.Errorf("answered %d %q, want %d %q", resp.StatusCode, body, tt.wantStatus, tt.wantBody)
			}
			if ct := resp.Header.Get("Content-Type"); ct != tt.wantType {
				t.Errorf("Content-Type %q, want %q", ct, tt.wantType)
			}
			if allow := resp.Header.Get("Allow"); allow != tt.wantAllowed {
				t.Errorf("Allow %q, want %q", allow, tt.wantAllowed)
			}
		})
	}
	if status, answer, err := post(withHealth, key, interactiontest.Ping().JSON()); err != nil || status != 200 || answer != `{"type":1}` {
		t.Errorf("signed PING beside the health path: %d %s %v", status, answer, err)
	}
}

func TestServerAnswersRequestsItCannotReadInJSON(t *testing.T) {
	key := interactiontest.NewKey("server")
	e := slowBot(t, key, io.Discard, nil, nil)
	addr, _ := endpointtest.Start(t, &serve.Server{Endpoint: e, MaxHeaderBytes: 1024}, nil)
	tests := []struct {
		name       string
		request    string
		wantStatus int
		wantBody   string
	}{
		{"a length that is not a number", "POST / HTTP/1.1\r\nHost: bot\r\nContent-Length: ten\r\n\r\n",
			400, `{"message":"malformed HTTP request"}`},
		{"a broken chunked body", "POST / HTTP/1.1\r\nHost: bot\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
			400, `{"message":"malformed HTTP request"}`},
		{"headers over the limit", "POST / HTTP/1.1\r\nHost: bot\r\nX-Big: " + strings.Repeat("a", 1100) + "\r\n\r\n",
			431, `{"message":"request headers too large"}`},
		{"a declared body over the endpoint's limit", "POST / HTTP/1.1\r\nHost: bot\r\nContent-Length: 2049\r\n\r\n",
			413, `{"message":"request body too large"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			c.SetDeadline(time.Now().Add(5 * time.Second))
			if _, err := io.WriteString(c, tt.request); err != nil {
				t.Fatal(err)
			}
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tt.wantStatus || string(body) != tt.wantBody {
				t.Errorf("answered %d %s, want %d %s", resp.StatusCode, body, tt.wantStatus, tt.wantBody)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q", ct)
			}
		})
	}
}

func TestServerNeedsAnEndpointAndAnAddress(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if err := (&serve.Server{}).Serve(context.Background(), ln); err == nil || !strings.Contains(err.Error(), "Endpoint") {
		t.Errorf("Serve without an endpoint: %v", err)
	}
	if c, err := net.Dial("tcp", ln.Addr().String()); err == nil {
		c.Close()
		t.Error("Serve without an endpoint left its listener open")
	}
	e := slowBot(t, interactiontest.NewKey("server"), io.Discard, nil, nil)
	if err := (&serve.Server{Endpoint: e}).ListenAndServe(context.Background()); err == nil || !strings.Contains(err.Error(), "Addr") {
		t.Errorf("ListenAndServe without an address: %v", err)
	}
}

// TestServerRefusesAnEndpointForTheGatewayAlone: an endpoint NewGateway
// made serves no HTTP; the server says so as it starts, rather than
// refuse every request.
func TestServerRefusesAnEndpointForTheGatewayAlone(t *testing.T) {
	_, client := endpointtest.NewWebhooksInMemory(t)
	r := router.New(router.DispatchOnly())
	r.Command("ping", endpointtest.Reply("pong"))
	e, err := endpoint.NewGateway(endpointtest.Build(t, r), endpoint.WithClient(client))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if err := (&serve.Server{Endpoint: e}).Serve(context.Background(), ln); err == nil || !strings.Contains(err.Error(), "NewGateway") {
		t.Errorf("Serve of an endpoint for the gateway alone: %v", err)
	}
	if c, err := net.Dial("tcp", ln.Addr().String()); err == nil {
		c.Close()
		t.Error("Serve left its listener open")
	}
}

func TestServerReturnsWhenItsListenerIsClosedUnderIt(t *testing.T) {
	e := slowBot(t, interactiontest.NewKey("server"), io.Discard, nil, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- (&serve.Server{Endpoint: e}).Serve(context.Background(), ln) }()
	ln.Close()
	select {
	case err := <-done:
		if !errors.Is(err, net.ErrClosed) {
			t.Errorf("Serve returned %v, want net.ErrClosed", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after its listener was closed")
	}
}

// TestServerShutdownWaitsForTheAnswersItDeferred: a handler the endpoint
// deferred is still working when the server is told to stop; Serve returns
// only once its answer has been delivered.
func TestServerShutdownWaitsForTheAnswersItDeferred(t *testing.T) {
	t.Parallel()
	key := interactiontest.NewKey("server")
	hooks, client := endpointtest.NewWebhooks(t)
	r := router.New(router.DispatchOnly())
	r.Command("slow", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		time.Sleep(500 * time.Millisecond)
		return interaction.Reply("finished late"), nil
	})
	// Deferred 200ms after the request arrived.
	e, err := endpoint.New(endpointtest.Build(t, r), key.Verifier(), endpoint.WithClient(client),
		endpoint.WithResponseDeadline(300*time.Millisecond), endpoint.WithAnswerMargin(100*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	addr, stop := endpointtest.Start(t, &serve.Server{Endpoint: e}, nil)

	status, answer, err := post(addr, key, interactiontest.Command("slow").Modify(func(ix *interaction.Interaction) {
		ix.ApplicationID, ix.Token = 11, "tok"
	}).JSON())
	if err != nil || status != 200 || !strings.Contains(answer, `"type":5`) {
		t.Fatalf("answer %d %s %v, want a deferral", status, answer, err)
	}
	if err := stop(); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	want := `PATCH /api/v10/webhooks/11/tok/messages/@original {"content":"finished late"}`
	if sent := hooks.Sent(); len(sent) != 1 || sent[0] != want {
		t.Errorf("when Serve returned the service had been sent %q, want %q", sent, want)
	}
}
