module go.opentelemetry.io/otel

go 1.26.0
