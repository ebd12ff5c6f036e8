package awslambda_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/switchboard-go/switchboard/awslambda"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
)

// request is an HTTP request as an event carries it.
type request struct {
	method  string
	headers map[string]string
	body    string
	base64  bool
	epoch   int64
}

// response is what a function answered, whatever its event.
type response struct {
	status  int
	headers map[string]string
	body    string
	base64  bool
}

// platform is one of the two ways a function receives HTTP requests.
type platform struct {
	name  string
	serve func(t *testing.T, e *endpoint.Endpoint, r request) response
}

var platforms = []platform{
	{"function URL", func(t *testing.T, e *endpoint.Endpoint, r request) response {
		var ev events.LambdaFunctionURLRequest
		event(t, "function-url-request.json", &ev)
		ev.Headers, ev.Body, ev.IsBase64Encoded = r.headers, r.body, r.base64
		ev.RequestContext.HTTP.Method = r.method
		ev.RequestContext.TimeEpoch = r.epoch
		var out events.LambdaFunctionURLResponse
		invoke(t, lambda.NewHandler(awslambda.FunctionURL(e)), ev, &out)
		return response{out.StatusCode, out.Headers, out.Body, out.IsBase64Encoded}
	}},
	{"HTTP API", func(t *testing.T, e *endpoint.Endpoint, r request) response {
		var ev events.APIGatewayV2HTTPRequest
		event(t, "http-api-request.json", &ev)
		ev.Headers, ev.Body, ev.IsBase64Encoded = r.headers, r.body, r.base64
		ev.RequestContext.HTTP.Method = r.method
		ev.RequestContext.TimeEpoch = r.epoch
		var out events.APIGatewayV2HTTPResponse
		invoke(t, lambda.NewHandler(awslambda.HTTPAPI(e)), ev, &out)
		return response{out.StatusCode, out.Headers, out.Body, out.IsBase64Encoded}
	}},
}

// testBot answers /hello at once.
func testBot(t *testing.T) *router.Mux {
	t.Helper()
	r := router.New(router.DispatchOnly())
	r.Command("hello", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("hello"), nil
	})
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	return mux
}

// signedRequest is body signed with key, in the lower-case header names
// payload format 2.0 gives.
func signedRequest(key *interactiontest.Key, body string) request {
	sig, ts := key.Sign([]byte(body))
	return request{method: "POST", body: body, epoch: time.Now().UnixMilli(), headers: map[string]string{
		"content-type": "application/json", "x-signature-ed25519": sig, "x-signature-timestamp": ts,
	}}
}

func TestTheEndpointAnswersThePlatformsEvents(t *testing.T) {
	key := interactiontest.NewKey("awslambda")
	ping := string(interactiontest.Ping().JSON())
	hello := string(interactiontest.Command("hello").JSON())
	large := `{"type":1,"pad":"` + strings.Repeat("x", 3000) + `"}`
	for _, tc := range []struct {
		name    string
		request func() request
		status  int
		body    string
		header  string // "Name: value" the answer carries
	}{
		{"a signed PING is answered", func() request { return signedRequest(key, ping) }, 200, `{"type":1}`, "Content-Type: application/json"},
		{"a command is answered by its handler", func() request { return signedRequest(key, hello) }, 200, `"content":"hello"`, ""},
		{"a body in base64 is decoded", func() request {
			r := signedRequest(key, ping)
			r.body, r.base64 = base64.StdEncoding.EncodeToString([]byte(ping)), true
			return r
		}, 200, `{"type":1}`, ""},
		{"headers are found whatever their case", func() request {
			r := signedRequest(key, ping)
			r.headers = map[string]string{
				"X-Signature-Ed25519": r.headers["x-signature-ed25519"], "X-SIGNATURE-TIMESTAMP": r.headers["x-signature-timestamp"],
			}
			return r
		}, 200, `{"type":1}`, ""},
		{"a forged signature is refused", func() request {
			r := signedRequest(interactiontest.NewKey("forger"), ping)
			return r
		}, 401, "invalid request signature", "Content-Type: application/json"},
		{"a request without a signature is refused", func() request {
			r := signedRequest(key, ping)
			delete(r.headers, "x-signature-ed25519")
			return r
		}, 401, "invalid request signature", ""},
		{"a body changed after signing is refused", func() request {
			r := signedRequest(key, ping)
			r.body = strings.Replace(r.body, "1", "2", 1)
			return r
		}, 401, "invalid request signature", ""},
		{"a signed body that is not an interaction is refused", func() request { return signedRequest(key, `{"type":"x"}`) }, 400, "", ""},
		{"a body that is not base64 is refused", func() request {
			r := signedRequest(key, ping)
			r.body, r.base64 = "%%%%", true
			return r
		}, 400, "malformed HTTP request", ""},
		{"a body over the limit is refused", func() request { return signedRequest(key, large) }, 413, "request body too large", ""},
		{"a body over the limit in base64 is refused", func() request {
			r := signedRequest(key, large)
			r.body, r.base64 = base64.StdEncoding.EncodeToString([]byte(large)), true
			return r
		}, 413, "request body too large", ""},
		{"a GET is refused", func() request {
			r := signedRequest(key, "")
			r.method = "GET"
			return r
		}, 405, "accepts POST only", "Allow: POST"},
	} {
		for _, p := range platforms {
			t.Run(p.name+"/"+tc.name, func(t *testing.T) {
				e, err := endpoint.New(testBot(t), key.Verifier(), endpoint.WithMaxBodySize(2048))
				if err != nil {
					t.Fatal(err)
				}
				got := p.serve(t, e, tc.request())
				if got.status != tc.status || !strings.Contains(got.body, tc.body) || got.base64 {
					t.Errorf("answered %d %q (base64 %v), want %d with %q", got.status, got.body, got.base64, tc.status, tc.body)
				}
				if tc.header != "" {
					name, value, _ := strings.Cut(tc.header, ": ")
					if got.headers[name] != value {
						t.Errorf("header %s is %q, want %q (headers %v)", name, got.headers[name], value, got.headers)
					}
				}
				for _, name := range []string{"Connection", "Content-Length"} {
					if v, ok := got.headers[name]; ok {
						t.Errorf("the answer sets %s: %q, which the platform sets itself", name, v)
					}
				}
			})
		}
	}
}

// The window counts from when the platform received the request, so
// that a cold start before the function runs comes off the handler's
// time; an event whose time of arrival is implausibly old counts from
// now.
func TestTheWindowCountsFromWhenThePlatformReceivedTheRequest(t *testing.T) {
	key := interactiontest.NewKey("awslambda")
	deadlines := make(chan time.Time, 1)
	r := router.New(router.DispatchOnly())
	r.Command("when", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		d, _ := ctx.Deadline()
		deadlines <- d
		return interaction.Reply("now"), nil
	})
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	const window, margin = 3 * time.Second, 500 * time.Millisecond
	for _, p := range platforms {
		for _, tc := range []struct {
			name    string
			arrived time.Duration // before the event is served
			counted bool          // whether the window counts from it
		}{
			{"after a cold start", 2 * time.Second, true},
			{"long ago", time.Hour, false},
		} {
			t.Run(p.name+"/"+tc.name, func(t *testing.T) {
				e, err := endpoint.New(mux, key.Verifier(), endpoint.WithResponseDeadline(window), endpoint.WithAnswerMargin(margin))
				if err != nil {
					t.Fatal(err)
				}
				req := signedRequest(key, string(interactiontest.Command("when").JSON()))
				arrived := time.Now().Add(-tc.arrived).Truncate(time.Millisecond)
				req.epoch = arrived.UnixMilli()
				before := time.Now()
				if got := p.serve(t, e, req); got.status != 200 {
					t.Fatalf("answered %d %s", got.status, got.body)
				}
				d := <-deadlines
				if tc.counted {
					if want := arrived.Add(window - margin); !d.Equal(want) {
						t.Errorf("the handler's deadline is %v after the arrival, want %v", d.Sub(arrived), window-margin)
					}
				} else if d.Before(before.Add(window - margin)) {
					t.Errorf("the handler's deadline is %v after the event was served, want the whole window", d.Sub(before))
				}
			})
		}
	}
}

// An answer with files, sent in the HTTP response by an endpoint
// without a client, is multipart: the platform gets it in base64.
func TestAnAnswerThatIsNotTextIsSentInBase64(t *testing.T) {
	key := interactiontest.NewKey("awslambda")
	r := router.New(router.DispatchOnly())
	r.Command("file", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("here").WithFile("a.bin", "application/octet-stream", bytes.NewReader([]byte{0, 1, 2, 0xff})), nil
	})
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	e, err := endpoint.New(mux, key.Verifier(), endpoint.WithFileAnswers(endpoint.FilesInResponse))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range platforms {
		t.Run(p.name, func(t *testing.T) {
			got := p.serve(t, e, signedRequest(key, string(interactiontest.Command("file").JSON())))
			if got.status != http.StatusOK || !got.base64 || !strings.HasPrefix(got.headers["Content-Type"], "multipart/form-data") {
				t.Fatalf("answered %d, base64 %v, headers %v", got.status, got.base64, got.headers)
			}
			body, err := base64.StdEncoding.DecodeString(got.body)
			if err != nil || !bytes.Contains(body, []byte{0, 1, 2, 0xff}) {
				t.Errorf("the body does not carry the file's bytes (%v)", err)
			}
		})
	}
}
