package endpointtest

import (
	"bytes"
	"net/http"
	"net/http/httptest"

	"github.com/valyala/fasthttp"
)

// Handler is an endpoint as its two front ends serve it: net/http's and
// fasthttp's. The interactions endpoint (*endpoint.Endpoint) and the
// webhook events endpoint (*webhook.Endpoint) are Handlers.
type Handler interface {
	http.Handler
	ServeFastHTTP(*fasthttp.RequestCtx)
}

// FrontEnd serves one call through one of an endpoint's front ends, in
// memory, and returns the answer.
type FrontEnd struct {
	Name string
	Do   func(h Handler, c Call) Answer
}

// FrontEnds returns an endpoint's front ends: fasthttp's, on a
// fasthttp.RequestCtx of its own, then net/http's, on an httptest
// recorder. A test runs its calls through each, so that both answer alike.
func FrontEnds() []FrontEnd {
	return []FrontEnd{
		{"fasthttp", func(h Handler, c Call) Answer {
			var rc fasthttp.RequestCtx
			rc.Request.Header.SetMethod(c.Method)
			for k, v := range c.Headers {
				rc.Request.Header.Set(k, v)
			}
			rc.Request.SetBody(c.Body)
			h.ServeFastHTTP(&rc)
			header := http.Header{}
			for k, v := range rc.Response.Header.All() {
				header.Add(string(k), string(v))
			}
			return Answer{Status: rc.Response.StatusCode(), Body: string(rc.Response.Body()), Header: header}
		}},
		{"net/http", func(h Handler, c Call) Answer {
			req := httptest.NewRequest(c.Method, "/", bytes.NewReader(c.Body))
			for k, v := range c.Headers {
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			return Answer{Status: rec.Code, Body: rec.Body.String(), Header: rec.Header()}
		}},
	}
}
