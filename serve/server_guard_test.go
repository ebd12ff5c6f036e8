package serve_test

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/serve"
)

// TestServerKeepsNoConnectionAliveForAStrangersRequest: connections that
// sent nothing the endpoint verified are closed after their answer, so
// that a stranger cannot hold the server's connections by keeping them
// alive; the service's verified requests keep theirs.
func TestServerKeepsNoConnectionAliveForAStrangersRequest(t *testing.T) {
	key := interactiontest.NewKey("server")
	var log endpointtest.LogBuffer
	const slots = 4
	addr, _ := endpointtest.Start(t, &serve.Server{Endpoint: slowBot(t, key, &log, nil, nil), MaxConns: slots, HealthPath: "/healthz"}, nil)

	strangers := []string{
		"GET / HTTP/1.1\r\nHost: bot\r\n\r\n",
		"POST / HTTP/1.1\r\nHost: bot\r\nContent-Length: 2\r\n\r\n{}",
		"GET /healthz HTTP/1.1\r\nHost: bot\r\n\r\n",
		"POST / HTTP/1.1\r\nHost: bot\r\nContent-Length: 5\r\nX-Signature-Ed25519: 00\r\nX-Signature-Timestamp: 1\r\n\r\nhello",
	}
	for i := range slots {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		req := strangers[i%len(strangers)]
		if _, err := io.WriteString(c, req); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("%q: %v", req, err)
		}
		resp.Body.Close()
		if !resp.Close {
			t.Errorf("%q answered %d without closing the connection", req, resp.StatusCode)
		}
		closedWithin(t, c, 5*time.Second)
	}
	// Every slot is free again: a signed request is served, on a
	// connection kept alive for the next.
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r := bufio.NewReader(c)
	for i := range 2 {
		body := interactiontest.Command("ping").JSON()
		sig, ts := key.Sign(body)
		req := "POST / HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\nX-Signature-Ed25519: " + sig +
			"\r\nX-Signature-Timestamp: " + ts + "\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + string(body)
		if _, err := io.WriteString(c, req); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		resp, err := http.ReadResponse(r, nil)
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || !bytes.Contains(b, []byte("pong")) || resp.Close {
			t.Fatalf("request %d: %d %s, close %v; want 200 pong on a connection kept alive", i, resp.StatusCode, b, resp.Close)
		}
	}
}

// TestServerLetsAClientReadThe413OfABodyOverTheLimit: a client sending a
// body far over the limit reads the 413 the server answers it, rather
// than a reset connection, in every one of many runs.
func TestServerLetsAClientReadThe413OfABodyOverTheLimit(t *testing.T) {
	key := interactiontest.NewKey("server")
	var log endpointtest.LogBuffer
	e := slowBot(t, key, &log, nil, nil)
	fast, _ := endpointtest.Start(t, &serve.Server{Endpoint: e}, nil)
	nethttp := httptest.NewServer(e)
	defer nethttp.Close()
	for _, addr := range []string{fast, nethttp.Listener.Addr().String()} {
		clientReadsThe413(t, addr)
	}
}

// clientReadsThe413 sends a body of 12 MiB to addr many times, and fails
// t unless every time the client reads the 413.
func clientReadsThe413(t *testing.T, addr string) {
	t.Helper()
	body := bytes.Repeat([]byte("x"), 12<<20)
	const runs = 20
	read := 0
	var failures []string
	for range runs {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		status, err := sendAll(c, body)
		c.Close()
		switch {
		case err != nil:
			failures = append(failures, err.Error())
		case status != http.StatusRequestEntityTooLarge:
			failures = append(failures, "status "+strconv.Itoa(status))
		default:
			read++
		}
	}
	if read != runs {
		t.Errorf("the client read the 413 in %d of %d runs; the others: %s", read, runs, strings.Join(failures, "; "))
	}
}

// sendAll writes a POST of body on c, all of it, as a client does that
// does not look for an early answer, then reads the answer's status.
func sendAll(c net.Conn, body []byte) (int, error) {
	c.SetDeadline(time.Now().Add(10 * time.Second))
	head := "POST / HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n"
	if _, err := io.WriteString(c, head); err != nil {
		return 0, err
	}
	if _, err := c.Write(body); err != nil {
		return 0, err
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}
