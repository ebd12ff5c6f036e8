// Package otelhttp stands in for OpenTelemetry's package of the same
// path (see testdata/otel): the transport the README's tracing block
// wraps, with OpenTelemetry's signatures, tracing nothing.
package otelhttp

import "net/http"

// Filter says whether a request is traced.
type Filter func(*http.Request) bool

// Option configures a Transport.
type Option interface{ apply(*Transport) }

type optionFunc func(*Transport)

func (f optionFunc) apply(t *Transport) { f(t) }

// WithFilter adds a filter: a request is traced only if every filter
// says so.
func WithFilter(f Filter) Option {
	return optionFunc(func(t *Transport) { t.filters = append(t.filters, f) })
}

// Transport is an http.RoundTripper that would trace the requests its
// filters let through.
type Transport struct {
	base    http.RoundTripper
	filters []Filter
}

// NewTransport wraps base.
func NewTransport(base http.RoundTripper, opts ...Option) *Transport {
	t := &Transport{base: base}
	for _, o := range opts {
		o.apply(t)
	}
	return t
}

// RoundTrip sends the request through the base transport.
func (t *Transport) RoundTrip(r *http.Request) (*http.Response, error) { return t.base.RoundTrip(r) }
