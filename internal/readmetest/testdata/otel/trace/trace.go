// Package trace stands in for go.opentelemetry.io/otel/trace (see package
// otel): the types the README's tracing blocks use, with OpenTelemetry's
// signatures.
package trace

import (
	"context"

	"go.opentelemetry.io/otel/codes"
)

// TracerOption configures a tracer.
type TracerOption interface{ tracerOption() }

// SpanStartOption configures a span as it starts.
type SpanStartOption interface{ spanStartOption() }

// SpanEndOption configures a span as it ends.
type SpanEndOption interface{ spanEndOption() }

// EventOption configures an event, such as a recorded error.
type EventOption interface{ eventOption() }

// SpanKind is the role of a span's work.
type SpanKind int

// The kinds of spans.
const (
	SpanKindUnspecified SpanKind = iota
	SpanKindInternal
	SpanKindServer
	SpanKindClient
	SpanKindProducer
	SpanKindConsumer
)

type kindOption SpanKind

func (kindOption) spanStartOption() {}

// WithSpanKind sets a span's kind.
func WithSpanKind(kind SpanKind) SpanStartOption { return kindOption(kind) }

// Tracer starts spans.
type Tracer interface {
	Start(ctx context.Context, spanName string, opts ...SpanStartOption) (context.Context, Span)
}

// Span is one operation of a trace.
type Span interface {
	End(options ...SpanEndOption)
	RecordError(err error, options ...EventOption)
	SetStatus(code codes.Code, description string)
}

// NoopTracer starts spans that record nothing.
type NoopTracer struct{}

// Start returns ctx and a span that records nothing.
func (NoopTracer) Start(ctx context.Context, _ string, _ ...SpanStartOption) (context.Context, Span) {
	return ctx, noopSpan{}
}

type noopSpan struct{}

func (noopSpan) End(...SpanEndOption)              {}
func (noopSpan) RecordError(error, ...EventOption) {}
func (noopSpan) SetStatus(codes.Code, string)      {}
