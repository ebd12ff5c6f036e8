package router

import (
	"context"
	"errors"
	"time"

	"github.com/rs/zerolog"
	"github.com/valyala/fasthttp"
)

// Header names of the signature.
const (
	HeaderSignature = "X-Signature-Ed25519"
	HeaderTimestamp = "X-Signature-Timestamp"
)

// ServeFastHTTP serves the interactions endpoint on fasthttp; use the method
// value e.ServeFastHTTP as a fasthttp.RequestHandler.
//
// fasthttp reads the request before the handler runs, and answers what it
// cannot read itself, in plain text unless told otherwise. Server sets it
// up; a fasthttp.Server of your own answers as ServeHTTP does only with
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
		rc.Response.Header.Set("Allow", fasthttp.MethodPost)
		rc.SetStatusCode(fasthttp.StatusMethodNotAllowed)
		rc.SetBody(bodyMethod)
		rc.SetConnectionClose()
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
	closeIfRefused(rc, status)
}

// closeIfRefused closes the connection after a refusal: only the
// service's verified requests may keep a connection alive, so that a
// stranger's cannot hold one of the server's for its idle timeout.
func closeIfRefused(rc *fasthttp.RequestCtx, status int) {
	if status >= fasthttp.StatusBadRequest {
		rc.SetConnectionClose()
	}
}

// Answers to requests fasthttp could not read. Like the endpoint's, they
// say what went wrong without echoing input.
var (
	bodyHeaderTooLarge = []byte(`{"message":"request headers too large"}`)
	bodyReadTimeout    = []byte(`{"message":"request not received in time"}`)
	bodyMalformed      = []byte(`{"message":"malformed HTTP request"}`)
)

// FastHTTPErrorHandler answers, as a fasthttp.Server's ErrorHandler, the
// requests fasthttp could not read, in JSON like the endpoint's other
// answers: a body over the server's MaxRequestBodySize 413 (the endpoint's
// own answer to a body over its limit), headers over its ReadBufferSize
// 431, a request not read within its ReadTimeout 408, and anything else
// malformed 400. fasthttp closes the connection after each.
func (e *Endpoint) FastHTTPErrorHandler(rc *fasthttp.RequestCtx, err error) {
	status := answerUnread(rc, e.logger, err)
	if status == fasthttp.StatusRequestEntityTooLarge && e.observer != nil {
		e.observe(&Exchange{Refused: RefusedTooLarge}, rc.Time(), status)
	}
}

// answerUnread answers a request fasthttp could not read, for the error
// handlers of both endpoints, and returns the status it answered with.
func answerUnread(rc *fasthttp.RequestCtx, log zerolog.Logger, err error) int {
	status, body := fasthttp.StatusBadRequest, bodyMalformed
	var (
		small   *fasthttp.ErrSmallBuffer
		timeout interface{ Timeout() bool }
	)
	switch {
	case errors.Is(err, fasthttp.ErrBodyTooLarge):
		status, body = fasthttp.StatusRequestEntityTooLarge, bodyTooLarge
	case errors.As(err, &small):
		status, body = fasthttp.StatusRequestHeaderFieldsTooLarge, bodyHeaderTooLarge
	case errors.As(err, &timeout) && timeout.Timeout():
		status, body = fasthttp.StatusRequestTimeout, bodyReadTimeout
	}
	log.Debug().Err(err).Int("status", status).Msg("request not read")
	rc.Response.Reset()
	rc.SetContentType("application/json")
	rc.SetStatusCode(status)
	rc.SetBody(body)
	return status
}

var (
	_ fasthttp.RequestHandler           = (*Endpoint)(nil).ServeFastHTTP
	_ func(*fasthttp.RequestCtx, error) = (*Endpoint)(nil).FastHTTPErrorHandler
)
