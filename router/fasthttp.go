package router

import (
	"context"
	"time"

	"github.com/valyala/fasthttp"
)

// Header names of the signature.
const (
	HeaderSignature = "X-Signature-Ed25519"
	HeaderTimestamp = "X-Signature-Timestamp"
)

// ServeFastHTTP serves the interactions endpoint on fasthttp; use the method
// value e.ServeFastHTTP as a fasthttp.RequestHandler. Set the server's
// MaxRequestBodySize at least as large as the endpoint's limit, or fasthttp
// refuses large bodies before the endpoint sees them.
func (e *Endpoint) ServeFastHTTP(rc *fasthttp.RequestCtx) {
	rc.SetContentType("application/json")
	if !rc.IsPost() {
		rc.Response.Header.Set("Allow", fasthttp.MethodPost)
		rc.SetStatusCode(fasthttp.StatusMethodNotAllowed)
		rc.SetBody(bodyMethod)
		return
	}
	h := &rc.Request.Header
	status, out := e.serve(context.Background(), time.Now(), h.Peek(HeaderSignature), h.Peek(HeaderTimestamp),
		rc.PostBody(), rc.Response.Body()[:0])
	rc.SetStatusCode(status)
	rc.Response.SetBody(out)
}

var _ fasthttp.RequestHandler = (*Endpoint)(nil).ServeFastHTTP
