package endpoint_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttputil"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
)

func TestEndpointStatuses(t *testing.T) {
	key := interactiontest.NewKey("endpoint")
	other := interactiontest.NewKey("someone else")
	ping := interactiontest.Ping().JSON()
	cmd := interactiontest.Command("ping").JSON()

	stale := endpointtest.Signed(key, ping)
	stale.Headers[endpoint.HeaderTimestamp] = "1000000000"
	badHex := endpointtest.Signed(key, ping)
	badHex.Headers[endpoint.HeaderSignature] = strings.Repeat("zz", 64)
	tampered := endpointtest.Signed(key, cmd)
	tampered.Body = bytes.Replace(tampered.Body, []byte(`"ping"`), []byte(`"pong"`), 1)
	noSig := endpointtest.Call{Method: "POST", Body: ping, Headers: map[string]string{endpoint.HeaderTimestamp: "1"}}

	tests := []struct {
		name       string
		call       endpointtest.Call
		wantStatus int
		wantBody   string // a substring of the body
	}{
		{"PING is answered with PONG", endpointtest.Signed(key, ping), 200, `{"type":1}`},
		{"a command reaches its handler", endpointtest.Signed(key, cmd), 200, `{"type":4,"data":{"content":"pong"}}`},
		{"GET is not allowed", endpointtest.Call{Method: "GET"}, 405, "POST only"},
		{"PUT is not allowed", endpointtest.Call{Method: "PUT", Body: ping}, 405, "POST only"},
		{"no signature", noSig, 401, "invalid request signature"},
		{"no headers at all", endpointtest.Call{Method: "POST", Body: ping}, 401, "invalid request signature"},
		{"a signature by another key", endpointtest.Signed(other, ping), 401, "invalid request signature"},
		{"a signature that is not hex", badHex, 401, "invalid request signature"},
		{"a body changed after signing", tampered, 401, "invalid request signature"},
		{"a stale timestamp", stale, 401, "timestamp"},
		{"a signed body that is not JSON", endpointtest.Signed(key, []byte("not json")), 400, "invalid"},
		{"a signed truncated body", endpointtest.Signed(key, ping[:len(ping)-3]), 400, "invalid"},
		{"a signed unknown interaction type", endpointtest.Signed(key, []byte(`{"id":"1","type":99}`)), 400, "unknown interaction type"},
		{"a component nobody registered", endpointtest.Signed(key, interactiontest.Button("gone").JSON()), 200, "This component is no longer available."},
		{"a modal nobody registered", endpointtest.Signed(key, interactiontest.ModalSubmit("gone").JSON()), 200, "This form is no longer available."},
		{"a body over the limit", endpointtest.Signed(key, append(bytes.Repeat([]byte(" "), 2048), ping...)), 413, "too large"},
		{"a panicking handler", endpointtest.Signed(key, interactiontest.Command("panic").JSON()), 500, "internal error"},
	}
	for _, a := range endpointtest.FrontEnds() {
		for _, tt := range tests {
			t.Run(a.Name+"/"+tt.name, func(t *testing.T) {
				e := newEndpoint(t, endpointtest.Bot(t, nil), key.Verifier(), endpoint.WithMaxBodySize(2048))
				got := a.Do(e, tt.call)
				if got.Status != tt.wantStatus || !strings.Contains(got.Body, tt.wantBody) {
					t.Fatalf("got %d %s, want %d with %q", got.Status, got.Body, tt.wantStatus, tt.wantBody)
				}
				if got.Header.Get("Content-Type") != "application/json" {
					t.Errorf("Content-Type = %q", got.Header.Get("Content-Type"))
				}
				if !json.Valid([]byte(got.Body)) {
					t.Errorf("body is not JSON: %s", got.Body)
				}
				if tt.wantStatus == 405 && got.Header.Get("Allow") != "POST" {
					t.Errorf("Allow = %q", got.Header.Get("Allow"))
				}
			})
		}
	}
}

func TestEndpointNeverDecodesAnUnsignedBody(t *testing.T) {
	// A handler that would run if the body were decoded and dispatched.
	var ran atomic.Bool
	r := router.New(router.DispatchOnly())
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		ran.Store(true)
		return interaction.Reply("pong"), nil
	})
	key := interactiontest.NewKey("k")
	e := newEndpoint(t, endpointtest.Build(t, r), key.Verifier())
	c := endpointtest.Signed(interactiontest.NewKey("forger"), interactiontest.Command("ping").JSON())
	for _, a := range endpointtest.FrontEnds() {
		if got := a.Do(e, c); got.Status != 401 {
			t.Fatalf("%s: status %d", a.Name, got.Status)
		}
	}
	if ran.Load() {
		t.Fatal("a forged request reached a handler")
	}
}

// TestEndpointHandlerContextCarriesTheAnswerDeadline: the handler's
// context ends the answer margin before the service stops waiting, so
// that the answer of a handler that gives up then still arrives.
func TestEndpointHandlerContextCarriesTheAnswerDeadline(t *testing.T) {
	key := interactiontest.NewKey("k")
	for _, a := range endpointtest.FrontEnds() {
		e := newEndpoint(t, endpointtest.Bot(t, nil), key.Verifier(),
			endpoint.WithResponseDeadline(30*time.Second), endpoint.WithAnswerMargin(10*time.Second))
		got := a.Do(e, endpointtest.Signed(key, interactiontest.Command("deadline").JSON()))
		if !strings.Contains(got.Body, `"content":"20s"`) {
			t.Fatalf("%s: %s, want a deadline 20s away", a.Name, got.Body)
		}
	}
}

func TestEndpointLogsNeitherTokensNorSignatures(t *testing.T) {
	key := interactiontest.NewKey("k")
	var log bytes.Buffer
	e := newEndpoint(t, endpointtest.Bot(t, &log), key.Verifier())
	cmd := interactiontest.Command("panic")
	ix := cmd.Interaction()
	c := endpointtest.Signed(key, cmd.JSON())
	for _, a := range endpointtest.FrontEnds() {
		a.Do(e, c)
		a.Do(e, endpointtest.Signed(interactiontest.NewKey("forger"), cmd.JSON()))
	}
	out := log.String()
	if !strings.Contains(out, "handler panicked") || !strings.Contains(out, "goroutine") {
		t.Fatalf("the panic and its stack were not logged:\n%s", out)
	}
	for _, secret := range []string{ix.Token, c.Headers[endpoint.HeaderSignature]} {
		if strings.Contains(out, secret) {
			t.Fatalf("log contains a secret %q:\n%s", secret, out)
		}
	}
}

func TestServerKeepsServingAfterAPanic(t *testing.T) {
	key := interactiontest.NewKey("k")
	e := newEndpoint(t, endpointtest.Bot(t, nil), key.Verifier())
	ln := fasthttputil.NewInmemoryListener()
	srv := &fasthttp.Server{Handler: e.ServeFastHTTP}
	go srv.Serve(ln) //nolint:errcheck // ends when the listener closes
	defer srv.Shutdown()

	client := &http.Client{Transport: &http.Transport{
		DialContext: func(context.Context, string, string) (net.Conn, error) { return ln.Dial() },
	}}
	post := func(body []byte) (int, string) {
		t.Helper()
		c := endpointtest.Signed(key, body)
		req, _ := http.NewRequest("POST", "http://bot/interactions", bytes.NewReader(body))
		for k, v := range c.Headers {
			req.Header.Set(k, v)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for i := 0; i < 3; i++ {
		if status, _ := post(interactiontest.Command("panic").JSON()); status != 500 {
			t.Fatalf("panic: status %d", status)
		}
		if status, body := post(interactiontest.Command("ping").JSON()); status != 200 || !strings.Contains(body, "pong") {
			t.Fatalf("after a panic: %d %s", status, body)
		}
	}
}
