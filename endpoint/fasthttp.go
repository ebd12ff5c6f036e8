package endpoint

import (
	"context"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/receive"
)

// Header names of the signature.
const (
	HeaderSignature = receive.HeaderSignature
	HeaderTimestamp = receive.HeaderTimestamp
)

// ServeFastHTTP serves the interactions endpoint on fasthttp; use the method
// value e.ServeFastHTTP as a fasthttp.RequestHandler.
//
// fasthttp reads the request before the handler runs, and answers what it
// cannot read itself, in plain text unless told otherwise. Package serve
// sets it up; a fasthttp.Server of your own answers as ServeHTTP does only
// with
//
//	MaxRequestBodySize:           e.MaxBodySize(),
//	ErrorHandler:                 e.FastHTTPErrorHandler,
//	DisablePreParseMultipartForm: true,
//
// The first two make a body over the limit a 413 with the endpoint's JSON
// body, refused before it is read when its length is declared; the third
// keeps fasthttp from parsing a multipart body, which the signature covers
// as raw bytes, before the signature is checked. SecureErrorLogMessage
// keeps the request's bytes out of the errors the endpoint logs.
func (e *Endpoint) ServeFastHTTP(rc *fasthttp.RequestCtx) {
	rc.SetContentType("application/json")
	if !rc.IsPost() {
		receive.RefuseMethod(rc, bodyMethod)
		return
	}
	h := &rc.Request.Header
	status, out, contentType := e.serve(context.Background(), time.Now(), h.Peek(HeaderSignature), h.Peek(HeaderTimestamp),
		rc.PostBody(), rc.Response.Body()[:0])
	if contentType != "" {
		rc.SetContentType(contentType)
	}
	rc.SetStatusCode(status)
	rc.Response.SetBody(out)
	receive.CloseIfRefused(rc, status)
}

// FastHTTPErrorHandler answers, as a fasthttp.Server's ErrorHandler, the
// requests fasthttp could not read, in JSON like the endpoint's other
// answers: a body over the server's MaxRequestBodySize 413 (the endpoint's
// own answer to a body over its limit), headers over its ReadBufferSize
// 431, a request not read within its ReadTimeout 408, and anything else
// malformed 400. fasthttp closes the connection after each.
func (e *Endpoint) FastHTTPErrorHandler(rc *fasthttp.RequestCtx, err error) {
	status := receive.AnswerUnread(rc, e.logger, err)
	if status == fasthttp.StatusRequestEntityTooLarge && e.observer != nil {
		e.observe(&Observation{Refused: interaction.RefusedTooLarge}, rc.Time(), status)
	}
}

var (
	_ fasthttp.RequestHandler           = (*Endpoint)(nil).ServeFastHTTP
	_ func(*fasthttp.RequestCtx, error) = (*Endpoint)(nil).FastHTTPErrorHandler
)
