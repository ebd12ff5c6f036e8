// Package otel stands in for OpenTelemetry's package of the same path,
// which this module does not depend on, so that the README's tracing
// blocks compile: it declares, with OpenTelemetry's signatures, the part
// of its API those blocks call, and records nothing.
package otel

import "go.opentelemetry.io/otel/trace"

// Tracer returns a tracer, as OpenTelemetry's global provider does.
func Tracer(name string, opts ...trace.TracerOption) trace.Tracer { return trace.NoopTracer{} }
