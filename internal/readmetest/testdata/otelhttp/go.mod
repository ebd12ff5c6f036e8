module go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp

go 1.26.0
