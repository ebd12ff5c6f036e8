package router

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/jsonw"
)

// Defaults of an Endpoint.
const (
	// DefaultMaxBodySize bounds a request body. Interactions are a few
	// kilobytes; resolved messages with embeds can reach tens.
	DefaultMaxBodySize = 1 << 20
	// DefaultResponseDeadline is how long the service waits for the first
	// answer to an interaction.
	DefaultResponseDeadline = 3 * time.Second
)

// Endpoint serves the interactions endpoint: it verifies each request's
// signature before reading anything else, answers PING, and dispatches
// commands and autocomplete to a Mux. ServeFastHTTP and ServeHTTP behave the
// same:
//
//   - a method other than POST: 405
//   - a body over the size limit: 413
//   - a missing or invalid signature, or a stale timestamp: 401, and the
//     body is never decoded
//   - a signed body that is not an interaction: 400
//   - an interaction type it does not serve: 400
//   - PING: 200 {"type":1}
//   - a command or autocomplete: 200 with the handler's answer (a handler
//     error is answered by the error handler)
//   - a handler panic: logged with its stack, 500; the server keeps serving
type Endpoint struct {
	mux      *Mux
	verifier *interaction.Verifier
	logger   zerolog.Logger
	maxBody  int
	deadline time.Duration
}

// EndpointOption configures an Endpoint.
type EndpointOption func(*Endpoint)

// WithMaxBodySize sets the largest body accepted, in bytes.
func WithMaxBodySize(n int) EndpointOption { return func(e *Endpoint) { e.maxBody = n } }

// WithResponseDeadline sets the deadline of the context handlers receive,
// counted from when the request arrived.
func WithResponseDeadline(d time.Duration) EndpointOption {
	return func(e *Endpoint) { e.deadline = d }
}

// WithEndpointLogger sets the endpoint's logger; by default it logs to the
// router's.
func WithEndpointLogger(l zerolog.Logger) EndpointOption {
	return func(e *Endpoint) { e.logger = l }
}

// NewEndpoint returns an Endpoint that verifies requests with v and
// dispatches them to mux.
func NewEndpoint(mux *Mux, v *interaction.Verifier, opts ...EndpointOption) *Endpoint {
	e := &Endpoint{
		mux:      mux,
		verifier: v,
		logger:   mux.logger,
		maxBody:  DefaultMaxBodySize,
		deadline: DefaultResponseDeadline,
	}
	for _, o := range opts {
		o(e)
	}
	return e
}

// exchange is the state of one request, allocated as one block.
type exchange struct {
	ix  interaction.Interaction
	req Request
	ctx deadlineContext
}

// Fixed answers. Their bodies say what went wrong without echoing input.
var (
	bodyPong            = []byte(`{"type":1}`)
	bodyMethod          = []byte(`{"message":"the interactions endpoint accepts POST only"}`)
	bodyTooLarge        = []byte(`{"message":"request body too large"}`)
	bodyBadSignature    = []byte(`{"message":"invalid request signature"}`)
	bodyStaleTimestamp  = []byte(`{"message":"request timestamp outside the accepted window"}`)
	bodyInternal        = []byte(`{"message":"internal error"}`)
	bodyUnsupportedType = []byte(`{"message":"interaction type not served by this endpoint"}`)
)

// serve runs the request path shared by both adapters after the method
// check. parent is the request's context. It appends the response body to
// out.
func (e *Endpoint) serve(parent context.Context, received time.Time, sig, ts, body, out []byte) (status int, _ []byte) {
	if len(body) > e.maxBody {
		return 413, append(out, bodyTooLarge...)
	}
	if err := e.verifier.Verify(sig, ts, body); err != nil {
		e.logger.Debug().Err(err).Msg("request refused")
		if errors.Is(err, interaction.ErrStaleTimestamp) {
			return 401, append(out, bodyStaleTimestamp...)
		}
		return 401, append(out, bodyBadSignature...)
	}
	// One allocation for the interaction, the request and the context. The
	// handler may keep all three (a goroutine sending follow-ups), so the
	// exchange is never reused.
	x := new(exchange)
	ix := &x.ix
	if err := interaction.Decode(body, ix); err != nil {
		e.logger.Debug().Err(err).Msg("malformed interaction")
		return 400, appendMessage(out, err.Error())
	}
	if ix.Type == interaction.TypePing {
		return 200, append(out, bodyPong...)
	}
	if ix.Type != interaction.TypeApplicationCommand && ix.Type != interaction.TypeApplicationCommandAutocomplete {
		return 400, append(out, bodyUnsupportedType...)
	}
	return e.dispatch(parent, received, x, ix, out)
}

func (e *Endpoint) dispatch(parent context.Context, received time.Time, x *exchange, ix *interaction.Interaction, out []byte) (status int, body []byte) {
	deadline := received.Add(e.deadline)
	var ctx context.Context
	if parent.Done() == nil {
		// The parent is never canceled (fasthttp requests carry no context),
		// so the deadline is all there is: the lazy context needs no timer.
		x.ctx.init(parent, deadline)
		ctx = &x.ctx
		defer x.ctx.cancel(context.Canceled)
	} else {
		c, cancel := context.WithDeadline(parent, deadline)
		defer cancel()
		ctx = c
	}
	defer func() {
		if p := recover(); p != nil {
			e.logger.Error().Str("panic", panicText(p)).Str("command", ix.Data.Path()).
				Stringer("interaction", ix.ID).Bytes("stack", debug.Stack()).
				Msg("handler panicked")
			status, body = 500, append(out[:0], bodyInternal...)
		}
	}()
	resp, _ := e.mux.dispatch(ctx, ix, &x.req)
	encoded, err := resp.AppendJSON(out)
	if err != nil {
		e.logger.Error().Err(err).Str("command", ix.Data.Path()).Msg("encoding the answer failed")
		return 500, append(out[:0], bodyInternal...)
	}
	if ev := e.logger.Debug(); ev.Enabled() {
		// Checked first: the path is built only when it is logged.
		ev.Str("command", ix.Data.Path()).Stringer("type", ix.Type).
			Stringer("interaction", ix.ID).Stringer("callback", resp.Type).Msg("answered")
	}
	return 200, encoded
}

func panicText(p any) string { return fmt.Sprint(p) }

func appendMessage(out []byte, msg string) []byte {
	out = append(out, `{"message":`...)
	out = jsonw.AppendString(out, msg)
	return append(out, '}')
}
