package serve_test

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/serve"
)

// TestABodyOverTheLimitIs413OnEveryServer sends bodies at and over the
// endpoint's limit to real servers on a loopback port: the Server, a
// fasthttp.Server set up as ServeFastHTTP's documentation says, and
// net/http. Each answers the endpoint's 413, in JSON.
func TestABodyOverTheLimitIs413OnEveryServer(t *testing.T) {
	const limit = 2048
	key := interactiontest.NewKey("limit")
	e, err := endpoint.New(endpointtest.Bot(t, nil), key.Verifier(), endpoint.WithMaxBodySize(limit))
	if err != nil {
		t.Fatal(err)
	}
	if e.MaxBodySize() != limit {
		t.Fatalf("MaxBodySize() = %d, want the %d it was given", e.MaxBodySize(), limit)
	}

	servers := []struct {
		name  string
		start func(t *testing.T) string // the server's URL
	}{
		{"serve.Server", func(t *testing.T) string {
			addr, _ := endpointtest.Start(t, &serve.Server{Endpoint: e}, nil)
			return "http://" + addr
		}},
		{"a fasthttp.Server of ones own", func(t *testing.T) string {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			srv := &fasthttp.Server{
				Handler:                      e.ServeFastHTTP,
				MaxRequestBodySize:           e.MaxBodySize(),
				ErrorHandler:                 e.FastHTTPErrorHandler,
				DisablePreParseMultipartForm: true,
				SecureErrorLogMessage:        true,
			}
			go srv.Serve(ln) //nolint:errcheck // ends when the test shuts it down
			t.Cleanup(func() { srv.Shutdown() })
			return "http://" + ln.Addr().String()
		}},
		{"net/http", func(t *testing.T) string {
			srv := httptest.NewServer(e)
			t.Cleanup(srv.Close)
			return srv.URL
		}},
	}

	ping := interactiontest.Ping().JSON()
	atTheLimit := append(bytes.Repeat([]byte(" "), limit-len(ping)), ping...)
	overTheLimit := append(bytes.Repeat([]byte(" "), limit+1-len(ping)), ping...)
	tests := []struct {
		name       string
		body       []byte
		chunked    bool // sent without a length
		wantStatus int
		wantBody   string
	}{
		{"a signed body exactly at the limit", atTheLimit, false, 200, `{"type":1}`},
		{"a signed body one byte over the limit", overTheLimit, false, 413, `{"message":"request body too large"}`},
		{"a body four times the limit", bytes.Repeat([]byte("x"), 4*limit), false, 413, `{"message":"request body too large"}`},
		{"a chunked body over the limit", overTheLimit, true, 413, `{"message":"request body too large"}`},
	}
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			url := s.start(t)
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					var body io.Reader = bytes.NewReader(tt.body)
					if tt.chunked {
						body = io.MultiReader(body) // hides the length
					}
					req, err := http.NewRequest(http.MethodPost, url+"/", body)
					if err != nil {
						t.Fatal(err)
					}
					sig, ts := key.Sign(tt.body)
					req.Header.Set(endpoint.HeaderSignature, sig)
					req.Header.Set(endpoint.HeaderTimestamp, ts)
					resp, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
					if err != nil {
						t.Fatal(err)
					}
					defer resp.Body.Close()
					got, _ := io.ReadAll(resp.Body)
					if resp.StatusCode != tt.wantStatus || string(got) != tt.wantBody {
						t.Errorf("answered %d %s, want %d %s", resp.StatusCode, got, tt.wantStatus, tt.wantBody)
					}
					if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
						t.Errorf("Content-Type %q, want application/json", ct)
					}
				})
			}
		})
	}
}
