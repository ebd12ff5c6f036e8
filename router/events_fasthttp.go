package router

import (
	"context"

	"github.com/valyala/fasthttp"
)

// ServeFastHTTP serves the webhook events endpoint on fasthttp; use the
// method value e.ServeFastHTTP as a fasthttp.RequestHandler. A
// fasthttp.Server of your own needs the settings Endpoint.ServeFastHTTP
// describes, with e.MaxBodySize and e.FastHTTPErrorHandler; Server sets
// them up.
func (e *EventEndpoint) ServeFastHTTP(rc *fasthttp.RequestCtx) {
	rc.SetContentType("application/json")
	if !rc.IsPost() {
		rc.Response.Header.Set("Allow", fasthttp.MethodPost)
		rc.SetStatusCode(fasthttp.StatusMethodNotAllowed)
		rc.SetBody(bodyEventsMethod)
		rc.SetConnectionClose()
		return
	}
	h := &rc.Request.Header
	status, out := e.serve(context.Background(), h.Peek(HeaderSignature), h.Peek(HeaderTimestamp),
		rc.PostBody(), rc.Response.Body()[:0])
	rc.SetStatusCode(status)
	rc.Response.SetBody(out)
	closeIfRefused(rc, status)
}

// FastHTTPErrorHandler answers, as a fasthttp.Server's ErrorHandler, the
// requests fasthttp could not read, as Endpoint.FastHTTPErrorHandler
// does: in JSON, 413 for a body over the limit, 431 for headers over it,
// 408 for a request not read in time, 400 for anything else.
func (e *EventEndpoint) FastHTTPErrorHandler(rc *fasthttp.RequestCtx, err error) {
	e.unread(answerUnread(rc, e.logger, err))
}

var (
	_ fasthttp.RequestHandler           = (*EventEndpoint)(nil).ServeFastHTTP
	_ func(*fasthttp.RequestCtx, error) = (*EventEndpoint)(nil).FastHTTPErrorHandler
)
