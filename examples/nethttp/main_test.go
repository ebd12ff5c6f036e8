package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

// quick is the example with a shorter deadline, so that the script's slow
// command does not hold the test for two seconds.
func quick(timeout time.Duration) playground.Example {
	ex := example
	ex.HTTP = func(endpoint *endpoint.Endpoint) http.Handler { return routes(endpoint, timeout) }
	return ex
}

func TestTheScriptRunsThroughNetHTTP(t *testing.T) {
	t.Parallel()
	var out, errOut strings.Builder
	err := playground.Run(context.Background(), quick(200*time.Millisecond), nil, strings.NewReader(""), &out, &errOut)
	if err != nil {
		t.Fatalf("%v\nstdout:\n%s\nstderr:\n%s", err, out.String(), errOut.String())
	}
	for _, want := range []string{
		"it answered the signed PING and refused a forged one",
		"owner in #general › /stats period:day\n  bot › 1,024 messages today.\n",
		"owner in #general › /stats period:year\n  bot › Counting the messages of this year takes too long; try a shorter period.  (only you can see this)\n",
		`✗ the client refuses: option "period": "decade" is not one of its choices`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// server serves the example's routes on a loopback port, verifying with a
// test key.
func server(t *testing.T, timeout time.Duration) (*httptest.Server, *interactiontest.Key) {
	t.Helper()
	mux, err := newBot().Build()
	if err != nil {
		t.Fatal(err)
	}
	key := interactiontest.NewKey("nethttp")
	srv := httptest.NewUnstartedServer(nil)
	e, err := endpoint.New(mux, key.Verifier())
	if err != nil {
		t.Fatal(err)
	}
	srv.Config = newServer("", routes(e, timeout))
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, key
}

func TestTheServerClosesAClientThatDribblesItsHeaders(t *testing.T) {
	t.Parallel()
	srv, _ := server(t, time.Second)
	c, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	done := make(chan struct{})
	defer close(done)
	go func() {
		io.WriteString(c, "POST /interactions HTTP/1.1\r\nHost: bot\r\n")
		for {
			select {
			case <-done:
				return
			case <-time.After(50 * time.Millisecond):
			}
			if _, err := io.WriteString(c, "X"); err != nil {
				return
			}
		}
	}()
	limit := srv.Config.ReadHeaderTimeout + 3*time.Second
	c.SetReadDeadline(time.Now().Add(limit))
	_, err = io.ReadAll(c)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("the connection was still open after %v", limit)
	}
}

func TestTheServerSetsEveryTimeout(t *testing.T) {
	s := newServer(":8080", http.NotFoundHandler())
	for name, d := range map[string]time.Duration{
		"ReadHeaderTimeout": s.ReadHeaderTimeout, "ReadTimeout": s.ReadTimeout,
		"WriteTimeout": s.WriteTimeout, "IdleTimeout": s.IdleTimeout,
	} {
		if d <= 0 {
			t.Errorf("%s is not set: net/http would wait forever", name)
		}
	}
	if s.WriteTimeout <= endpoint.DefaultResponseDeadline {
		t.Errorf("WriteTimeout %v leaves no time to write an answer given at the service's deadline", s.WriteTimeout)
	}
	if s.MaxHeaderBytes == 0 {
		t.Error("MaxHeaderBytes is not set")
	}
	if example.HTTPServer == nil || example.HTTPServer(http.NotFoundHandler()).MaxHeaderBytes != s.MaxHeaderBytes {
		t.Error("the example does not serve with newServer's server")
	}
}

func do(t *testing.T, method, url string, body []byte, header http.Header) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(b)
}

func signed(key *interactiontest.Key, body []byte) http.Header {
	sig, ts := key.Sign(body)
	return http.Header{endpoint.HeaderSignature: {sig}, endpoint.HeaderTimestamp: {ts}}
}

func TestTheServerRoutesBesideTheEndpoint(t *testing.T) {
	srv, key := server(t, time.Second)
	ping := interactiontest.Ping().JSON()

	// A forged request: signed by another key.
	forger := interactiontest.NewKey("forger")
	// A tampered one: signed by the right key, then changed.
	tampered := signed(key, ping)

	for _, tc := range []struct {
		name         string
		method, path string
		body         []byte
		header       http.Header
		status       int
		answer       string
	}{
		{"health check", "GET", "/healthz", nil, nil, 200, "ok\n"},
		{"health check by POST", "POST", "/healthz", nil, nil, 405, ""},
		{"an unknown path", "GET", "/", nil, nil, 404, ""},
		{"signed PING", "POST", "/interactions", ping, signed(key, ping), 200, `{"type":1}`},
		{"forged signature", "POST", "/interactions", ping, signed(forger, ping), 401, `{"message":"invalid request signature"}`},
		{"tampered body", "POST", "/interactions", append(bytes.Clone(ping[:len(ping)-1]), ` }`...), tampered, 401, `{"message":"invalid request signature"}`},
		{"no signature", "POST", "/interactions", ping, nil, 401, `{"message":"invalid request signature"}`},
		{"the endpoint by GET", "GET", "/interactions", nil, nil, 405, `{"message":"the interactions endpoint accepts POST only"}`},
	} {
		status, answer := do(t, tc.method, srv.URL+tc.path, tc.body, tc.header)
		if status != tc.status || tc.answer != "" && answer != tc.answer {
			t.Errorf("%s: %s %s answered %d %q, want %d %q", tc.name, tc.method, tc.path, status, answer, tc.status, tc.answer)
		}
	}
}
