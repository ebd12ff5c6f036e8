package receive

import (
	"errors"

	"github.com/rs/zerolog"
	"github.com/valyala/fasthttp"
)

// AnswerUnread answers a request fasthttp could not read, for the error
// handlers of both endpoints, and returns the status it answered with: a
// body over the server's MaxRequestBodySize 413, headers over its
// ReadBufferSize 431, a request not read within its ReadTimeout 408, and
// anything else malformed 400. fasthttp closes the connection after each.
func AnswerUnread(rc *fasthttp.RequestCtx, log zerolog.Logger, err error) int {
	status, body := fasthttp.StatusBadRequest, BodyMalformed
	var (
		small   *fasthttp.ErrSmallBuffer
		timeout interface{ Timeout() bool }
	)
	switch {
	case errors.Is(err, fasthttp.ErrBodyTooLarge):
		status, body = fasthttp.StatusRequestEntityTooLarge, BodyTooLarge
	case errors.As(err, &small):
		status, body = fasthttp.StatusRequestHeaderFieldsTooLarge, BodyHeaderTooLarge
	case errors.As(err, &timeout) && timeout.Timeout():
		status, body = fasthttp.StatusRequestTimeout, BodyReadTimeout
	}
	log.Debug().Err(err).Int("status", status).Msg("request not read")
	rc.Response.Reset()
	rc.SetContentType("application/json")
	rc.SetStatusCode(status)
	rc.SetBody(body)
	return status
}

// RefuseMethod answers a request of a method other than POST with 405 and
// body, closing its connection.
func RefuseMethod(rc *fasthttp.RequestCtx, body []byte) {
	rc.Response.Header.Set("Allow", fasthttp.MethodPost)
	rc.SetStatusCode(fasthttp.StatusMethodNotAllowed)
	rc.SetBody(body)
	rc.SetConnectionClose()
}

// CloseIfRefused closes the connection after a refusal: only the service's
// verified requests may keep a connection alive, so that a stranger's
// cannot hold one of the server's for its idle timeout.
func CloseIfRefused(rc *fasthttp.RequestCtx, status int) {
	if status >= fasthttp.StatusBadRequest {
		rc.SetConnectionClose()
	}
}
