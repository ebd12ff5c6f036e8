package webhook_test

import (
	"context"
	"testing"

	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/webhook"
)

// benchmarkEvents sends body, signed, through the events endpoint's
// fasthttp handler in memory, as BenchmarkEndpoint does for interactions:
// verify, decode, answer 204 and, for an event, start its handler.
func benchmarkEvents(b *testing.B, body []byte) {
	key := interactiontest.NewKey("bench")
	// As many handlers may run as the loop starts: the benchmark measures
	// the request path, not the limit.
	e := endpointtest.NewEvents(b, key.Verifier(), webhook.WithConcurrency(1<<20))
	e.OnApplicationAuthorized(func(context.Context, *webhook.Event, webhook.ApplicationAuthorized) error { return nil })
	b.SetBytes(int64(len(body)))
	endpointtest.Loop(b, e.ServeFastHTTP, key, body, endpointtest.Status(204))
	b.StopTimer()
	if err := e.Wait(context.Background()); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkEventEndpointPing is the PING the service sends to check the
// webhook events URL.
func BenchmarkEventEndpointPing(b *testing.B) { benchmarkEvents(b, endpointtest.PingBody(b)) }

// BenchmarkEventEndpointEvent is an APPLICATION_AUTHORIZED event to a
// server, whose handler reads its typed data and returns.
func BenchmarkEventEndpointEvent(b *testing.B) {
	benchmarkEvents(b, endpointtest.EventBody(b, webhook.TypeApplicationAuthorized, authorized()))
}
