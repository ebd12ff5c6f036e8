package router

import "github.com/rs/zerolog"

// MaxBodySize returns the largest request body the endpoint accepts, in
// bytes: DefaultMaxBodySize unless WithMaxBodySize set another. A server in
// front of the endpoint reads no more than this, and refuses a larger body
// with the endpoint's 413 (see FastHTTPErrorHandler).
func (e *Endpoint) MaxBodySize() int { return e.maxBody }

// Logger returns the endpoint's logger: the router's unless WithLogger gave
// the endpoint its own.
func (e *Endpoint) Logger() zerolog.Logger { return e.logger }
