package webhook

import (
	"context"

	"github.com/valyala/fasthttp"

	"github.com/switchboard-go/switchboard/internal/receive"
)

// ServeFastHTTP serves the webhook events endpoint on fasthttp; use the
// method value e.ServeFastHTTP as a fasthttp.RequestHandler. A
// fasthttp.Server of your own needs the settings endpoint.Endpoint's
// ServeFastHTTP describes, with e.MaxBodySize and e.FastHTTPErrorHandler;
// package serve sets them up.
func (e *Endpoint) ServeFastHTTP(rc *fasthttp.RequestCtx) {
	rc.SetContentType("application/json")
	if !rc.IsPost() {
		rc.Response.Header.Set("Allow", fasthttp.MethodPost)
		rc.SetStatusCode(fasthttp.StatusMethodNotAllowed)
		rc.SetBody(bodyMethod)
		rc.SetConnectionClose()
		return
	}
	h := &rc.Request.Header
	status, out := e.serve(context.Background(), h.Peek(receive.HeaderSignature), h.Peek(receive.HeaderTimestamp),
		rc.PostBody(), rc.Response.Body()[:0])
	rc.SetStatusCode(status)
	rc.Response.SetBody(out)
	receive.CloseIfRefused(rc, status)
}

// FastHTTPErrorHandler answers, as a fasthttp.Server's ErrorHandler, the
// requests fasthttp could not read, as the interactions endpoint's does:
// in JSON, 413 for a body over the limit, 431 for headers over it,
// 408 for a request not read in time, 400 for anything else.
func (e *Endpoint) FastHTTPErrorHandler(rc *fasthttp.RequestCtx, err error) {
	e.unread(receive.AnswerUnread(rc, e.logger, err))
}

var (
	_ fasthttp.RequestHandler           = (*Endpoint)(nil).ServeFastHTTP
	_ func(*fasthttp.RequestCtx, error) = (*Endpoint)(nil).FastHTTPErrorHandler
)
